import { Effect } from "effect"
import { madeUpTitleOf } from "../../domain/campaign/defaultTitle.ts"
import { zoneReader } from "../../domain/campaign/zonedTime.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import type { PlanCampaignInput } from "./checkPlan.ts"
import { checkPlan } from "./checkPlan.ts"

export interface PreviewCampaignInput extends PlanCampaignInput {
  /**
   * The zone to read explicit messages' times in (the one the user wrote them in); a
   * recurrence is read in its own zone. UTC when neither is given.
   */
  readonly timeZone?: string | undefined
}

/**
 * campaign.preview: what campaign.create would save for the same input, saving nothing. The same
 * rules (checkPlan), so a preview that succeeds is a create that succeeds, bar the quota and
 * the clock moving on. Each message also says how it reads in the campaign's zone: the local
 * time, the UTC offset and whether that day is a daylight-saving change; `scheduledAt` is in epoch ms.
 */
export const previewCampaign = Effect.fn("previewCampaign")(function* (userId: string, input: PreviewCampaignInput) {
  const { title, titleMadeUp, targets, messages } = yield* checkPlan(userId, input, input.timeZone)
  // a recurrence's zone is known by now (checkPlan); the explicit messages' zone is preview's own
  const timeZone = input.recurrence?.timeZone ?? input.timeZone ?? "UTC"
  const read = zoneReader(timeZone)
  if (read === null)
    return yield* new InvalidCampaign({
      message: `unknown time zone ${JSON.stringify(timeZone)}`,
      code: "unknownTimeZone",
      params: { zone: timeZone },
      field: "timeZone"
    })
  return {
    title,
    /** made up from the targets (none written): readers word it themselves; null: as written */
    madeUpTitle: titleMadeUp ? madeUpTitleOf(targets) : null,
    // each message goes to every one of them
    targets,
    timeZone,
    messages: messages.map((m) => ({
      content: m.content,
      scheduledAt: m.scheduledAt,
      mentionAll: m.mentionAll,
      poll: m.poll,
      media: m.media,
      ...read(m.scheduledAt)
    }))
  }
})
