import { Clock, Context, Effect, Fiber, Layer } from "effect"
import { Dispatcher } from "../../application/scheduler/Dispatcher.ts"
import { runScheduler } from "../../application/scheduler/runScheduler.ts"
import type { SchedulerConfig } from "../../infrastructure/config/schedulerConfig.ts"
import { DEFAULT_MEDIA_TIMEOUT_MS } from "../../infrastructure/gateway/WahaGateway.ts"
import { onShutdownSignal } from "../runMain.ts"

/** Shutdown waits for in-flight sends this long past their own timeout, then disconnects anyway. */
const DRAIN_MARGIN_MS = 5_000

/** The scheduler's loop, running in its layer's scope. */
export class SchedulerLoop extends Context.Service<
  SchedulerLoop,
  {
    /**
     * Waits for ever: the loop only ends on a defect (its database errors are logged and
     * retried), and then this fails with it, so the process stops for its supervisor to restart
     * it instead of idling without a loop.
     */
    readonly join: Effect.Effect<never>
  }
>()("herald/interfaces/scheduler/SchedulerLoop") {
  /**
   * Starts the loop. Released (a signal): the shutdown line, stop the timer, let the sends
   * already started finish (bounded; nothing new is started: what was queued stays unclaimed
   * for the next process); the layers below it are released after (database disconnect).
   */
  static readonly layer = (config: Pick<SchedulerConfig, "pollIntervalMs" | "sendTimeoutMs">) =>
    Layer.effect(
      SchedulerLoop,
      Effect.gen(function* () {
        const dispatcher = yield* Dispatcher
        const loop = yield* Effect.forkScoped(runScheduler({ pollIntervalMs: config.pollIntervalMs }))
        yield* Effect.addFinalizer(() =>
          Fiber.interrupt(loop).pipe(
            // an image or file in flight may take its own, longer deadline to answer
            Effect.andThen(
              dispatcher.drain.pipe(
                Effect.timeoutOption(Math.max(config.sendTimeoutMs, DEFAULT_MEDIA_TIMEOUT_MS) + DRAIN_MARGIN_MS)
              )
            )
          )
        )
        // added last, so it runs first: the line opens the shutdown
        yield* onShutdownSignal((signal) =>
          Effect.flatMap(Clock.currentTimeMillis, (now) =>
            Effect.logInfo(`[${new Date(now).toISOString()}] Received ${signal}, shutting down the scheduler`)
          )
        )
        return SchedulerLoop.of({ join: Fiber.join(loop) })
      })
    )
}

/**
 * Runs a process's layers, SchedulerLoop's among them: `Layer.launch`, except that it waits on
 * the loop rather than for ever, so a loop that dies takes the process down with its defect.
 */
export const launchWithScheduler = <E, R>(layer: Layer.Layer<SchedulerLoop, E, R>) =>
  SchedulerLoop.use((loop) => loop.join).pipe(Effect.provide(layer))
