import { Clock, Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** The most days one call counts: a month calendar of six weeks. */
export const MAX_UPCOMING_DAYS = 42

/**
 * campaign.upcomingByDay: how many of the caller's messages still to be sent fall on each day of a
 * calendar. `starts` are the instants the viewer's days begin (the browser knows its zone), in
 * order, one more than the days: day i is [starts[i], starts[i + 1]). Days before now count from
 * now only. One count per day on the (session, status, scheduledAt) index: a month costs its
 * days, not the messages in it.
 */
export const countUpcomingByDay = Effect.fn("countUpcomingByDay")(function* (
  userId: string,
  starts: ReadonlyArray<number>
) {
  const now = yield* Clock.currentTimeMillis
  const sessionIds = yield* (yield* SessionRepository).listIdsByUser(userId)
  const messages = yield* MessageRepository
  const days = starts.slice(0, MAX_UPCOMING_DAYS + 1).flatMap((from, i, all) => {
    const to = all[i + 1]
    return to === undefined ? [] : [{ from, to }]
  })
  const counts = yield* Effect.forEach(
    days,
    ({ from, to }) =>
      to <= now || to <= from
        ? Effect.succeed(0)
        : messages.countUpcomingInSessions(sessionIds, Math.max(from, now), to),
    { concurrency: 4 }
  )
  return { counts }
})
