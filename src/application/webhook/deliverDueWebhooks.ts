import { Clock, Effect } from "effect"
import { nextAttemptAt } from "../../domain/webhook/Webhook.ts"
import type { WebhookDelivery } from "../ports/WebhookRepository.ts"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import { attemptWebhook } from "./attemptWebhook.ts"

/** Deliveries taken per pass, and sent at once: a slow endpoint holds one of these, not the pass. */
export const WEBHOOK_BATCH = 50
export const WEBHOOK_CONCURRENCY = 8
/**
 * How long a taken delivery is this process's: past it (the process crashed mid-send) another
 * pass takes it again. Well over an attempt's 10-second bound, so a live sender is not overtaken.
 */
export const WEBHOOK_LEASE_MS = 2 * 60 * 1000

/** One attempt of a taken delivery, recorded with the next attempt's time (or none: delivered, given up). */
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
  })

/**
 * Sends the deliveries due now (docs/architecture.md#outgoing-webhooks): takes a batch under a
 * lease, sends them a few at a time, records each attempt; a failed one is retried with
 * exponential backoff (nextAttemptAt) for a day from its event, then given up. Runs in the web
 * process's background, never in the scheduler's send path. Returns how many it attempted.
 */
export const deliverDueWebhooks = Effect.fn("deliverDueWebhooks")(function* () {
  const webhooks = yield* WebhookRepository
  const now = yield* Clock.currentTimeMillis
  const due = yield* webhooks.claimDue(now, now + WEBHOOK_LEASE_MS, WEBHOOK_BATCH)
  yield* Effect.forEach(due, deliverOne, { concurrency: WEBHOOK_CONCURRENCY, discard: true })
  return due.length
})
