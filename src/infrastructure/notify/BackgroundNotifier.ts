import { Effect, FiberSet, Layer } from "effect"
import { Notifier } from "../../application/ports/Notifier.ts"

/** How long shutdown waits for notifications still being delivered. */
const DRAIN_MS = 10_000

/**
 * Delivers notifications off the caller's path: a sign-up does not wait for the mail provider.
 * Deliveries run in the layer's scope; closing it (shutdown) waits up to 10 s for those in
 * flight, then interrupts them (each adapter logs its own failures).
 */
export const BackgroundNotifier = {
  layer: <E, R>(deliver: Layer.Layer<Notifier, E, R>): Layer.Layer<Notifier, E, R> =>
    Layer.effect(
      Notifier,
      Effect.gen(function* () {
        const inner = yield* Notifier
        // Finalizers run last-added first: the drain below runs before the set's own finalizer
        // interrupts whatever is still delivering.
        const deliveries = yield* FiberSet.make<void, never>()
        yield* Effect.addFinalizer(() =>
          FiberSet.awaitEmpty(deliveries).pipe(Effect.timeoutOption(DRAIN_MS), Effect.asVoid)
        )
        return Notifier.of({
          notify: (notification) =>
            // started on the next tick, so none of the delivery runs on the caller's fiber
            FiberSet.run(deliveries, inner.notify(notification), { startImmediately: false }).pipe(Effect.asVoid)
        })
      })
    ).pipe(Layer.provide(deliver))
}
