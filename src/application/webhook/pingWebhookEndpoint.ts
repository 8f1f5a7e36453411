import { Clock, Effect } from "effect"
import { PING_EVENT_TYPE, webhookDeliveryId } from "../../domain/webhook/Webhook.ts"
import { Ids } from "../ports/Ids.ts"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import { attemptWebhook } from "./attemptWebhook.ts"
import { WebhookEndpointNotFound } from "./WebhookErrors.ts"
import { webhookBody } from "./webhookEvents.ts"

/**
 * Sends a `ping` event to the user's endpoint at once, signed like any other, and answers how
 * it went in plain words. Kept among the endpoint's deliveries; never retried.
 */
export const pingWebhookEndpoint = Effect.fn("pingWebhookEndpoint")(function* (userId: string, id: string) {
  const webhooks = yield* WebhookRepository
  const endpoint = yield* webhooks.findEndpoint(userId, id)
  if (endpoint === null) return yield* new WebhookEndpointNotFound({ id })
  const now = yield* Clock.currentTimeMillis
  const eventId = `ping.${(yield* Ids).next()}`
  const body = webhookBody(eventId, PING_EVENT_TYPE, now, { endpointId: endpoint.id })
  const deliveryId = webhookDeliveryId(endpoint.id, eventId)
  // not due (no nextAttemptAt): the worker never takes it; this call makes its one attempt
  yield* webhooks.enqueue({
    id: deliveryId,
    endpointId: endpoint.id,
    userId,
    eventId,
    type: PING_EVENT_TYPE,
    body,
    createdAt: now,
    status: "pending",
    attempts: 0,
    nextAttemptAt: null,
    leaseUntil: null,
    lastAttemptAt: null,
    outcome: null,
    responseStatus: null
  })
  const result = yield* attemptWebhook(endpoint, eventId, body)
  yield* webhooks.recordAttempt(deliveryId, {
    at: yield* Clock.currentTimeMillis,
    ...result,
    nextAttemptAt: null
  })
  return result
})
