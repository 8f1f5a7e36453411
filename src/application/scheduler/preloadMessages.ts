import { Clock, Effect } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import type { MessageState } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"
import { takeMessageIdAhead } from "./takeMessageId.ts"

/** What the scheduler read of a message shortly before it is due (docs/architecture.md#loading-ahead). */
export interface Preloaded {
  /** its stream as it was then: the claim appends after it, and a conflict says it moved since */
  readonly state: MessageState
  /** its session as read at `readAt` if it was active then; null: read again when sending */
  readonly session: SessionView | null
  readonly readAt: number
  /**
   * The id the gateway gave for its send when the preload asked (docs/outcome-unknown.md,
   * "Client-chosen message ids"), at `takenAt`: the claim records it instead of asking at the due
   * time. `null`: the session gives none (a gateway without ids, or one that ignored them), so the
   * claim goes without one, as it would after asking. Used only while the session is still named
   * so, within the lead of `takenAt`, and, an id, while the adapter has not learnt since that the
   * session gives none (processMessage.ts). Absent (the gateway failing or late): the claim asks.
   */
  readonly gatewayId?: { readonly sessionName: string; readonly id: string | null; readonly takenAt: number }
}

/** How many ids the preload asks the gateway for at once. */
const ID_CONCURRENCY = 8

/**
 * Loads the messages scheduled in [from, to] (at most `batchSize`, the earliest first) and the
 * sessions they go through into `into`, so that at their due time the pass only claims and
 * sends. `into` ends holding only messages of this window: memory stays bounded by the batch.
 * An entry whose stream is not older than the view is kept without reading it again. Written
 * entry by entry, so a preload interrupted by the due time keeps what it had read.
 */
export const preloadMessages = Effect.fnUntraced(function* (
  into: Map<string, Preloaded>,
  from: number,
  to: number,
  skip: (id: string) => boolean,
  // sessions known held: their messages are not due until the hold ends
  exceptSessions: ReadonlyArray<string> = []
) {
  const { batchSize } = yield* SchedulerSettings
  const sessions = yield* SessionRepository
  const views = yield* (yield* MessageRepository).findScheduledBetween(from, to, batchSize, exceptSessions)
  const wanted = new Set(views.map((v) => v.id))
  for (const id of into.keys()) if (!wanted.has(id)) into.delete(id)
  const readAt = yield* Clock.currentTimeMillis
  const resolved = new Map<string, SessionView | null>()
  for (const view of views) {
    if (skip(view.id)) {
      into.delete(view.id)
      continue
    }
    let session = resolved.get(view.sessionId)
    if (session === undefined) {
      const found = yield* sessions.get(view.sessionId)
      session = found?.active ? found : null
      resolved.set(view.sessionId, session)
    }
    const held = into.get(view.id)
    if (held !== undefined && held.state.version >= view.version) {
      into.set(view.id, {
        state: held.state,
        session,
        readAt,
        ...(held.gatewayId === undefined ? {} : { gatewayId: held.gatewayId })
      })
      continue
    }
    // a stream that cannot be read is left to the claim, which reports it; read up to the view's
    // version: the claim appends after it, and conflicts if the stream moved on since
    const state = yield* load(MessageAggregate, view.id, view.version).pipe(
      Effect.catchTag("CorruptData", () => Effect.succeed(null))
    )
    if (state === null) into.delete(view.id)
    else into.set(view.id, { state, session, readAt })
  }
  // Then an id for each send of an active session that has none yet, a few at a time, so that at
  // the due time the claim asks the gateway nothing (one GET a message fewer in a burst). An
  // entry taken meanwhile (its message claimed) or replaced is left as it is: an id is set only
  // on the entry it was taken for, so no two claims ever record the same id. An id never used
  // (the message edited, claimed elsewhere) is harmless: nothing was sent with it.
  // A Status is sent without an id (processMessage.ts), so none is taken for it.
  const wanting = [...into.entries()].filter(
    ([, entry]) =>
      entry.session !== null &&
      entry.gatewayId === undefined &&
      targetKindOf(entry.state.target?.groupId ?? "") !== "status"
  )
  yield* Effect.forEach(
    wanting,
    ([id, entry]) =>
      entry.session === null
        ? Effect.void
        : Effect.flatMap(takeMessageIdAhead(entry.session.sessionName), (taken) =>
            Effect.map(Clock.currentTimeMillis, (takenAt) => {
              if (taken === undefined || entry.session === null || into.get(id) !== entry) return
              into.set(id, { ...entry, gatewayId: { sessionName: entry.session.sessionName, id: taken, takenAt } })
            })
          ),
    { concurrency: ID_CONCURRENCY, discard: true }
  )
})
