import { Clock, Effect } from "effect"
import { isFailure } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { failCampaign } from "../scheduler/failCampaign.ts"
import { updateCampaignProgress } from "../scheduler/updateCampaignProgress.ts"
import { CampaignConflict, CampaignMessageNotFound } from "./CampaignErrors.ts"
import { messageStateWords } from "./messageStateWords.ts"
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
      return yield* new CampaignConflict({
        message: `This message can no longer be deleted: ${messageStateWords(r.status)}.`,
        code: "messageNotDeletable",
        params: { state: r.status }
      })
    }
    return yield* new CampaignMessageNotFound()
  }
  // A resend withdrawn: its original's failure is unanswered again, and the campaign shows it
  // again (it was reopened when the last failure was sent again; see Campaign.ts).
  const resendOf = outcome.state.resendOf
  if (resendOf !== null) {
    const original = yield* load(MessageAggregate, resendOf)
    if (original.resentAs === input.messageId && isFailure(original.status)) {
      yield* failCampaign(
        input.campaignId,
        resendOf,
        original.failureReason ?? original.status.toLowerCase(),
        original.target
      )
    }
  }
  // the last message left may have been this one: the campaign may now be complete
  yield* updateCampaignProgress(input.campaignId)
})
