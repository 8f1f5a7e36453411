import { Clock, Effect } from "effect"
import type { WebhookEventType } from "../../domain/webhook/Webhook.ts"
import {
  describeWebhookUrlProblem,
  MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT,
  webhookUrlProblemCode
} from "../../domain/webhook/Webhook.ts"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { Ids } from "../ports/Ids.ts"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import { InvalidWebhookEndpoint, WebhookEndpointLimitReached } from "./WebhookErrors.ts"
import { WebhookSettings } from "./WebhookSettings.ts"
import { generateWebhookSecret, sealWebhookSecret } from "./webhookSecrets.ts"

/**
 * Registers an endpoint for the user and answers its secret once: only the sealed secret is
 * stored (webhookSecrets.ts). The URL must be https (or http when the operator allows private
 * targets); where it leads is checked at each delivery, since a name may change its address.
 * The count and the write run one at a time per user in this process.
 */
export const createWebhookEndpoint = Effect.fn("createWebhookEndpoint")(function* (
  userId: string,
  input: { readonly url: string; readonly events: ReadonlyArray<WebhookEventType> }
) {
  const url = input.url.trim()
  const { allowPrivateTargets } = yield* WebhookSettings
  const urlProblem = webhookUrlProblemCode(url, allowPrivateTargets)
  if (urlProblem !== null)
    return yield* new InvalidWebhookEndpoint({
      field: "url",
      message: describeWebhookUrlProblem(urlProblem),
      urlProblem
    })
  const events = [...new Set(input.events)]
  if (events.length === 0)
    return yield* new InvalidWebhookEndpoint({ field: "events", message: "Choose at least one event to send." })
  const webhooks = yield* WebhookRepository
  const locks = yield* KeyedLocks
  const id = (yield* Ids).next()
  const secret = generateWebhookSecret()
  const sealed = sealWebhookSecret((yield* AuthSettings).tokenKey, id, secret)
  const now = yield* Clock.currentTimeMillis
  return yield* locks.oneAtATime(`createWebhookEndpoint:${userId}`)(
    Effect.gen(function* () {
      if ((yield* webhooks.listEndpoints(userId)).length >= MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT)
        return yield* new WebhookEndpointLimitReached()
      yield* webhooks.createEndpoint({ id, userId, url, events, secret: sealed, createdAt: now })
      return { id, secret }
    })
  )
})
