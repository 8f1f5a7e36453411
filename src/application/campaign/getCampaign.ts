import { Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/** campaign.get: the campaign with every message (as stored: instants in epoch ms), its flags and failure reason. */
export const getCampaign = Effect.fn("getCampaign")(function* (userId: string, campaignId: string) {
  const campaign = yield* ownedCampaign(userId, campaignId)
  const messages = yield* (yield* MessageRepository).listByCampaign(campaign.id)
  return {
    id: campaign.id,
    title: campaign.title,
    status: campaign.status,
    group: { groupId: campaign.groupId, groupName: campaign.groupName },
    ...(campaign.failureReason === null ? {} : { failureReason: campaign.failureReason }),
    messages
  }
})
