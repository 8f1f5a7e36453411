import { Clock, Data, Effect } from "effect"
import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { Ids } from "../ports/Ids.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"

export interface CreateCampaignInput {
  readonly userId: string
  readonly sessionId: string
  readonly group: CampaignGroup
  readonly title: string
  readonly messages: ReadonlyArray<{ readonly content: string; readonly scheduledAt: number }>
}

/** Longest stretch of scheduling work before other requests get a turn. */
const YIELD_EVERY_MS = 5

export class CampaignRejected extends Data.TaggedError("CampaignRejected")<{ readonly message: string }> {}

/**
 * Plans a campaign of explicit messages. The campaign is recorded first, with the ids of its
 * messages, and then each message: a crash in between leaves a campaign short of messages,
 * never a message without its campaign.
 */
export const createCampaign = Effect.fn("createCampaign")(function* (input: CreateCampaignInput) {
  const ids = yield* Ids
  const now = yield* Clock.currentTimeMillis
  const planned = input.messages.map((m) => ({ ...m, id: ids.next() }))
  for (const m of planned) {
    if (m.content.trim() === "") return yield* new CampaignRejected({ message: "message content must not be empty" })
    if (m.scheduledAt < now)
      return yield* new CampaignRejected({
        message: `scheduledAt ${new Date(m.scheduledAt).toISOString()} is in the past`
      })
  }
  const campaignId = ids.next()
  const created = yield* execute(CampaignAggregate)(campaignId, {
    type: "Create",
    campaignId,
    userId: input.userId,
    sessionId: input.sessionId,
    group: input.group,
    title: input.title,
    messageIds: planned.map((m) => m.id),
    now
  })
  if (created._tag === "Rejected") return yield* new CampaignRejected({ message: created.rejection._tag })
  const target = {
    campaignId,
    sessionId: input.sessionId,
    groupId: input.group.groupId,
    groupName: input.group.groupName
  }
  let sliceStart = yield* Clock.currentTimeMillis
  for (const m of planned) {
    const scheduled = yield* execute(MessageAggregate)(m.id, {
      type: "Schedule",
      messageId: m.id,
      target,
      content: m.content,
      scheduledAt: m.scheduledAt,
      now
    })
    if (scheduled._tag === "Rejected") return yield* new CampaignRejected({ message: scheduled.rejection._tag })
    // On the memory and SQLite stores an append is synchronous work: without a yield a
    // 1000-message plan held the event loop for seconds and every other request waited. A yield
    // per time slice, not per message, keeps the cost of yielding out of fast stores.
    const at = yield* Clock.currentTimeMillis
    if (at - sliceStart >= YIELD_EVERY_MS) {
      yield* Effect.yieldNow
      sliceStart = yield* Clock.currentTimeMillis
    }
  }
  // Cancelled while its messages were being scheduled (campaign.cancel skips messages not yet
  // scheduled): cancel them now, so a cancelled campaign sends nothing.
  const after = yield* load(CampaignAggregate, campaignId)
  if (after.status === "CANCELLED") {
    const at = yield* Clock.currentTimeMillis
    yield* Effect.forEach(planned, (m) => execute(MessageAggregate)(m.id, { type: "Cancel", now: at }), {
      discard: true
    })
  }
  // Counted once, now that its messages are: their projections leave a campaign never counted
  // alone (CampaignRepository.recount). Should this fail, campaign.list tallies it and
  // campaign.get counts it.
  yield* (yield* CampaignRepository)
    .count(campaignId)
    .pipe(
      Effect.catch((error) =>
        Effect.logWarning(`campaign ${campaignId} left to count when it is opened: ${error.message}`)
      )
    )
  yield* (yield* ScheduleChanges).announce
  return { id: campaignId, messageIds: planned.map((m) => m.id) }
})
