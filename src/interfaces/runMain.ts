import process from "node:process"
import { Cause, Context, Data, Effect, Exit, Runtime } from "effect"
import { flushLogLines } from "../infrastructure/logging/plainLogger.ts"

/**
 * The signal that asked the process to stop (SIGINT or SIGTERM), read by the shutdown lines;
 * null while none came, and always outside `runMain` (tests).
 */
export const ShutdownSignal = Context.Reference<{ readonly received: Effect.Effect<string | null> }>(
  "herald/interfaces/ShutdownSignal",
  {
    defaultValue: () => ({ received: Effect.succeed(null) })
  }
)

/**
 * In a scope being built: when it closes because a signal stopped the process, runs `f(signal)`
 * before the releases acquired so far (finalizers run in reverse order), e.g. a shutdown line.
 */
export const onShutdownSignal = <R>(f: (signal: string) => Effect.Effect<void, never, R>) =>
  Effect.addFinalizer(() =>
    Effect.gen(function* () {
      const signal = yield* (yield* ShutdownSignal).received
      if (signal !== null) yield* f(signal)
    })
  )

/** The process refuses to start: `line` is everything the operator is told (on stderr). */
export class StartRefused extends Data.TaggedError("StartRefused")<{ readonly line: string }> {}

const SIGNALS = ["SIGINT", "SIGTERM"] as const

/**
 * Runs an entry point's main effect (its layers launched) under Node and Deno, on effect's own
 * `Runtime.makeRunMain`. SIGINT or SIGTERM interrupts it, so its layers are released in the
 * reverse order of their acquisition, which is each process's shutdown order; a stop by signal
 * that completes exits 0 (not the 130 of a bare interruption). A failure exits 1 after one line
 * on stderr: a `StartRefused`'s own line, else `failed(<the error's message>)`.
 */
export const runMain = <E>(
  main: Effect.Effect<unknown, E>,
  options: { readonly failed: (message: string) => string }
): void => {
  let received: string | null = null
  const run = Runtime.makeRunMain(({ fiber, teardown }) => {
    const listeners = SIGNALS.map((signal) => ({
      signal,
      listener: () => {
        // the other signal while stopping changes nothing; the same one again kills (its `once` is spent)
        if (received !== null) return
        received = signal
        fiber.interruptUnsafe()
      }
    }))
    for (const { signal, listener } of listeners) process.once(signal, listener)
    fiber.addObserver((exit) => {
      for (const { signal, listener } of listeners) process.removeListener(signal, listener)
      // the lines logged before come before the last one
      flushLogLines()
      if (Exit.isFailure(exit) && Cause.hasInterruptsOnly(exit.cause)) {
        if (received !== null) process.exit(0)
        // interrupted by something other than a signal: say so rather than exit 130 in silence
        console.error(options.failed("interrupted"))
      } else if (Exit.isFailure(exit)) {
        const error = Cause.squash(exit.cause)
        console.error(
          error instanceof StartRefused
            ? error.line
            : options.failed(error instanceof Error ? error.message : String(error))
        )
      }
      teardown(exit, (code) => process.exit(code))
    })
  })
  run(Effect.provideService(main, ShutdownSignal, { received: Effect.sync(() => received) }), {
    disableErrorReporting: true
  })
}
