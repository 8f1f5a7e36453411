import { Effect } from "effect"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { campaignSummary } from "./campaignSummary.ts"

/**
 * campaign.list: the caller's campaigns, newest first, with progress; offset cursor like the
 * user.* lists. One page of campaign views and no message: the progress is the counters each
 * view keeps. A view never counted (stored before counters existed, or its plan still being
 * scheduled) is tallied here without storing anything (CampaignRepository.tally); campaign.get
 * stores the counters of an old one.
 */
export const listCampaigns = Effect.fn("listCampaigns")(function* (
  userId: string,
  page: { readonly limit: number; readonly cursor: number }
) {
  const campaigns = yield* CampaignRepository
  const found = yield* campaigns.listByUser(userId, { limit: page.limit + 1, offset: page.cursor })
  const items = yield* Effect.forEach(found.slice(0, page.limit), (campaign) =>
    campaign.counters === null
      ? campaigns.tally(campaign.id).pipe(Effect.map((counters) => campaignSummary(campaign, counters)))
      : Effect.succeed(campaignSummary(campaign, campaign.counters))
  )
  return found.length > page.limit ? { items, nextCursor: page.cursor + page.limit } : { items }
})
