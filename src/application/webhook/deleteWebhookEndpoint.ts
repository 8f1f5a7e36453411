import { Effect } from "effect"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import { WebhookEndpointNotFound } from "./WebhookErrors.ts"

/** Deletes the user's endpoint and its deliveries (pending ones are not sent); another user's is not found. */
export const deleteWebhookEndpoint = Effect.fn("deleteWebhookEndpoint")(function* (userId: string, id: string) {
  const deleted = yield* (yield* WebhookRepository).deleteEndpoint(userId, id)
  if (!deleted) return yield* new WebhookEndpointNotFound({ id })
  return { success: true as const }
})
