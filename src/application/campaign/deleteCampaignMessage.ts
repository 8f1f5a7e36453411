import { Clock, Effect } from "effect"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { updateCampaignProgress } from "../scheduler/updateCampaignProgress.ts"
import { CampaignConflict, CampaignMessageNotFound } from "./CampaignErrors.ts"
import { ownedMessage } from "./ownedMessage.ts"

/** campaign.deleteMessage: a message not yet picked is never sent (else CONFLICT). */
export const deleteCampaignMessage = Effect.fn("deleteCampaignMessage")(function* (
  userId: string,
  input: { readonly campaignId: string; readonly messageId: string }
) {
  yield* ownedMessage(userId, input.campaignId, input.messageId)
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(MessageAggregate)(input.messageId, { type: "Delete", now })
  if (outcome._tag === "Rejected") {
    const r = outcome.rejection
    if (r._tag === "MessageAlreadyPicked" || r._tag === "MessageClosed") {
      return yield* new CampaignConflict({ message: `the message can no longer be deleted (${r.status})` })
    }
    return yield* new CampaignMessageNotFound()
  }
  // the last message left may have been this one: the campaign may now be complete
  yield* updateCampaignProgress(input.campaignId)
})
