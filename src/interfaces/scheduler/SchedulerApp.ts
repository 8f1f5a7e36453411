import { Clock, Deferred, Effect, Fiber, Layer } from "effect"
import { Dispatcher } from "../../application/scheduler/Dispatcher.ts"
import { runScheduler } from "../../application/scheduler/runScheduler.ts"
import { SchedulerSettings } from "../../application/scheduler/SchedulerSettings.ts"
import type { SchedulerConfig } from "../../infrastructure/config/schedulerConfig.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { MongoDatabase } from "../../infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../infrastructure/mongo/MongoStore.ts"

/** Shutdown waits for in-flight sends this long past their own timeout, then disconnects anyway. */
const DRAIN_MARGIN_MS = 5_000

export const schedulerLayer = (config: SchedulerConfig, schedulerId: string) => {
  const settings = Layer.succeed(SchedulerSettings, {
    ...SchedulerSettings.defaultValue(),
    schedulerId,
    leaseMs: config.leaseMs,
    sessionConcurrency: config.sessionConcurrency
  })
  // The scheduler holds one persistent database connection (docs/architecture.md#the-stores).
  // Every operation on it is bounded, so one that never gets an answer cannot hold it, and the
  // loop, forever.
  const store = MongoStore.layer.pipe(
    Layer.provideMerge(MongoDatabase.layer({ url: config.databaseUrl, maxPoolSize: 1, operationTimeoutMs: config.databaseTimeoutMs }))
  )
  const gateway = WahaGateway.layer({ baseUrl: config.gatewayUrl, apiKey: config.gatewayApiKey, timeoutMs: config.sendTimeoutMs })
  return Dispatcher.layer.pipe(Layer.provideMerge(Layer.mergeAll(store, gateway, settings)))
}

/**
 * Runs until `stop` completes (a signal), then: shutdown line, stop the timer, let in-flight
 * sends finish (bounded), and return so the layers close (database disconnect).
 */
export const runSchedulerUntil = (stop: Deferred.Deferred<string>, config: Pick<SchedulerConfig, "pollIntervalMs" | "sendTimeoutMs">) =>
  Effect.gen(function*() {
    const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: config.pollIntervalMs }))
    // The loop only ends on a defect (its database errors are logged and retried). Then the
    // process stops with that error, for its supervisor to restart, instead of idling forever.
    const signal = yield* Effect.raceFirst(Deferred.await(stop), Fiber.join(loop))
    const now = yield* Clock.currentTimeMillis
    yield* Effect.logInfo(`[${new Date(now).toISOString()}] Received ${signal}, shutting down the scheduler`)
    yield* Fiber.interrupt(loop)
    const dispatcher = yield* Dispatcher
    yield* dispatcher.awaitIdle.pipe(Effect.timeoutOption(config.sendTimeoutMs + DRAIN_MARGIN_MS))
  })
