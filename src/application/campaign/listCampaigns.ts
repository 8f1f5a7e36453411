import { Effect } from "effect"
import type { CampaignListFilter } from "../ports/CampaignRepository.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { campaignSummary } from "./campaignSummary.ts"

/**
 * campaign.list: the caller's campaigns with progress, newest first or by next send, narrowed by
 * status, group and a search of titles and texts (CampaignListFilter); offset cursor like the
 * user.* lists. One page of campaign views and no message: the progress is the counters each
 * view keeps. A view never counted (stored before counters existed, or its plan still being
 * scheduled), or a cancelled one counted before cancelled messages were, is tallied here without
 * storing anything (CampaignRepository.tally); campaign.get stores the counters of an old one.
 * Untraced, as the other reads of every page load (authenticate, getMessagingSession): a traced
 * Effect.fn makes a span and captures a stack on each call, ~30 µs of a ~1 ms request.
 */
export const listCampaigns = Effect.fnUntraced(function* (
  userId: string,
  page: { readonly limit: number; readonly cursor: number },
  filter: CampaignListFilter = { sort: "created" }
) {
  const campaigns = yield* CampaignRepository
  const found = yield* campaigns.listByUser(userId, { limit: page.limit + 1, offset: page.cursor }, filter)
  const items = yield* Effect.forEach(found.slice(0, page.limit), (campaign) =>
    campaign.counters === null || (campaign.status === "CANCELLED" && campaign.counters.cancelledMessages === null)
      ? campaigns.tally(campaign.id).pipe(Effect.map((counters) => campaignSummary(campaign, counters)))
      : Effect.succeed(campaignSummary(campaign, campaign.counters))
  )
  return found.length > page.limit ? { items, nextCursor: page.cursor + page.limit } : { items }
})
