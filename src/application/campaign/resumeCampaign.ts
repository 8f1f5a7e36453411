import { Clock, Effect } from "effect"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { OPEN_STATUSES } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { ownedCampaign } from "./ownedCampaign.ts"
import { PAUSE_CONCURRENCY, pauseRefusal } from "./pauseCampaign.ts"

const open: ReadonlySet<string> = new Set(OPEN_STATUSES)

/**
 * campaign.resume: every paused message of the campaign whose time is still ahead is scheduled
 * again; one whose time has come meanwhile (passed, or due right now) is skipped: resuming never
 * sends late (docs/architecture.md#pausing-a-campaign). Messages first, then the campaign, which
 * goes back to where its messages stand (COMPLETED if nothing is left to go): a resume cut short
 * leaves the campaign paused and is finished by asking again. Counts come from the messages'
 * streams, not from views that may lag.
 */
export const resumeCampaign = Effect.fn("resumeCampaign")(function* (userId: string, campaignId: string) {
  yield* ownedCampaign(userId, campaignId)
  const before = yield* load(CampaignAggregate, campaignId)
  if (before.status !== "PAUSED" && before.status !== "NEW") {
    return yield* pauseRefusal({ _tag: "CampaignNotPaused", status: before.status })
  }
  const now = yield* Clock.currentTimeMillis
  const outcomes = yield* Effect.forEach(
    before.messageIds,
    (id) => execute(MessageAggregate)(id, { type: "Resume", now }),
    { concurrency: PAUSE_CONCURRENCY }
  )
  let resumed = 0
  let skipped = 0
  let sent = 0
  let toGo = 0
  for (const o of outcomes) {
    if (o._tag === "Accepted") {
      for (const e of o.events) {
        if (e.type === "MessageResumed") resumed++
        if (e.type === "MessageSkipped") skipped++
      }
    }
    // a message not yet scheduled (its plan is still being written) is still to go
    if (o.state.status === "SENT") sent++
    else if (open.has(o.state.status) || o.state.status === "NEW") toGo++
  }
  const outcome = yield* execute(CampaignAggregate)(campaignId, { type: "Resume", sent, open: toGo, now })
  if (outcome._tag === "Rejected") return yield* pauseRefusal(outcome.rejection)
  // Messages still being scheduled when they were read may have paused themselves since (the
  // campaign was paused then, createCampaign.ts): resumed too, so none stays held in a resumed campaign.
  const late = before.messageIds.filter((_, i) => outcomes[i]?.state.status === "NEW")
  const again = yield* Effect.forEach(late, (id) => execute(MessageAggregate)(id, { type: "Resume", now }), {
    concurrency: PAUSE_CONCURRENCY
  })
  for (const o of again) {
    if (o._tag !== "Accepted") continue
    for (const e of o.events) {
      if (e.type === "MessageResumed") resumed++
      if (e.type === "MessageSkipped") skipped++
    }
  }
  yield* (yield* ScheduleChanges).announce
  return { resumed, skipped }
})
