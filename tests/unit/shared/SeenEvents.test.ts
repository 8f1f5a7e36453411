import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { MAX_SEEN_EVENTS, SeenEvents } from "../../../src/application/shared/SeenEvents.ts"

describe("SeenEvents", () => {
  it.effect("remembers an id for its time only", () =>
    Effect.gen(function* () {
      const seen = yield* SeenEvents
      expect(yield* seen.seen("evt_1")).toBe(false)
      yield* seen.remember("evt_1")
      expect(yield* seen.seen("evt_1")).toBe(true)
      expect(yield* seen.seen("evt_2")).toBe(false)
      yield* TestClock.adjust("59 seconds")
      expect(yield* seen.seen("evt_1")).toBe(true)
      yield* TestClock.adjust("1 second")
      expect(yield* seen.seen("evt_1")).toBe(false)
    }).pipe(Effect.provide(SeenEvents.layer(60_000)))
  )

  it.effect("keeps at most MAX_SEEN_EVENTS ids: the oldest go first", () =>
    Effect.gen(function* () {
      const seen = yield* SeenEvents
      for (let i = 0; i < MAX_SEEN_EVENTS + 10; i++) yield* seen.remember(`evt_${i}`)
      expect(yield* seen.seen("evt_0")).toBe(false)
      expect(yield* seen.seen(`evt_${MAX_SEEN_EVENTS + 9}`)).toBe(true)
    }).pipe(Effect.provide(SeenEvents.layer(60_000)))
  )
})
