import { Clock, Effect } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { alreadyPassed } from "../../domain/campaign/pastTime.ts"
import { pollProblem } from "../../domain/message/Poll.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { CampaignConflict, CampaignMessageNotFound, InvalidCampaign } from "./CampaignErrors.ts"
import { CHANNEL_MENTION_REFUSAL } from "./channelSupport.ts"
import { requireMentionAll } from "./mentionSupport.ts"
import { messageStateWords } from "./messageStateWords.ts"
import { ownedMessage } from "./ownedMessage.ts"
import { STATUS_NO_MENTION } from "./statusPlan.ts"

/**
 * campaign.updateMessage: content, time and/or "mention everyone" of a message not yet picked
 * (else CONFLICT), and a poll's options. Turning the mention on asks the gateway first, as
 * creation does; a poll's options do not (the gateway was asked when it was planned).
 */
export const updateCampaignMessage = Effect.fn("updateCampaignMessage")(function* (
  userId: string,
  input: {
    readonly campaignId: string
    readonly messageId: string
    readonly content?: string | undefined
    readonly scheduledAt?: number | undefined
    readonly mentionAll?: boolean | undefined
    /** a poll's new options (the message must be a poll; its content is the question) */
    readonly poll?:
      | { readonly options: ReadonlyArray<string>; readonly multipleAnswers?: boolean | undefined }
      | undefined
  }
) {
  const { campaign, message } = yield* ownedMessage(userId, input.campaignId, input.messageId)
  // a poll's own rules first (the decider checks them again on the stream), so that a plain
  // mistake is named without asking the gateway
  const poll =
    input.poll === undefined
      ? undefined
      : {
          options: [...input.poll.options],
          multipleAnswers: input.poll.multipleAnswers ?? message.poll?.multipleAnswers ?? false
        }
  if (poll !== undefined) {
    const problem = pollProblem(poll)
    if (problem !== null)
      return yield* new InvalidCampaign({
        message: problem.message,
        code: problem.code,
        params: problem.params,
        field: `poll.${problem.at}`
      })
  }
  if (input.mentionAll === true && targetKindOf(message.groupId) === "channel")
    return yield* new InvalidCampaign({ message: CHANNEL_MENTION_REFUSAL, code: "channelMention", field: "mentionAll" })
  // the number's Status: no mention goes with it (statusPlan.ts)
  if (input.mentionAll === true && targetKindOf(message.groupId) === "status") {
    return yield* new InvalidCampaign({ message: STATUS_NO_MENTION, code: "statusMention", field: "mentionAll" })
  }
  if (input.mentionAll === true) yield* requireMentionAll("mentionAll")
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(MessageAggregate)(input.messageId, {
    type: "Edit",
    ...(input.content === undefined ? {} : { content: input.content }),
    ...(input.scheduledAt === undefined ? {} : { scheduledAt: input.scheduledAt }),
    ...(input.mentionAll === undefined ? {} : { mentionAll: input.mentionAll }),
    ...(poll === undefined ? {} : { poll }),
    now
  })
  if (outcome._tag === "Rejected") {
    const r = outcome.rejection
    switch (r._tag) {
      case "ScheduledInThePast":
        // on the campaign's wall clock (UTC for a campaign created before plans were kept)
        return yield* new InvalidCampaign({
          message: alreadyPassed(r.scheduledAt, campaign.plan?.timeZone ?? "UTC", now),
          code: "pastTime",
          params: { scheduledAt: r.scheduledAt, timeZone: campaign.plan?.timeZone ?? "UTC" },
          field: "scheduledAt"
        })
      case "EmptyContent":
        return yield* new InvalidCampaign({
          message: "message content must not be empty",
          code: "emptyContent",
          field: "content"
        })
      case "InvalidPoll":
        return yield* new InvalidCampaign({ message: r.message, code: r.code, params: r.params, field: `poll.${r.at}` })
      case "NotAPoll":
        return yield* new InvalidCampaign({
          message: "this message is a text, not a poll: a text cannot become a poll (plan a new message)",
          code: "notAPoll",
          field: "poll"
        })
      case "PollCannotMention":
        return yield* new InvalidCampaign({
          message: "a poll cannot mention everyone (WhatsApp gateways send polls without mentions)",
          code: "pollMention",
          field: "mentionAll"
        })
      case "MessageAlreadyPicked":
      case "MessageClosed":
        return yield* new CampaignConflict({
          message: `This message can no longer be changed: ${messageStateWords(r.status)}.`,
          code: "messageLocked",
          params: { state: r.status }
        })
      default:
        return yield* new CampaignMessageNotFound()
    }
  }
  yield* (yield* ScheduleChanges).announce
})
