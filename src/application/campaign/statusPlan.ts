import { Effect } from "effect"
import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { defaultStatusPost, STATUS_TARGET_NAME, statusPostProblem } from "../../domain/campaign/StatusPost.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import type { CheckedMessage, PlanCampaignInput } from "./checkPlan.ts"
import { requireStatus } from "./statusSupport.ts"

/**
 * A target as the plan keeps it: the Status target with its settings (WAHA's defaults when none
 * are given: WhatsApp's green, the system font, all contacts) and its name ("My Status" when
 * given none); any other target as it was, without Status settings (checkStatusPlan refuses them first).
 */
export const planTarget = (t: CampaignGroup): CampaignGroup =>
  targetKindOf(t.groupId) === "status"
    ? {
        groupId: t.groupId,
        groupName: t.groupName.trim() || STATUS_TARGET_NAME,
        statusPost: t.statusPost ?? defaultStatusPost
      }
    : { groupId: t.groupId, groupName: t.groupName }

/** Why a Status cannot mention everyone, in the organiser's words. */
export const STATUS_NO_MENTION =
  'mentioning everyone works in groups only, not on your Status; turn "mention everyone" off, or leave your Status out of this campaign'

/**
 * The rules of a plan with the number's Status among its targets (docs/reach.md, "Plan for Herald
 * (Status)"), each refusal naming its field: Status settings on the Status target only, a colour,
 * font and contacts that hold (StatusPost.ts), no poll, no file (an image is a Status; a document
 * is not), no "mention everyone"; and last the gateway: a Status at all, to chosen or to all
 * contacts (statusSupport.ts). `targets` as given, `messages` as checked so far (their media read).
 */
export const checkStatusPlan = Effect.fn("checkStatusPlan")(function* (
  input: PlanCampaignInput,
  targets: ReadonlyArray<CampaignGroup>,
  messages: ReadonlyArray<CheckedMessage>,
  options: { readonly statusDropsMentions?: boolean } = {}
) {
  const index = targets.findIndex((t) => targetKindOf(t.groupId) === "status")
  const misplaced = targets.findIndex((t) => t.statusPost !== undefined && targetKindOf(t.groupId) !== "status")
  if (misplaced !== -1) {
    return yield* new InvalidCampaign({
      message: "a colour, font and chosen contacts belong to your Status only, not to a group",
      code: "statusStyleMisplaced",
      field: `targets.${misplaced}.statusPost`
    })
  }
  const status = targets[index]
  if (status === undefined) return
  const post = status.statusPost ?? defaultStatusPost
  const problem = statusPostProblem(post)
  if (problem !== null) {
    return yield* new InvalidCampaign({
      message: problem.message,
      code: problem.code,
      params: problem.params,
      field: `targets.${index}.statusPost.${problem.at}`
    })
  }
  const explicit = input.messages !== undefined
  for (const [i, m] of messages.entries()) {
    if (m.poll !== null) {
      return yield* new InvalidCampaign({
        message: "a poll cannot be posted to your Status; send it to groups only, or make it a text",
        code: "statusPoll",
        field: explicit ? `messages.${i}.poll` : "targets"
      })
    }
    if (m.media !== null && m.media.kind !== "image") {
      return yield* new InvalidCampaign({
        message: "a Status can show an image, not a file; attach an image, or send the file to groups only",
        code: "statusFile",
        field: explicit ? `messages.${i}.media` : "targets"
      })
    }
    if (m.mentionAll && options.statusDropsMentions !== true) {
      const own = input.messages?.[i]?.mentionAll === true
      return yield* new InvalidCampaign({
        message: STATUS_NO_MENTION,
        code: "statusMention",
        field: own ? `messages.${i}.mentionAll` : "mentionAll"
      })
    }
  }
  yield* requireStatus(`targets.${index}`, post.contacts !== null)
})
