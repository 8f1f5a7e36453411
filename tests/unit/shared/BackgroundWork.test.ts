import { describe, expect, it } from "@effect/vitest"
import { Context, Deferred, Effect, Exit, Fiber, Layer, Scope } from "effect"
import { TestClock } from "effect/testing"
import { BackgroundWork } from "../../../src/application/shared/BackgroundWork.ts"
import { capturedLog } from "../../support/capturedLog.ts"

describe("BackgroundWork", () => {
  it.effect("work the shutdown stops, or that comes after it, is logged, never dropped without a word", () => {
    const { lines, layer } = capturedLog()
    return Effect.gen(function* () {
      const scope = yield* Scope.make()
      const work = Context.get(yield* Layer.buildWithScope(BackgroundWork.layer, scope), BackgroundWork)
      const started = yield* Deferred.make<void>()
      yield* work.run("password reset request", Deferred.succeed(started, undefined).pipe(Effect.andThen(Effect.never)))
      yield* Deferred.await(started)
      const closing = yield* Effect.forkChild(Scope.close(scope, Exit.void))
      // the drain waits 10 s for the work, then interrupts it
      yield* TestClock.adjust("10 seconds")
      yield* Fiber.join(closing)
      expect(lines).toContain("password reset request: stopped by the shutdown before it finished")
      yield* work.run("password reset request", Effect.void)
      expect(lines).toContain("password reset request: dropped, the server is shutting down")
    }).pipe(Effect.provide(layer))
  })
})
