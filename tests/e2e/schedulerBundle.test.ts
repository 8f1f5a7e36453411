import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { Clock, Effect } from "effect"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest"
import { CampaignRepository } from "../../src/application/ports/CampaignRepository.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../support/mongo.ts"
import { startProcess } from "../support/processes.ts"
import { seedCampaign } from "../support/schedulerHarness.ts"
import { withMongoStore } from "../support/withMongoStore.ts"

// The bundled scheduler (npm run build:scheduler → dist/scheduler.mjs, docs/operations.md): the
// same start, send and shutdown as the entry file (schedulerProcess.test.ts), from one built file.
// The build takes about a second, so the test builds it itself rather than trust a stale one.
const root = fileURLToPath(new URL("../../", import.meta.url))
const mongoUrl = mongoTestUrl()

let fake: FakeWaha
beforeAll(async () => {
  execFileSync(process.execPath, [`${root}tools/buildScheduler.ts`], { cwd: root, stdio: "pipe" })
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake?.close()
  await dropTestDatabases()
})
beforeEach(() => fake.reset())

describe.skipIf(mongoUrl === null)(
  `the bundled scheduler on a MongoDB-protocol server ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it("starts as the service unit runs it, sends a due message once, and exits 0 on SIGTERM", async () => {
      const url = freshDatabaseUrl("bundle")
      // due 1.5 s after the seeding client is connected: computed before, it could already be past
      const seeded = await withMongoStore(
        url,
        Effect.flatMap(Clock.currentTimeMillis, (now) =>
          seedCampaign({ messages: [{ content: "hello from the bundle", scheduledAt: now + 1_500 }] })
        )
      )
      const proc = startProcess(
        "dist/scheduler.mjs",
        {
          DATABASE_URL: url,
          GATEWAY_API_URL: fake.url,
          GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
          SCHEDULER_POLL_INTERVAL_MS: "200",
          // as the service unit of docs/operations.md runs it
          MALLOC_ARENA_MAX: "2"
        },
        "node",
        ["--max-semi-space-size=4", "--max-old-space-size=256"]
      )
      try {
        await proc.waitForOutput(/Herald scheduler .* started/)
        expect(proc.output()).toMatch(/gateway: WAHA 2026\.7\.1 CORE engine WEBJS/)
        await fake.waitFor(() => fake.sent.length === 1, 20_000)
        expect(fake.sent[0]).toMatchObject({ text: "hello from the bundle", session: "alice" })
        await proc.waitForOutput(new RegExp(`Message ${seeded.messageIds[0]} processed successfully`))
        proc.child.kill("SIGTERM")
        expect(await proc.exited).toEqual({ code: 0, signal: null })
        expect(proc.output()).toMatch(/\] Received SIGTERM, shutting down the scheduler/)
        expect(proc.output()).not.toContain(FAKE_WAHA_API_KEY)
        expect(fake.sent).toHaveLength(1)
        const campaign = await withMongoStore(
          url,
          CampaignRepository.use((r) => r.get(seeded.campaignId))
        )
        expect(campaign?.status).toBe("COMPLETED")
      } finally {
        proc.child.kill("SIGKILL")
      }
    }, 60_000)

    it("refuses to start with its own message when a setting is missing, exit 1", async () => {
      const proc = startProcess("dist/scheduler.mjs", { GATEWAY_API_URL: fake.url })
      expect(await proc.exited).toEqual({ code: 1, signal: null })
      expect(proc.output()).toMatch(/cannot start: fix these settings/)
      expect(proc.output()).toMatch(/DATABASE_URL/)
    }, 30_000)
  }
)
