import { describe, expect, it } from "@effect/vitest"
import { Context, Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { RefusalLog } from "../../../src/application/shared/RefusalLog.ts"
import { capturedLog } from "../../support/capturedLog.ts"

const calls = { one: "a WAHA webhook call", many: "WAHA webhook calls" }

describe("RefusalLog", () => {
  it.effect("1,000 refusals make one line at once and one summary per minute, by reason", () => {
    const { lines, layer } = capturedLog()
    return Effect.gen(function* () {
      const log = yield* RefusalLog
      for (let i = 0; i < 1_000; i++)
        yield* log.record(
          calls,
          i % 2 === 0 ? "bad signature" : "too large",
          `from 10.0.0.${i % 7}: bad webhook signature`
        )
      expect(lines).toEqual([
        "Refused a WAHA webhook call: from 10.0.0.0: bad webhook signature (further refusals are counted and summed up once a minute)"
      ])
      yield* TestClock.adjust("1 minute")
      expect(lines).toHaveLength(2)
      expect(lines[1]).toBe(
        "WAHA webhook calls refused in the last minute after the one logged: 999 (too large 500, bad signature 499)"
      )
      // a quiet minute writes nothing; the next interval's first refusal is logged at once again
      yield* TestClock.adjust("1 minute")
      expect(lines).toHaveLength(2)
      yield* log.record(calls, "unsigned", "from 10.0.0.9: unsigned webhook")
      yield* log.record(calls, "unsigned", "from 10.0.0.9: unsigned webhook")
      expect(lines).toHaveLength(3)
      yield* TestClock.adjust("1 minute")
      expect(lines.slice(2)).toEqual([
        "Refused a WAHA webhook call: from 10.0.0.9: unsigned webhook (further refusals are counted and summed up once a minute)",
        "WAHA webhook calls refused in the last minute after the one logged: 1 (unsigned 1)"
      ])
    }).pipe(Effect.provide(RefusalLog.layer), Effect.provide(layer))
  })

  it.effect("the summing fiber stops with the layer's scope", () => {
    const { lines, layer } = capturedLog()
    return Effect.gen(function* () {
      yield* Effect.scoped(
        Effect.gen(function* () {
          const log = yield* Layer.build(RefusalLog.layer)
          const service = Context.get(log, RefusalLog)
          yield* service.record(calls, "unsigned", "first")
          yield* service.record(calls, "unsigned", "second")
        })
      )
      yield* TestClock.adjust("5 minutes")
      // the first line only: nothing summed up after the scope closed
      expect(lines).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })
})
