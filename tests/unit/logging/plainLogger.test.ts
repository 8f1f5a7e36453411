import { Effect } from "effect"
import { describe, expect, it, vi } from "vitest"
import { flushLogLines, PlainLogger } from "../../../src/infrastructure/logging/plainLogger.ts"

/** The lines written to stdout and stderr, each write split into its lines. */
const written = (effect: Effect.Effect<void>) => {
  const out = vi.spyOn(process.stdout, "write").mockImplementation(() => true)
  const err = vi.spyOn(process.stderr, "write").mockImplementation(() => true)
  const lines = (calls: ReadonlyArray<ReadonlyArray<unknown>>) =>
    calls.flatMap(([text]) => String(text).split("\n").slice(0, -1))
  try {
    Effect.runSync(effect.pipe(Effect.provide(PlainLogger)))
    flushLogLines()
    return { out: lines(out.mock.calls), err: lines(err.mock.calls), writes: out.mock.calls.length }
  } finally {
    out.mockRestore()
    err.mockRestore()
  }
}

describe("PlainLogger", () => {
  it("writes the documented lines exactly as they are: info to stdout, warnings and errors to stderr", () => {
    expect(written(Effect.logInfo("Sending to group Zoë's 🎉 club (1203@g.us): Happy birthday!"))).toEqual({
      out: ["Sending to group Zoë's 🎉 club (1203@g.us): Happy birthday!"],
      err: [],
      writes: 1
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
  it("writes the lines of one turn of the event loop in one write per stream, in the order logged", () => {
    const { out, err, writes } = written(
      Effect.gen(function* () {
        for (let i = 1; i <= 3; i++) yield* Effect.logInfo(`Message m${i} processed successfully`)
        yield* Effect.logError("Error processing message m4: boom")
        yield* Effect.logInfo("Message m5 processed successfully")
      })
    )
    expect(out).toEqual([
      "Message m1 processed successfully",
      "Message m2 processed successfully",
      "Message m3 processed successfully",
      "Message m5 processed successfully"
    ])
    expect(err).toEqual(["Error processing message m4: boom"])
    // m1 to m3 together, then m5 after the error line
    expect(writes).toBe(2)
  })
})
