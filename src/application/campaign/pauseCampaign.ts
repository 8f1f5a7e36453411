import { Clock, Effect } from "effect"
import type { CampaignRejection } from "../../domain/campaign/Campaign.ts"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { CampaignConflict } from "./CampaignErrors.ts"
import { holdCampaignMessages } from "./holdCampaignMessages.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/** Why a campaign cannot be paused (or, `resume`, resumed), in the organiser's words. */
export const pauseRefusal = (rejection: CampaignRejection, asked: "pause" | "resume" = "pause"): CampaignConflict => {
  if (rejection._tag === "CampaignNotPausable" || rejection._tag === "CampaignNotPaused") {
    switch (rejection.status) {
      case "COMPLETED":
        return new CampaignConflict({
          message: "This campaign has finished: every message has gone or was skipped.",
          code: "finished"
        })
      case "CANCELLED":
        return new CampaignConflict({
          message: "This campaign was cancelled: nothing more is sent.",
          code: "cancelled"
        })
      case "FAILED":
        return new CampaignConflict({
          message:
            asked === "pause"
              ? "This campaign has failed, so it cannot be paused. Cancel it to stop the messages still planned, or send the failed ones again."
              : "This campaign has failed and none of its messages is paused: there is nothing to resume. Send the failed ones again, or cancel it.",
          code: asked === "pause" ? "failedNoPause" : "failedNoResume"
        })
      case "DRAFT":
        return new CampaignConflict({ message: "This campaign has no messages yet.", code: "noMessagesYet" })
      case "PAUSED":
        return new CampaignConflict({ message: "This campaign is already paused.", code: "alreadyPaused" })
      case "SCHEDULED":
      case "IN_PROGRESS":
        return new CampaignConflict({
          message: "This campaign is not paused: its messages are sent at their times.",
          code: "notPaused"
        })
    }
  }
  return new CampaignConflict({
    message:
      asked === "pause"
        ? "This campaign cannot be paused now. Reload the page to see where it stands."
        : "This campaign cannot be resumed now. Reload the page to see where it stands.",
    code: asked === "pause" ? "cannotPause" : "cannotResume"
  })
}

/**
 * campaign.pause: the campaign records that it is paused, then every message of it still
 * waiting is paused on its own stream, at its next version: a pause and a scheduler's claim race
 * fairly (docs/architecture.md#pausing-a-campaign). A message claimed first is being sent and
 * goes; its count is answered (`alreadyPicked`) so the organiser is told. The campaign first: a
 * message still being scheduled (a plan or a resend in flight) sees it paused and pauses itself.
 * A pause cut short (a message the store failed to pause) is answered as that failure, after
 * every other message was paused; asking again (the campaign's pause is then a no-op) finishes it.
 */
export const pauseCampaign = Effect.fn("pauseCampaign")(function* (userId: string, campaignId: string) {
  yield* ownedCampaign(userId, campaignId)
  const now = yield* Clock.currentTimeMillis
  const paused = yield* execute(CampaignAggregate)(campaignId, { type: "Pause", now })
  if (paused._tag === "Rejected") return yield* pauseRefusal(paused.rejection)
  // the scheduler's next wake may have been one of these messages: told even when cut short
  const { alreadyPicked } = yield* holdCampaignMessages(campaignId, paused.state.messageIds).pipe(
    Effect.ensuring(ScheduleChanges.use((s) => s.announce))
  )
  return { alreadyPicked }
})
