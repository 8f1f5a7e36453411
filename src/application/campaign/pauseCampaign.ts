import { Clock, Effect } from "effect"
import type { CampaignRejection } from "../../domain/campaign/Campaign.ts"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { CampaignConflict } from "./CampaignErrors.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/** Messages paused at once: enough for SQLite's group commit and MongoDB's batches to share a write. */
export const PAUSE_CONCURRENCY = 16

/** Why a campaign cannot be paused or resumed, in the organiser's words. */
export const pauseRefusal = (rejection: CampaignRejection): CampaignConflict => {
  if (rejection._tag === "CampaignNotPausable" || rejection._tag === "CampaignNotPaused") {
    switch (rejection.status) {
      case "COMPLETED":
        return new CampaignConflict({ message: "This campaign has finished: every message has gone or was skipped." })
      case "CANCELLED":
        return new CampaignConflict({ message: "This campaign was cancelled: nothing more is sent." })
      case "FAILED":
        return new CampaignConflict({
          message:
            "This campaign has failed, so it cannot be paused or resumed. Cancel it to stop the messages still planned, or send the failed ones again."
        })
      case "DRAFT":
        return new CampaignConflict({ message: "This campaign has no messages yet." })
      case "PAUSED":
        return new CampaignConflict({ message: "This campaign is already paused." })
      case "SCHEDULED":
      case "IN_PROGRESS":
        return new CampaignConflict({ message: "This campaign is not paused: its messages are sent at their times." })
    }
  }
  return new CampaignConflict({ message: `the campaign cannot be paused (${rejection._tag})` })
}

/**
 * campaign.pause: the campaign records that it is paused, then every message of it still
 * waiting is paused on its own stream, at its next version: a pause and a scheduler's claim race
 * fairly (docs/architecture.md#pausing-a-campaign). A message claimed first is being sent and
 * goes; its count is answered (`alreadyPicked`) so the organiser is told. The campaign first: a
 * message still being scheduled (a plan or a resend in flight) sees it paused and pauses itself;
 * a pause cut short is finished by asking again (the campaign's pause is then a no-op).
 */
export const pauseCampaign = Effect.fn("pauseCampaign")(function* (userId: string, campaignId: string) {
  yield* ownedCampaign(userId, campaignId)
  const now = yield* Clock.currentTimeMillis
  const paused = yield* execute(CampaignAggregate)(campaignId, { type: "Pause", now })
  if (paused._tag === "Rejected") return yield* pauseRefusal(paused.rejection)
  const outcomes = yield* Effect.forEach(
    paused.state.messageIds,
    (id) => execute(MessageAggregate)(id, { type: "Pause", now }),
    { concurrency: PAUSE_CONCURRENCY }
  )
  const alreadyPicked = outcomes.filter(
    (o) => o._tag === "Rejected" && o.rejection._tag === "MessageAlreadyPicked" && o.rejection.status === "PICKED"
  ).length
  // the scheduler's next wake may have been one of these messages
  yield* (yield* ScheduleChanges).announce
  return { alreadyPicked }
})
