import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Ref } from "effect"
import { TestClock } from "effect/testing"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"

// the order among fibers woken at one instant is the scheduler's business
const sorted = (log: ReadonlyArray<string>) => [...log].sort()

// A second of work under the lock of `key`, noting when it starts and ends.
const work = (log: Ref.Ref<ReadonlyArray<string>>, key: string, name: string) =>
  Effect.gen(function* () {
    const locks = yield* KeyedLocks
    yield* locks.oneAtATime(key)(
      Effect.gen(function* () {
        yield* Ref.update(log, (l) => [...l, `${name} starts`])
        yield* Effect.sleep("1 second")
        yield* Ref.update(log, (l) => [...l, `${name} ends`])
      })
    )
  })

describe("KeyedLocks", () => {
  it.effect("runs the effects of one key one after another, those of different keys side by side", () =>
    Effect.gen(function* () {
      const log = yield* Ref.make<ReadonlyArray<string>>([])
      const fibers = yield* Effect.forEach(
        [
          ["u1", "a"],
          ["u1", "b"],
          ["u2", "c"]
        ] as const,
        ([key, name]) => Effect.forkChild(work(log, key, name))
      )
      yield* Effect.yieldNow
      expect(sorted(yield* Ref.get(log))).toEqual(["a starts", "c starts"])
      yield* TestClock.adjust("1 second")
      expect(sorted(yield* Ref.get(log))).toEqual(["a ends", "a starts", "b starts", "c ends", "c starts"])
      yield* TestClock.adjust("1 second")
      yield* Fiber.joinAll(fibers)
      expect((yield* Ref.get(log)).slice(-1)).toEqual(["b ends"])
    }).pipe(Effect.provide(KeyedLocks.layer))
  )

  it.effect("a failed or interrupted holder lets the next one in", () =>
    Effect.gen(function* () {
      const locks = yield* KeyedLocks
      const failed = yield* locks.oneAtATime("u1")(Effect.fail("boom")).pipe(Effect.flip)
      expect(failed).toBe("boom")
      const holder = yield* Effect.forkChild(locks.oneAtATime("u1")(Effect.never))
      yield* Effect.yieldNow
      yield* Fiber.interrupt(holder)
      expect(yield* locks.oneAtATime("u1")(Effect.succeed("in"))).toBe("in")
    }).pipe(Effect.provide(KeyedLocks.layer))
  )
})
