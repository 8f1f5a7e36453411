import { Effect } from "effect"
import { WebhookRepository } from "../ports/WebhookRepository.ts"

/** Recent deliveries shown per endpoint. */
export const RECENT_DELIVERIES = 20

/**
 * The user's endpoints, oldest first, each with its latest deliveries (newest first): never the
 * secret, sealed or not.
 */
export const listWebhookEndpoints = Effect.fn("listWebhookEndpoints")(function* (userId: string) {
  const webhooks = yield* WebhookRepository
  const endpoints = yield* webhooks.listEndpoints(userId)
  return yield* Effect.forEach(
    endpoints,
    (endpoint) =>
      webhooks.listDeliveries(endpoint.id, RECENT_DELIVERIES).pipe(
        Effect.map((deliveries) => ({
          id: endpoint.id,
          url: endpoint.url,
          events: endpoint.events,
          createdAt: endpoint.createdAt,
          deliveries: deliveries.map((d) => ({
            id: d.id,
            eventId: d.eventId,
            type: d.type,
            status: d.status,
            attempts: d.attempts,
            createdAt: d.createdAt,
            lastAttemptAt: d.lastAttemptAt,
            nextAttemptAt: d.nextAttemptAt,
            outcome: d.outcome,
            responseStatus: d.responseStatus
          }))
        }))
      ),
    { concurrency: 4 }
  )
})
