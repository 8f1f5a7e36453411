import { Clock, Effect } from "effect"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import type { ClaimedMessage } from "../../domain/message/Message.ts"
import type { SessionPacing } from "../../domain/session/MessagingSession.ts"
import { MessageAggregate, MessageAggregateCountedLater } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { holdLimitedSession } from "../session/holdLimitedSession.ts"
import { checkOwnerMaySend } from "./checkOwnerMaySend.ts"
import { claimMessage } from "./claimMessage.ts"
import { failCampaign } from "./failCampaign.ts"
import { LaneReads } from "./LaneReads.ts"
import type { Preloaded } from "./preloadMessages.ts"
import { retryWhileUnavailable } from "./retryWhileUnavailable.ts"
import { logFailed, logProcessed } from "./SchedulerLog.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"
import { sendMessage } from "./sendMessage.ts"
import { settleSentById } from "./settleSentById.ts"
import { takeMessageId } from "./takeMessageId.ts"
import { updateCampaignProgress } from "./updateCampaignProgress.ts"

/**
 * `lost`: another scheduler holds the message, and so its session; `skipped`: nobody's to send now;
 * `limited`: WhatsApp limits the session's number: the message failed and the session is held
 * (docs/architecture.md, "When WhatsApp limits a number"), so the rest of its lane waits.
 */
export type ProcessResult = "sent" | "failed" | "lost" | "skipped" | "limited"

/**
 * What became of a message, and the pacing of the session that sent it (null: nothing went to
 * the gateway, so no gap follows; docs/architecture.md#pacing).
 */
export interface Processed {
  readonly result: ProcessResult
  readonly pacing: SessionPacing | null
  /**
   * `sent` through the gateway's answer: the record of the send, still to run. The lane runs it
   * beside its next message (Dispatcher.ts), so that its durable commit and that message's claim
   * share one wait for the disk instead of two in a row; nothing else waits for it.
   */
  readonly recording?: Recording
  /** `limited`: the hold as recorded on the session's stream (null when it could not be recorded) */
  readonly hold?: SessionHold | null
}

/** A hold recorded by this process: until when, and the session stream's version that holds it. */
export interface SessionHold {
  readonly until: number
  readonly version: number
}

const unsent = (result: ProcessResult): Processed => ({ result, pacing: null })

/** The record of a send (recordSent), as processMessage hands it to its caller. */
export type Recording = ReturnType<typeof recordSent>

/**
 * The record's retries end this long before its claim's lease does (or at a tenth of the lease,
 * if shorter), so that it is settled here or left to the lease recovery, not stored after it.
 */
const RECORD_MARGIN_MS = 5_000

const recordSent = (message: ClaimedMessage, gatewayMessageId: string | null, leaseMs: number) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const until = message.pickedAt + leaseMs - Math.min(RECORD_MARGIN_MS, leaseMs / 10)
    // its campaign recounted below, with its progress (one read of its messages)
    const recorded = yield* execute(MessageAggregateCountedLater)(
      message.id,
      { type: "RecordSent", gatewayMessageId, now },
      { known: message }
    ).pipe(retryWhileUnavailable(message.id, "recording its send", until))
    if (recorded._tag === "Rejected") {
      // stored by an earlier attempt whose answer was lost, and not projected; or settled meanwhile
      yield* projectStream(MessageAggregate.streamId(message.id))
      if (recorded.state.status !== "SENT") {
        // the lease ran out first: the lease recovery reported it (outcome unknown, as the
        // organiser sees it), which stands; nothing is counted again
        return yield* Effect.logWarning(
          `Message ${message.id}: the gateway took its send, but it could not be recorded sent before its lease ran out; it stays ${recorded.state.status.toLowerCase().replaceAll("_", " ")} as the lease recovery recorded it`
        )
      }
    }
    yield* logProcessed(message.id)
    yield* updateCampaignProgress(message.target.campaignId).pipe(
      retryWhileUnavailable(message.id, "its campaign's progress")
    )
  })

/**
 * A send error on the message and its campaign. `cutOff`: the request went out but no answer came
 * in time: the gateway may have sent it (WAHA goes on after our deadline), so it is recorded
 * outcome-unknown (docs/outcome-unknown.md), never offered as plainly failed.
 */
const recordFailure = (message: ClaimedMessage, reason: string, cutOff: boolean) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const recorded = yield* execute(MessageAggregate)(
      message.id,
      cutOff ? { type: "RecordSendCutOff", reason, now } : { type: "RecordSendFailure", reason, now },
      { known: message }
    ).pipe(retryWhileUnavailable(message.id, "recording its failure"))
    if (recorded._tag === "Rejected") yield* projectStream(MessageAggregate.streamId(message.id))
    yield* failCampaign(message.target.campaignId, message.id, reason, message.target).pipe(
      retryWhileUnavailable(message.id, "failing its campaign")
    )
  })

/**
 * Claim, send, record; a sent message's record is handed back to run (`recording`, see
 * Processed). Any error while sending is logged with the message id, recorded on the message
 * and fails its campaign; the caller goes on with the next message. If recording
 * cannot reach the database, it is retried until the lease ends (only this process knows what
 * the send did); past it, the claim stays open and the lease recovery reports it as
 * outcome-unknown: never resent, never lost.
 * `preloaded`: what a preload read of the message shortly before (docs/architecture.md#loading-ahead).
 * `sessionRead`: its session as the pass read it (the hold check), used as a preload's when as fresh.
 * The per-message steps are untraced functions: a traced Effect.fn costs ~20 µs a call.
 */
export const processMessage = Effect.fnUntraced(function* (
  view: MessageView,
  selectedAt: number,
  preloaded?: Preloaded,
  sessionRead?: { readonly view: SessionView; readonly readAt: number },
  // run between the claim and the send (the lane waits there for its previous record, Dispatcher.ts)
  beforeSend: Effect.Effect<void> = Effect.void
) {
  // a session read longer ago than the lead (a long queue in its lane) is read again
  const { preloadLeadMs, schedulerId, leaseMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  // the read the messages of this lane share (the pass's or the preload's) while fresh; else one
  // made again at most the lead ago (LaneReads.ts); undefined when not active: the send reads it
  // again below and reports what is wrong
  const fresh =
    preloaded !== undefined && preloaded.session !== null && now - preloaded.readAt <= preloadLeadMs
      ? preloaded.session
      : sessionRead?.view.active && now - sessionRead.readAt <= preloadLeadMs
        ? sessionRead.view
        : yield* (yield* LaneReads).session(view.sessionId)
  // The send's id is taken before the claim, so one append records both (docs/outcome-unknown.md,
  // "Client-chosen message ids"): the one the preload took for it, else asked for now; without one
  // the claim goes on as before. A Status takes none (docs/reach.md: NOWEB leaves the sender out of
  // a Status sent with an id): cut off, it is outcome unknown.
  // A preloaded id is used only if taken within the lead for the session as named now, and, an
  // id, only while the adapter has not learnt meanwhile that the session gives none (a send that
  // ignored its id, a restart on another engine); else the claim asks as without a preload.
  const ahead = preloaded?.gatewayId
  const usable =
    fresh !== undefined &&
    ahead !== undefined &&
    ahead.sessionName === fresh.sessionName &&
    now - ahead.takenAt <= preloadLeadMs &&
    (ahead.id === null || (yield* (yield* GatewayPort).withoutIds(fresh.sessionName)) === null)
  const gatewayMessageId =
    fresh === undefined || targetKindOf(view.groupId) === "status"
      ? undefined
      : usable
        ? (ahead?.id ?? undefined)
        : yield* takeMessageId(fresh.sessionName)
  const claim = yield* claimMessage(view, selectedAt, preloaded?.state, gatewayMessageId)
  if (claim._tag === "Taken") return unsent("lost")
  if (claim._tag === "NotOurs") return unsent("skipped")
  const claimed = claim.state
  yield* beforeSend
  // A send that reached the gateway, even refused, counts for the session's pace. The session is
  // read inside the attempt: a database away then fails this send like any error while sending.
  let pacing: SessionPacing | null = null
  let sessionName: string | null = null
  const sent = yield* Effect.gen(function* () {
    const session = fresh ?? (yield* (yield* SessionRepository).get(claimed.target.sessionId))
    // a disabled account's messages are not sent (checkOwnerMaySend.ts says why here)
    if (session !== null) yield* checkOwnerMaySend(session)
    const active = session?.active ? session : undefined
    if (active !== undefined) {
      pacing = { minGapSeconds: active.minGapSeconds, jitterSeconds: active.jitterSeconds }
      sessionName = active.sessionName
    }
    return yield* sendMessage(claimed, active)
  }).pipe(Effect.result)
  if (sent._tag === "Success") {
    // recorded by the caller: the claim is on disk, the send is done; what is left is this
    // message's alone (docs/architecture.md#claim-send-record)
    return {
      result: "sent",
      pacing,
      recording: recordSent(claimed, sent.success.messageId, leaseMs)
    } satisfies Processed
  }
  const failure = sent.failure
  // no answer in time, ours or a proxy's (504): the request may have reached WAHA, which goes on
  const cutOff = failure._tag === "GatewayError" && (failure.reason === "Timeout" || failure.status === 504)
  if (cutOff && claimed.claimGatewayId !== null && sessionName !== null) {
    // Its id tells: asked once now; not found yet, the claim is left open to the lease recovery,
    // which asks again (docs/outcome-unknown.md, "Client-chosen message ids").
    const byId = yield* settleSentById(
      {
        id: claimed.id,
        campaignId: claimed.target.campaignId,
        groupId: claimed.target.groupId,
        claimGatewayId: claimed.claimGatewayId
      },
      sessionName,
      { leaseMs, now: yield* Clock.currentTimeMillis, by: schedulerId }
    ).pipe(retryWhileUnavailable(claimed.id, "settling its send by its id"), Effect.result)
    if (byId._tag === "Success" && byId.success._tag === "Settled") {
      yield* logProcessed(claimed.id)
      return { result: "sent", pacing } satisfies Processed
    }
    // settled or reported meanwhile by another scheduler: nothing left to say
    if (byId._tag === "Success" && byId.success._tag === "Moved")
      return { result: "failed", pacing } satisfies Processed
    const why =
      byId._tag === "Failure"
        ? byId.failure.message
        : byId.success._tag === "CannotTell"
          ? byId.success.why
          : "not found by its id yet"
    yield* Effect.logWarning(
      `Message ${claimed.id}: ${failure.message}; ${why}: left to the lease recovery, which looks it up again`
    )
    return { result: "failed", pacing } satisfies Processed
  }
  const reason = cutOff
    ? `${failure.message}; outcome unknown: the gateway may still have sent it, so ${
        targetKindOf(claimed.target.groupId) === "status" ? "check your Status on your phone" : "look in the group"
      } before sending it again`
    : failure.message
  yield* logFailed(claimed.id, reason)
  if (failure._tag === "GatewayError" && failure.reason === "NumberLimited" && sessionName !== null) {
    // The hold is recorded first, while the message is still in flight: the in-flight guard keeps
    // other schedulers off the session until the hold exists (asking the gateway takes up to 5 s).
    const held = yield* holdLimitedSession(claimed.target.sessionId, sessionName, failure.message).pipe(
      retryWhileUnavailable(claimed.id, "holding its limited session"),
      Effect.map((outcome): SessionHold | null =>
        outcome._tag === "Accepted" && outcome.state.limit !== null
          ? { until: outcome.state.limit.until, version: outcome.state.version }
          : null
      ),
      // not held (the database stayed away): the next send is refused again and holds it then
      Effect.catch((error) =>
        logFailed(claimed.id, `its session could not be held: ${error.message}`).pipe(Effect.as(null))
      )
    )
    // Recorded failed as any refusal: a picked message is never put back (no event of the message
    // allows it; the lease recovery and every claim rest on a pick being final), and, held for
    // hours, it would be missed anyway. Its reason says WhatsApp limits the number (failureKind "refused").
    yield* recordFailure(claimed, reason, cutOff)
    return { result: "limited", pacing, hold: held } satisfies Processed
  }
  yield* recordFailure(claimed, reason, cutOff)
  return { result: "failed", pacing } satisfies Processed
})
