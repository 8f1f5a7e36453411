import { Effect } from "effect"
import type { CampaignPlan } from "../../domain/campaign/Campaign.ts"
import type { Recurrence } from "../../domain/campaign/Recurrence.ts"
import { isKnownTimeZone } from "../../domain/campaign/Recurrence.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { orCampaignOfRunAgain } from "./campaignOfRunAgain.ts"
import type { PlanCampaignInput, PlanOptions } from "./checkPlan.ts"
import { checkPlan } from "./checkPlan.ts"
import { createCampaign } from "./createCampaign.ts"
import { enforceCampaignQuota } from "./enforceCampaignQuota.ts"

// The quota is counted on the read models, which a create in flight has not finished writing:
// one create per user at a time, so two cannot both pass the check. In this process only:
// several web processes could each admit one create of the same user past a limit.

/**
 * campaign.create: a campaign to one or more groups of the caller's session, as checkPlan plans
 * it, each group its own copy of every message (the quota counts every copy). The groups are
 * attached to the session through the campaign: getMessagingSession lists them among the
 * session's groups.
 */
export const planCampaign = Effect.fn("planCampaign")(function* (
  userId: string,
  input: PlanCampaignInput,
  /** the zone explicit messages were chosen in, for wording a past one (checkPlan) */
  messagesZone?: string,
  options: PlanOptions = {}
) {
  if (messagesZone !== undefined && input.recurrence === undefined && !isKnownTimeZone(messagesZone)) {
    return yield* new InvalidCampaign({
      message: `unknown time zone ${JSON.stringify(messagesZone)}: use an IANA name such as Europe/Berlin`,
      code: "unknownTimeZone",
      params: { zone: messagesZone },
      field: "timeZone"
    })
  }
  return yield* orCampaignOfRunAgain(userId, (earlier) =>
    Effect.gen(function* () {
      const { session, title, titleMadeUp, targets, messages } = yield* checkPlan(userId, input, messagesZone, options)
      const created = yield* (yield* KeyedLocks)
        .oneAtATime(`planCampaign:${userId}`)(
          Effect.gen(function* () {
            // a run again's campaign counts already (orCampaignOfRunAgain)
            if (earlier === null) yield* enforceCampaignQuota(userId, messages.length * targets.length)
            return yield* createCampaign({
              userId,
              sessionId: session.id,
              group: targets[0],
              targets,
              title,
              titleMadeUp,
              ...planOf(input.recurrence, messagesZone),
              messages
            })
          })
        )
        .pipe(
          Effect.catchTag("CampaignRejected", (e) =>
            Effect.fail(new InvalidCampaign({ message: e.message, code: e.code, params: e.params }))
          )
        )
      return { id: created.id }
    })
  )
})

/**
 * What the campaign keeps of its plan: a recurrence's zone and the recurrence itself (the split
 * rule written out, so that a later change of template splits it as creation did); explicit
 * messages, the zone they were written in when the caller said it.
 */
const planOf = (
  recurrence: Recurrence | undefined,
  messagesZone: string | undefined
): { readonly plan?: CampaignPlan } => {
  if (recurrence !== undefined) {
    const { startDate, endDate, sendTime, timeZone, frequency, template, isFreeForm } = recurrence
    const kept: Recurrence = {
      startDate,
      endDate,
      sendTime,
      timeZone,
      frequency,
      template,
      isFreeForm,
      splitMarker: recurrence.splitMarker ?? "*"
    }
    return { plan: { timeZone, recurrence: kept } }
  }
  return messagesZone === undefined ? {} : { plan: { timeZone: messagesZone } }
}
