import { Clock, Effect } from "effect"
import type { CampaignCommand } from "../../domain/campaign/Campaign.ts"
import { decideCampaign } from "../../domain/campaign/Campaign.ts"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { alreadyPassed } from "../../domain/campaign/pastTime.ts"
import type { MessageCommand, MessageRejection, MessageStatus } from "../../domain/message/Message.ts"
import { decideMessage, unansweredFailures } from "../../domain/message/Message.ts"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { IdempotentRunAgain } from "../idempotency/runAgain.ts"
import { MEDIA_RESEND_WINDOW_MS } from "../media/sweepMedia.ts"
import { Ids } from "../ports/Ids.ts"
import { MediaStore } from "../ports/MediaStore.ts"
import { MessageRepository, PENDING_STATUSES } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import { CampaignConflict, CampaignMessageNotFound, InvalidCampaign } from "./CampaignErrors.ts"
import { requireChannelGateway } from "./channelSupport.ts"
import { enforceCampaignQuota } from "./enforceCampaignQuota.ts"
import { holdCampaignMessages } from "./holdCampaignMessages.ts"
import { requireMedia } from "./mediaSupport.ts"
import { requireMentionAll } from "./mentionSupport.ts"
import { messageStateWords } from "./messageStateWords.ts"
import { ownedMessage } from "./ownedMessage.ts"
import { requirePolls } from "./pollSupport.ts"

const pending: ReadonlySet<MessageStatus> = new Set(PENDING_STATUSES)

const refusal = (r: MessageRejection) => {
  switch (r._tag) {
    case "MessageNotResendable":
      return new CampaignConflict({
        message: `Only a message that failed, was missed, was skipped or whose outcome is unknown can be sent again, and ${messageStateWords(r.status)}.`,
        code: "notResendable",
        params: { state: r.status }
      })
    case "MessageAlreadyResent":
      return new CampaignConflict({
        message:
          "This message was already sent again, and that copy still stands: send the copy again if it did not go out.",
        code: "alreadyResent"
      })
    default:
      return new CampaignMessageNotFound()
  }
}

/**
 * campaign.resendMessage: a failed, missed or outcome-unknown message is sent again as a new
 * message of the same campaign, to the same group with the same text, at `scheduledAt` (now
 * when absent). The first keeps its status and history and is linked to its resend. The resend
 * is an ordinary scheduled message: claimed, sent and recorded like any other, and never
 * retried by itself. See docs/architecture.md#sending-a-message-again.
 *
 * Every rule is checked before anything is written. Then three appends, in this order: the
 * original records its resend (exclusive: of two concurrent requests one wins, the other is
 * CONFLICT), the campaign takes the new message (and reopens if no failure is left unanswered),
 * the new message is scheduled. A crash in between leaves a resend that was never scheduled:
 * its original counts as not sent again, and can be.
 */
export const resendCampaignMessage = Effect.fn("resendCampaignMessage")(function* (
  userId: string,
  input: { readonly campaignId: string; readonly messageId: string; readonly scheduledAt?: number | undefined }
) {
  // the quota's lock, shared with planCampaign: two requests of one user cannot both pass it
  return yield* (yield* KeyedLocks).oneAtATime(`planCampaign:${userId}`)(
    Effect.gen(function* () {
      const { campaign } = yield* ownedMessage(userId, input.campaignId, input.messageId)
      const resendId = (yield* Ids).next()
      // A run again under an Idempotency-Key whose first run scheduled its resend answers it,
      // before any check it would now fail (a time now past, the quota counting it).
      if (yield* IdempotentRunAgain) {
        const first = yield* load(MessageAggregate, input.messageId)
        const resend = first.resentAs === resendId ? yield* load(MessageAggregate, resendId) : null
        if (resend !== null && resend.status !== "NEW" && resend.target?.campaignId === campaign.id) {
          return { id: resendId }
        }
      }
      const now = yield* Clock.currentTimeMillis
      const scheduledAt = input.scheduledAt ?? now
      if (scheduledAt < now) {
        return yield* new InvalidCampaign({
          // on the campaign's wall clock (UTC for a campaign created before plans were kept)
          message: alreadyPassed(scheduledAt, campaign.plan?.timeZone ?? "UTC", now),
          code: "pastTime",
          params: { scheduledAt, timeZone: campaign.plan?.timeZone ?? "UTC" },
          field: "scheduledAt"
        })
      }
      // decided on the streams, not on views that may lag
      const original = yield* load(MessageAggregate, input.messageId)
      if (original.target === null) return yield* new CampaignMessageNotFound()
      // to a channel: the gateway's engine and version asked again (and for a poll, polls to channels)
      if (targetKindOf(original.target.groupId) === "channel")
        yield* requireChannelGateway("groupId", original.poll === null ? -1 : 0, () => "poll")
      // the resend mentions as the first did: asked of the gateway again, which may have changed
      if (original.mentionAll) yield* requireMentionAll("mentionAll")
      // a poll is sent again as a poll: asked again too
      if (original.poll !== null) yield* requirePolls("poll")
      // the same image or file (kept while this message could be sent again): asked again too
      if (original.media !== null) yield* requireMedia("media", original.mentionAll ? "mentionAll" : undefined)
      const currentResend =
        original.resentAs === null ? null : (yield* load(MessageAggregate, original.resentAs)).status
      // The same request run again with the same ids (an Idempotency-Key's retry after the first
      // run died, runIdempotently): the deciders take its mark and addition again as done, and
      // a resend it scheduled already is its answer.
      const runAgain = original.resentAs === resendId
      const mark: MessageCommand = { type: "Resend", resendId, currentResend, now }
      const marking = decideMessage(mark, original)
      if (marking._tag === "Rejected") return yield* refusal(marking.rejection)

      const messages = yield* (yield* MessageRepository).listByCampaign(campaign.id)
      const add: CampaignCommand = {
        type: "AddResend",
        messageId: resendId,
        resendOf: input.messageId,
        sent: messages.filter((m) => m.isSent).length,
        otherFailures: unansweredFailures(messages).filter((m) => m.id !== input.messageId).length,
        paused: messages.filter((m) => m.status === "PAUSED").length,
        now
      }
      const campaignState = yield* load(CampaignAggregate, campaign.id)
      const adding = decideCampaign(add, campaignState)
      if (adding._tag === "Rejected") {
        const paused =
          adding.rejection._tag === "CampaignHoldsPaused" ||
          (adding.rejection._tag === "CampaignNotResendable" && adding.rejection.status === "PAUSED")
        const cancelled = adding.rejection._tag === "CampaignNotResendable" && adding.rejection.status === "CANCELLED"
        return yield* new CampaignConflict({
          message: paused
            ? "Some messages of this campaign are paused: resume sending first, then send this message again."
            : cancelled
              ? "This campaign was cancelled: nothing more is sent."
              : "This campaign has no messages to send again yet.",
          code: paused ? "resendWhilePaused" : cancelled ? "cancelled" : "nothingToResend"
        })
      }
      // one more pending message, and one more open campaign if it had none left to send
      const open = messages.some((m) => pending.has(m.status))
      yield* enforceCampaignQuota(userId, 1, open ? 0 : 1)
      // The same upload, still stored? Touched, the last check before a write: the sweep then
      // leaves it (it deletes only uploads unused since its cutoff, sweepMedia.ts), or removed it
      // already and touch answers false: refused, nothing written.
      if (original.media !== null && !(yield* (yield* MediaStore).touch(original.media.id, now))) {
        return yield* new CampaignConflict({
          message: `the ${original.media.kind === "image" ? "image" : "file"} ${original.media.filename} of this message is no longer kept (uploads go ${MEDIA_RESEND_WINDOW_MS / 86_400_000} days after a failed message's time): plan a new message with the file attached again`,
          code: original.media.kind === "image" ? "imageGone" : "fileGone",
          params: { name: original.media.filename, days: MEDIA_RESEND_WINDOW_MS / 86_400_000 }
        })
      }

      // Never retried on a conflict: both commands carry what was read above (the current
      // resend, the counts), and a retry would decide on a fresh stream with those stale values
      // (another web process's resend appended meanwhile would be overwritten: the text sent
      // twice). The caller hears CONFLICT and may ask again.
      const changedMeanwhile = () =>
        new CampaignConflict({
          message: "The message or its campaign changed meanwhile: reload the page and try again.",
          code: "changedMeanwhile"
        })
      const marked = yield* execute(MessageAggregate)(input.messageId, mark, { known: original, retries: 0 }).pipe(
        Effect.catchTag("ConcurrencyConflict", () => Effect.fail(changedMeanwhile()))
      )
      if (marked._tag === "Rejected") return yield* refusal(marked.rejection)
      // Past this point the first message is marked: a failure here leaves a resend id that names
      // no message, which counts as withdrawn (the first may be sent again).
      const added = yield* execute(CampaignAggregate)(campaign.id, add, { known: campaignState, retries: 0 }).pipe(
        Effect.catchTag("ConcurrencyConflict", () => Effect.fail(changedMeanwhile()))
      )
      if (added._tag === "Rejected") {
        return yield* new CampaignConflict({
          message: "The campaign changed meanwhile: reload the page and try again.",
          code: "campaignChangedMeanwhile"
        })
      }
      const scheduled = yield* execute(MessageAggregate)(resendId, {
        type: "Schedule",
        messageId: resendId,
        target: original.target,
        content: original.content,
        scheduledAt,
        now,
        resendOf: input.messageId,
        ...(original.mentionAll ? { mentionAll: true } : {}),
        ...(original.poll === null ? {} : { poll: original.poll }),
        ...(original.media === null ? {} : { media: original.media })
      })
      if (scheduled._tag === "Rejected" && !(runAgain && scheduled.rejection._tag === "MessageAlreadyExists")) {
        return yield* new CampaignConflict({
          message: "The message could not be sent again: reload the page and try again.",
          code: "resendFailed"
        })
      }
      // Cancelled while this was written (campaign.cancel cancels the ids it read): cancel it now,
      // so that a cancelled campaign sends nothing, as createCampaign does.
      const after = yield* load(CampaignAggregate, campaign.id)
      if (after.status === "CANCELLED") {
        yield* execute(MessageAggregate)(resendId, { type: "Cancel", now: yield* Clock.currentTimeMillis })
      }
      // Paused while this was written (campaign.pause pauses the ids it read): held like the
      // others, and released again if the campaign was resumed meanwhile.
      if (after.status === "PAUSED") yield* holdCampaignMessages(campaign.id, [resendId])
      yield* (yield* ScheduleChanges).announce
      return { id: resendId }
    })
  )
})
