import { Clock, Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** The most days one call counts: a month calendar of six weeks. */
export const MAX_UPCOMING_DAYS = 42

/**
 * campaign.upcomingByDay: how many of the caller's messages still to be sent fall on each day of a
 * calendar. `starts` are the instants the viewer's days begin (the browser knows its zone), in
 * order, one more than the days: day i is [starts[i], starts[i + 1]). Days before now count from
 * now only. One read of the month's times on the (session, status, scheduledAt) index, counted by
 * day here: a month costs one query (31 counts cost 31 scans on FerretDB v1, bench/overview.ts).
 */
export const countUpcomingByDay = Effect.fn("countUpcomingByDay")(function* (
  userId: string,
  starts: ReadonlyArray<number>
) {
  const now = yield* Clock.currentTimeMillis
  const sessionIds = yield* (yield* SessionRepository).listIdsByUser(userId)
  const messages = yield* MessageRepository
  // days before now count from now only: what is still to be sent
  const bounded = starts.slice(0, MAX_UPCOMING_DAYS + 1).map((start) => Math.max(start, now))
  const counts = yield* messages.countUpcomingInSessions(sessionIds, bounded)
  return { counts }
})
