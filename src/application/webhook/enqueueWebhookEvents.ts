import { Cache, Effect, Stream } from "effect"
import { webhookDeliveryId } from "../../domain/webhook/Webhook.ts"
import { recordedPages } from "../eventSourcing/recordedPages.ts"
import type { StreamRef } from "../ports/EventStore.ts"
import type { CorruptData } from "../ports/StoreErrors.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { WebhookRepository } from "../ports/WebhookRepository.ts"
import type { WebhookEvent } from "./webhookEvents.ts"
import { loadCampaign, WEBHOOK_SOURCE_TYPES, webhookEventsOf } from "./webhookEvents.ts"

const PAGE = 1_000

/**
 * How long a process remembers an event it handled: past the relay's look-back (a minute for the
 * writers' clocks, backgroundTasks.ts SKEW_MS) and a margin, so the passes that see it again skip
 * it without reading its stream or writing a delivery.
 */
export const RELAY_MEMORY_MS = 5 * 60 * 1000

/** The events (stream and version) this process already handled, each for RELAY_MEMORY_MS. */
export type RelayMemory = Cache.Cache<string, true>

export const makeRelayMemory = Cache.make({
  lookup: (_key: string) => Effect.succeed(true as const),
  capacity: 100_000,
  timeToLive: RELAY_MEMORY_MS
})

const eventKey = (streamId: string, version: number) => `${streamId}.${version}`

/** The versions of events that may matter to endpoints, per stream of a page, streams in the order first seen. */
const versionsByStream = (page: ReadonlyArray<StreamRef>): Map<string, Set<number>> => {
  const streams = new Map<string, Set<number>>()
  for (const ref of page) {
    if (!WEBHOOK_SOURCE_TYPES.has(ref.type)) continue
    const versions = streams.get(ref.streamId) ?? new Set<number>()
    versions.add(ref.version)
    streams.set(ref.streamId, versions)
  }
  return streams
}

/**
 * Enqueues, for every event recorded since `since` that an account's endpoints subscribed to, one
 * delivery per endpoint (docs/architecture.md#outgoing-webhooks). The delivery's id is the
 * endpoint's and the event's, and enqueueing inserts it only if no pass of any process did: the
 * walk may repeat events (each pass looks back a little, pages share their edge) and several web
 * processes may walk at once, and each event still reaches each endpoint once. An endpoint gets
 * only events from its creation on. Never in the scheduler's way: it reads the log the scheduler
 * wrote. An event this process handled recently (`memory`, kept across its passes) costs nothing
 * again. A stream that cannot be read (an event of a newer version, say) is logged and skipped,
 * and the walk carries on. Returns the time of the newest event seen. `pageSize`: events read at once (tests).
 */
export const enqueueWebhookEvents = Effect.fn("enqueueWebhookEvents")(function* (
  since: number,
  memory?: RelayMemory,
  pageSize: number = PAGE
) {
  const webhooks = yield* WebhookRepository
  // most installations have none: then the log is not read at all (an endpoint made meanwhile gets
  // only later events, and the next pass looks back past this one's start)
  if (!(yield* webhooks.hasEndpoints())) return since
  // read once per pass: a burst of sends shares a campaign
  const handled = memory ?? (yield* makeRelayMemory)
  const campaigns = yield* Cache.make({ lookup: loadCampaign, capacity: 1_000 })
  const campaignOf = (campaignId: string) => Cache.get(campaigns, campaignId)
  const users = yield* UserRepository
  // a disabled or rejected account's events go nowhere: its endpoints stay, silent (an account the
  // view does not know yet is not held back)
  const endpointsLookup = (userId: string) =>
    users
      .get(userId)
      .pipe(
        Effect.flatMap((user) =>
          user !== null && (user.status === "DISABLED" || user.status === "REJECTED")
            ? Effect.succeed([])
            : webhooks.listEndpoints(userId)
        )
      )
  const enqueue = (endpointsOf: (userId: string) => ReturnType<typeof endpointsLookup>) => (event: WebhookEvent) =>
    Effect.gen(function* () {
      const wanting = (yield* endpointsOf(event.userId)).filter(
        (endpoint) => endpoint.events.includes(event.type) && endpoint.createdAt <= event.createdAt
      )
      yield* Effect.forEach(
        wanting,
        (endpoint) =>
          webhooks.enqueue({
            id: webhookDeliveryId(endpoint.id, event.eventId),
            endpointId: endpoint.id,
            userId: event.userId,
            eventId: event.eventId,
            type: event.type,
            body: event.body,
            createdAt: event.createdAt,
            status: "pending",
            attempts: 0,
            nextAttemptAt: event.createdAt,
            leaseUntil: null,
            lastAttemptAt: null,
            outcome: null,
            responseStatus: null
          }),
        { discard: true }
      )
    })
  return yield* recordedPages(since, pageSize).pipe(
    Stream.tap((page) =>
      Effect.gen(function* () {
        // an account's endpoints are read once per page, after the page: an event remembered as
        // handled was matched against every endpoint made before it was read (one made later was
        // made after the event was recorded), so the memory never skips an endpoint's event; a
        // cache kept for the whole pass would miss an endpoint made during a pass of many pages
        const endpoints = yield* Cache.make({ lookup: endpointsLookup, capacity: 1_000 })
        const enqueueOne = enqueue((userId) => Cache.get(endpoints, userId))
        yield* Effect.forEach(
          versionsByStream(page),
          ([streamId, versions]) =>
            Effect.gen(function* () {
              const fresh = new Set<number>()
              for (const version of versions)
                if (!(yield* Cache.has(handled, eventKey(streamId, version)))) fresh.add(version)
              if (fresh.size === 0) return
              yield* webhookEventsOf(streamId, fresh, campaignOf).pipe(
                Effect.flatMap((events) => Effect.forEach(events, enqueueOne, { discard: true })),
                // one unreadable stream must not hold every later event back (docs/operations.md#outgoing-webhooks)
                Effect.catchTag("CorruptData", (error: CorruptData) =>
                  Effect.logWarning(`webhook relay: skipped ${streamId}: ${error.message}`)
                )
              )
              for (const version of fresh) yield* Cache.set(handled, eventKey(streamId, version), true)
            }),
          { discard: true }
        )
      })
    ),
    Stream.runFold(
      () => since,
      (newest, page) => page.at(-1)?.recordedAt ?? newest
    )
  )
})
