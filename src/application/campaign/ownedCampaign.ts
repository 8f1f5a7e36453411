import { Effect } from "effect"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { CampaignNotFound } from "./CampaignErrors.ts"

/** The caller's campaign; anyone else's is NOT_FOUND. */
export const ownedCampaign = Effect.fnUntraced(function* (userId: string, campaignId: string) {
  const campaign = yield* (yield* CampaignRepository).get(campaignId)
  if (campaign === null || campaign.userId !== userId) return yield* new CampaignNotFound()
  return campaign
})
