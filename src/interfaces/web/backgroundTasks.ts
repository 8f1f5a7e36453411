import { Clock, Effect, FiberSet, Layer, Ref, Schedule } from "effect"
import { sweepExpiredCredentials } from "../../application/auth/sweepExpiredCredentials.ts"
import { detectStalledScheduler, stalledSchedulerLogLine } from "../../application/campaign/detectStalledScheduler.ts"
import { notifyFailedCampaigns } from "../../application/campaign/notifyFailedCampaigns.ts"
import { sweepIdempotencyKeys } from "../../application/idempotency/sweepIdempotencyKeys.ts"
import { sweepMedia } from "../../application/media/sweepMedia.ts"
import { Notifier } from "../../application/ports/Notifier.ts"
import type { CheckpointName } from "../../application/ports/ProjectionCheckpoint.ts"
import { ProjectionCheckpoint } from "../../application/ports/ProjectionCheckpoint.ts"
import { notifyLimitedSessions } from "../../application/session/notifyLimitedSessions.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { startDueWebhooks } from "../../application/webhook/deliverDueWebhooks.ts"
import { enqueueWebhookEvents, makeRelayMemory } from "../../application/webhook/enqueueWebhookEvents.ts"
import { sweepWebhookDeliveries } from "../../application/webhook/sweepWebhookDeliveries.ts"

/** Failures older than this when the web process starts are not announced any more. */
const LOOK_BACK_AT_START_MS = 24 * 60 * 60 * 1000
/** Events are recorded with their writer's clock: look back this much further each pass. */
const SKEW_MS = 60_000

/** A stalled scheduler is announced at most this often by one web process. */
const STALL_ALERT_EVERY_MS = 60 * 60 * 1000

/** Expired sign-in sessions and reset tokens are swept this often. */
const SWEEP_EVERY_MS = 60 * 60 * 1000

/**
 * Every `intervalMs`, runs `work` over the events recorded since the previous pass that got
 * through. Where that was is kept in the store (the position `name`), so a restarted web process
 * resumes there instead of reading a day of the log again; with none stored (the first start) it
 * looks back a day, and never further. Several web processes share the position: each moves it
 * past its own passes, never back, and `work` must decide by an exclusive write which of them
 * acts on an event, each pass looking SKEW_MS further back than the last got to.
 */
const followLog = <E extends { readonly message: string }, R>(
  name: CheckpointName,
  what: string,
  intervalMs: number,
  work: (since: number) => Effect.Effect<unknown, E, R>
) =>
  Effect.gen(function* () {
    const positions = yield* ProjectionCheckpoint
    // null until the first pass found where to start (the store may be away at start)
    const since = yield* Ref.make<number | null>(null)
    const start = Effect.gen(function* () {
      const known = yield* Ref.get(since)
      if (known !== null) return known
      const stored = yield* positions.read(name)
      return Math.max(stored, (yield* Clock.currentTimeMillis) - LOOK_BACK_AT_START_MS)
    })
    const pass = Effect.gen(function* () {
      const passStart = yield* Clock.currentTimeMillis
      const next = passStart - SKEW_MS
      yield* start.pipe(
        Effect.flatMap(work),
        // the cursor moves only past a pass that got through: a failed one is covered by the next
        Effect.andThen(Ref.set(since, next)),
        Effect.andThen(positions.advance(name, next)),
        Effect.catch((error) => Effect.logError(`${what}: ${oneLine(error.message)}`))
      )
    })
    return yield* Effect.repeat(pass, Schedule.spaced(intervalMs))
  })

/**
 * Tells the admin of the campaigns that failed (notifyFailedCampaigns decides by the
 * CampaignFailureNotified append which process tells), and the owners of sessions WhatsApp
 * limits, from the same cursor.
 */
const failureAlerts = (intervalMs: number) =>
  followLog("failureAlerts", "failure alerts", intervalMs, (since) =>
    notifyFailedCampaigns(since).pipe(Effect.andThen(notifyLimitedSessions(since)))
  )

/**
 * Every `intervalMs`, looks for a stalled scheduler (messages overdue and still unpicked); once
 * one is found, logs it and tells the admin (SchedulerStalled), then stays quiet for an hour before looking again.
 */
const stallAlerts = (intervalMs: number) => {
  const check = detectStalledScheduler().pipe(
    Effect.catch((error) => Effect.as(Effect.logError(`scheduler check: ${oneLine(error.message)}`), null))
  )
  const alertOnce = Effect.gen(function* () {
    const stalled = yield* Effect.repeat(check, {
      schedule: Schedule.spaced(intervalMs),
      until: (found) => found !== null
    })
    if (stalled === null) return
    // the log in the operator's English; the admin's mail in their language and zone
    yield* Effect.logWarning(stalledSchedulerLogLine(stalled))
    yield* (yield* Notifier).notify({ kind: "SchedulerStalled", ...stalled })
  })
  return Effect.repeat(alertOnce, Schedule.spaced(STALL_ALERT_EVERY_MS))
}

/** Hourly, from the start: expired sign-in sessions and reset tokens go, and Idempotency-Keys past their 24 hours. */
const sweeps = Effect.repeat(
  sweepExpiredCredentials().pipe(
    Effect.catch((error) => Effect.logError(`sweeping expired sessions: ${oneLine(error.message)}`)),
    Effect.andThen(
      sweepIdempotencyKeys().pipe(
        Effect.catch((error) => Effect.logError(`sweeping expired Idempotency-Keys: ${oneLine(error.message)}`))
      )
    )
  ),
  Schedule.spaced(SWEEP_EVERY_MS)
)

/**
 * Hourly, from the start: uploads no message needs any more go (sweepMedia). Here rather than in
 * the scheduler: the web process is where uploads arrive and already sweeps hourly, and the
 * scheduler stays a sender; standalone runs both, so it sweeps too.
 */
const mediaSweeps = Effect.repeat(
  sweepMedia().pipe(
    Effect.tap((removed) =>
      removed > 0 ? Effect.logInfo(`removed ${removed} images and files no message needs`) : Effect.void
    ),
    Effect.catch((error) => Effect.logError(`sweeping media: ${oneLine(error.message)}`))
  ),
  Schedule.spaced(SWEEP_EVERY_MS)
)

/**
 * The web process's work beside requests, for ever, each job on its own schedule: failure
 * alerts and the stalled-scheduler check every `intervalMs`, the sweeps of expired credentials
 * and of unneeded media hourly.
 */
export const backgroundTasks = (intervalMs: number) =>
  Effect.all([failureAlerts(intervalMs), stallAlerts(intervalMs), sweeps, mediaSweeps], {
    concurrency: "unbounded",
    discard: true
  })

/** How often the webhook relay reads the log and the delivery worker looks for due deliveries. */
export const WEBHOOK_PASS_MS = 2_000

/**
 * Outgoing webhooks (docs/architecture.md#outgoing-webhooks), two loops: the relay follows the
 * log from the stored `webhooks` position (read at start) and enqueues a delivery per subscribed
 * endpoint; the worker starts each due endpoint's run (one attempt in flight per endpoint) without
 * waiting for the slow ones. Apart from the scheduler: a slow or dead endpoint never delays a send.
 */
export const webhookTasks = (intervalMs: number = WEBHOOK_PASS_MS) =>
  Effect.gen(function* () {
    // the events this process handled, so the relay's look-back re-reads nothing it already did
    const memory = yield* makeRelayMemory
    return yield* Effect.all(
      [
        followLog("webhooks", "webhook relay", intervalMs, (since) => enqueueWebhookEvents(since, memory)),
        // the worker: each pass starts the runs there is room for and does not wait for them
        Effect.scoped(
          Effect.gen(function* () {
            const running = yield* FiberSet.make()
            return yield* Effect.repeat(
              startDueWebhooks(running).pipe(
                Effect.catch((error) => Effect.logError(`webhook deliveries: ${oneLine(error.message)}`))
              ),
              Schedule.spaced(intervalMs)
            )
          })
        ),
        // hourly: deliveries done more than a week ago go
        Effect.repeat(
          sweepWebhookDeliveries().pipe(
            Effect.catch((error) => Effect.logError(`sweeping webhook deliveries: ${oneLine(error.message)}`))
          ),
          Schedule.spaced(SWEEP_EVERY_MS)
        )
      ],
      { concurrency: "unbounded", discard: true }
    )
  })

/** The background tasks, running in the layer's scope: they stop when it closes (docs/architecture.md#processes-and-configuration). */
export const backgroundTasksLayer = (intervalMs: number, webhookIntervalMs: number = WEBHOOK_PASS_MS) =>
  Layer.effectDiscard(
    Effect.forkScoped(
      Effect.all([backgroundTasks(intervalMs), webhookTasks(webhookIntervalMs)], { concurrency: 2, discard: true })
    )
  )
