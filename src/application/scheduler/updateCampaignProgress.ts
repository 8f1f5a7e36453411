import { Clock, Effect } from "effect"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"

/**
 * After a send: IN_PROGRESS on the first, COMPLETED when every non-deleted message is sent.
 * Counts come from the messages read model, which the sender updated before calling this;
 * of two concurrent last sends, the later reader sees both and completes the campaign. The
 * same read recounts the campaign's counters (CampaignRepository.recountProgress), which the
 * scheduler's claim and record leave to this (MessageAggregateCountedLater).
 */
export const updateCampaignProgress = Effect.fnUntraced(function* (campaignId: string) {
  const { status, version, progress } = yield* (yield* CampaignRepository).recountProgress(campaignId)
  // Nothing to record: saves a read of the campaign stream on most sends.
  if (status === "IN_PROGRESS" && progress.open > 0) return
  const now = yield* Clock.currentTimeMillis
  yield* execute(CampaignAggregate)(
    campaignId,
    { type: "RecordProgress", sent: progress.sent, open: progress.open, now },
    // read up to the view's version: the append conflicts, and reads again, if the stream moved on
    version > 0 ? { knownVersion: version } : {}
  )
})
