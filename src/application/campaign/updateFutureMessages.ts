import { Clock, Effect } from "effect"
import type { FutureChangeProblem } from "../../domain/campaign/futureMessages.ts"
import { describeFutureChangeProblem, planFutureChange } from "../../domain/campaign/futureMessages.ts"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import type { RefusalParams } from "../refusal.ts"
import type { InvalidCampaignCode } from "./CampaignErrors.ts"
import { CampaignConflict, InvalidCampaign } from "./CampaignErrors.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

export interface UpdateFutureMessagesInput {
  readonly campaignId: string
  /** `HH:MM` on the campaign's wall clock, each message on its own date */
  readonly sendTime?: string | undefined
  /** the new template, rendered for each occurrence as creation renders it */
  readonly template?: string | undefined
}

const fieldOf = (problem: FutureChangeProblem): string => {
  switch (problem._tag) {
    case "InvalidSendTime":
    case "InThePast":
      return "sendTime"
    case "EmptyTemplate":
    case "TooLong":
    case "PartsDiffer":
      return "template"
    default:
      return "campaignId"
  }
}

/**
 * campaign.updateFutureMessages: every message of a repeating campaign still to be sent gets the
 * new time of day on its own date and/or the new text (futureMessages.ts), the whole change
 * refused when one of them would land in the past. Each message is changed by its own decider
 * (the one campaign.updateMessage uses): one the scheduler picked meanwhile is left alone and
 * counted as skipped, so a claim stays exactly-once. The campaign then records its new plan
 * (CampaignPlanChanged), so that the page's sentence of its rhythm stays true.
 */
/** A future change's problem as a code and values, for the reader's words (InvalidCampaign's `code`). */
const futureChangeRefusal = (
  problem: FutureChangeProblem
): { readonly code: InvalidCampaignCode; readonly params?: RefusalParams } => {
  switch (problem._tag) {
    case "NotRepeating":
      return { code: "notRepeating" }
    case "NothingToChange":
      return { code: "nothingToChange" }
    case "InvalidSendTime":
      return { code: "invalidSendTime" }
    case "EmptyTemplate":
      return { code: "emptyTemplate" }
    case "TooLong":
      return { code: "tooLong", params: { max: problem.max } }
    case "PartsDiffer":
      return { code: "partsDiffer", params: { count: problem.was, now: problem.now } }
    case "NoFutureMessage":
      return { code: "noFutureMessage" }
    case "InThePast":
      return { code: "futurePastTime", params: { scheduledAt: problem.scheduledAt, timeZone: problem.timeZone } }
  }
}

export const updateFutureMessages = Effect.fn("updateFutureMessages")(function* (
  userId: string,
  input: UpdateFutureMessagesInput
) {
  const campaign = yield* ownedCampaign(userId, input.campaignId)
  if (campaign.status === "CANCELLED" || campaign.status === "COMPLETED")
    return yield* new CampaignConflict({
      message: "this campaign is finished: it has no message left to change",
      code: "nothingLeftToChange"
    })
  const now = yield* Clock.currentTimeMillis
  const views = yield* (yield* MessageRepository).listByCampaign(campaign.id)
  const messages = views
    // a resend is not one of the plan's occurrences; a deleted message is gone for good
    .filter((m) => m.resendOf === null && !m.isDeleted)
    .map((m) => ({
      id: m.id,
      groupId: m.groupId,
      scheduledAt: m.scheduledAt,
      // a paused campaign's messages change too, and stay paused
      open: (m.status === "SCHEDULED" || m.status === "PAUSED") && !m.isPicked && m.scheduledAt > now
    }))
  const planned = planFutureChange(campaign.plan, campaign.title, messages, input, now)
  if (planned._tag === "Invalid") {
    return yield* new InvalidCampaign({
      message: describeFutureChangeProblem(planned.problem, now),
      ...futureChangeRefusal(planned.problem),
      field: fieldOf(planned.problem)
    })
  }
  let changed = 0
  let skipped = 0
  for (const edit of planned.edits) {
    const outcome = yield* execute(MessageAggregate)(edit.id, {
      type: "Edit",
      ...(edit.content === undefined ? {} : { content: edit.content }),
      ...(edit.scheduledAt === undefined ? {} : { scheduledAt: edit.scheduledAt }),
      now
    })
    // picked (or finished) since it was read: the scheduler has it, and it stays as it was
    if (outcome._tag === "Rejected") skipped++
    else changed++
  }
  const recorded = yield* execute(CampaignAggregate)(campaign.id, { type: "ChangePlan", plan: planned.plan, now })
  if (recorded._tag === "Rejected")
    yield* Effect.logWarning(`campaign ${campaign.id}: its new plan was not recorded (${recorded.rejection._tag})`)
  yield* (yield* CampaignRepository).recount(campaign.id).pipe(Effect.ignore)
  yield* (yield* ScheduleChanges).announce
  return { changed, skipped }
})
