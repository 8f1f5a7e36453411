import { Effect, Fiber, Layer, Scope } from "effect"
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
      Effect.gen(function*() {
        const inner = yield* Notifier
        // Finalizers run last-added first: the drain below runs before this child scope closes
        // and interrupts whatever is still delivering.
        const deliveries = yield* Scope.fork(yield* Scope.Scope)
        const inFlight = new Set<Fiber.Fiber<void>>()
        yield* Effect.addFinalizer(() =>
          Fiber.awaitAll([...inFlight]).pipe(Effect.timeoutOption(DRAIN_MS), Effect.asVoid)
        )
        return Notifier.of({
          notify: (notification) =>
            Effect.gen(function*() {
              const fiber = yield* Effect.forkIn(inner.notify(notification), deliveries)
              inFlight.add(fiber)
              fiber.addObserver(() => inFlight.delete(fiber))
            })
        })
      })
    ).pipe(Layer.provide(deliver))
}
