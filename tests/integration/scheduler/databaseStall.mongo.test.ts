import { Clock, Effect, Fiber, Layer } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { SchedulerConfig } from "../../../src/infrastructure/config/schedulerConfig.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { schedulerLayer } from "../../../src/interfaces/scheduler/SchedulerApp.ts"
import { launchWithScheduler, SchedulerLoop } from "../../../src/interfaces/scheduler/SchedulerLoop.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { captureLogs, seedCampaign } from "../../support/schedulerHarness.ts"
import { startTcpProxy } from "../../support/tcpProxy.ts"

const mongoUrl = mongoTestUrl()

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  await dropTestDatabases()
})

/** Waits for a condition, failing with `what` at the deadline (no fixed sleeps). */
const until = async (what: string, holds: () => boolean, timeoutMs: number): Promise<void> => {
  await eventually(what, holds, (held) => held, timeoutMs)
}

describe.skipIf(mongoUrl === null)(
  `the scheduler and a database connection that stops answering ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it("an operation on a connection that never answers fails at the database timeout, and the scheduler sends on a new connection", async () => {
      const direct = freshDatabaseUrl("stall")
      const target = new URL(direct)
      const proxy = await startTcpProxy(target.hostname, Number(target.port))
      const viaProxy = new URL(direct)
      viaProxy.host = proxy.address
      // the scheduler's own database client goes through the proxy; the test seeds directly
      const seed = <A, E>(effect: Effect.Effect<A, E, Layer.Success<typeof MongoStore.layer>>) =>
        Effect.runPromise(
          effect.pipe(Effect.provide(MongoStore.layer.pipe(Layer.provide(MongoDatabase.layer({ url: direct })))))
        )
      const config: SchedulerConfig = {
        databaseUrl: viaProxy.toString(),
        databaseUrlRedacted: viaProxy.toString(),
        gatewayUrl: fake.url,
        gatewayApiKey: FAKE_WAHA_API_KEY,
        pollIntervalMs: 200,
        leaseMs: 60_000,
        sendTimeoutMs: 2_000,
        sessionConcurrency: 10,
        databaseTimeoutMs: 1_000
      }
      const logs = captureLogs()
      const scheduler = Effect.runFork(
        launchWithScheduler(
          SchedulerLoop.layer(config).pipe(
            Layer.provide(schedulerLayer(config, "stall-test").pipe(Layer.provideMerge(logs.layer)))
          )
        )
      )
      const text = () => logs.lines.map((l) => l.text).join("\n")
      try {
        await until("a first cycle", () => /No pending messages/.test(text()), 20_000)

        // Every open connection (the scheduler's one pooled connection and the driver's monitor)
        // goes silent without being closed; the next query the scheduler sends gets no answer.
        proxy.blackHole()
        await until("a query sent into the silent connection", () => proxy.swallowedBytes() > 0, 10_000)
        proxy.restore()

        // due shortly after the seeding client has connected (which is slow on a loaded machine)
        const seeded = await seed(
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            seedCampaign({ messages: [{ content: "after the stall", scheduledAt: now + 2_000 }] })
          )
        )
        // Without a bound the query waits forever, holding the only connection, and nothing is
        // sent until the driver's monitor gives up on its own silent connection (30 s and more).
        // With it, the query fails (or the driver retries it on a new connection) within 1 s.
        await until("the message sent", () => fake.sent.length === 1, 15_000)
        expect(fake.sent[0]?.text).toBe("after the stall")
        await until(
          "the send recorded",
          () => text().includes(`Message ${seeded.messageIds[0]} processed successfully`),
          10_000
        )
      } finally {
        await Effect.runPromise(Fiber.interrupt(scheduler))
        await proxy.close()
      }
    }, 60_000)
  }
)
