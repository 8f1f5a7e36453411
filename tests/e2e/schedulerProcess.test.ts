import { mkdtemp, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Clock, Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFinished } from "vitest"
import { CampaignRepository } from "../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { ferretDbAvailable, startFerretDb } from "../support/ferretdb.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import type { Runtime } from "../support/processes.ts"
import { schedulerEntry, startProcess } from "../support/processes.ts"
import { seedCampaign } from "../support/schedulerHarness.ts"
import { withMongoStore } from "../support/withMongoStore.ts"

const mongoUrl = mongoTestUrl()

/**
 * One message due `inMs` after the seeding client is connected: computed before connecting,
 * the time could already be past on a loaded machine ("scheduledAt is in the past").
 */
const seedDueIn = (content: string, inMs: number) =>
  Effect.flatMap(Clock.currentTimeMillis, (now) => seedCampaign({ messages: [{ content, scheduledAt: now + inMs }] }))

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  await dropTestDatabases()
})
beforeEach(() => fake.reset())

const env = (databaseUrl: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: databaseUrl,
  GATEWAY_API_URL: fake.url,
  GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
  SCHEDULER_POLL_INTERVAL_MS: "200",
  ...extra
})

describe.skipIf(mongoUrl === null)(
  `the scheduler process on a MongoDB-protocol server ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    for (const runtime of ["node", "deno"] as const satisfies ReadonlyArray<Runtime>) {
      it(`starts under ${runtime}, sends a due message, and exits 0 on SIGTERM with the shutdown line`, async () => {
        const url = freshDatabaseUrl(`proc${runtime}`)
        const seeded = await withMongoStore(url, seedDueIn(`hello from ${runtime}`, 1_500))
        const proc = startProcess(schedulerEntry, env(url), runtime)
        try {
          await proc.waitForOutput(/Herald scheduler .* started/)
          expect(proc.output()).toMatch(/gateway: WAHA 2026\.7\.1 CORE engine WEBJS/)
          await fake.waitFor(() => fake.sent.length === 1, 20_000)
          expect(fake.sent[0]).toMatchObject({ text: `hello from ${runtime}`, session: "alice" })
          await proc.waitForOutput(new RegExp(`Message ${seeded.messageIds[0]} processed successfully`))
          proc.child.kill("SIGTERM")
          expect(await proc.exited).toEqual({ code: 0, signal: null })
          expect(proc.output()).toMatch(/\] Received SIGTERM, shutting down the scheduler/)
          expect(proc.output()).toMatch(/\[\d{4}-\d\d-\d\dT[\d:.]+Z\] Found 1 message to send/)
          expect(proc.output()).not.toContain(FAKE_WAHA_API_KEY)
          const campaign = await withMongoStore(
            url,
            CampaignRepository.use((r) => r.get(seeded.campaignId))
          )
          expect(campaign?.status).toBe("COMPLETED")
        } finally {
          proc.child.kill("SIGKILL")
        }
      }, 60_000)
    }

    // Two process starts, a lease and a catch-up: a loaded machine needs more than the default 30 s.
    it("killed with SIGKILL mid-send: the message is never resent, and is recorded outcome-unknown after the lease", async () => {
      const url = freshDatabaseUrl("kill")
      const seeded = await withMongoStore(url, seedDueIn("maybe delivered", 1_000))
      fake.hang()
      const first = startProcess(schedulerEntry, env(url))
      await fake.waitFor(() => fake.requests.some((r) => r.path === "/api/sendText"), 20_000)
      first.child.kill("SIGKILL")
      expect((await first.exited).signal).toBe("SIGKILL")

      await fake.reset()
      const second = startProcess(schedulerEntry, env(url, { SCHEDULER_LEASE_MS: "2000" }))
      try {
        const message = await eventually(
          "the message to be outcome-unknown",
          () =>
            withMongoStore(
              url,
              MessageRepository.use((r) => r.get(seeded.messageIds[0]!))
            ),
          (m) => m?.status === "OUTCOME_UNKNOWN"
        )
        expect(message).toMatchObject({ isPicked: true, isSent: false })
        // the campaign is failed in the step after the message is marked
        const campaign = await eventually(
          "the campaign to fail",
          () =>
            withMongoStore(
              url,
              CampaignRepository.use((r) => r.get(seeded.campaignId))
            ),
          (c) => c?.status === "FAILED"
        )
        expect(campaign?.failureReason).toMatch(/outcome unknown/)
        await second.waitForOutput(new RegExp(`Error processing message ${seeded.messageIds[0]}: outcome unknown`))
        expect(fake.requests.filter((r) => r.path === "/api/sendText")).toHaveLength(0)
        second.child.kill("SIGTERM")
        expect((await second.exited).code).toBe(0)
      } finally {
        second.child.kill("SIGKILL")
      }
    }, 90_000)

    it("killed with SIGKILL right after the gateway took the send: settled SENT from the chat's history after the lease, never resent", async () => {
      const url = freshDatabaseUrl("killsent")
      const seeded = await withMongoStore(
        url,
        seedCampaign({ messages: [{ content: "delivered, then the crash", scheduledAt: Date.now() + 1_000 }] })
      )
      fake.deliverThenHang()
      const first = startProcess(schedulerEntry, env(url))
      await fake.waitFor(() => fake.sent.length === 1, 20_000)
      first.child.kill("SIGKILL")
      expect((await first.exited).signal).toBe("SIGKILL")

      fake.latency(0) // answers again; the chat's history keeps the delivered message
      const second = startProcess(schedulerEntry, env(url, { SCHEDULER_LEASE_MS: "2000" }))
      try {
        const message = await eventually(
          "the message to be sent",
          () =>
            withMongoStore(
              url,
              MessageRepository.use((r) => r.get(seeded.messageIds[0]!))
            ),
          (m) => m?.status === "SENT"
        )
        expect(message).toMatchObject({ isPicked: true, isSent: true, failureReason: null })
        const campaign = await eventually(
          "the campaign to complete",
          () =>
            withMongoStore(
              url,
              CampaignRepository.use((r) => r.get(seeded.campaignId))
            ),
          (c) => c?.status === "COMPLETED"
        )
        expect(campaign?.failureReason ?? null).toBeNull()
        await second.waitForOutput(
          new RegExp(`Message ${seeded.messageIds[0]} settled as sent from the chat's history`)
        )
        expect(fake.requests.filter((r) => r.path === "/api/sendText")).toHaveLength(1)
        expect(fake.requests.some((r) => r.method === "GET" && r.path.endsWith("/messages"))).toBe(true)
        second.child.kill("SIGTERM")
        expect((await second.exited).code).toBe(0)
      } finally {
        second.child.kill("SIGKILL")
      }
    }, 90_000)
  }
)

describe.skipIf(!ferretDbAvailable())("the scheduler process and a database that goes away", () => {
  it("logs the data-layer error, keeps running, and sends once the database is back, without a restart", async () => {
    // Everything this test starts is stopped when it ends, even when it fails or times out: a
    // server started after the test ended is stopped at once.
    let ended = false
    const teardown: Array<() => Promise<void>> = []
    const started = async <A extends { stop: () => Promise<void> }>(resource: A): Promise<A> => {
      if (ended) {
        await resource.stop()
        throw new Error("the test ended while this was starting")
      }
      teardown.push(() => resource.stop())
      return resource
    }
    onTestFinished(async () => {
      ended = true
      for (const stop of teardown.splice(0).reverse()) await stop().catch(() => undefined)
    })

    const dataDir = await mkdtemp(join(tmpdir(), "herald-outage-"))
    teardown.push(() => rm(dataDir, { recursive: true, force: true }))
    const ferret = await started(await startFerretDb({ dataDir }))
    const url = `${ferret.url.replace(/\/$/, "")}/herald_outage`
    // Under load its due time may fall before, in or after the outage: the server may cut the
    // claim or the record of the send off between its write and its reply. Every case ends
    // with one send, recorded.
    const seeded = await withMongoStore(url, seedDueIn("after the outage", 8_000))
    const proc = startProcess(schedulerEntry, env(url, { SCHEDULER_POLL_INTERVAL_MS: "500" }))
    teardown.push(async () => {
      proc.child.kill("SIGKILL")
      await proc.exited
    })
    await proc.waitForOutput(/No pending messages/, 30_000)
    await ferret.kill()
    // each query waits for the server up to the driver's server selection timeout (10 s)
    await proc.waitForOutput(/Database error: /, 30_000)
    await started(await startFerretDb({ port: ferret.port, dataDir }))
    await fake.waitFor(() => fake.sent.length === 1, 30_000)
    expect(fake.sent[0]?.text).toBe("after the outage")
    await proc.waitForOutput(new RegExp(`Message ${seeded.messageIds[0]} processed successfully`))
    proc.child.kill("SIGTERM")
    expect((await proc.exited).code).toBe(0)
    expect(fake.sent).toHaveLength(1)
  }, 120_000)
})

describe("the scheduler process refuses a bad configuration", () => {
  it("names an unencoded '@' in the DATABASE_URL password and a missing GATEWAY_API_KEY, prints no secret, exits 1", async () => {
    const proc = startProcess(schedulerEntry, {
      DATABASE_URL: "mongodb://herald:p@ssw0rd-SECRET@127.0.0.1:27017/herald",
      GATEWAY_API_URL: "http://127.0.0.1:3000/"
    })
    const { code } = await proc.exited
    expect(code).toBe(1)
    const out = proc.output()
    expect(out).toMatch(/DATABASE_URL: .*'@'.*%40/)
    expect(out).toMatch(/GATEWAY_API_KEY is required/)
    expect(out).toMatch(/GATEWAY_API_URL must not end with a slash/)
    expect(out).not.toContain("ssw0rd-SECRET")
    expect(out).not.toContain("p@ss")
  })

  it("refuses a missing DATABASE_URL and a GATEWAY_API_URL without protocol", async () => {
    const proc = startProcess(schedulerEntry, { GATEWAY_API_URL: "waha:3000", GATEWAY_API_KEY: "k-SECRET-123" })
    expect((await proc.exited).code).toBe(1)
    expect(proc.output()).toMatch(/DATABASE_URL is required/)
    expect(proc.output()).toMatch(/GATEWAY_API_URL must start with http:\/\/ or https:\/\//)
    expect(proc.output()).not.toContain("k-SECRET-123")
  })
})
