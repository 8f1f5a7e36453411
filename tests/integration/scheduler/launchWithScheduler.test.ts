import { Cause, Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { launchWithScheduler, SchedulerLoop } from "../../../src/interfaces/scheduler/SchedulerLoop.ts"
import { memoryScheduler } from "../../support/schedulerHarness.ts"

describe("launchWithScheduler", () => {
  it("stops with the loop's defect instead of idling without a loop until a signal", async () => {
    // no send is attempted: the gateway address is never called
    const { layer } = memoryScheduler("http://127.0.0.1:9")
    const broken = Layer.succeed(
      Dispatcher,
      Dispatcher.of({
        dispatchDueMessages: Effect.die(new Error("a bug in a pass")),
        preload: () => Effect.void,
        awaitIdle: Effect.void,
        drain: Effect.void,
        inFlight: Effect.succeed(0)
      })
    )
    const exit = await Effect.runPromiseExit(
      launchWithScheduler(SchedulerLoop.layer({ pollIntervalMs: 100, sendTimeoutMs: 100 })).pipe(
        Effect.provide(broken),
        Effect.provide(layer),
        // the test's deadline; without the fix only a signal would end it
        Effect.timeoutOption(10_000)
      )
    )
    expect(Exit.isFailure(exit)).toBe(true)
    if (Exit.isFailure(exit)) expect(Cause.pretty(exit.cause)).toContain("a bug in a pass")
  })
})
