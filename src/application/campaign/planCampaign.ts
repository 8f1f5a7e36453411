import { Clock, Effect } from "effect"
import { describeRecurrenceProblem, planRecurrence } from "../../domain/campaign/Recurrence.ts"
import type { PlannedMessage, Recurrence } from "../../domain/campaign/Recurrence.ts"
import { findOwnedSession } from "../session/findOwnedSession.ts"
import { oneAtATimePerKey } from "../shared/oneAtATimePerKey.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { MAX_CONTENT_LENGTH, MAX_MESSAGES_PER_CAMPAIGN } from "./CampaignLimits.ts"
import { createCampaign } from "./createCampaign.ts"
import { enforceCampaignQuota } from "./enforceCampaignQuota.ts"

// The quota is counted on the read models, which a create in flight has not finished writing:
// one create per user at a time, so two cannot both pass the check. In this process only:
// several web processes could each admit one create of the same user past a limit.
const oneCreatePerUser = oneAtATimePerKey()

export interface PlanCampaignInput {
  readonly sessionName: string
  readonly groupId: string
  readonly groupName: string
  readonly title?: string | undefined
  readonly messages?: ReadonlyArray<{ readonly content: string; readonly scheduledAt: number }> | undefined
  readonly recurrence?: Recurrence | undefined
}

/**
 * campaign.create: a campaign to one group of the caller's session, from explicit messages
 * (none in the past) or from a recurrence (its occurrences already past are left out; if
 * nothing is left the plan is refused). The group is attached to the session through the
 * campaign: getMessagingSession lists it under MessagingGroups.
 */
export const planCampaign = Effect.fn("planCampaign")(function*(userId: string, input: PlanCampaignInput) {
  const session = yield* findOwnedSession(userId, input.sessionName)
  if ((input.messages === undefined) === (input.recurrence === undefined)) {
    return yield* new InvalidCampaign({ message: "give either messages or a recurrence" })
  }
  const title = input.title?.trim() || input.groupName
  const now = yield* Clock.currentTimeMillis
  let messages: ReadonlyArray<PlannedMessage>
  if (input.recurrence !== undefined) {
    // Bounded: occurrences already past count too, so a plan that starts in the past cannot grow
    // without limit before they are dropped.
    const planned = planRecurrence(input.recurrence, title, MAX_MESSAGES_PER_CAMPAIGN * 4)
    if (planned._tag === "Invalid") return yield* new InvalidCampaign({ message: describeRecurrenceProblem(planned.problem) })
    messages = planned.messages.filter((m) => m.scheduledAt >= now)
    if (messages.length === 0) return yield* new InvalidCampaign({ message: "every occurrence of this recurrence is in the past" })
  } else {
    messages = input.messages ?? []
    if (messages.length === 0) return yield* new InvalidCampaign({ message: "a campaign needs at least one message" })
    const past = messages.find((m) => m.scheduledAt < now)
    if (past !== undefined) {
      return yield* new InvalidCampaign({ message: `scheduledAt ${new Date(past.scheduledAt).toISOString()} is in the past` })
    }
  }
  if (messages.length > MAX_MESSAGES_PER_CAMPAIGN) {
    return yield* new InvalidCampaign({ message: `a campaign may hold at most ${MAX_MESSAGES_PER_CAMPAIGN} messages (this plan makes ${messages.length})` })
  }
  const tooLong = messages.find((m) => m.content.length > MAX_CONTENT_LENGTH)
  if (tooLong !== undefined) return yield* new InvalidCampaign({ message: `a message may hold at most ${MAX_CONTENT_LENGTH} characters` })
  if (messages.some((m) => m.content.trim() === "")) return yield* new InvalidCampaign({ message: "message content must not be empty" })
  const created = yield* oneCreatePerUser(
    userId,
    Effect.gen(function*() {
      yield* enforceCampaignQuota(userId, messages.length)
      return yield* createCampaign({
        userId,
        sessionId: session.id,
        group: { groupId: input.groupId, groupName: input.groupName },
        title,
        messages: [...messages].sort((a, b) => a.scheduledAt - b.scheduledAt)
      })
    })
  ).pipe(Effect.catchTag("CampaignRejected", (e) => Effect.fail(new InvalidCampaign({ message: e.message }))))
  return { id: created.id }
})
