import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { MAX_KEYS, RequestLimits } from "../../../src/application/shared/RequestLimits.ts"

const rule = { limit: 3, windowMs: 60_000 }
const refused = <E>(effect: Effect.Effect<void, E>) =>
  Effect.match(effect, { onFailure: () => true, onSuccess: () => false })

describe("RequestLimits", () => {
  it.effect("take refuses past the limit, counts the refusals too, and forgets the key after its window", () =>
    Effect.gen(function* () {
      const limits = yield* RequestLimits
      const results = []
      for (let i = 0; i < 5; i++) results.push(yield* refused(limits.take("u1", rule)))
      expect(results).toEqual([false, false, false, true, true])
      // another key has its own allowance
      expect(yield* refused(limits.take("u2", rule))).toBe(false)
      yield* TestClock.adjust("59 seconds")
      expect(yield* refused(limits.check("u1", rule))).toBe(true)
      yield* TestClock.adjust("1 second")
      expect(yield* refused(limits.take("u1", rule))).toBe(false)
    }).pipe(Effect.provide(RequestLimits.layer))
  )

  it.effect("check counts nothing; count counts without refusing", () =>
    Effect.gen(function* () {
      const limits = yield* RequestLimits
      for (let i = 0; i < 10; i++) yield* limits.check("c", rule)
      for (let i = 0; i < 2; i++) yield* limits.count("c", rule)
      expect(yield* refused(limits.check("c", rule))).toBe(false)
      yield* limits.count("c", rule)
      const refusal = yield* Effect.flip(limits.check("c", rule))
      expect(refusal.retryAfterMs).toBe(60_000)
    }).pipe(Effect.provide(RequestLimits.layer))
  )

  it.effect(
    "keeps at most MAX_KEYS keys: past that a new key is neither counted nor refused, and finished windows are dropped",
    () =>
      Effect.gen(function* () {
        const limits = yield* RequestLimits
        for (let i = 0; i < MAX_KEYS + 500; i++) yield* limits.count(`k${i}`, rule)
        expect(yield* limits.size).toBe(MAX_KEYS)
        // a flood of new keys cannot lock out a newcomer (WAHA's address, say): past the cap it is let through
        for (let i = 0; i < 10; i++) expect(yield* refused(limits.take("newcomer", rule))).toBe(false)
        expect(yield* refused(limits.check("newcomer", rule))).toBe(false)
        expect(yield* limits.size).toBe(MAX_KEYS)
        // a key counted before the cap keeps its own count
        yield* limits.count("k0", rule)
        yield* limits.count("k0", rule)
        expect(yield* refused(limits.check("k0", rule))).toBe(true)
        yield* TestClock.adjust("61 seconds")
        yield* limits.count("later", rule)
        expect(yield* limits.size).toBe(1)
      }).pipe(Effect.provide(RequestLimits.layer))
  )
})
