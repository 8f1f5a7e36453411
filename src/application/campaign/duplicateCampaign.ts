import { Effect } from "effect"
import { MAX_TITLE_LENGTH } from "../../domain/campaign/CampaignLimits.ts"
import { copyPlan } from "../../domain/campaign/copyPlan.ts"
import { describeShiftProblem, shiftPlan } from "../../domain/campaign/shiftPlan.ts"
import { madeUpTitleOfView, targetsOf } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { MessagingSessionNotFound } from "../session/SessionErrors.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"
import { orCampaignOfRunAgain } from "./campaignOfRunAgain.ts"
import { ownedCampaign } from "./ownedCampaign.ts"
import { planCampaign } from "./planCampaign.ts"

export interface DuplicateCampaignInput {
  readonly id: string
  /** `YYYY-MM-DD`: the local date of the copy's first message */
  readonly startDate: string
  /** the IANA zone the dates and times are read and written in */
  readonly timeZone: string
  /** the copy's title; absent: "<original title> (copy)" (English, stable for API callers), or, when the original's was made up, made up again */
  readonly title?: string | undefined
}

/**
 * campaign.duplicate: a new campaign of the caller's, to the same session and group, holding the
 * original's plan moved to new dates (shiftPlan: the first message on `startDate`, every message
 * at its own wall-clock time, as many calendar days after the first as before). Copied: every
 * message the user did not delete (cancelled ones too: duplicating a cancelled campaign is how it
 * is planned again), with its current text, mention and poll; not copied: resends (their
 * original is copied already) and what happened (sent, failed). Created by planCampaign, the
 * path of campaign.create: the same rules, quota and nothing saved when refused. A time that
 * lands in the past is refused naming `startDate`, the field to change.
 */
export const duplicateCampaign = Effect.fn("duplicateCampaign")(function* (
  userId: string,
  input: DuplicateCampaignInput
) {
  // a run again answers the copy its first run made, even if the original changed since
  return yield* orCampaignOfRunAgain(userId, () =>
    Effect.gen(function* () {
      const campaign = yield* ownedCampaign(userId, input.id)
      const session = yield* (yield* SessionRepository).get(campaign.sessionId)
      if (session === null || session.userId !== userId) return yield* new MessagingSessionNotFound()
      // each message once, however many groups it went to (copyPlan)
      const originals = copyPlan(yield* (yield* MessageRepository).listByCampaign(campaign.id))
      if (originals.length === 0) {
        return yield* new InvalidCampaign({
          message: "this campaign has no message left to copy",
          code: "nothingToCopy",
          field: "id"
        })
      }
      const shifted = shiftPlan(originals, input.startDate, input.timeZone)
      if (shifted._tag === "Invalid") {
        return yield* new InvalidCampaign({
          message: describeShiftProblem(shifted.problem),
          code: shifted.problem._tag === "InvalidDate" ? "invalidDate" : "unknownTimeZone",
          params:
            shifted.problem._tag === "InvalidDate" ? { value: shifted.problem.value } : { zone: shifted.problem.value },
          field: shifted.problem._tag === "InvalidDate" ? "startDate" : "timeZone"
        })
      }
      // A made-up title stays made up (the copy's readers word it themselves); a written one gets a
      // stable English " (copy)" for API callers (the browser sends its own, in the reader's words).
      const title =
        input.title?.trim() ||
        (madeUpTitleOfView(campaign) === null ? `${campaign.title} (copy)`.slice(0, MAX_TITLE_LENGTH) : undefined)
      return yield* planCampaign(
        userId,
        {
          sessionName: session.sessionName,
          ...(campaign.targets === null
            ? { groupId: campaign.groupId, groupName: campaign.groupName }
            : { targets: targetsOf(campaign) }),
          ...(title === undefined ? {} : { title }),
          messages: shifted.messages.map((m) => ({
            content: m.content,
            scheduledAt: m.scheduledAt,
            mentionAll: m.mentionAll,
            // the same upload, while it is kept (docs/architecture.md "Images and files"); once swept,
            // planCampaign refuses naming the message, and the caller attaches the file again
            ...(m.media === null ? {} : { media: { id: m.media.id } }),
            ...(m.poll === null ? {} : { poll: { options: m.poll.options, multipleAnswers: m.poll.multipleAnswers } })
          }))
        },
        input.timeZone,
        // a group copy edited to mention everyone: the Status's copy goes without the mention
        { statusDropsMentions: true }
      ).pipe(
        // The plan's own field paths (messages.3.poll) mean nothing to the caller, who sent none: a
        // message now in the past is the start date's to change; anything else is the original's.
        Effect.catchTag("InvalidCampaign", (e) => {
          const index = e.field === undefined ? null : /^messages\.(\d+)\.(.+)$/.exec(e.field)
          if (index === null) return Effect.fail(e)
          const copyPosition = Number(index[1]) + 1
          // the original's refusal, worded inside this one (`reasonCode`: refusalWords.ts)
          const inside = { code: "copyMessage", params: { ...e.params, reasonCode: e.code, copyPosition } } as const
          return Effect.fail(
            index[2] === "scheduledAt"
              ? new InvalidCampaign({
                  message: `${e.message} Choose a later start date.`,
                  ...(e.code === "pastTime" ? { code: "copyPastTime", params: e.params } : inside),
                  field: "startDate"
                })
              : new InvalidCampaign({
                  message: `message ${copyPosition} of the copy: ${e.message}`,
                  ...inside,
                  field: "id"
                })
          )
        })
      )
    })
  )
})
