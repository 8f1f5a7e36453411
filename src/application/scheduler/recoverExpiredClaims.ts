import { Clock, Effect } from "effect"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { failCampaign } from "./failCampaign.ts"
import { logFailed } from "./SchedulerLog.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/**
 * A claim that never finished (its scheduler died mid-send) is found after the lease. Whether
 * the gateway delivered it is unknown, so it is never resent: a duplicate in a group is worse
 * than a gap. The message is marked outcome-unknown and its campaign FAILED, so the user sees it.
 */
export const recoverExpiredClaims = Effect.fn("recoverExpiredClaims")(function*() {
  const { leaseMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  const expired = yield* (yield* MessageRepository).findPickedBefore(now - leaseMs, 100)
  let recovered = 0
  for (const view of expired) {
    const outcome = yield* execute(MessageAggregate)(view.id, () => ({ type: "RecordOutcomeUnknown", leaseMs, now }))
    if (outcome._tag === "Rejected") {
      // the read model was behind its stream: bring it up to date so it is not found again
      yield* projectStream(MessageAggregate.streamId(view.id))
      continue
    }
    const reason = outcome.state.failureReason ?? "outcome unknown"
    yield* logFailed(view.id, reason)
    yield* failCampaign(view.campaignId, view.id, reason)
    recovered++
  }
  return recovered
})
