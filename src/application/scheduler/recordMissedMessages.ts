import { Clock, Effect } from "effect"
import { LOOKBACK_MS } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { failCampaign } from "./failCampaign.ts"
import { logFailed } from "./SchedulerLog.ts"

/**
 * A message older than the 2-minute window is never sent (docs/architecture.md#missed-messages).
 * So that nothing is lost silently it is recorded as missed and its campaign FAILED with
 * reason `missed`.
 */
export const recordMissedMessages = Effect.fn("recordMissedMessages")(function* () {
  const now = yield* Clock.currentTimeMillis
  const missed = yield* (yield* MessageRepository).findScheduledBefore(now - LOOKBACK_MS, 100)
  let recorded = 0
  for (const view of missed) {
    const outcome = yield* execute(MessageAggregate)(view.id, { type: "RecordMissed", now })
    if (outcome._tag === "Rejected") {
      // the read model was behind its stream: bring it up to date so it is not found again
      yield* projectStream(MessageAggregate.streamId(view.id))
      continue
    }
    yield* logFailed(
      view.id,
      `missed: scheduled at ${new Date(view.scheduledAt).toISOString()}, not sent within the 2-minute window`
    )
    yield* failCampaign(view.campaignId, view.id, "missed", view)
    recorded++
  }
  return recorded
})
