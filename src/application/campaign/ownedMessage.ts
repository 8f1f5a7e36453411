import { Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { CampaignMessageNotFound } from "./CampaignErrors.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/** The caller's message of the caller's campaign. */
export const ownedMessage = Effect.fnUntraced(function* (userId: string, campaignId: string, messageId: string) {
  const campaign = yield* ownedCampaign(userId, campaignId)
  const message = yield* (yield* MessageRepository).get(messageId)
  if (message === null || message.campaignId !== campaign.id || !campaign.messageIds.includes(messageId)) {
    return yield* new CampaignMessageNotFound()
  }
  return { campaign, message }
})
