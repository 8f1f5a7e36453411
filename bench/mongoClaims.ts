/**
 * node bench/mongoClaims.ts [--stores ferretdb] [--ferretdb-backend sqlite|postgresql] [--claims 1000] [--lanes 100] [--rounds 5]: what the
 * scheduler's claims cost the Mongo event store alone, without the rest of the scheduler (the
 * view saves, the recounts, the sends). `claims` streams of one event each; then `lanes` fibers
 * (as the dispatcher's session lanes) claim them all, each claim a read of its stream and a
 * single-event append at the next version, over ONE connection as the scheduler has it. Prints
 * claims/s, the median of `rounds` rounds (each on fresh streams), the insert commands the
 * client sent, and the CPU time of this process per claim. FerretDB by default; with
 * MONGODB_TEST_URL set, that server too.
 */

import { Effect } from "effect"
import type { CommandStartedEvent } from "mongodb"
import { MongoClient } from "mongodb"
import { ensureSchema } from "../src/infrastructure/mongo/MongoDatabase.ts"
import { makeMongoEventStore } from "../src/infrastructure/mongo/MongoEventStore.ts"
import { withDatabase } from "../tests/support/mongo.ts"
import { listOption, startFerret } from "./stores.ts"

const number = (name: string, fallback: number) => Number(listOption(name, [String(fallback)])[0] ?? fallback)
const CLAIMS = number("claims", 1_000)
const LANES = number("lanes", 100)
const ROUNDS = number("rounds", 5)

/** the claim's event (its fields beyond `type` are the store's to keep, not to read) */
const picked: { readonly type: string } = { type: "MessagePicked" }

const median = (values: ReadonlyArray<number>) =>
  [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN

interface Round {
  readonly perSecond: number
  readonly inserts: number
  readonly cpuMs: number
}

const round = async (baseUrl: string, name: string): Promise<Round> => {
  const url = withDatabase(baseUrl, name)
  const streams = Array.from({ length: CLAIMS }, (_, i) => `message-m${i}`)
  // as the scheduler connects (MongoDatabase), with the commands reported
  const client = new MongoClient(url, {
    maxPoolSize: 1,
    serverSelectionTimeoutMS: 10_000,
    ignoreUndefined: true,
    monitorCommands: true
  })
  let inserts = 0
  try {
    await client.connect()
    await Effect.runPromise(ensureSchema(client.db()))
    const events = makeMongoEventStore(client.db())
    return await Effect.runPromise(
      Effect.gen(function* () {
        // the streams, as a plan leaves them (untimed)
        yield* Effect.forEach(streams, (s) => events.append(s, 0, [{ type: "MessageScheduled" }]), {
          concurrency: LANES,
          discard: true
        })
        client.on("commandStarted", (e: CommandStartedEvent) => {
          if (e.commandName === "insert") inserts++
        })
        const cpu = process.cpuUsage()
        const start = performance.now()
        yield* Effect.forEach(
          streams,
          (s) => Effect.flatMap(events.read(s), (read) => events.append(s, read.length, [picked])),
          { concurrency: LANES, discard: true }
        )
        const elapsed = performance.now() - start
        const used = process.cpuUsage(cpu)
        return {
          perSecond: CLAIMS / (elapsed / 1000),
          inserts,
          cpuMs: (used.user + used.system) / 1000 / CLAIMS
        }
      })
    )
  } finally {
    await client
      .db()
      .dropDatabase()
      .finally(() => client.close())
  }
}

const main = async () => {
  const kinds = listOption("stores", ["ferretdb"])
  console.log(`Mongo claims benchmark: ${CLAIMS} claims, ${LANES} lanes, one connection, ${ROUNDS} rounds`)
  for (const kind of kinds) {
    const ferret = kind === "ferretdb" ? await startFerret() : null
    const url = ferret?.url ?? process.env.MONGODB_TEST_URL
    if (url === undefined || url === "") throw new Error(`${kind}: no server (set MONGODB_TEST_URL)`)
    try {
      await round(url, `herald_claims_${process.pid}_warm`)
      const rounds: Array<Round> = []
      for (let r = 0; r < ROUNDS; r++) rounds.push(await round(url, `herald_claims_${process.pid}_${r}`))
      console.log(
        `  ${(ferret === null ? kind : `${kind} (${ferret.backend})`).padEnd(22)} ${median(rounds.map((r) => r.perSecond)).toFixed(0)} claims/s (median; rounds ${rounds.map((r) => r.perSecond.toFixed(0)).join(", ")})   insert commands ${median(rounds.map((r) => r.inserts))}   cpu ${median(rounds.map((r) => r.cpuMs)).toFixed(2)} ms/claim`
      )
    } finally {
      await ferret?.stop()
    }
  }
}

await main()
