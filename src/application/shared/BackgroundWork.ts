import { Cause, Context, Effect, FiberSet, Layer } from "effect"
import { oneLine } from "../text/oneLine.ts"

/** How long closing the layer (shutdown) waits for work still running before it interrupts it. */
const DRAIN_MS = 10_000

/**
 * Waits for the event loop's next timers phase. A fiber is started on the next tick
 * (setImmediate), which may come before the HTTP layer has written the answer; the work's
 * synchronous part (node:sqlite reads a stream in the caller's thread) would then delay the
 * answer, by more for a known address than for an unknown one. bench/resetTiming.ts cannot tell
 * the two orders apart within its noise; this makes the order not depend on the HTTP layer's
 * ticks. A timer, not Effect.sleep: the wait is the event loop's, not the clock's (a TestClock
 * must not hold the work).
 */
const afterTheAnswer = Effect.callback<void>((resume) => {
  const timer = setTimeout(() => resume(Effect.void), 0)
  return Effect.sync(() => clearTimeout(timer))
})

/**
 * Work a request starts but does not wait for: the answer goes first, the work afterwards, so
 * the answer's timing cannot tell what the work found (requestPasswordReset.ts). The work runs in
 * the layer's scope, not the request's: it outlives the answer, stops with the runtime (closing
 * waits up to 10 s for work in flight, then interrupts it), and a failure or defect is logged
 * under `what`, never lost nor thrown at a caller who has already been answered; so is work
 * stopped or refused by the shutdown.
 */
export class BackgroundWork extends Context.Service<
  BackgroundWork,
  {
    /** starts `work` on the next tick and returns at once; `what` names it in the error log */
    readonly run: <E, R>(what: string, work: Effect.Effect<void, E, R>) => Effect.Effect<void, never, R>
  }
>()("herald/application/shared/BackgroundWork") {
  static readonly layer = Layer.effect(
    BackgroundWork,
    Effect.gen(function* () {
      // finalizers run last-added first: the drain below runs before the set's own finalizer
      // interrupts whatever is still running
      const running = yield* FiberSet.make<void, never>()
      // once the drain is over the set refuses new work without a word: say what is dropped
      let drained = false
      yield* Effect.addFinalizer(() =>
        FiberSet.awaitEmpty(running).pipe(
          Effect.timeoutOption(DRAIN_MS),
          Effect.andThen(
            Effect.sync(() => {
              drained = true
            })
          )
        )
      )
      return BackgroundWork.of({
        run: (what, work) =>
          drained
            ? Effect.logWarning(`${what}: dropped, the server is shutting down`)
            : FiberSet.run(running, { startImmediately: false })(
                Effect.andThen(afterTheAnswer, work).pipe(
                  Effect.catchCause((cause) =>
                    // an interruption is the shutdown's doing, logged below, not a failure of the work
                    Cause.hasInterruptsOnly(cause)
                      ? Effect.void
                      : Effect.logError(`${what}: ${oneLine(Cause.pretty(cause))}`)
                  ),
                  Effect.onInterrupt(() => Effect.logWarning(`${what}: stopped by the shutdown before it finished`))
                )
              ).pipe(Effect.asVoid)
      })
    })
  )
}
