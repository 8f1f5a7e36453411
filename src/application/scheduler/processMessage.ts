import { Clock, Effect } from "effect"
import type { ClaimedMessage } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { claimMessage } from "./claimMessage.ts"
import { failCampaign } from "./failCampaign.ts"
import { retryWhileUnavailable } from "./retryWhileUnavailable.ts"
import { logFailed, logProcessed } from "./SchedulerLog.ts"
import { sendMessage } from "./sendMessage.ts"
import { updateCampaignProgress } from "./updateCampaignProgress.ts"

export type ProcessResult = "sent" | "failed" | "lost"

const recordSent = (message: ClaimedMessage, gatewayMessageId: string | null) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const recorded = yield* execute(MessageAggregate)(
      message.id,
      { type: "RecordSent", gatewayMessageId, now },
      { known: message }
    ).pipe(retryWhileUnavailable(message.id, "recording its send"))
    // Rejected: an earlier attempt was stored though its answer was lost, and not projected.
    if (recorded._tag === "Rejected") yield* projectStream(MessageAggregate.streamId(message.id))
    yield* logProcessed(message.id)
    yield* updateCampaignProgress(message.target.campaignId).pipe(
      retryWhileUnavailable(message.id, "its campaign's progress")
    )
  })

const recordFailure = (message: ClaimedMessage, reason: string) =>
  Effect.gen(function* () {
    const now = yield* Clock.currentTimeMillis
    const recorded = yield* execute(MessageAggregate)(
      message.id,
      { type: "RecordSendFailure", reason, now },
      { known: message }
    ).pipe(retryWhileUnavailable(message.id, "recording its failure"))
    if (recorded._tag === "Rejected") yield* projectStream(MessageAggregate.streamId(message.id))
    yield* failCampaign(message.target.campaignId, message.id, reason).pipe(
      retryWhileUnavailable(message.id, "failing its campaign")
    )
  })

/**
 * Claim, send, record. Any error while sending is logged with the message id, recorded on
 * the message and fails its campaign; the caller goes on with the next message. If recording
 * cannot reach the database, it is retried until the lease ends (only this process knows what
 * the send did); past it, the claim stays open and the lease recovery reports it as
 * outcome-unknown: never resent, never lost.
 * The per-message steps are untraced functions: a traced Effect.fn costs ~20 µs a call.
 */
export const processMessage = Effect.fnUntraced(function* (view: MessageView, selectedAt: number) {
  const claimed = yield* claimMessage(view, selectedAt)
  if (claimed === null) return "lost" satisfies ProcessResult
  const sent = yield* sendMessage(claimed).pipe(Effect.result)
  if (sent._tag === "Success") {
    yield* recordSent(claimed, sent.success.messageId)
    return "sent" satisfies ProcessResult
  }
  const reason = sent.failure.message
  yield* logFailed(claimed.id, reason)
  yield* recordFailure(claimed, reason)
  return "failed" satisfies ProcessResult
})
