import { Clock, Effect } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { gatewayMessageKey } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import type { SentMessageLookup } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { oneLine } from "../text/oneLine.ts"
import { failCampaign } from "./failCampaign.ts"
import { logFailed } from "./SchedulerLog.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"
import type { ByIdSettlement } from "./settleSentById.ts"
import { settleSentById } from "./settleSentById.ts"
import { updateCampaignProgress } from "./updateCampaignProgress.ts"

/** How far the gateway's clock may be behind ours: a send is looked for from this long before its claim. */
export const HISTORY_CLOCK_SKEW_MS = 60_000
/** One read of a chat's history may take this long; past it the answer is "cannot tell". */
export const HISTORY_LOOKUP_TIMEOUT_MS = 10_000
/** A pass reads histories for at most this long; the claims left are reported outcome-unknown as before. */
export const HISTORY_PASS_BUDGET_MS = 30_000

type Settlement =
  | { readonly _tag: "Sent"; readonly sentAt: number; readonly gatewayMessageId: string; readonly evidence: string }
  | { readonly _tag: "CannotTell"; readonly why: string }

const cannotTell = (why: string): Settlement => ({ _tag: "CannotTell", why })
const sent = (sentAt: number, gatewayMessageId: string): Settlement => ({
  _tag: "Sent",
  sentAt,
  gatewayMessageId,
  evidence: `gateway message ${gatewayMessageId}`
})
const timedOut: SentMessageLookup = { _tag: "Unsure", reason: "the gateway did not answer in time" }

/**
 * Asks the chat's own history whether the claimed send reached it (docs/outcome-unknown.md).
 * Only a certain answer settles the message: this session's message in that chat, with exactly
 * its text, timestamped after the claim (less the clock margin), acknowledged by WhatsApp — and
 * no other Herald message with the same text to the same group claimed around that time, which
 * the chat could not tell apart from this one. Anything else, absence included, cannot tell:
 * WAHA offers no way to know that a send never happened.
 */
const lookForSend = (view: MessageView, leaseMs: number, now: number) =>
  Effect.gen(function* () {
    // a caption (often empty) does not tell an image or file from any other message: never settled by it
    if (view.media !== null)
      return cannotTell("an image or file cannot be recognised in the chat's history by its caption")
    const pickedAt = view.pickedAt ?? 0
    const since = pickedAt - HISTORY_CLOCK_SKEW_MS
    // a send claimed up to a lease before `since` may have reached the chat after it
    // A Status is the number's own (every user's is status@broadcast): only this session's count
    const status = targetKindOf(view.groupId) === "status"
    const around = yield* (yield* MessageRepository).findPickedInGroup(view.groupId, since - leaseMs, now)
    if (
      around.some(
        (other) =>
          other.id !== view.id && other.content === view.content && (!status || other.sessionId === view.sessionId)
      )
    ) {
      if (status) return cannotTell("another Status with the same text was posted around the same time")
      return cannotTell("another message with the same text to this group was claimed around the same time")
    }
    const session = yield* (yield* SessionRepository).get(view.sessionId)
    if (session === null) return cannotTell("its session is gone")
    const lookup = yield* (yield* GatewayPort)
      .findSentMessage({ session: session.sessionName, chatId: view.groupId, text: view.content, since })
      .pipe(
        Effect.timeoutOrElse({
          duration: HISTORY_LOOKUP_TIMEOUT_MS,
          orElse: () => Effect.succeed(timedOut)
        }),
        Effect.result
      )
    if (lookup._tag === "Failure") return cannotTell(lookup.failure.message)
    switch (lookup.success._tag) {
      case "Found":
        // where the gateway honours ids, a send under another id than the claim's is not this one
        // (the same text typed by hand, say); only an engine that ignored the id, once, loses by it
        if (view.claimGatewayId !== null && gatewayMessageKey(lookup.success.messageId) !== view.claimGatewayId) {
          return cannotTell(
            "the chat shows the text, but under another id than the one its claim took: it may not be this send"
          )
        }
        return sent(lookup.success.timestamp, lookup.success.messageId)
      case "NotFound":
        return cannotTell("not in the chat's history, which does not prove it was never sent")
      case "Unsure":
        return cannotTell(lookup.success.reason)
    }
  })

/** The claim's own id looked up (docs/outcome-unknown.md, "Client-chosen message ids"). */
const lookById = (view: MessageView, claimGatewayId: string, leaseMs: number, now: number) =>
  Effect.gen(function* () {
    const session = yield* (yield* SessionRepository).get(view.sessionId)
    if (session === null) return { _tag: "CannotTell", why: "its session is gone" } satisfies ByIdSettlement
    return yield* settleSentById({ ...view, claimGatewayId }, session.sessionName, { leaseMs, now })
  })

/**
 * A claim that never finished (its scheduler died mid-send) is found after the lease. When the
 * gateway finds it by the id its claim recorded, or the chat's history shows for certain that the
 * send arrived, the message is settled as SENT (and its campaign's progress updated, as after any
 * send). Otherwise whether the gateway delivered it is
 * unknown, so it is never resent: a duplicate in a group is worse than a gap. The message is
 * marked outcome-unknown and its campaign FAILED, so the user sees it.
 */
export const recoverExpiredClaims = Effect.fn("recoverExpiredClaims")(function* () {
  const { leaseMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  const expired = yield* (yield* MessageRepository).findPickedBefore(now - leaseMs, 100)
  const budgetEnds = now + HISTORY_PASS_BUDGET_MS
  let recovered = 0
  for (const view of expired) {
    const inBudget = (yield* Clock.currentTimeMillis) < budgetEnds
    // the id the claim recorded is asked first; a gateway that does not know it leaves the chat's
    // history to tell, which then settles only a message under that very id
    const byId =
      inBudget && view.claimGatewayId !== null ? yield* lookById(view, view.claimGatewayId, leaseMs, now) : null
    if (byId?._tag === "Settled") {
      recovered++
      continue
    }
    if (byId?._tag === "Moved") continue
    const settlement =
      byId?._tag === "CannotTell"
        ? cannotTell(byId.why)
        : (yield* Clock.currentTimeMillis) < budgetEnds
          ? yield* lookForSend(view, leaseMs, now)
          : cannotTell("no time left in this pass to read the chat's history")
    if (settlement._tag === "Sent") {
      const { sentAt, gatewayMessageId, evidence } = settlement
      const outcome = yield* execute(MessageAggregate)(view.id, {
        type: "SettleSentFromHistory",
        leaseMs,
        now,
        sentAt,
        gatewayMessageId,
        evidence
      })
      if (outcome._tag === "Rejected") {
        yield* projectStream(MessageAggregate.streamId(view.id))
        // sent already (an earlier try whose answer was lost): its campaign may not have moved on
        if (outcome.state.status === "SENT") yield* updateCampaignProgress(view.campaignId)
        continue
      }
      yield* Effect.logInfo(
        `Message ${oneLine(view.id)} settled as sent from the chat's history (${oneLine(evidence)})`
      )
      yield* updateCampaignProgress(view.campaignId)
      recovered++
      continue
    }
    const outcome = yield* execute(MessageAggregate)(view.id, { type: "RecordOutcomeUnknown", leaseMs, now })
    if (outcome._tag === "Rejected") {
      // the read model was behind its stream: bring it up to date so it is not found again
      yield* projectStream(MessageAggregate.streamId(view.id))
      continue
    }
    const reason = outcome.state.failureReason ?? "outcome unknown"
    yield* logFailed(view.id, reason)
    yield* Effect.logInfo(
      `Message ${oneLine(view.id)}: ${byId?._tag === "CannotTell" ? "its id" : "the chat's history"} cannot settle it: ${oneLine(settlement.why)}`
    )
    yield* failCampaign(view.campaignId, view.id, reason, view)
    recovered++
  }
  return recovered
})
