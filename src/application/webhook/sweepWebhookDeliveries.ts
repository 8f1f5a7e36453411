import { Clock, Effect } from "effect"
import { WebhookRepository } from "../ports/WebhookRepository.ts"

/** Deliveries stay listed on the account's page this long after their event, then go. */
export const WEBHOOK_DELIVERY_KEEP_MS = 7 * 24 * 60 * 60 * 1000

/**
 * Removes the deliveries that are done (delivered or given up) and whose event is more than a
 * week old, so the table holds recent history only; pending ones stay until sent or given up.
 */
export const sweepWebhookDeliveries = Effect.fn("sweepWebhookDeliveries")(function* () {
  const now = yield* Clock.currentTimeMillis
  return yield* (yield* WebhookRepository).sweepDeliveries(now - WEBHOOK_DELIVERY_KEEP_MS)
})
