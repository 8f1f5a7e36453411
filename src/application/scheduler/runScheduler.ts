import { Clock, Duration, Effect, Fiber, Scheduler } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { oneLine } from "../text/oneLine.ts"
import { catchUpFromCheckpoint } from "./catchUpFromCheckpoint.ts"
import { Dispatcher } from "./Dispatcher.ts"
import { recordMissedMessages } from "./recordMissedMessages.ts"
import { recoverExpiredClaims } from "./recoverExpiredClaims.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/** The catch-up's turn on the event loop before it lets others run (Effect's default: 2 048). */
const CATCH_UP_OPS_BEFORE_YIELD = 64

const stamp = (now: number) => `[${new Date(now).toISOString()}]`

/**
 * A step that cannot reach the database is logged and retried on a later wake; the loop lives
 * on with `fallback` as the step's result.
 */
const survive = <A, R>(step: Effect.Effect<A, { readonly message: string }, R>, fallback: A) =>
  step.pipe(
    Effect.catch((error) =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.logError(`${stamp(now)} Database error: ${oneLine(error.message)}`)
      ).pipe(Effect.as(fallback))
    )
  )

/**
 * The scheduler's clock: a full cycle every `pollIntervalMs` (catch up projections, report
 * expired claims and missed messages, dispatch), and in between a precise wake-up at the
 * next known scheduledAt, so a message goes out on time rather than up to a cycle late. In one
 * process with the web application it also wakes when a message is planned or edited.
 * `preloadLeadMs` before a known scheduledAt it loads what is due then, while it waits
 * (docs/architecture.md#loading-ahead); the wake at the due time stops a preload not yet done.
 *
 * The catch-up runs beside the loop, not in front of it (docs/architecture.md#the-scheduler): a
 * process started right after a large plan would otherwise re-read minutes of the log before its
 * first dispatch, and messages due meanwhile would go late. Dispatching from views not yet caught
 * up keeps exactly-once: a view only says where to look; the claim appends `MessagePicked` at the
 * message stream's next version and decides on the stream (a view that says "due" for a message
 * since edited, deleted or claimed is refused or conflicts). What a lagging view hides (a lost
 * projection of a message now due) is found by the dispatch pass the end of the catch-up wakes,
 * so the views converge as before. One catch-up at a time: a cycle that finds one still running
 * leaves it to finish.
 */
export const runScheduler = (options: { readonly pollIntervalMs: number }) =>
  Effect.gen(function* () {
    const dispatcher = yield* Dispatcher
    const messages = yield* MessageRepository
    const changes = yield* ScheduleChanges
    const { preloadLeadMs } = yield* SchedulerSettings
    let nextCycle = 0
    // Woken only to preload, for messages due at `preloadFor`: nothing known is due before then,
    // so no pass is needed, unless the wake came late (a stalled process) and they are due already.
    let preloadWake = false
    let preloadFor = 0
    // the running catch-up's end, until the loop has woken for it
    let catchingUp: Fiber.Fiber<number> | null = null
    while (true) {
      const changed = yield* changes.subscribe
      const now = yield* Clock.currentTimeMillis
      if (now >= nextCycle) {
        preloadWake = false
        nextCycle = now + options.pollIntervalMs
        const previous = catchingUp
        // one that ended while the loop woke for something else: its end is taken here
        if (previous !== null && (yield* Effect.sync(() => previous.pollUnsafe() !== undefined))) {
          yield* Fiber.join(previous)
          catchingUp = null
        }
        if (catchingUp === null) {
          // from the checkpoint in the store, also in a new process: history is not read again
          catchingUp = yield* Effect.forkChild(
            survive(catchUpFromCheckpoint(), 0).pipe(
              // it lets the event loop answer the sends' I/O often, so a long one delays them little
              Effect.provideService(Scheduler.MaxOpsBeforeYield, CATCH_UP_OPS_BEFORE_YIELD)
            )
          )
        }
        yield* survive(recoverExpiredClaims(), 0)
        yield* survive(recordMissedMessages(), 0)
      }
      if (!preloadWake || now >= preloadFor) {
        const pass = yield* survive(dispatcher.dispatchDueMessages, { found: 0, more: false })
        if (pass.more) continue
      }
      const upcoming = yield* messages.nextScheduledAfter(now).pipe(Effect.orElseSucceed(() => null))
      const after = yield* Clock.currentTimeMillis
      const preloadAt = upcoming === null ? Number.POSITIVE_INFINITY : upcoming - preloadLeadMs
      // Due within the lead: loaded while we wait. A failed preload only leaves the claims to
      // read (the pass reports a database that is away); a bug in it is logged, sends go on.
      const preloading =
        preloadAt <= after
          ? yield* Effect.forkChild(
              dispatcher.preload(now + 1, after + preloadLeadMs).pipe(
                Effect.ignore,
                Effect.catchDefect((defect) =>
                  Effect.logWarning(
                    `Preload failed: ${oneLine(defect instanceof Error ? defect.message : String(defect))}`
                  )
                )
              )
            )
          : null
      preloadWake = upcoming !== null && preloadAt > after && preloadAt < nextCycle
      preloadFor = upcoming ?? 0
      const wakeAt = upcoming === null ? nextCycle : preloadWake ? preloadAt : Math.min(nextCycle, upcoming)
      // a plan changed in this process (standalone mode) wakes us at once to look again, and so
      // does the end of a catch-up: the views it rebuilt may hold messages due now
      const woke = yield* Effect.raceAllFirst([
        Effect.as(Effect.sleep(Duration.millis(Math.max(0, wakeAt - after))), "timer" as const),
        Effect.as(changed, "changed" as const),
        catchingUp === null ? Effect.never : Effect.as(Fiber.await(catchingUp), "caughtUp" as const)
      ])
      if (woke !== "timer") preloadWake = false
      if (woke === "caughtUp" && catchingUp !== null) {
        // database errors were logged in it; a defect stops the loop, as it did in front of it
        yield* Fiber.join(catchingUp)
        catchingUp = null
      }
      if (preloading !== null) yield* Fiber.interrupt(preloading)
    }
  })
