import { Clock, Effect } from "effect"
import { detectStalledScheduler } from "../../application/campaign/detectStalledScheduler.ts"
import { notifyFailedCampaigns } from "../../application/campaign/notifyFailedCampaigns.ts"
import { sweepExpiredCredentials } from "../../application/auth/sweepExpiredCredentials.ts"
import { Notifier } from "../../application/ports/Notifier.ts"
import { oneLine } from "../../application/text/oneLine.ts"

/** Failures older than this when the web process starts are not announced any more. */
const LOOK_BACK_AT_START_MS = 24 * 60 * 60 * 1000
/** Events are recorded with their writer's clock: look back this much further each pass. */
const SKEW_MS = 60_000

/** A stalled scheduler is announced at most this often by one web process. */
const STALL_ALERT_EVERY_MS = 60 * 60 * 1000

/** Expired sign-in sessions and reset tokens are swept this often. */
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * The web process's work beside requests, every `intervalMs`, for ever: tell the admin of
 * campaigns that failed and, when no scheduler seems to run (messages overdue and still
 * unpicked), raise a system alert; hourly, sweep expired credentials.
 */
export const backgroundTasks = (intervalMs: number) =>
  Effect.gen(function*() {
    let since = (yield* Clock.currentTimeMillis) - LOOK_BACK_AT_START_MS
    let lastStallAlert = Number.NEGATIVE_INFINITY
    let lastSweep = Number.NEGATIVE_INFINITY
    for (;;) {
      const passStart = yield* Clock.currentTimeMillis
      yield* notifyFailedCampaigns(since).pipe(
        Effect.tap(() => Effect.sync(() => (since = passStart - SKEW_MS))),
        Effect.catch((error) => Effect.logError(`failure alerts: ${oneLine(error.message)}`))
      )
      const stalled = yield* detectStalledScheduler().pipe(
        Effect.catch((error) => Effect.as(Effect.logError(`scheduler check: ${oneLine(error.message)}`), null))
      )
      if (stalled !== null && passStart - lastStallAlert >= STALL_ALERT_EVERY_MS) {
        lastStallAlert = passStart
        yield* Effect.logWarning(stalled)
        yield* (yield* Notifier).notify({ kind: "SystemAlert", text: stalled })
      }
      if (passStart - lastSweep >= SWEEP_EVERY_MS) {
        lastSweep = passStart
        yield* sweepExpiredCredentials().pipe(Effect.catch((error) => Effect.logError(`sweeping expired sessions: ${oneLine(error.message)}`)))
      }
      yield* Effect.sleep(intervalMs)
    }
  })
