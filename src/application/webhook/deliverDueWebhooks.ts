import { Clock, Effect, FiberSet } from "effect"
import { nextAttemptAt } from "../../domain/webhook/Webhook.ts"
import type { WebhookDelivery } from "../ports/WebhookRepository.ts"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import { attemptWebhook } from "./attemptWebhook.ts"

/** Endpoints served at once per web process: each has one attempt in flight at most. */
export const WEBHOOK_CONCURRENCY = 8
/**
 * Deliveries one endpoint's run sends one after another while they succeed, before it makes room
 * for the others (a busy, healthy endpoint is not held to one delivery per pass).
 */
export const WEBHOOK_RUN_MAX = 50
/**
 * How long a taken delivery is this process's: past it (the process crashed mid-send) another
 * pass takes it again. Well over an attempt's 10-second bound, so a live sender is not overtaken.
 */
export const WEBHOOK_LEASE_MS = 2 * 60 * 1000

/**
 * One attempt of a taken delivery, recorded with the next attempt's time (or none: delivered,
 * given up). A failure puts the endpoint's other due deliveries off to the same next time (a
 * breaker per endpoint): a dead endpoint costs one attempt per backoff step, not one per delivery.
 * Answers whether it was delivered.
 */
const deliverOne = (delivery: WebhookDelivery) =>
  Effect.gen(function* () {
    const webhooks = yield* WebhookRepository
    const endpoint = yield* webhooks.findEndpoint(delivery.userId, delivery.endpointId)
    const result =
      endpoint === null
        ? { delivered: false, outcome: "Not sent: the endpoint was deleted.", responseStatus: null }
        : yield* attemptWebhook(endpoint, delivery.eventId, delivery.body)
    const now = yield* Clock.currentTimeMillis
    const next =
      result.delivered || endpoint === null ? null : nextAttemptAt(delivery.createdAt, delivery.attempts + 1, now)
    yield* webhooks.recordAttempt(delivery.id, {
      at: now,
      delivered: result.delivered,
      // a given-up delivery says so after the last attempt's outcome
      outcome:
        result.delivered || next !== null || endpoint === null
          ? result.outcome
          : `${result.outcome} Gave up: no attempt succeeded within a day.`,
      responseStatus: result.responseStatus,
      nextAttemptAt: next
    })
    if (next !== null) yield* webhooks.postponeDue(delivery.endpointId, next, now)
    return result.delivered
  })

/**
 * One endpoint's run from a taken delivery: while attempts succeed it takes the endpoint's next
 * due delivery, up to WEBHOOK_RUN_MAX; it stops at the first failure. Answers how many it attempted.
 */
const runEndpoint = (first: WebhookDelivery) =>
  Effect.gen(function* () {
    const webhooks = yield* WebhookRepository
    let delivery: WebhookDelivery | undefined = first
    let attempted = 0
    while (delivery !== undefined && attempted < WEBHOOK_RUN_MAX) {
      const delivered = yield* deliverOne(delivery)
      attempted++
      if (!delivered) break
      const now = yield* Clock.currentTimeMillis
      delivery = (yield* webhooks.claimDue(now, now + WEBHOOK_LEASE_MS, 1, delivery.endpointId))[0]
    }
    return attempted
  })

const claimFairly = (endpoints: number) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    return yield* (yield* WebhookRepository).claimDue(now, now + WEBHOOK_LEASE_MS, endpoints)
  })

/**
 * Sends the deliveries due now (docs/architecture.md#outgoing-webhooks) and waits for them:
 * takes the oldest due of up to WEBHOOK_CONCURRENCY endpoints (none already being called), runs
 * each endpoint's deliveries one after another, records each attempt; a failed one is retried
 * with exponential backoff (nextAttemptAt) for a day from its event, then given up. Returns how
 * many it attempted. The web process runs `startDueWebhooks` instead, which does not wait.
 */
export const deliverDueWebhooks = Effect.fn("deliverDueWebhooks")(function* () {
  const due = yield* claimFairly(WEBHOOK_CONCURRENCY)
  const attempted = yield* Effect.forEach(due, runEndpoint, { concurrency: "unbounded" })
  return attempted.reduce((sum, n) => sum + n, 0)
})

/**
 * One pass of the web process's delivery worker: as many endpoints as `running` has room for
 * (WEBHOOK_CONCURRENCY) are taken and their runs started in it, and the pass returns at once: a
 * slow endpoint holds its own place only, never the next pass. Answers how many endpoints it started.
 */
export const startDueWebhooks = Effect.fn("startDueWebhooks")(function* (running: FiberSet.FiberSet<unknown, unknown>) {
  const room = WEBHOOK_CONCURRENCY - (yield* FiberSet.size(running))
  if (room <= 0) return 0
  const due = yield* claimFairly(room)
  for (const delivery of due)
    yield* FiberSet.run(
      running,
      runEndpoint(delivery).pipe(
        // the lease brings a delivery whose record failed back later
        Effect.catch((error) => Effect.logError(`webhook deliveries: ${error.message}`))
      )
    )
  return due.length
})
