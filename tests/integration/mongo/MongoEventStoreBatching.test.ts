import { Effect, Exit, Fiber, Layer } from "effect"
import type { CommandStartedEvent, Document } from "mongodb"
import { MongoClient } from "mongodb"
import { afterAll, describe, expect, it } from "vitest"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { ensureSchema, MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { makeMongoEventStore } from "../../../src/infrastructure/mongo/MongoEventStore.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { startTcpProxy } from "../../support/tcpProxy.ts"

const url = mongoTestUrl()

interface Insert {
  readonly ordered: boolean
  readonly ids: ReadonlyArray<string>
}

/** The `_id`s of an insert's documents. */
const idsOf = (command: Document): Array<string> => {
  const documents: ReadonlyArray<{ _id?: unknown }> = command["documents"] ?? []
  return documents.map((d) => String(d._id))
}

/**
 * An event store on one connection, as the scheduler has it, whose client reports every
 * insert command it sends.
 */
const monitoredStore = async () => {
  const client = new MongoClient(freshDatabaseUrl("batching"), {
    maxPoolSize: 1,
    serverSelectionTimeoutMS: 5_000,
    monitorCommands: true,
    ignoreUndefined: true
  })
  await client.connect()
  const db = client.db()
  await Effect.runPromise(ensureSchema(db))
  const inserts: Array<Insert> = []
  client.on("commandStarted", (event: CommandStartedEvent) => {
    if (event.commandName === "insert") {
      inserts.push({ ordered: event.command["ordered"] !== false, ids: idsOf(event.command) })
    }
  })
  return { store: makeMongoEventStore(db), inserts, close: () => client.close() }
}

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra })

type Store = Awaited<ReturnType<typeof monitoredStore>>["store"]

const withStore = async <A>(f: (store: Store, inserts: ReadonlyArray<Insert>) => Effect.Effect<A, unknown>) => {
  const { store, inserts, close } = await monitoredStore()
  try {
    return await Effect.runPromise(f(store, inserts))
  } finally {
    await close()
  }
}

const outcome = (exit: Exit.Exit<number, { readonly _tag: string }>) =>
  Exit.isSuccess(exit) ? exit.value : exit.cause.reasons.map((r) => (r._tag === "Fail" ? r.error._tag : r._tag)).join()

describe.skipIf(url === null)(
  url === null ? `Mongo event store batching: ${MONGO_SKIP_REASON}` : "Mongo event store batching",
  () => {
    afterAll(dropTestDatabases)

    it("single-event appends of different streams from separate fibers go as one unordered insertMany, and all succeed", () =>
      withStore((store, inserts) =>
        Effect.gen(function* () {
          // each append in a fiber of its own, started before any of them runs
          const fibers = yield* Effect.forEach(
            Array.from({ length: 20 }, (_, i) => i),
            (i) =>
              Effect.forkChild(store.append(`message-m${i}`, 0, [ev("MessageScheduled", { n: i })]), {
                startImmediately: false
              })
          )
          const versions = yield* Effect.forEach(fibers, Fiber.join)
          expect(versions).toEqual(Array.from({ length: 20 }, () => 1))
          expect(inserts).toHaveLength(1)
          expect(inserts[0]?.ordered).toBe(false)
          expect(inserts[0]?.ids).toHaveLength(20)
          for (let i = 0; i < 20; i++) {
            const read = yield* store.read(`message-m${i}`)
            expect(read.map((e) => [e.version, e.data])).toEqual([[1, { type: "MessageScheduled", n: i }]])
          }
        })
      ))

    it("appends issued while a batch is on the connection gather into the next one (group commit)", () =>
      withStore((store, inserts) =>
        Effect.gen(function* () {
          const streams = Array.from({ length: 20 }, (_, i) => `message-c${i}`)
          yield* Effect.forEach(streams, (s) => store.append(s, 0, [ev("MessageScheduled")]), {
            concurrency: "unbounded"
          })
          const before = inserts.length
          // as the dispatcher's lanes claim: each reads its stream, then appends. The reads share
          // the one connection, so the lanes reach their appends one round trip apart: the
          // first append goes alone, the others arrive while it is in flight and wait for it.
          const versions = yield* Effect.forEach(
            streams,
            (s) => Effect.flatMap(store.read(s), (read) => store.append(s, read.length, [ev("MessagePicked")])),
            { concurrency: "unbounded" }
          )
          expect(versions).toEqual(streams.map(() => 2))
          const claims = inserts.slice(before)
          expect(claims.flatMap((i) => i.ids).sort()).toEqual(streams.map((s) => `${s}:2`).sort())
          expect(claims.length).toBeLessThanOrEqual(3)
        })
      ))

    it("two appends of one stream at one version in the same batch: exactly one wins, the other gets ConcurrencyConflict", () =>
      withStore((store, inserts) =>
        Effect.gen(function* () {
          yield* store.append("message-m1", 0, [{ type: "MessageScheduled" }])
          const before = inserts.length
          const claim = (by: string) => Effect.exit(store.append("message-m1", 1, [ev("MessagePicked", { by })]))
          const [a, b] = yield* Effect.all([claim("a"), claim("b")], { concurrency: "unbounded" })
          expect([outcome(a), outcome(b)].sort()).toEqual([2, "ConcurrencyConflict"].sort())
          // they met in one insert, not in two
          expect(inserts.slice(before)).toEqual([{ ordered: false, ids: ["message-m1:2", "message-m1:2"] }])
          const winner = Exit.isSuccess(a) ? "a" : "b"
          expect((yield* store.read("message-m1")).map((e) => e.data)).toEqual([
            { type: "MessageScheduled" },
            { type: "MessagePicked", by: winner }
          ])
        })
      ))

    it("a batch in which one append conflicts: that one fails, the others are stored", () =>
      withStore((store, inserts) =>
        Effect.gen(function* () {
          yield* store.append("message-taken", 0, [{ type: "MessageScheduled" }])
          yield* store.append("message-taken", 1, [ev("MessagePicked", { by: "first" })])
          const before = inserts.length
          const results = yield* Effect.all(
            [
              Effect.exit(store.append("message-a", 0, [{ type: "A" }])),
              Effect.exit(store.append("message-taken", 1, [ev("MessagePicked", { by: "late" })])),
              Effect.exit(store.append("message-b", 0, [{ type: "B" }])),
              Effect.exit(store.append("message-taken", 2, [{ type: "MessageSent" }]))
            ],
            { concurrency: "unbounded" }
          )
          expect(results.map(outcome)).toEqual([1, "ConcurrencyConflict", 1, 3])
          expect(inserts.slice(before)).toHaveLength(1)
          expect((yield* store.read("message-a")).map((e) => e.type)).toEqual(["A"])
          expect((yield* store.read("message-b")).map((e) => e.type)).toEqual(["B"])
          expect((yield* store.read("message-taken")).map((e) => e.data)).toEqual([
            { type: "MessageScheduled" },
            { type: "MessagePicked", by: "first" },
            { type: "MessageSent" }
          ])
        })
      ))

    it("an append of several events keeps an ordered insert of its own, next to a batch of single ones", () =>
      withStore((store, inserts) =>
        Effect.gen(function* () {
          const results = yield* Effect.all(
            [
              store.append("campaign-c1", 0, [{ type: "A" }, { type: "B" }]),
              store.append("message-x", 0, [{ type: "X" }]),
              store.append("message-y", 0, [{ type: "Y" }])
            ],
            { concurrency: "unbounded" }
          )
          expect(results).toEqual([2, 1, 1])
          expect(inserts.filter((i) => i.ordered)).toEqual([{ ordered: true, ids: ["campaign-c1:1", "campaign-c1:2"] }])
          expect(inserts.filter((i) => !i.ordered)).toEqual([{ ordered: false, ids: ["message-x:1", "message-y:1"] }])
        })
      ))

    it("a batch whose answer never comes: every append in it is StoreUnavailable", async () => {
      const target = new URL(url ?? "")
      const proxy = await startTcpProxy(target.hostname, Number(target.port))
      const databaseUrl = freshDatabaseUrl("batching").replace(target.host, proxy.address)
      try {
        const store = MongoStore.layer.pipe(
          Layer.provideMerge(
            MongoDatabase.layer({
              url: databaseUrl,
              serverSelectionTimeoutMs: 5_000,
              operationTimeoutMs: 1_000
            })
          )
        )
        const exits = await Effect.runPromise(
          Effect.gen(function* () {
            const events = yield* EventStore
            yield* events.append("message-warm", 0, [{ type: "A" }])
            proxy.blackHole()
            return yield* Effect.all(
              ["message-p", "message-q", "message-r"].map((stream) =>
                Effect.exit(events.append(stream, 0, [{ type: "A" }]))
              ),
              { concurrency: "unbounded" }
            )
          }).pipe(Effect.provide(store))
        )
        expect(exits.map(outcome)).toEqual(["StoreUnavailable", "StoreUnavailable", "StoreUnavailable"])
      } finally {
        proxy.restore()
        await proxy.close()
      }
    })
  }
)
