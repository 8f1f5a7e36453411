import type { DecideResult, Decider } from "../shared/Decider.ts"
import { accept, reject } from "../shared/Decider.ts"
import { targetKindOf } from "./CampaignTargets.ts"
import { isDefaultTitle } from "./defaultTitle.ts"
import type { Recurrence } from "./Recurrence.ts"
import type { StatusPost } from "./StatusPost.ts"
import { STATUS_TARGET_ID } from "./StatusPost.ts"

/**
 * A campaign: a plan of messages to one or more groups (its targets) through one messaging
 * session. Each target gets its own copy of every planned message; the messages are aggregates
 * of their own (see Message.ts), each naming its group, and the campaign keeps their ids and its
 * status. `group` is the first target: what events and readers before targets knew.
 *
 * DRAFT → SCHEDULED (has messages) → IN_PROGRESS (first sent) → COMPLETED (all non-deleted
 * sent). CANCELLED by the user. FAILED from any state on a send error, a missed message or
 * an unknown outcome, and it stays FAILED: a later successful send does not hide a failure.
 *
 * The one way back from FAILED is the user's: once every failed, missed or outcome-unknown
 * message of the campaign is sent again (campaign.resendMessage), no failure is left unanswered
 * and the campaign is reopened (SCHEDULED, or IN_PROGRESS if something was sent), to complete
 * or fail like any other. A COMPLETED campaign given a resend is reopened the same way.
 *
 * PAUSED by the user from SCHEDULED or IN_PROGRESS (its waiting messages are held, each on its
 * own stream, see Message.ts); resumed to SCHEDULED or IN_PROGRESS as its messages say, or
 * COMPLETED when nothing is left to go. A send already under way when it was paused may still
 * fail it (FAILED, as from any state) or, the last one, complete it.
 */
export const CAMPAIGN_STATUSES = [
  "DRAFT",
  "SCHEDULED",
  "IN_PROGRESS",
  "COMPLETED",
  "CANCELLED",
  "FAILED",
  "PAUSED"
] as const
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number]

export interface CampaignGroup {
  readonly groupId: string
  readonly groupName: string
  /** on the Status target only (StatusPost.ts): its colour, font and who sees it; absent on every other target */
  readonly statusPost?: StatusPost | undefined
}

/**
 * The plan as the organiser made it: its IANA zone, and for a repeating plan its recurrence (what
 * the page says in words: "Daily at 08:30 Berlin time, 1–14 December"). Campaigns created before
 * plans were kept have none: their times read in the viewer's zone, as they did.
 */
export interface CampaignPlan {
  readonly timeZone: string
  readonly recurrence?: Recurrence | undefined
}

export type CampaignEvent =
  | {
      readonly type: "CampaignCreated"
      readonly campaignId: string
      readonly userId: string
      readonly sessionId: string
      readonly group: CampaignGroup
      /** every target, `group` first; only when there are several (absent: [group]) */
      readonly targets?: ReadonlyArray<CampaignGroup>
      readonly title: string
      /**
       * true: planning made the title up from the targets ("Club A and 2 more", kept in English), so
       * readers show it in their own words; false: someone wrote it. Absent on events written before
       * this was recorded: read by the old match (isDefaultTitle).
       */
      readonly titleMadeUp?: boolean
      readonly messageIds: ReadonlyArray<string>
      /** absent on campaigns created before plans were kept */
      readonly plan?: CampaignPlan
      readonly at: number
    }
  | { readonly type: "CampaignStarted"; readonly at: number }
  | { readonly type: "CampaignCompleted"; readonly at: number }
  | { readonly type: "CampaignFailed"; readonly at: number; readonly reason: string; readonly messageId: string | null }
  | { readonly type: "CampaignCancelled"; readonly at: number }
  /** A message sending `resendOf` again joined the campaign (campaign.resendMessage). */
  | {
      readonly type: "CampaignMessageAdded"
      readonly at: number
      readonly messageId: string
      readonly resendOf: string
    }
  /**
   * Open again after a resend answered its last failure (or a finished campaign got one): the
   * failure is cleared, so a new one fails it, and is told, again.
   */
  | { readonly type: "CampaignReopened"; readonly at: number; readonly status: "SCHEDULED" | "IN_PROGRESS" }
  /** The admin was told of the failure: recorded so that it is told once, by one web process. */
  | { readonly type: "CampaignFailureNotified"; readonly at: number }
  /** The user paused sending (campaign.pause). */
  | { readonly type: "CampaignPaused"; readonly at: number }
  /** The user resumed sending: back to where its messages stand. */
  | { readonly type: "CampaignResumed"; readonly at: number; readonly status: "SCHEDULED" | "IN_PROGRESS" }
  /**
   * Every future message of a repeating campaign was changed at once (a new time of day, a new
   * template): the plan is what its rhythm sentence now says.
   */
  | { readonly type: "CampaignPlanChanged"; readonly at: number; readonly plan: CampaignPlan }

export interface CampaignState {
  readonly id: string
  readonly status: CampaignStatus | "NEW"
  readonly userId: string
  readonly sessionId: string
  /** the first target */
  readonly group: CampaignGroup
  /** the groups the campaign sends to, `group` first (one or more) */
  readonly targets: ReadonlyArray<CampaignGroup>
  readonly title: string
  /** planning made the title up from the targets (see CampaignCreated) */
  readonly titleMadeUp: boolean
  readonly messageIds: ReadonlyArray<string>
  readonly failureReason: string | null
  readonly failureNotified: boolean
  /** null: created before plans were kept */
  readonly plan: CampaignPlan | null
  readonly createdAt: number
  readonly updatedAt: number
  readonly version: number
}

export type CampaignCommand =
  | {
      readonly type: "Create"
      readonly campaignId: string
      readonly userId: string
      readonly sessionId: string
      readonly group: CampaignGroup
      /** every target, `group` first; absent: `group` alone */
      readonly targets?: ReadonlyArray<CampaignGroup> | undefined
      readonly title: string
      /** true: `title` is the one planning made up from the targets (defaultCampaignTitle) */
      readonly titleMadeUp?: boolean
      readonly messageIds: ReadonlyArray<string>
      readonly plan?: CampaignPlan | undefined
      readonly now: number
    }
  /** After a send: how many of its messages are sent, and how many are still to go (not sent, not deleted). */
  | { readonly type: "RecordProgress"; readonly sent: number; readonly open: number; readonly now: number }
  /** `group`: the group of the message that failed, named in the reason when the campaign has several */
  | {
      readonly type: "Fail"
      readonly reason: string
      readonly messageId: string | null
      readonly group?: CampaignGroup | null | undefined
      readonly now: number
    }
  | { readonly type: "Cancel"; readonly now: number }
  | { readonly type: "RecordFailureNotified"; readonly now: number }
  | { readonly type: "Pause"; readonly now: number }
  /** After its messages were resumed: how many are sent, and how many are still to go (as RecordProgress). */
  | { readonly type: "Resume"; readonly sent: number; readonly open: number; readonly now: number }
  /** The repeating plan's time of day or template changed for every future message. */
  | { readonly type: "ChangePlan"; readonly plan: CampaignPlan; readonly now: number }
  /**
   * Take `messageId`, which sends `resendOf` again. What the campaign's stream does not hold
   * comes from its messages: how many are sent, how many failures other than `resendOf`
   * are still not sent again, and how many are paused.
   */
  | {
      readonly type: "AddResend"
      readonly messageId: string
      readonly resendOf: string
      readonly sent: number
      readonly otherFailures: number
      /** how many of its messages are paused (a campaign that failed while paused holds them) */
      readonly paused: number
      readonly now: number
    }

export type CampaignRejection =
  | { readonly _tag: "CampaignNotFound" }
  | { readonly _tag: "CampaignAlreadyExists" }
  /** targets that do not start with `group`, or that name a group twice */
  | { readonly _tag: "InvalidTargets"; readonly message: string }
  | { readonly _tag: "CampaignNotCancellable"; readonly status: CampaignStatus }
  /** a cancelled campaign sends nothing more, resends included */
  | { readonly _tag: "CampaignNotResendable"; readonly status: CampaignStatus }
  /** some of its messages are paused (a campaign failed while paused): resume them first */
  | { readonly _tag: "CampaignHoldsPaused"; readonly paused: number }
  /** finished (completed, failed, cancelled) or never planned: there is nothing to pause */
  | { readonly _tag: "CampaignNotPausable"; readonly status: CampaignStatus }
  | { readonly _tag: "CampaignNotPaused"; readonly status: CampaignStatus }
  /** a finished campaign has no future message to change */
  | { readonly _tag: "CampaignPlanClosed"; readonly status: CampaignStatus }

export const initialCampaignState: CampaignState = {
  id: "",
  status: "NEW",
  userId: "",
  sessionId: "",
  group: { groupId: "", groupName: "" },
  targets: [],
  title: "",
  titleMadeUp: false,
  messageIds: [],
  failureReason: null,
  failureNotified: false,
  plan: null,
  createdAt: 0,
  updatedAt: 0,
  version: 0
}

/** Why these targets cannot be a campaign's, or null: `group` first, no group twice. */
const targetsProblem = (group: CampaignGroup, targets: ReadonlyArray<CampaignGroup> | undefined): string | null => {
  if (targets === undefined) return null
  const first = targets[0]
  if (first === undefined || first.groupId !== group.groupId) return "the first target must be the campaign's group"
  const seen = new Set<string>()
  for (const t of targets) {
    if (seen.has(t.groupId)) return `the group ${t.groupId} is a target twice`
    seen.add(t.groupId)
  }
  return null
}

/**
 * A failure's reason as the user reads it: with several targets, which group's message failed
 * ("group Club B: missed", "your Status: missed"); with one group, the reason alone, as before
 * targets. A channel's is always named ("channel Club news: missed", one target or several), so
 * its failure reads as a channel's, not a group's (failedTargetOf reads both back).
 */
const failureNaming = (state: CampaignState, reason: string, group: CampaignGroup | null): string => {
  if (group === null) return reason
  const channel = targetKindOf(group.groupId) === "channel"
  if (!channel && state.targets.length <= 1) return reason
  // the number's Status is not a group
  if (group.groupId === STATUS_TARGET_ID) return `your Status: ${reason}`
  return `${channel ? "channel" : "group"} ${group.groupName || group.groupId}: ${reason}`
}

const isFinished = (status: CampaignState["status"]): boolean =>
  status === "COMPLETED" || status === "CANCELLED" || status === "FAILED"

type Result = DecideResult<CampaignEvent, CampaignRejection>

export const decideCampaign = (command: CampaignCommand, state: CampaignState): Result => {
  if (command.type === "Create") {
    if (state.status !== "NEW") return reject({ _tag: "CampaignAlreadyExists" })
    const { type: _, now, targets, plan, ...created } = command
    const problem = targetsProblem(command.group, targets)
    if (problem !== null) return reject({ _tag: "InvalidTargets", message: problem })
    // one target: the event as before targets, so older readers read it as it is (a lone Status
    // target keeps its settings in `targets`)
    const several =
      targets !== undefined && (targets.length > 1 || targets.some((t) => t.statusPost !== undefined))
        ? { targets }
        : {}
    return accept({ type: "CampaignCreated", ...created, ...several, ...(plan === undefined ? {} : { plan }), at: now })
  }
  if (state.status === "NEW") return reject({ _tag: "CampaignNotFound" })
  const status = state.status
  switch (command.type) {
    case "RecordProgress": {
      if (isFinished(status)) return accept()
      // paused: a send under way when it was paused changes nothing, unless it was the last one
      if (status === "PAUSED")
        return command.open === 0 ? accept({ type: "CampaignCompleted", at: command.now }) : accept()
      if (command.sent === 0) {
        // every message deleted before any was sent: nothing is left to do
        return command.open === 0 && status === "SCHEDULED"
          ? accept({ type: "CampaignCompleted", at: command.now })
          : accept()
      }
      const events: Array<CampaignEvent> = []
      if (status !== "IN_PROGRESS") events.push({ type: "CampaignStarted", at: command.now })
      if (command.open === 0) events.push({ type: "CampaignCompleted", at: command.now })
      return accept(...events)
    }
    case "Fail":
      // The first failure is the one the user reads; later ones are on their messages.
      if (status === "FAILED") return accept()
      return accept({
        type: "CampaignFailed",
        at: command.now,
        reason: failureNaming(state, command.reason, command.group ?? null),
        messageId: command.messageId
      })
    case "Cancel":
      if (isFinished(status)) return reject({ _tag: "CampaignNotCancellable", status })
      return accept({ type: "CampaignCancelled", at: command.now })
    case "RecordFailureNotified":
      // nothing to tell, or told already
      return status !== "FAILED" || state.failureNotified
        ? accept()
        : accept({ type: "CampaignFailureNotified", at: command.now })
    case "Pause":
      if (status === "PAUSED") return accept()
      if (status !== "SCHEDULED" && status !== "IN_PROGRESS") return reject({ _tag: "CampaignNotPausable", status })
      return accept({ type: "CampaignPaused", at: command.now })
    case "Resume": {
      if (status !== "PAUSED") return reject({ _tag: "CampaignNotPaused", status })
      const resumed: CampaignEvent = {
        type: "CampaignResumed",
        at: command.now,
        status: command.sent > 0 ? "IN_PROGRESS" : "SCHEDULED"
      }
      // every message sent or skipped: nothing is left to go
      return command.open === 0
        ? accept<CampaignEvent>(resumed, { type: "CampaignCompleted", at: command.now })
        : accept(resumed)
    }
    case "ChangePlan":
      if (status === "CANCELLED" || status === "COMPLETED") return reject({ _tag: "CampaignPlanClosed", status })
      return accept({ type: "CampaignPlanChanged", at: command.now, plan: command.plan })
    case "AddResend": {
      // a paused campaign sends nothing until resumed: a resend would go at once
      if (status === "CANCELLED" || status === "DRAFT" || status === "PAUSED") {
        return reject({ _tag: "CampaignNotResendable", status })
      }
      // Failed while paused: its held messages wait for a resume, and a resend would go at once
      // and reopen the campaign around them. Resumed first, all go again together.
      if (command.paused > 0) return reject({ _tag: "CampaignHoldsPaused", paused: command.paused })
      if (state.messageIds.includes(command.messageId)) return accept()
      const added: CampaignEvent = {
        type: "CampaignMessageAdded",
        at: command.now,
        messageId: command.messageId,
        resendOf: command.resendOf
      }
      // FAILED stays while another failure is unanswered: the user still has something to see
      const reopen = status === "COMPLETED" || (status === "FAILED" && command.otherFailures === 0)
      if (!reopen) return accept(added)
      return accept<CampaignEvent>(added, {
        type: "CampaignReopened",
        at: command.now,
        status: command.sent > 0 ? "IN_PROGRESS" : "SCHEDULED"
      })
    }
  }
}

export const evolveCampaign = (state: CampaignState, event: CampaignEvent): CampaignState => {
  const version = state.version + 1
  switch (event.type) {
    case "CampaignCreated":
      return {
        ...initialCampaignState,
        id: event.campaignId,
        status: event.messageIds.length === 0 ? "DRAFT" : "SCHEDULED",
        userId: event.userId,
        sessionId: event.sessionId,
        group: event.group,
        targets: event.targets ?? [event.group],
        title: event.title,
        titleMadeUp: event.titleMadeUp ?? isDefaultTitle(event.title, event.targets ?? [event.group]),
        messageIds: event.messageIds,
        plan: event.plan ?? null,
        createdAt: event.at,
        updatedAt: event.at,
        version
      }
    case "CampaignStarted":
      return { ...state, status: "IN_PROGRESS", updatedAt: event.at, version }
    case "CampaignCompleted":
      return { ...state, status: "COMPLETED", updatedAt: event.at, version }
    case "CampaignFailed":
      return { ...state, status: "FAILED", failureReason: event.reason, updatedAt: event.at, version }
    case "CampaignFailureNotified":
      return { ...state, failureNotified: true, version }
    case "CampaignCancelled":
      return { ...state, status: "CANCELLED", updatedAt: event.at, version }
    case "CampaignMessageAdded":
      return { ...state, messageIds: [...state.messageIds, event.messageId], updatedAt: event.at, version }
    case "CampaignPaused":
      return { ...state, status: "PAUSED", updatedAt: event.at, version }
    case "CampaignResumed":
      return { ...state, status: event.status, updatedAt: event.at, version }
    case "CampaignPlanChanged":
      return { ...state, plan: event.plan, updatedAt: event.at, version }
    case "CampaignReopened":
      return {
        ...state,
        status: event.status,
        failureReason: null,
        failureNotified: false,
        updatedAt: event.at,
        version
      }
  }
}

export const CampaignDecider: Decider<CampaignCommand, CampaignState, CampaignEvent, CampaignRejection> = {
  initialState: initialCampaignState,
  decide: decideCampaign,
  evolve: evolveCampaign
}

export const campaignStreamId = (campaignId: string): string => `campaign-${campaignId}`
