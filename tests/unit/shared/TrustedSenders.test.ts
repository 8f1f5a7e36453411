import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { MAX_TRUSTED_SENDERS, TrustedSenders } from "../../../src/application/shared/TrustedSenders.ts"

describe("TrustedSenders", () => {
  it.effect("trusts an address for its time after its last signed call, and only that address", () =>
    Effect.gen(function* () {
      const trusted = yield* TrustedSenders
      expect(yield* trusted.isTrusted("10.0.0.1")).toBe(false)
      yield* trusted.trust("10.0.0.1")
      expect(yield* trusted.isTrusted("10.0.0.1")).toBe(true)
      expect(yield* trusted.isTrusted("10.0.0.2")).toBe(false)
      yield* TestClock.adjust("9 minutes")
      // another signed call renews it
      yield* trusted.trust("10.0.0.1")
      yield* TestClock.adjust("9 minutes")
      expect(yield* trusted.isTrusted("10.0.0.1")).toBe(true)
      yield* TestClock.adjust("1 minute")
      expect(yield* trusted.isTrusted("10.0.0.1")).toBe(false)
    }).pipe(Effect.provide(TrustedSenders.layer(10 * 60_000)))
  )

  it.effect("keeps at most MAX_TRUSTED_SENDERS addresses: the least recently trusted go first", () =>
    Effect.gen(function* () {
      const trusted = yield* TrustedSenders
      for (let i = 0; i <= MAX_TRUSTED_SENDERS; i++) yield* trusted.trust(`a${i}`)
      expect(yield* trusted.isTrusted("a0")).toBe(false)
      expect(yield* trusted.isTrusted(`a${MAX_TRUSTED_SENDERS}`)).toBe(true)
    }).pipe(Effect.provide(TrustedSenders.layer(10 * 60_000)))
  )
})
