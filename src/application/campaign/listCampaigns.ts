import { Effect } from "effect"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { campaignSummary } from "./campaignSummary.ts"

/** campaign.list: the caller's campaigns, newest first, with progress; offset cursor like the user.* lists. */
export const listCampaigns = Effect.fn("listCampaigns")(function* (
  userId: string,
  page: { readonly limit: number; readonly cursor: number }
) {
  const found = yield* (yield* CampaignRepository).listByUser(userId, { limit: page.limit + 1, offset: page.cursor })
  const messages = yield* MessageRepository
  const items = yield* Effect.forEach(found.slice(0, page.limit), (campaign) =>
    messages.listByCampaign(campaign.id).pipe(Effect.map((list) => campaignSummary(campaign, list)))
  )
  return found.length > page.limit ? { items, nextCursor: page.cursor + page.limit } : { items }
})
