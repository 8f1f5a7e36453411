import { Clock, Effect } from "effect"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { CampaignConflict } from "./CampaignErrors.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/**
 * campaign.cancel: every message not yet picked is cancelled on its own stream (so a cancel
 * and a scheduler's claim race fairly: whichever is appended first wins), then the campaign.
 * A message already picked finishes its send. Messages first: a crash half-way leaves a
 * campaign that can be cancelled again, never a CANCELLED campaign with messages still due.
 */
export const cancelCampaign = Effect.fn("cancelCampaign")(function* (userId: string, campaignId: string) {
  const campaign = yield* ownedCampaign(userId, campaignId)
  if (campaign.status === "COMPLETED" || campaign.status === "CANCELLED") {
    return yield* new CampaignConflict({
      message: `the campaign is already ${campaign.status}`,
      code: campaign.status === "COMPLETED" ? "alreadyCompleted" : "alreadyCancelled"
    })
  }
  const now = yield* Clock.currentTimeMillis
  // Rejections (picked, sent, deleted, already cancelled) are the messages that stay as they are.
  const cancelEach = (ids: ReadonlyArray<string>) =>
    Effect.forEach(ids, (id) =>
      execute(MessageAggregate)(id, { type: "Cancel", now }).pipe(Effect.map((o) => ({ id, o })))
    )
  const first = yield* cancelEach(campaign.messageIds)
  const outcome = yield* execute(CampaignAggregate)(campaignId, { type: "Cancel", now })
  // Messages not scheduled yet (the campaign is still being created) are cancelled by the
  // creator if it sees the campaign CANCELLED; if it looked before, they exist by now.
  const notYet = first
    .filter(({ o }) => o._tag === "Rejected" && o.rejection._tag === "MessageNotFound")
    .map(({ id }) => id)
  if (notYet.length > 0) yield* cancelEach(notYet)
  // FAILED campaigns keep their status (the failure is what the user must see); their remaining messages are cancelled all the same.
  if (outcome._tag === "Rejected" && outcome.rejection._tag !== "CampaignNotCancellable") {
    return yield* new CampaignConflict({ message: outcome.rejection._tag, code: "cannotCancel" })
  }
})
