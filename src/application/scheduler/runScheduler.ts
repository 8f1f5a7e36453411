import { Clock, Duration, Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { oneLine } from "../text/oneLine.ts"
import { catchUpFromCheckpoint } from "./catchUpFromCheckpoint.ts"
import { Dispatcher } from "./Dispatcher.ts"
import { recordMissedMessages } from "./recordMissedMessages.ts"
import { recoverExpiredClaims } from "./recoverExpiredClaims.ts"

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
 */
export const runScheduler = (options: { readonly pollIntervalMs: number }) =>
  Effect.gen(function* () {
    const dispatcher = yield* Dispatcher
    const messages = yield* MessageRepository
    const changes = yield* ScheduleChanges
    let nextCycle = 0
    while (true) {
      const changed = yield* changes.subscribe
      const now = yield* Clock.currentTimeMillis
      if (now >= nextCycle) {
        nextCycle = now + options.pollIntervalMs
        // from the checkpoint in the store, also in a new process: history is not read again
        yield* survive(catchUpFromCheckpoint(), 0)
        yield* survive(recoverExpiredClaims(), 0)
        yield* survive(recordMissedMessages(), 0)
      }
      const pass = yield* survive(dispatcher.dispatchDueMessages, { found: 0, more: false })
      if (pass.more) continue
      const upcoming = yield* messages.nextScheduledAfter(now).pipe(Effect.orElseSucceed(() => null))
      const wakeAt = upcoming === null ? nextCycle : Math.min(nextCycle, upcoming)
      const after = yield* Clock.currentTimeMillis
      // a plan changed in this process (standalone mode) wakes us at once to look again
      yield* Effect.raceFirst(Effect.sleep(Duration.millis(Math.max(0, wakeAt - after))), changed)
    }
  })
