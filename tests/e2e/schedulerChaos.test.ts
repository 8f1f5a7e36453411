import { Clock, Effect } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { MessageView } from "../../src/application/ports/MessageRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import type { RunningProcess } from "../support/processes.ts"
import { schedulerEntry, startProcess } from "../support/processes.ts"
import { seedCampaign } from "../support/schedulerHarness.ts"
import { withMongoStore } from "../support/withMongoStore.ts"

/**
 * Three scheduler processes on one database, killed with SIGKILL one after another while a burst
 * is being sent (docs/outcome-unknown.md, "Client-chosen message ids"). Every group gets the same
 * text many times, so the chat's history can never tell its copies apart: only an id chosen
 * before the send settles a cut-off one.
 */
const mongoUrl = mongoTestUrl()

const SESSIONS = ["ana", "ben", "cai"] as const
const PER_SESSION = 8
const TEXT = "Training tonight at 7: bring water"
const KILLS = 4
const TERMINAL = new Set(["SENT", "FAILED", "OUTCOME_UNKNOWN", "MISSED"])

const runBurst = async (fake: FakeWaha, label: string) => {
  const url = freshDatabaseUrl(label)
  const ids = await withMongoStore(
    url,
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const all: Array<string> = []
      for (const [i, sessionName] of SESSIONS.entries()) {
        const seeded = yield* seedCampaign({
          sessionName,
          groupId: `12036300000000000${i}@g.us`,
          messages: Array.from({ length: PER_SESSION }, () => ({ content: TEXT, scheduledAt: now + 4_000 }))
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
  // every send takes a while, so a kill lands while sends are inside the gateway
  fake.latency(250)
  const running: Array<RunningProcess> = [0, 1, 2].map(() => startProcess(schedulerEntry, env))
  const started: Array<RunningProcess> = [...running]
  const sendRequests = () => fake.requests.filter((r) => r.path === "/api/sendText").length
  try {
    for (let kill = 1; kill <= KILLS; kill++) {
      // killed as the burst goes on: after every few sends taken by the gateway
      await fake.waitFor(() => sendRequests() >= kill * 3, 60_000)
      const victim = running.splice(kill % running.length, 1)[0]!
      victim.child.kill("SIGKILL")
      await victim.exited
      const next = startProcess(schedulerEntry, env)
      running.push(next)
      started.push(next)
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
    return messages.filter((m): m is MessageView => m !== null)
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

describe.skipIf(mongoUrl === null)(
  `three schedulers killed during a burst ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it("NOWEB with ids chosen before sending: every message delivered at most once, and every delivered one SENT with the id it was sent with", async () => {
      await fake.reset()
      fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
      const messages = await runBurst(fake, "chaosids")
      const delivered = fake.sent.map((s) => s["id"])
      // every send went out with an id chosen before it
      for (const id of delivered) expect(id).toMatch(/^3EB0[0-9A-F]{18}$/)
      // no copy delivered twice
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
      expect(delivered.length).toBe(messages.filter((m) => m.status === "SENT").length)
      console.info(
        `chaos (NOWEB, ids): ${messages.filter((m) => m.status === "SENT").length} sent, ${messages.filter((m) => m.status === "OUTCOME_UNKNOWN").length} outcome unknown of ${messages.length}`
      )
    }, 240_000)

    it("WEBJS (no ids): delivered at most once each; what is not known to be sent stays outcome unknown", async () => {
      await fake.reset()
      const messages = await runBurst(fake, "chaoswebjs")
      const sent = messages.filter((m) => m.status === "SENT")
      // never more deliveries than messages, and every SENT one is a delivery the gateway answered
      expect(fake.sent.length).toBeLessThanOrEqual(messages.length)
      expect(sent.length).toBeLessThanOrEqual(fake.sent.length)
      for (const message of messages) expect(["SENT", "OUTCOME_UNKNOWN"]).toContain(message.status)
      console.info(
        `chaos (WEBJS): ${sent.length} sent, ${messages.filter((m) => m.status === "OUTCOME_UNKNOWN").length} outcome unknown of ${messages.length}, ${fake.sent.length} delivered`
      )
    }, 240_000)
  }
)
