import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import { WEBHOOK_DELIVERY_STATUSES } from "../../domain/webhook/Webhook.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * An account's webhook endpoint as stored. `secret` is the signing secret encrypted
 * (AES-256-GCM under a key derived from AUTH_SECRET, WebhookSecretBox): the signature needs the
 * secret itself, so it cannot be kept as a digest like an API key. Times in ms.
 */
export const WebhookEndpointSchema = z.object({
  id: z.string(),
  userId: z.string(),
  url: z.string(),
  events: z.array(z.string()).readonly(),
  secret: z.string(),
  createdAt: z.number()
})
export type WebhookEndpoint = Readonly<z.output<typeof WebhookEndpointSchema>>

/**
 * One event to deliver to one endpoint, and how its attempts went. `body` is the JSON sent
 * (the same bytes on every attempt); `createdAt` is the event's time, from which the retry
 * window runs; `leaseUntil` is set while a process is sending it, so a crashed process's
 * delivery is taken again once its lease ran out. `outcome` is the last attempt's, in plain words.
 */
export const WebhookDeliverySchema = z.object({
  id: z.string(),
  endpointId: z.string(),
  userId: z.string(),
  eventId: z.string(),
  type: z.string(),
  body: z.string(),
  createdAt: z.number(),
  status: z.enum(WEBHOOK_DELIVERY_STATUSES),
  attempts: z.number(),
  nextAttemptAt: z.number().nullable(),
  leaseUntil: z.number().nullable(),
  lastAttemptAt: z.number().nullable(),
  outcome: z.string().nullable(),
  responseStatus: z.number().nullable()
})
export type WebhookDelivery = Readonly<z.output<typeof WebhookDeliverySchema>>

/** What one attempt came to (recordAttempt). */
export interface WebhookAttempt {
  readonly at: number
  readonly delivered: boolean
  readonly outcome: string
  readonly responseStatus: number | null
  /** when to try again; null: not again (delivered, or given up) */
  readonly nextAttemptAt: number | null
}

export class WebhookRepository extends Context.Service<
  WebhookRepository,
  {
    readonly createEndpoint: (endpoint: WebhookEndpoint) => Effect.Effect<void, StoreUnavailable>
    /** whether any account has an endpoint (the relay reads nothing on an installation without) */
    readonly hasEndpoints: () => Effect.Effect<boolean, StoreUnavailable>
    /** a user's endpoints, oldest first (createdAt, then id) */
    readonly listEndpoints: (userId: string) => Effect.Effect<ReadonlyArray<WebhookEndpoint>, StoreUnavailable>
    /** the endpoint of that id if it is the user's, else null (another user's is not found) */
    readonly findEndpoint: (userId: string, id: string) => Effect.Effect<WebhookEndpoint | null, StoreUnavailable>
    /** Deletes the user's endpoint and its deliveries; false when the user has none of that id (nothing changed). */
    readonly deleteEndpoint: (userId: string, id: string) => Effect.Effect<boolean, StoreUnavailable>
    /**
     * Inserts the delivery unless one of its id exists: true when this call inserted it. Exclusive
     * on every store (on Mongo by the unique `_id`), so of several passes or processes finding one
     * event for one endpoint exactly one enqueues it. While the endpoint is held back (a pending
     * delivery of it failed and waits for its next attempt: the breaker, postponeDue) the new one
     * waits with it: its nextAttemptAt is the earliest such wait if that is later than its own, so
     * a dead endpoint is not called again for each new event. Read and insert in one statement on
     * SQLite; on MongoDB two steps, so a failure recorded in between is missed (one extra attempt).
     */
    readonly enqueue: (delivery: WebhookDelivery) => Effect.Effect<boolean, StoreUnavailable>
    /**
     * Takes pending deliveries due at `now` (nextAttemptAt ≤ now) whose lease is free or ran out,
     * fairly across endpoints, and leases them until `leaseUntil`: at most one per endpoint (its
     * oldest due), none of an endpoint with a delivery leased now (one attempt in flight per
     * endpoint, whichever process holds it), up to `limit` endpoints, the oldest due first. With
     * `endpointId`, only that endpoint's oldest due (the next of a run that just succeeded).
     * Atomic per delivery on memory, SQLite and MongoDB; on FerretDB v1 (find-then-write) two
     * processes may rarely take one delivery at once, which sends it twice: delivery is at least once.
     * "One in flight per endpoint" is exact on memory and SQLite (one statement under the write
     * lock) but best effort on MongoDB/FerretDB across processes: the busy endpoints are read
     * before the candidates are leased, so two processes claiming at the same moment may each take
     * a different delivery of one endpoint (two attempts in flight to it, briefly).
     */
    readonly claimDue: (
      now: number,
      leaseUntil: number,
      limit: number,
      endpointId?: string
    ) => Effect.Effect<ReadonlyArray<WebhookDelivery>, StoreUnavailable>
    /**
     * The endpoint just failed: its other pending deliveries due before `until`, not leased at
     * `now`, wait until `until` (its next attempt) instead of calling it again meanwhile. Answers
     * how many were put off.
     */
    readonly postponeDue: (endpointId: string, until: number, now: number) => Effect.Effect<number, StoreUnavailable>
    /** Records an attempt: one more attempt, its outcome, the new status, the lease released. */
    readonly recordAttempt: (id: string, attempt: WebhookAttempt) => Effect.Effect<void, StoreUnavailable>
    /**
     * Deletes the deliveries that are done (delivered or given up) and whose event is older than
     * `before`; pending ones stay whatever their age. Answers how many went.
     */
    readonly sweepDeliveries: (before: number) => Effect.Effect<number, StoreUnavailable>
    /** an endpoint's deliveries, newest first (createdAt, then id, descending), at most `limit` */
    readonly listDeliveries: (
      endpointId: string,
      limit: number
    ) => Effect.Effect<ReadonlyArray<WebhookDelivery>, StoreUnavailable>
  }
>()("herald/application/ports/WebhookRepository") {}

/** The status a delivery has after an attempt. */
export const statusAfter = (attempt: WebhookAttempt): WebhookDelivery["status"] =>
  attempt.delivered ? "delivered" : attempt.nextAttemptAt === null ? "failed" : "pending"
