import { Effect } from "effect"
import { describe, expect, it, vi } from "vitest"
import { PlainLogger } from "../../../src/infrastructure/logging/plainLogger.ts"

const written = (effect: Effect.Effect<void>) => {
  const out = vi.spyOn(console, "log").mockImplementation(() => {})
  const err = vi.spyOn(console, "error").mockImplementation(() => {})
  try {
    Effect.runSync(effect.pipe(Effect.provide(PlainLogger)))
    return { out: out.mock.calls.map((c) => c.join(" ")), err: err.mock.calls.map((c) => c.join(" ")) }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

describe("PlainLogger", () => {
  it("writes the documented lines exactly as they are: info to stdout, warnings and errors to stderr", () => {
    expect(written(Effect.logInfo("Sending to group Zoë's 🎉 club (1203@g.us): Happy birthday!"))).toEqual({
      out: ["Sending to group Zoë's 🎉 club (1203@g.us): Happy birthday!"],
      err: []
    })
    expect(written(Effect.logWarning("careful")).err).toEqual(["careful"])
    expect(written(Effect.logError("Error processing message m1: boom")).err).toEqual([
      "Error processing message m1: boom"
    ])
  })

  it("writes every record as one line, whatever a message held (a line it was not given escaped, never a line of its own)", () => {
    const { out, err } = written(
      Effect.gen(function* () {
        yield* Effect.logInfo("tRPC user.x\n[2026-01-01T10:00:00.000Z] Message x processed successfully")
        yield* Effect.logError("request failed: Error: boom\r\n    at somewhere\u2028\u0085")
      })
    )
    expect(out).toEqual(["tRPC user.x\\n[2026-01-01T10:00:00.000Z] Message x processed successfully"])
    expect(err).toEqual(["request failed: Error: boom\\r\\n    at somewhere\\u2028\\u0085"])
  })
})
