import { Clock, Effect } from "effect"
import type { MessageStatus } from "../../domain/message/Message.ts"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { OPEN_STATUSES } from "../ports/MessageRepository.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import { releaseMessages } from "./holdCampaignMessages.ts"
import { ownedCampaign } from "./ownedCampaign.ts"
import { pauseRefusal } from "./pauseCampaign.ts"

const open: ReadonlySet<MessageStatus> = new Set(OPEN_STATUSES)

/**
 * campaign.resume: every paused message of the campaign whose time is still ahead is scheduled
 * again; one whose time has come meanwhile (passed, or due right now, read at its own turn) is
 * skipped: resuming never sends late (docs/architecture.md#pausing-a-campaign). Messages first,
 * then the campaign, which goes back to where its messages stand (COMPLETED if nothing is left to
 * go): a resume cut short leaves the campaign paused and is finished by asking again. Counts come
 * from the messages' streams, not from views that may lag.
 *
 * It acts on paused messages whatever the campaign's status: a campaign that failed while paused
 * holds them (resumed, the campaign stays failed), and a pause that raced a resume may have left
 * some. With no paused message and the campaign not paused, it is refused.
 */
export const resumeCampaign = Effect.fn("resumeCampaign")(function* (userId: string, campaignId: string) {
  yield* ownedCampaign(userId, campaignId)
  const before = yield* load(CampaignAggregate, campaignId)
  const first = yield* releaseMessages(before.messageIds)
  let { resumed, skipped } = first
  const pausedCampaign = before.status === "PAUSED" || before.status === "NEW"
  if (!pausedCampaign && resumed + skipped === 0) {
    return yield* pauseRefusal({ _tag: "CampaignNotPaused", status: before.status }, "resume")
  }
  let sent = 0
  let toGo = 0
  for (const o of first.outcomes) {
    // a message not yet scheduled (its plan is still being written) is still to go
    if (o.state.status === "SENT") sent++
    else if (open.has(o.state.status) || o.state.status === "NEW") toGo++
  }
  const now = yield* Clock.currentTimeMillis
  if (pausedCampaign) {
    const outcome = yield* execute(CampaignAggregate)(campaignId, { type: "Resume", sent, open: toGo, now })
    if (outcome._tag === "Rejected") return yield* pauseRefusal(outcome.rejection, "resume")
  } else if (before.status === "SCHEDULED" || before.status === "IN_PROGRESS") {
    // resumed messages of a running campaign: skipped ones may leave nothing to go
    yield* execute(CampaignAggregate)(campaignId, { type: "RecordProgress", sent, open: toGo, now })
  }
  // Read again after the campaign: a message still being scheduled when read may have paused
  // itself since (createCampaign.ts), and a pause racing this one (its campaign write before this
  // one's) may have held one this pass had found waiting. Resumed too: none stays held.
  // Only those this pass left alone (not those it resumed): a large resume is not read twice.
  const again = yield* releaseMessages(
    before.messageIds.filter((_, i) => {
      const o = first.outcomes[i]
      return o?._tag === "Rejected" && (o.state.status === "NEW" || o.state.status === "SCHEDULED")
    })
  )
  resumed += again.resumed
  skipped += again.skipped
  yield* (yield* ScheduleChanges).announce
  return { resumed, skipped }
})
