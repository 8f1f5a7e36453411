import { Effect } from "effect"
import { z } from "zod"
import { createWebhookEndpoint } from "../../../application/webhook/createWebhookEndpoint.ts"
import { deleteWebhookEndpoint } from "../../../application/webhook/deleteWebhookEndpoint.ts"
import { listWebhookEndpoints } from "../../../application/webhook/listWebhookEndpoints.ts"
import { pingWebhookEndpoint } from "../../../application/webhook/pingWebhookEndpoint.ts"
import { WEBHOOK_EVENT_TYPES, WEBHOOK_URL_MAX } from "../../../domain/webhook/Webhook.ts"
import { accountProcedure, router, run, runCreate } from "../trpc.ts"

const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))
const endpointId = z.object({ id: z.string().min(1).max(100) })

/**
 * webhookEndpoint.*: an account's outgoing webhook endpoints (docs/api.md#webhooks). Cookie
 * sessions only, like apiKey.*. The secret is in create's answer alone; each endpoint lists its
 * latest deliveries with their outcome in plain words.
 */
export const webhookEndpointRouter = router({
  create: accountProcedure
    .meta({ creates: true })
    .input(
      z.object({
        url: z
          .string()
          .trim()
          .min(1, "give the endpoint's address")
          .max(WEBHOOK_URL_MAX, `the address must be at most ${WEBHOOK_URL_MAX} characters`),
        events: z
          .array(z.enum(WEBHOOK_EVENT_TYPES, `events must be among ${WEBHOOK_EVENT_TYPES.join(", ")}`))
          .min(1, "choose at least one event")
          .max(WEBHOOK_EVENT_TYPES.length * 2)
      })
    )
    // the secret is shown once: never kept for an Idempotency-Key's retry, which is refused instead
    .mutation(({ ctx, input }) =>
      runCreate(ctx, input, createWebhookEndpoint(ctx.user.id, input), "notKept", { singleWrite: true })
    ),
  list: accountProcedure.query(({ ctx }) =>
    run(
      ctx,
      listWebhookEndpoints(ctx.user.id).pipe(
        Effect.map((endpoints) => ({
          items: endpoints.map((endpoint) => ({
            ...endpoint,
            createdAt: iso(endpoint.createdAt),
            deliveries: endpoint.deliveries.map((d) => ({
              ...d,
              createdAt: iso(d.createdAt),
              lastAttemptAt: isoOrNull(d.lastAttemptAt),
              nextAttemptAt: isoOrNull(d.nextAttemptAt)
            }))
          }))
        }))
      )
    )
  ),
  delete: accountProcedure
    .input(endpointId)
    .mutation(({ ctx, input }) => run(ctx, deleteWebhookEndpoint(ctx.user.id, input.id))),
  /** sends a `ping` at once; answers whether it was delivered, in plain words */
  ping: accountProcedure
    .input(endpointId)
    .mutation(({ ctx, input }) => run(ctx, pingWebhookEndpoint(ctx.user.id, input.id)))
})
