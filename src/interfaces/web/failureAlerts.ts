import { Clock, Effect } from "effect"
import { notifyFailedCampaigns } from "../../application/campaign/notifyFailedCampaigns.ts"

/** Failures older than this when the web process starts are not announced any more. */
const LOOK_BACK_AT_START_MS = 24 * 60 * 60 * 1000
/** Events are recorded with their writer's clock: look back this much further each pass. */
const SKEW_MS = 60_000

/** The web process's relay of campaign failures to the admin, every `intervalMs`, for ever. */
export const failureAlerts = (intervalMs: number) =>
  Effect.gen(function*() {
    let since = (yield* Clock.currentTimeMillis) - LOOK_BACK_AT_START_MS
    for (;;) {
      const passStart = yield* Clock.currentTimeMillis
      yield* notifyFailedCampaigns(since).pipe(
        Effect.tap(() => Effect.sync(() => (since = passStart - SKEW_MS))),
        Effect.catch((error) => Effect.logError(`failure alerts: ${error.message}`))
      )
      yield* Effect.sleep(intervalMs)
    }
  })
