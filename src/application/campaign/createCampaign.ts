import { Clock, Data, Effect } from "effect"
import type { CampaignGroup, CampaignPlan, CampaignRejection, CampaignState } from "../../domain/campaign/Campaign.ts"
import { alreadyPassed } from "../../domain/campaign/pastTime.ts"
import { STATUS_TARGET_ID } from "../../domain/campaign/StatusPost.ts"
import type { MessageMedia } from "../../domain/message/Media.ts"
import type { Poll } from "../../domain/message/Poll.ts"
import { pollProblem } from "../../domain/message/Poll.ts"
import { CampaignAggregate, MessageAggregate, MessageAggregatePlanned } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { Ids } from "../ports/Ids.ts"
import { ScheduleChanges } from "../ports/ScheduleChanges.ts"
import type { RefusalParams } from "../refusal.ts"
import type { InvalidCampaignCode } from "./CampaignErrors.ts"
import { holdCampaignMessages } from "./holdCampaignMessages.ts"

export interface CreateCampaignInput {
  readonly userId: string
  readonly sessionId: string
  readonly group: CampaignGroup
  /** every group to send to, `group` first, none twice (absent: `group` alone): each gets its own copy of every message */
  readonly targets?: ReadonlyArray<CampaignGroup> | undefined
  readonly title: string
  /** true: `title` was made up from the targets (none was written) */
  readonly titleMadeUp?: boolean
  /** its zone and, when repeating, its recurrence: what the campaign page says in words */
  readonly plan?: CampaignPlan | undefined
  readonly messages: ReadonlyArray<{
    readonly content: string
    readonly scheduledAt: number
    /** checked by the caller against the gateway (checkPlan) */
    readonly mentionAll?: boolean
    /** checked by the caller (checkPlan); null or absent: a text */
    readonly poll?: Poll | null
    /** checked by the caller to be the user's own upload (checkPlan); null or absent: none */
    readonly media?: MessageMedia | null
  }>
}

/** Messages of one plan scheduled at once. */
const PLAN_CONCURRENCY = 32

/**
 * createCampaign's own re-check refused the plan (checkPlan refuses all of it first; a plan that
 * reaches here past it is one whose time passed meanwhile, or a caller that skipped it): its
 * InvalidCampaign code and params, which planCampaign hands on.
 */
export class CampaignRejected extends Data.TaggedError("CampaignRejected")<{
  readonly message: string
  readonly code: InvalidCampaignCode
  readonly params?: RefusalParams | undefined
}> {}

/**
 * The same request run again with the same ids (an Idempotency-Key's retry after the first run
 * died, runIdempotently): the campaign it recorded is this user's and names exactly these
 * messages, the plan unchanged. The run goes on, scheduling what the first did not, and answers
 * the same id: nothing planned twice. A plan changed since (another length, other ids) is not
 * carried on: orCampaignOfRunAgain answers the campaign as it is.
 */
const isRunAgain = (
  created: { readonly state: CampaignState; readonly rejection: CampaignRejection },
  userId: string,
  planned: ReadonlyArray<{ readonly id: string }>
): boolean => {
  if (created.rejection._tag !== "CampaignAlreadyExists" || created.state.userId !== userId) return false
  const recorded = created.state.messageIds
  return recorded.length === planned.length && planned.every((m, i) => recorded[i] === m.id)
}

/**
 * Plans a campaign of explicit messages. Each target group gets its own copy of every message:
 * a message aggregate of its own (id, claim, send), naming its group, so one group's failure is
 * that copy's alone. The campaign is recorded first, with the ids of all its messages, and then
 * each message: a crash in between leaves a campaign short of messages, never a message without
 * its campaign.
 */
export const createCampaign = Effect.fn("createCampaign")(function* (input: CreateCampaignInput) {
  const ids = yield* Ids
  const now = yield* Clock.currentTimeMillis
  const targets = input.targets ?? [input.group]
  // message by message, each in every group: the copies of one message are due together
  // the Status has no members to mention: its copy never mentions everyone (checkStatusPlan
  // refuses an organiser's plan that asks; a copy of a campaign drops it)
  const planned = input.messages.flatMap((m) =>
    targets.map((target) => ({
      ...m,
      ...(target.groupId === STATUS_TARGET_ID ? { mentionAll: false } : {}),
      target,
      id: ids.next()
    }))
  )
  for (const m of planned) {
    const hasMedia = m.media !== undefined && m.media !== null
    if (m.content.trim() === "" && !hasMedia)
      return yield* new CampaignRejected({ message: "message content must not be empty", code: "emptyContent" })
    // the decider would refuse it too, but only after the campaign is recorded: nothing half-saved
    const problem = m.poll === undefined || m.poll === null ? null : pollProblem(m.poll)
    if (problem !== null)
      return yield* new CampaignRejected({ message: problem.message, code: problem.code, params: problem.params })
    if (m.poll && hasMedia)
      return yield* new CampaignRejected({ message: "a poll cannot carry an image or file", code: "pollWithMedia" })
    if (m.poll && m.mentionAll === true)
      return yield* new CampaignRejected({ message: "a poll cannot mention everyone", code: "pollMention" })
    if (m.scheduledAt < now) {
      const timeZone = input.plan?.timeZone ?? "UTC"
      return yield* new CampaignRejected({
        message: alreadyPassed(m.scheduledAt, timeZone, now),
        code: "pastTime",
        params: { scheduledAt: m.scheduledAt, timeZone }
      })
    }
  }
  // by its role when keyed (keyedIds): a run again finds it whatever its plan now holds
  const campaignId = ids.named?.("campaign") ?? ids.next()
  // Its ids were just drawn, so no stream has them yet: nothing to read before the first append
  // (were one there, the append's conflict would re-read it). With the messages' views planned
  // together and counted once below, a campaign of 20 costs MongoDB about 10 commands, not 69
  // (docs/scaling.md, "MongoDB").
  const created = yield* execute(CampaignAggregate)(
    campaignId,
    {
      type: "Create",
      campaignId,
      userId: input.userId,
      sessionId: input.sessionId,
      group: input.group,
      targets,
      title: input.title,
      ...(input.titleMadeUp === undefined ? {} : { titleMadeUp: input.titleMadeUp }),
      messageIds: planned.map((m) => m.id),
      ...(input.plan === undefined ? {} : { plan: input.plan }),
      now
    },
    { known: CampaignAggregate.decider.initialState }
  )
  if (created._tag === "Rejected" && !isRunAgain(created, input.userId, planned)) {
    const r = created.rejection
    return yield* new CampaignRejected({
      message: r._tag === "InvalidTargets" ? r.message : r._tag,
      code: "planNotTaken"
    })
  }
  // Side by side: each message is a stream of its own, so their appends share commits (one
  // fsync for many on SQLite, one insertMany on MongoDB) instead of a round trip each. Each
  // then yields: on a store that answers synchronously (memory) a plan of a thousand would
  // otherwise hold the event loop, and every other request wait, until it is done.
  const outcomes = yield* Effect.forEach(
    planned,
    (m) =>
      execute(MessageAggregatePlanned)(
        m.id,
        {
          type: "Schedule",
          messageId: m.id,
          target: { campaignId, sessionId: input.sessionId, groupId: m.target.groupId, groupName: m.target.groupName },
          content: m.content,
          scheduledAt: m.scheduledAt,
          ...(m.mentionAll === true ? { mentionAll: true } : {}),
          ...(m.poll === undefined || m.poll === null ? {} : { poll: m.poll }),
          ...(m.media === undefined || m.media === null ? {} : { media: m.media }),
          now
        },
        { known: MessageAggregatePlanned.decider.initialState }
      ).pipe(Effect.tap(() => Effect.yieldNow)),
    { concurrency: PLAN_CONCURRENCY }
  )
  for (const scheduled of outcomes) {
    // scheduled already by the run this one repeats (isRunAgain), for this campaign; random ids
    // never meet one, and a message of any other campaign is never taken for this one's
    const ours = scheduled._tag === "Rejected" && scheduled.state.target?.campaignId === campaignId
    if (scheduled._tag === "Rejected" && !(scheduled.rejection._tag === "MessageAlreadyExists" && ours)) {
      const r = scheduled.rejection
      return yield* new CampaignRejected({
        message: r._tag === "InvalidPoll" ? r.message : r._tag,
        code: "planNotTaken"
      })
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
  // Paused likewise (campaign.pause skips messages not yet scheduled): hold them as it would,
  // every one tried, and released again if the campaign was resumed meanwhile.
  if (after.status === "PAUSED") {
    yield* holdCampaignMessages(
      campaignId,
      planned.map((m) => m.id)
    )
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
