import { Clock, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { EventStore } from "../../src/application/ports/EventStore.ts"
import type { MessageView } from "../../src/application/ports/MessageRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { gatewayMessageKey, SETTLED_BY_ID } from "../../src/domain/message/Message.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import type { RunningProcess } from "../support/processes.ts"
import { schedulerEntry, startProcess } from "../support/processes.ts"
import { seedCampaign } from "../support/schedulerHarness.ts"
import { withMongoStore } from "../support/withMongoStore.ts"

/**
 * Three scheduler processes on one database, all killed with SIGKILL while a send is inside the
 * gateway, twice during a burst (docs/outcome-unknown.md, "Client-chosen message ids"). On
 * NOWEB every group gets the same text many times, so the chat's history can never tell its copies
 * apart: only the id chosen before the send settles a cut-off one.
 */
const mongoUrl = mongoTestUrl()

const SESSIONS = ["ana", "ben", "cai"] as const
const PER_SESSION = 8
const TEXT = "Training tonight at 7: bring water"
const ROUNDS = 2
const TERMINAL = new Set(["SENT", "FAILED", "OUTCOME_UNKNOWN", "MISSED"])
const groupOf = (i: number) => `12036300000000000${i}@g.us`

/**
 * Plans the burst (`sameText`: every message of a group has the same text), starts three schedulers,
 * and each time a send has just reached the gateway kills all three with SIGKILL (so that send's
 * process dies with it in flight) and starts three more; then waits until every message is settled.
 */
const runBurst = async (fake: FakeWaha, label: string, sameText: boolean) => {
  const url = freshDatabaseUrl(label)
  const ids = await withMongoStore(
    url,
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const all: Array<string> = []
      for (const [i, sessionName] of SESSIONS.entries()) {
        const seeded = yield* seedCampaign({
          sessionName,
          groupId: groupOf(i),
          messages: Array.from({ length: PER_SESSION }, (_, n) => ({
            content: sameText ? TEXT : `${TEXT} (${sessionName} ${n})`,
            scheduledAt: now + 4_000
          }))
        })
        all.push(...seeded.messageIds)
      }
      return all
    })
  )
  const env = {
    DATABASE_URL: url,
    GATEWAY_API_URL: fake.url,
    GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
    SCHEDULER_POLL_INTERVAL_MS: "200",
    // long enough that a live scheduler's send is never taken for a dead one's on a loaded machine
    SCHEDULER_LEASE_MS: "5000"
  }
  // every send takes a while, so a kill lands while a send is inside the gateway
  fake.latency(250)
  const startThree = () => [0, 1, 2].map(() => startProcess(schedulerEntry, env))
  let running: Array<RunningProcess> = startThree()
  const started: Array<RunningProcess> = [...running]
  const sendRequests = () => fake.requests.filter((r) => r.path === "/api/sendText").length
  try {
    for (let round = 1; round <= ROUNDS; round++) {
      const before = sendRequests()
      // a send has just reached the gateway: its scheduler is among those killed, mid-send
      await fake.waitFor(() => sendRequests() > before + 1, 60_000)
      for (const proc of running) proc.child.kill("SIGKILL")
      await Promise.all(running.map((proc) => proc.exited))
      running = startThree()
      started.push(...running)
    }
    const messages = await eventually(
      "every message to be settled",
      () =>
        withMongoStore(
          url,
          Effect.forEach(ids, (id) => MessageRepository.use((r) => r.get(id)))
        ),
      (views) => views.every((m) => m !== null && TERMINAL.has(m.status)),
      90_000
    )
    const settledById = await withMongoStore(
      url,
      Effect.forEach(ids, (id) =>
        EventStore.use((store) => store.read(`message-${id}`)).pipe(
          Effect.map((events) => events.some((e) => JSON.stringify(e.data).includes(`"note":"${SETTLED_BY_ID}`)))
        )
      )
    )
    return {
      messages: messages.filter((m): m is MessageView => m !== null),
      settledById: settledById.filter(Boolean).length
    }
  } finally {
    for (const proc of started) proc.child.kill("SIGKILL")
  }
}

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  await dropTestDatabases()
})

const count = (messages: ReadonlyArray<MessageView>, status: string) =>
  messages.filter((m) => m.status === status).length

describe.skipIf(mongoUrl === null)(
  `three schedulers killed during a burst ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it("NOWEB with ids chosen before sending: each message delivered at most once, every delivered one SENT by the id it was sent with, the cut-off ones settled by it", async () => {
      await fake.reset()
      fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
      const { messages, settledById } = await runBurst(fake, "chaosids", true)
      const delivered = fake.sent.map((s) => s["id"])
      // every send went out with an id chosen before it, and no id twice
      for (const id of delivered) expect(id).toMatch(/^3EB0[0-9A-F]{18}$/)
      expect(new Set(delivered).size).toBe(delivered.length)
      for (const message of messages) {
        const copies = delivered.filter((id) => message.claimGatewayId !== null && id === message.claimGatewayId)
        if (message.status === "SENT") {
          expect(copies).toHaveLength(1)
          expect(message.gatewayMessageKey).toBe(message.claimGatewayId)
        } else {
          // never delivered: a kill between its claim and its send (the only way left to not know)
          expect(message.status).toBe("OUTCOME_UNKNOWN")
          expect(copies).toHaveLength(0)
        }
      }
      // every delivery belongs to a message recorded SENT
      expect(delivered.length).toBe(count(messages, "SENT"))
      // the kills cut sends off, and their ids settled them (the chat's history could not: same text)
      expect(settledById).toBeGreaterThanOrEqual(1)
      console.info(
        `chaos (NOWEB, ids): ${count(messages, "SENT")} sent (${settledById} settled by id), ${count(messages, "OUTCOME_UNKNOWN")} outcome unknown of ${messages.length}`
      )
    }, 240_000)

    it("WEBJS (no ids): each message delivered at most once; SENT only for a delivered one, the rest outcome unknown", async () => {
      await fake.reset()
      const { messages } = await runBurst(fake, "chaoswebjs", false)
      for (const [i, session] of SESSIONS.entries()) {
        const history = fake.chatHistory(session, groupOf(i))
        for (const message of messages.filter((m) => m.groupId === groupOf(i))) {
          const copies = history.filter((h) => h.body === message.content)
          expect(copies.length).toBeLessThanOrEqual(1)
          if (message.status === "SENT") {
            expect(copies).toHaveLength(1)
            expect(message.gatewayMessageKey).toBe(gatewayMessageKey(copies[0]!.id))
          } else expect(message.status).toBe("OUTCOME_UNKNOWN")
        }
      }
      console.info(
        `chaos (WEBJS): ${count(messages, "SENT")} sent, ${count(messages, "OUTCOME_UNKNOWN")} outcome unknown of ${messages.length}, ${fake.sent.length} delivered`
      )
    }, 240_000)
  }
)
