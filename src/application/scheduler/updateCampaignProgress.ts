import { Clock, Effect } from "effect"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"

/**
 * After a send: IN_PROGRESS on the first, COMPLETED when every non-deleted message is sent.
 * Counts come from the messages read model, which the sender updated before calling this;
 * of two concurrent last sends, the later reader sees both and completes the campaign.
 */
export const updateCampaignProgress = Effect.fnUntraced(function* (campaignId: string) {
  const campaign = yield* (yield* CampaignRepository).summary(campaignId)
  const progress = yield* (yield* MessageRepository).progress(campaignId)
  // Nothing to record: saves a read of the campaign stream on most sends.
  if (campaign?.status === "IN_PROGRESS" && progress.open > 0) return
  const now = yield* Clock.currentTimeMillis
  yield* execute(CampaignAggregate)(campaignId, {
    type: "RecordProgress",
    sent: progress.sent,
    open: progress.open,
    now
  })
})
