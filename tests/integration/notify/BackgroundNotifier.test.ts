import { Context, Deferred, Effect, Exit, Fiber, Layer, Scope } from "effect"
import { describe, expect, it } from "vitest"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { Notifier } from "../../../src/application/ports/Notifier.ts"
import { BackgroundNotifier } from "../../../src/infrastructure/notify/BackgroundNotifier.ts"

const alert: Notification = { kind: "SystemAlert", text: "disk full" }

describe("BackgroundNotifier", () => {
  it("returns before the delivery finishes, and closing waits for deliveries in flight", async () => {
    const delivered: Array<Notification> = []
    await Effect.runPromise(
      Effect.gen(function* () {
        const release = yield* Deferred.make<void>()
        // a slow provider: delivery waits until the test releases it
        const slow = Layer.succeed(
          Notifier,
          Notifier.of({
            notify: (n) => Deferred.await(release).pipe(Effect.andThen(Effect.sync(() => void delivered.push(n))))
          })
        )
        const scope = yield* Scope.make()
        const context = yield* Layer.buildWithScope(BackgroundNotifier.layer(slow), scope)
        const notifier = Context.get(context, Notifier)
        yield* notifier.notify(alert)
        expect(delivered).toEqual([])
        // closing cannot finish while the delivery is held; release it, then the close completes with it delivered
        const closing = yield* Effect.forkChild(Scope.close(scope, Exit.void))
        for (let i = 0; i < 5; i++) yield* Effect.yieldNow
        expect(delivered).toEqual([])
        yield* Deferred.succeed(release, undefined)
        yield* Fiber.await(closing)
        expect(delivered).toEqual([alert])
      })
    )
  })
})
