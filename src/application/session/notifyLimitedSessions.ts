import { Clock, Effect, Stream } from "effect"
import { isHeld } from "../../domain/session/MessagingSession.ts"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { whatsAppPageLink } from "../auth/links.ts"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { recordedPages } from "../eventSourcing/recordedPages.ts"
import type { StreamRef } from "../ports/EventStore.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { Notifier } from "../ports/Notifier.ts"
import { UserRepository } from "../ports/UserRepository.ts"

const SESSION_STREAM = "session-"
const PAGE = 1_000

const sessionsIn = (page: ReadonlyArray<StreamRef>): Set<string> =>
  new Set(
    page
      .filter((ref) => ref.streamId.startsWith(SESSION_STREAM))
      .map((ref) => ref.streamId.slice(SESSION_STREAM.length))
  )

/**
 * Tells the owner of every session held because WhatsApp limits its number (SessionLimited), once
 * per hold, among the sessions with events recorded since `since` (docs/architecture.md, "When
 * WhatsApp limits a number"). The scheduler that holds a session has no mail settings, so the web
 * process relays, as for failed campaigns (notifyFailedCampaigns.ts): SessionLimitNotified is
 * appended on the session's stream first and the mail goes only when that append won, so of
 * several web processes exactly one tells, once. Returns the time of the newest event seen.
 */
export const notifyLimitedSessions = Effect.fn("notifyLimitedSessions")(function* (since: number) {
  const notifier = yield* Notifier
  const { appUrl } = yield* AuthSettings
  const relay = (sessionId: string) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const outcome = yield* execute(SessionAggregate)(sessionId, { type: "RecordLimitNotified", now })
      if (outcome._tag !== "Accepted" || outcome.events.length === 0) return
      const session = outcome.state
      const limit = session.limit
      // a hold already over by the time it is relayed is not news any more
      if (limit === null || !isHeld(limit, now)) return
      const owner = yield* (yield* UserRepository).get(session.userId)
      if (owner === null) return
      const due = yield* (yield* MessageRepository).findScheduledInSession(sessionId, now, limit.until)
      yield* notifier.notify({
        kind: "SessionLimited",
        to: owner.email,
        reader: { timeZone: owner.timeZone, locale: owner.locale, language: owner.language },
        sessionName: session.sessionName,
        since: limit.since,
        until: limit.until,
        untilKnown: limit.untilKnown,
        pageLink: whatsAppPageLink(appUrl),
        dueWhileHeld: due.length
      })
    })
  return yield* recordedPages(since, PAGE).pipe(
    Stream.tap((page) => Effect.forEach(sessionsIn(page), relay, { discard: true })),
    Stream.runFold(
      () => since,
      (newest, page) => page.at(-1)?.recordedAt ?? newest
    )
  )
})
