import { Clock, Effect } from "effect"
import type { MadeUpTitle } from "../../domain/campaign/defaultTitle.ts"
import { CampaignRepository, madeUpTitleOfView } from "../ports/CampaignRepository.ts"
import type { ScheduledKey } from "../ports/MessageRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** The most campaign.upcoming answers at once, whatever is asked. */
export const MAX_UPCOMING_PAGE = 200
/** How much of a message's text an upcoming row carries: a row shows the start of it. */
export const UPCOMING_CONTENT_LENGTH = 160

/**
 * campaign.upcoming: the caller's messages still to be sent (scheduled: not picked, sent, deleted
 * or cancelled), across all their campaigns, in time order (then by id), each with its time,
 * group, the start of its text and its campaign. A user's messages are those of their sessions,
 * logged-out ones included (as the quota counts them, see enforceCampaignQuota): no other user's
 * message can be among them. From now (or `from`, if later) to `to`; a page of at most
 * MAX_UPCOMING_PAGE, `after` the last one of the previous page.
 */
export const listUpcomingMessages = Effect.fn("listUpcomingMessages")(function* (
  userId: string,
  query: {
    readonly from?: number | undefined
    readonly to?: number | undefined
    readonly limit: number
    readonly after?: ScheduledKey | undefined
  }
) {
  const now = yield* Clock.currentTimeMillis
  const limit = Math.max(1, Math.min(MAX_UPCOMING_PAGE, Math.floor(query.limit)))
  const sessionIds = yield* (yield* SessionRepository).listIdsByUser(userId)
  const found = yield* (yield* MessageRepository).findUpcomingInSessions(sessionIds, {
    from: Math.max(now, query.from ?? now),
    to: query.to ?? Number.MAX_SAFE_INTEGER,
    after: query.after ?? null,
    limit: limit + 1
  })
  const page = found.slice(0, limit)
  // one read per campaign of the page (at most a page of them), for its title
  const campaigns = yield* CampaignRepository
  const titles = new Map<string, { readonly title: string; readonly madeUp: MadeUpTitle | null }>()
  yield* Effect.forEach(
    [...new Set(page.map((m) => m.campaignId))],
    (id) =>
      campaigns
        .summary(id)
        .pipe(
          Effect.map((c) =>
            titles.set(id, c === null ? { title: "", madeUp: null } : { title: c.title, madeUp: madeUpTitleOfView(c) })
          )
        ),
    { concurrency: 4 }
  )
  const items = page.map((m) => ({
    id: m.id,
    scheduledAt: m.scheduledAt,
    group: { groupId: m.groupId, groupName: m.groupName },
    content: m.content.length > UPCOMING_CONTENT_LENGTH ? `${m.content.slice(0, UPCOMING_CONTENT_LENGTH)}…` : m.content,
    campaignId: m.campaignId,
    campaignTitle: titles.get(m.campaignId)?.title ?? "",
    /** the campaign's title was made up from its targets: readers word it themselves (null: written) */
    campaignMadeUpTitle: titles.get(m.campaignId)?.madeUp ?? null,
    isPoll: m.poll !== null,
    hasMedia: m.media !== null
  }))
  const last = page.at(-1)
  return found.length > limit && last !== undefined
    ? { items, next: { scheduledAt: last.scheduledAt, id: last.id } }
    : { items }
})
