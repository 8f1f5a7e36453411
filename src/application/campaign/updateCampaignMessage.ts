import { Clock, Effect } from "effect"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { CampaignConflict, CampaignMessageNotFound, InvalidCampaign } from "./CampaignErrors.ts"
import { requireMentionAll } from "./mentionSupport.ts"
import { ownedMessage } from "./ownedMessage.ts"

/**
 * campaign.updateMessage: content, time and/or "mention everyone" of a message not yet picked
 * (else CONFLICT). Turning the mention on asks the gateway first, as creation does.
 */
export const updateCampaignMessage = Effect.fn("updateCampaignMessage")(function* (
  userId: string,
  input: {
    readonly campaignId: string
    readonly messageId: string
    readonly content?: string | undefined
    readonly scheduledAt?: number | undefined
    readonly mentionAll?: boolean | undefined
  }
) {
  yield* ownedMessage(userId, input.campaignId, input.messageId)
  if (input.mentionAll === true) yield* requireMentionAll("mentionAll")
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(MessageAggregate)(input.messageId, {
    type: "Edit",
    ...(input.content === undefined ? {} : { content: input.content }),
    ...(input.scheduledAt === undefined ? {} : { scheduledAt: input.scheduledAt }),
    ...(input.mentionAll === undefined ? {} : { mentionAll: input.mentionAll }),
    now
  })
  if (outcome._tag === "Rejected") {
    const r = outcome.rejection
    switch (r._tag) {
      case "ScheduledInThePast":
        return yield* new InvalidCampaign({
          message: `scheduledAt ${new Date(r.scheduledAt).toISOString()} is in the past`
        })
      case "EmptyContent":
        return yield* new InvalidCampaign({ message: "message content must not be empty" })
      case "MessageAlreadyPicked":
      case "MessageClosed":
        return yield* new CampaignConflict({ message: `the message can no longer be changed (${r.status})` })
      default:
        return yield* new CampaignMessageNotFound()
    }
  }
  yield* (yield* ScheduleChanges).announce
})
