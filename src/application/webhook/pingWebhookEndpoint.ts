import { Clock, Effect } from "effect"
import { PING_EVENT_TYPE, webhookDeliveryId } from "../../domain/webhook/Webhook.ts"
import { Ids } from "../ports/Ids.ts"
import { statusAfter, WebhookRepository } from "../ports/WebhookRepository.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import type { LimitRule } from "../shared/RequestLimits.ts"
import { RequestLimits } from "../shared/RequestLimits.ts"
import { attemptWebhook } from "./attemptWebhook.ts"
import { TooManyWebhookPings, WebhookEndpointNotFound } from "./WebhookErrors.ts"
import { webhookBody } from "./webhookEvents.ts"

/**
 * Pings one account may send in a minute, in this process, refused ones included: each makes the
 * server call an address the user chose (docs/security.md#outgoing-webhooks).
 */
export const PINGS_PER_MINUTE: LimitRule = { limit: 6, windowMs: 60_000 }

/**
 * Sends a `ping` event to the user's endpoint at once, signed like any other, and answers how
 * it went in plain words. An account's pings go one at a time, at most PINGS_PER_MINUTE. The
 * ping is kept among the endpoint's deliveries once its attempt is over (a process stopping
 * mid-ping leaves no delivery pending for ever); never retried.
 */
export const pingWebhookEndpoint = Effect.fn("pingWebhookEndpoint")(function* (userId: string, id: string) {
  const webhooks = yield* WebhookRepository
  const endpoint = yield* webhooks.findEndpoint(userId, id)
  if (endpoint === null) return yield* new WebhookEndpointNotFound({ id })
  yield* RequestLimits.use((limits) => limits.take(`webhookPing:${userId}`, PINGS_PER_MINUTE)).pipe(
    Effect.catchTag("OverLimit", (over) => Effect.fail(new TooManyWebhookPings({ retryAfterMs: over.retryAfterMs })))
  )
  const locks = yield* KeyedLocks
  return yield* locks.oneAtATime(`webhookPing:${userId}`)(
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const eventId = `ping.${(yield* Ids).next()}`
      const body = webhookBody(eventId, PING_EVENT_TYPE, now, { endpointId: endpoint.id })
      const result = yield* attemptWebhook(endpoint, eventId, body)
      const at = yield* Clock.currentTimeMillis
      // written once, done: not due (no nextAttemptAt), so the worker never takes it
      yield* webhooks.enqueue({
        id: webhookDeliveryId(endpoint.id, eventId),
        endpointId: endpoint.id,
        userId,
        eventId,
        type: PING_EVENT_TYPE,
        body,
        createdAt: now,
        status: statusAfter({ at, ...result, nextAttemptAt: null }),
        attempts: 1,
        nextAttemptAt: null,
        leaseUntil: null,
        lastAttemptAt: at,
        outcome: result.outcome,
        responseStatus: result.responseStatus
      })
      return result
    })
  )
})
