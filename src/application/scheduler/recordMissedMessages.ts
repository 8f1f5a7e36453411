import { Clock, Effect } from "effect"
import { LOOKBACK_MS, MISSED_WHILE_LIMITED } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { failCampaign } from "./failCampaign.ts"
import { logFailed } from "./SchedulerLog.ts"

/**
 * A message older than the 2-minute window is never sent (docs/architecture.md#missed-messages).
 * So that nothing is lost silently it is recorded as missed and its campaign FAILED with
 * reason `missed`. One missed while WhatsApp was limiting its session's number (a hold covering its
 * window: docs/architecture.md, "When WhatsApp limits a number") says so, for the organiser.
 */
export const recordMissedMessages = Effect.fn("recordMissedMessages")(function* () {
  const now = yield* Clock.currentTimeMillis
  const missed = yield* (yield* MessageRepository).findScheduledBefore(now - LOOKBACK_MS, 100)
  let recorded = 0
  const sessions = new Map<string, SessionView | null>()
  for (const view of missed) {
    let session = sessions.get(view.sessionId)
    if (session === undefined) {
      session = yield* (yield* SessionRepository).get(view.sessionId)
      sessions.set(view.sessionId, session)
    }
    const whileLimited =
      session !== null &&
      session.limitedSince !== null &&
      session.limitedUntil !== null &&
      session.limitedSince <= view.scheduledAt + LOOKBACK_MS &&
      session.limitedUntil > view.scheduledAt
    const outcome = yield* execute(MessageAggregate)(view.id, { type: "RecordMissed", now, whileLimited })
    if (outcome._tag === "Rejected") {
      // the read model was behind its stream: bring it up to date so it is not found again
      yield* projectStream(MessageAggregate.streamId(view.id))
      continue
    }
    yield* logFailed(
      view.id,
      `missed: scheduled at ${new Date(view.scheduledAt).toISOString()}, not sent within the 2-minute window${whileLimited ? " (its session was held: WhatsApp was limiting the number)" : ""}`
    )
    yield* failCampaign(view.campaignId, view.id, whileLimited ? MISSED_WHILE_LIMITED : "missed", view)
    recorded++
  }
  return recorded
})
