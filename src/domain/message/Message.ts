import { STATUS_TARGET_ID } from "../campaign/StatusPost.ts"
import type { DecideResult, Decider } from "../shared/Decider.ts"
import { accept, reject } from "../shared/Decider.ts"
import type { MessageMedia } from "./Media.ts"
import { copyMedia } from "./Media.ts"
import type { Poll, PollProblem } from "./Poll.ts"
import { pollProblem, samePoll } from "./Poll.ts"

/**
 * A scheduled message is an aggregate of its own, not an entity inside Campaign: the
 * scheduler claims one message by appending `MessagePicked` to that message's stream, so
 * claims on different messages never contend, and a claim races only with what can
 * really conflict with it (an edit, a delete, a cancel, another scheduler's claim).
 */

/** The reason of a message missed while WhatsApp was limiting its number (the browser says so in plain words). */
export const MISSED_WHILE_LIMITED = "missed: WhatsApp was limiting the number at its time"

/** A message is due (docs/architecture.md#the-scheduler) when now − 2 min ≤ scheduledAt ≤ now. */
export const LOOKBACK_MS = 2 * 60 * 1000

export interface MessageTarget {
  readonly campaignId: string
  readonly sessionId: string
  readonly groupId: string
  readonly groupName: string
}

export type MessageEvent =
  | {
      readonly type: "MessageScheduled"
      readonly messageId: string
      readonly target: MessageTarget
      readonly content: string
      readonly scheduledAt: number
      readonly at: number
      /** the message this one sends again (campaign.resendMessage); absent on a planned message */
      readonly resendOf?: string
      /** mention every member of the group (WAHA `mentions: ["all"]`); absent: false (and on every event before it existed) */
      readonly mentionAll?: true
      /** the message is a poll, its content the question; absent: a text (and on every event before polls) */
      readonly poll?: Poll
      /** an image or file sent with the content as its caption; absent: none (and on every event before media) */
      readonly media?: MessageMedia
    }
  /** `mentionAll`, `poll`: present when the edit changed them; absent, they stay as they were */
  | {
      readonly type: "MessageEdited"
      readonly content: string
      readonly scheduledAt: number
      readonly at: number
      readonly mentionAll?: boolean
      readonly poll?: Poll
    }
  | { readonly type: "MessageDeleted"; readonly at: number }
  | { readonly type: "MessageCancelled"; readonly at: number }
  /**
   * `gatewayMessageId`: the id taken from the gateway before the send, which the send then uses
   * (docs/outcome-unknown.md#client-chosen-message-ids-evidence-and-plan); absent: no id (a
   * gateway without ids, a failed fetch, and every claim before ids were taken).
   */
  | { readonly type: "MessagePicked"; readonly at: number; readonly by: string; readonly gatewayMessageId?: string }
  /**
   * `gatewayMessageId`: the id the gateway gave the sent message (null when its answer named none);
   * `note` says how it is known when the sender itself did not report it (settled from the chat's
   * history, or by the claim's own id).
   */
  | {
      readonly type: "MessageSent"
      readonly at: number
      readonly gatewayMessageId: string | null
      readonly note?: string
    }
  | { readonly type: "MessageSendFailed"; readonly at: number; readonly reason: string }
  | { readonly type: "MessageOutcomeUnknown"; readonly at: number; readonly reason: string }
  /** `whileLimited`: WhatsApp was limiting the session's number in its window, so it was held (absent in older events). */
  | { readonly type: "MessageMissed"; readonly at: number; readonly whileLimited?: true }
  /**
   * Its campaign was paused (campaign.pause) while the message waited: never claimed until
   * resumed. Appended at the message's next version, so it races a claim fairly: a message
   * claimed first is sent, one paused first is not claimed.
   */
  | { readonly type: "MessagePaused"; readonly at: number }
  /** Its campaign was resumed while its time was still ahead: scheduled again, as it was. */
  | { readonly type: "MessageResumed"; readonly at: number }
  /**
   * Its campaign was resumed after its time (or within the 2-minute window of it): not sent
   * late, never; closed like a deleted message, and it may be sent again by the user.
   */
  | { readonly type: "MessageSkipped"; readonly at: number }
  /** The user asked to send this message again: `resendId` is the new message that does. */
  | { readonly type: "MessageResent"; readonly at: number; readonly resendId: string }
  /**
   * A delivery receipt from the gateway: the message reached a phone (DELIVERED) or was read
   * there (READ). `participant` names the group member it came from; null for a receipt of
   * the message as a whole (a direct chat, or the gateway's summary for a group).
   */
  | {
      readonly type: "MessageAcknowledged"
      readonly at: number
      readonly level: AckLevel
      readonly participant: string | null
      /**
       * A Status seen by one more contact past the names kept (STATUS_SEEN_NAMES): counted, not
       * named (participant null). Absent on every other receipt.
       */
      readonly counted?: true
    }

/** How far a sent message got: a read message was delivered too. */
export const ACK_LEVELS = ["DELIVERED", "READ"] as const
export type AckLevel = (typeof ACK_LEVELS)[number]

/** Who has acknowledged a sent message, and when the first receipt of each level came. */
export interface Delivery {
  readonly deliveredAt: number | null
  readonly readAt: number | null
  /** group members the message reached, read ones included */
  readonly deliveredTo: ReadonlyArray<string>
  /** group members who read it */
  readonly readBy: ReadonlyArray<string>
  /** a Status's viewers counted past the names kept in readBy (STATUS_SEEN_NAMES) */
  readonly readMore: number
}

export const noDelivery: Delivery = { deliveredAt: null, readAt: null, deliveredTo: [], readBy: [], readMore: 0 }

/**
 * A Status goes to up to thousands of contacts, each of whom sends a receipt: of its viewers this
 * many are named (kept once each), the others only counted, and its per-contact DELIVERED
 * receipts are kept as one for the Status as a whole. Its stream and state stay small: no name
 * list grows past this, and each receipt's evolve costs at most a scan of this many names.
 */
export const STATUS_SEEN_NAMES = 256

/** How many read it: the members named, and a Status's viewers counted past them. */
export const readCountOf = (d: Delivery): number => d.readBy.length + d.readMore
/**
 * Where a message is in its life. The API's flags are derived from it: isPicked once claimed,
 * isSent once sent, isDeleted when deleted or cancelled before being picked.
 */
export const MESSAGE_STATUSES = [
  "NEW",
  "SCHEDULED",
  "PICKED",
  "SENT",
  "FAILED",
  "OUTCOME_UNKNOWN",
  "MISSED",
  "DELETED",
  "CANCELLED",
  /** its campaign is paused: waits, is never claimed (older events have none) */
  "PAUSED",
  /** its campaign was paused at its time: not sent, not late either */
  "SKIPPED"
] as const
export type MessageStatus = (typeof MESSAGE_STATUSES)[number]

export interface MessageState {
  readonly id: string
  readonly status: MessageStatus
  readonly target: MessageTarget | null
  readonly content: string
  readonly scheduledAt: number
  readonly pickedAt: number | null
  readonly pickedBy: string | null
  readonly sentAt: number | null
  readonly failureReason: string | null
  /** the gateway's id of the sent message, to match its delivery receipts */
  readonly gatewayMessageId: string | null
  /** the id the current claim took before its send, or null (none taken, or not claimed) */
  readonly claimGatewayId: string | null
  readonly delivery: Delivery
  /** the message this one sends again, if it is a resend */
  readonly resendOf: string | null
  /** the latest message sending this one again (it may since have been deleted: see isWithdrawnResend) */
  readonly resentAs: string | null
  /** sent mentioning every member of its group (the gateway expands the mention) */
  readonly mentionAll: boolean
  /** a poll (its content is the question), or null for a text */
  readonly poll: Poll | null
  /** an image or file (its content is the caption, possibly empty), or null */
  readonly media: MessageMedia | null
  /** number of events folded into this state; the stream version it reflects */
  readonly version: number
}

export type MessageCommand =
  | {
      readonly type: "Schedule"
      readonly messageId: string
      readonly target: MessageTarget
      readonly content: string
      readonly scheduledAt: number
      readonly now: number
      readonly resendOf?: string
      readonly mentionAll?: boolean
      readonly poll?: Poll
      /** checked by the caller to be the user's own upload (the decider cannot read the store) */
      readonly media?: MessageMedia
    }
  /** `poll` changes a poll's options; a text cannot become a poll, nor a poll a text */
  | {
      readonly type: "Edit"
      readonly content?: string
      readonly scheduledAt?: number
      readonly mentionAll?: boolean
      readonly poll?: Poll
      readonly now: number
    }
  | { readonly type: "Delete"; readonly now: number }
  | { readonly type: "Cancel"; readonly now: number }
  /**
   * `selectedAt` is the time of the cycle that selected the message, `now` the time of the claim;
   * `gatewayMessageId`, the id taken for the send, is recorded with the claim.
   */
  | {
      readonly type: "Pick"
      readonly selectedAt: number
      readonly now: number
      readonly by: string
      readonly gatewayMessageId?: string
    }
  | { readonly type: "RecordSent"; readonly gatewayMessageId: string | null; readonly now: number }
  /** A receipt: recorded once per level and participant, so a replayed one changes nothing. */
  | { readonly type: "RecordAck"; readonly level: AckLevel; readonly participant: string | null; readonly now: number }
  | { readonly type: "RecordSendFailure"; readonly reason: string; readonly now: number }
  /**
   * The send was cut off after its request went out (the gateway did not answer in time): it may
   * have been sent, so it is outcome-unknown, not failed, and "send again" is the user's call.
   */
  | { readonly type: "RecordSendCutOff"; readonly reason: string; readonly now: number }
  /** A claim older than the lease whose send never reported back. */
  | { readonly type: "RecordOutcomeUnknown"; readonly leaseMs: number; readonly now: number }
  /**
   * The same claim, when the chat's own history shows the text, sent by this session after the
   * claim and acknowledged by WhatsApp: it was sent. `sentAt` is the chat's timestamp of it,
   * `evidence` what was found (e.g. the gateway's message id).
   */
  | {
      readonly type: "SettleSentFromHistory"
      readonly leaseMs: number
      readonly now: number
      readonly sentAt: number
      readonly gatewayMessageId: string
      readonly evidence: string
    }
  /**
   * The same claim, when the gateway finds the message by the id the claim recorded: it was sent.
   * After the lease, like SettleSentFromHistory; before it only for the claim's own scheduler
   * (`by`), which is settling its own cut-off send. `ack` is the gateway's (WAHA's scale: 2
   * DEVICE, 3 READ, 4 PLAYED): from 2 on it is also a receipt of the whole message.
   */
  | {
      readonly type: "SettleSentById"
      readonly gatewayMessageId: string
      readonly sentAt: number
      readonly leaseMs: number
      readonly now: number
      readonly by?: string
      readonly ack?: number
    }
  | { readonly type: "RecordMissed"; readonly now: number; readonly whileLimited?: boolean }
  /** The campaign is being paused: a message still waiting is held. */
  | { readonly type: "Pause"; readonly now: number }
  /**
   * The campaign is being resumed: a held message whose time is still ahead is scheduled again;
   * one whose time has come (due now or passed) is skipped, since resuming never sends late.
   */
  | { readonly type: "Resume"; readonly now: number }
  /**
   * Send this message again as `resendId` (a new message the caller schedules next). Never
   * automatic: only the user asks. `currentResend` is the status of the message `resentAs`
   * names (null when there is none): the caller reads that other stream, the rule is here.
   */
  | {
      readonly type: "Resend"
      readonly resendId: string
      readonly currentResend: MessageStatus | null
      readonly now: number
    }

export type MessageRejection =
  | { readonly _tag: "MessageNotFound" }
  | { readonly _tag: "MessageAlreadyExists" }
  | { readonly _tag: "MessageAlreadyPicked"; readonly status: MessageStatus }
  /** deleted, cancelled or missed: nothing more can happen to it */
  | { readonly _tag: "MessageClosed"; readonly status: MessageStatus }
  | { readonly _tag: "MessageNotDue"; readonly scheduledAt: number; readonly selectedAt: number }
  /** its campaign is paused: nothing of it is claimed, nor recorded missed */
  | { readonly _tag: "MessagePaused" }
  | { readonly _tag: "MessageNotPaused"; readonly status: MessageStatus }
  | { readonly _tag: "MessageNotInFlight"; readonly status: MessageStatus }
  | { readonly _tag: "LeaseNotExpired"; readonly pickedAt: number }
  /** SettleSentById with an id that is not the one the current claim recorded (`claimGatewayId`, null: none) */
  | { readonly _tag: "NotTheClaimsId"; readonly claimGatewayId: string | null }
  | { readonly _tag: "ScheduledInThePast"; readonly scheduledAt: number; readonly now: number }
  | { readonly _tag: "EmptyContent" }
  /** `at`: where in the poll (`options`, `options.<i>`) */
  | ({ readonly _tag: "InvalidPoll" } & NonNullable<PollProblem>)
  /** WAHA's sendPoll takes no mentions (docs/waha-features.md §3) */
  | { readonly _tag: "PollCannotMention" }
  | { readonly _tag: "NotAPoll" }
  /** a poll carries no image or file (WAHA's sendPoll takes none) */
  | { readonly _tag: "PollCannotCarryMedia" }
  | { readonly _tag: "MessageNotSent"; readonly status: MessageStatus }
  /** only a failed, missed, skipped or outcome-unknown message can be sent again */
  | { readonly _tag: "MessageNotResendable"; readonly status: MessageStatus }
  /** sent again already, and that resend still stands (scheduled, being sent, sent, or failed in turn) */
  | { readonly _tag: "MessageAlreadyResent"; readonly resendId: string; readonly status: MessageStatus }

export const initialMessageState: MessageState = {
  id: "",
  status: "NEW",
  target: null,
  content: "",
  scheduledAt: 0,
  pickedAt: null,
  pickedBy: null,
  sentAt: null,
  failureReason: null,
  gatewayMessageId: null,
  claimGatewayId: null,
  delivery: noDelivery,
  resendOf: null,
  resentAs: null,
  mentionAll: false,
  poll: null,
  media: null,
  version: 0
}

export const isDue = (scheduledAt: number, now: number): boolean =>
  scheduledAt <= now && scheduledAt >= now - LOOKBACK_MS

export const isPicked = (s: MessageState): boolean =>
  s.status === "PICKED" || s.status === "SENT" || s.status === "FAILED" || s.status === "OUTCOME_UNKNOWN"
export const isSent = (s: MessageState): boolean => s.status === "SENT"
/** Never to be sent: deleted or cancelled, or skipped (counted like a deleted one, so a campaign completes without it). */
export const isDeleted = (s: MessageState): boolean =>
  s.status === "DELETED" || s.status === "CANCELLED" || s.status === "SKIPPED"

/** A message claimed for sending: picked, so it has the target it was scheduled with and the claim's time and owner. */
export interface ClaimedMessage extends MessageState {
  readonly status: "PICKED"
  readonly target: MessageTarget
  readonly pickedAt: number
  readonly pickedBy: string
}

export const isClaimed = (s: MessageState): s is ClaimedMessage =>
  s.status === "PICKED" && s.target !== null && s.pickedAt !== null && s.pickedBy !== null

/** A failure the user must see: keeps its campaign FAILED until it is sent again. */
export const isFailure = (status: MessageStatus): boolean =>
  status === "FAILED" || status === "MISSED" || status === "OUTCOME_UNKNOWN"

/**
 * What can be sent again (campaign.resendMessage): a message that did not go out, or may not have.
 * A skipped one too: it was held by a pause, not refused, and sending it late is the user's call,
 * as for a missed one (resuming alone never does).
 */
export const isResendable = (status: MessageStatus): boolean => isFailure(status) || status === "SKIPPED"

/**
 * A resend that no longer stands for its original: deleted or cancelled before it went, or
 * never scheduled (a resend cut short between its two writes). Its original may be sent again,
 * and counts again in its campaign's counters.
 */
export const WITHDRAWN_RESEND_STATUSES = ["NEW", "DELETED", "CANCELLED"] as const satisfies ReadonlyArray<MessageStatus>
const withdrawn: ReadonlySet<MessageStatus> = new Set(WITHDRAWN_RESEND_STATUSES)
/**
 * By status, the one rule every reader follows (counters on every store, the groups, the page):
 * a skipped resend still stands (it is itself sent again if need be), though it is not counted.
 */
export const isWithdrawnResend = (status: MessageStatus): boolean => withdrawn.has(status)

/**
 * The failures among one campaign's messages that no standing resend answers: the messages
 * that can be sent again now, and what keeps a campaign FAILED (Campaign.ts).
 */
export const unansweredFailures = <
  M extends { readonly id: string; readonly status: MessageStatus; readonly resentAs: string | null }
>(
  messages: ReadonlyArray<M>
): Array<M> => {
  const statusOf = new Map(messages.map((m) => [m.id, m.status]))
  return messages.filter(
    (m) => isFailure(m.status) && (m.resentAs === null || isWithdrawnResend(statusOf.get(m.resentAs) ?? "NEW"))
  )
}

/** The messages that can be sent again now: failures no standing resend answers, and skipped ones likewise. */
export const resendableNow = <
  M extends { readonly id: string; readonly status: MessageStatus; readonly resentAs: string | null }
>(
  messages: ReadonlyArray<M>
): Array<M> => {
  const statusOf = new Map(messages.map((m) => [m.id, m.status]))
  return messages.filter(
    (m) => isResendable(m.status) && (m.resentAs === null || isWithdrawnResend(statusOf.get(m.resentAs) ?? "NEW"))
  )
}

type Result = DecideResult<MessageEvent, MessageRejection>

const whenEditable = (state: MessageState, then: () => Result): Result => {
  if (state.status === "NEW") return reject({ _tag: "MessageNotFound" })
  if (
    state.status === "DELETED" ||
    state.status === "CANCELLED" ||
    state.status === "MISSED" ||
    state.status === "SKIPPED"
  ) {
    return reject({ _tag: "MessageClosed", status: state.status })
  }
  // a paused message is still the user's to edit, delete or cancel: it stays paused
  if (state.status !== "SCHEDULED" && state.status !== "PAUSED") {
    return reject({ _tag: "MessageAlreadyPicked", status: state.status })
  }
  return then()
}

/** Only a waiting message, not a paused one, is claimed or recorded missed. */
const whenWaiting = (state: MessageState, then: () => Result): Result =>
  whenEditable(state, () => (state.status === "PAUSED" ? reject({ _tag: "MessagePaused" }) : then()))

const whenInFlight = (state: MessageState, then: () => Result): Result => {
  if (state.status === "NEW") return reject({ _tag: "MessageNotFound" })
  if (state.status !== "PICKED") return reject({ _tag: "MessageNotInFlight", status: state.status })
  return then()
}

/** The prefix of a MessageSent note written by SettleSentFromHistory. */
export const SETTLED_FROM_HISTORY = "settled from the chat's history"
/** The prefix of a MessageSent note written by SettleSentById. */
export const SETTLED_BY_ID = "settled by its id"

/** A gateway's `ack` (WAHA: −1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED) as a receipt level, or null. */
export const ackLevelOf = (ack: number): AckLevel | null => (ack >= 3 ? "READ" : ack === 2 ? "DELIVERED" : null)

const whenLeaseExpired = (
  state: MessageState,
  leaseMs: number,
  now: number,
  then: (pickedAt: number) => Result
): Result =>
  whenInFlight(state, () => {
    const pickedAt = state.pickedAt ?? 0
    if (pickedAt + leaseMs > now) return reject({ _tag: "LeaseNotExpired", pickedAt })
    return then(pickedAt)
  })

/**
 * Whether this receipt (level, participant) would change nothing: a member already counted at
 * this level, or — for a receipt of the whole message — that level already reached.
 */
const alreadyAcknowledged = (d: Delivery, level: AckLevel, participant: string | null): boolean => {
  if (participant === null) return level === "READ" ? d.readAt !== null : d.deliveredAt !== null
  return level === "READ" ? d.readBy.includes(participant) : d.deliveredTo.includes(participant)
}

const withMember = (members: ReadonlyArray<string>, participant: string | null): ReadonlyArray<string> =>
  participant === null || members.includes(participant) ? members : [...members, participant]

const acknowledged = (
  d: Delivery,
  level: AckLevel,
  participant: string | null,
  at: number,
  counted: boolean
): Delivery => ({
  deliveredAt: d.deliveredAt ?? at,
  readAt: level === "READ" ? (d.readAt ?? at) : d.readAt,
  deliveredTo: withMember(d.deliveredTo, participant),
  readBy: level === "READ" ? withMember(d.readBy, participant) : d.readBy,
  readMore: counted ? d.readMore + 1 : d.readMore
})

/**
 * A Status's receipt (STATUS_SEEN_NAMES): a contact's DELIVERED is kept as the Status's own (the
 * first one only); a viewer is named while fewer than the cap are, else counted. A viewer past
 * the cap cannot be told from one already counted: a receipt the gateway repeats for them counts
 * twice (WAHA repeats a webhook only when Herald did not answer it).
 */
const statusAck = (d: Delivery, level: AckLevel, participant: string | null, now: number): Result => {
  if (level === "DELIVERED" || participant === null)
    return alreadyAcknowledged(d, level, null)
      ? accept()
      : accept({ type: "MessageAcknowledged", at: now, level, participant: null })
  if (d.readBy.includes(participant)) return accept()
  return d.readBy.length < STATUS_SEEN_NAMES
    ? accept({ type: "MessageAcknowledged", at: now, level, participant })
    : accept({ type: "MessageAcknowledged", at: now, level, participant: null, counted: true })
}

/** only the poll's own fields go into an event (a caller's object may carry more) */
const copyPoll = (poll: Poll): Poll => ({ options: [...poll.options], multipleAnswers: poll.multipleAnswers })

export const decideMessage = (command: MessageCommand, state: MessageState): Result => {
  switch (command.type) {
    case "Schedule":
      if (state.status !== "NEW") return reject({ _tag: "MessageAlreadyExists" })
      // with an image or file the content is its caption, which WhatsApp allows empty
      if (command.content.trim() === "" && command.media === undefined) return reject({ _tag: "EmptyContent" })
      if (command.poll !== undefined && command.media !== undefined) return reject({ _tag: "PollCannotCarryMedia" })
      if (command.poll !== undefined) {
        const problem = pollProblem(command.poll)
        if (problem !== null) return reject({ _tag: "InvalidPoll", ...problem })
        if (command.mentionAll === true) return reject({ _tag: "PollCannotMention" })
      }
      if (command.scheduledAt < command.now) {
        return reject({ _tag: "ScheduledInThePast", scheduledAt: command.scheduledAt, now: command.now })
      }
      return accept({
        type: "MessageScheduled",
        messageId: command.messageId,
        target: command.target,
        content: command.content,
        scheduledAt: command.scheduledAt,
        at: command.now,
        ...(command.resendOf === undefined ? {} : { resendOf: command.resendOf }),
        ...(command.mentionAll === true ? { mentionAll: true } : {}),
        ...(command.poll === undefined ? {} : { poll: copyPoll(command.poll) }),
        ...(command.media === undefined ? {} : { media: copyMedia(command.media) })
      })
    case "Edit":
      return whenEditable(state, () => {
        const content = command.content ?? state.content
        const scheduledAt = command.scheduledAt ?? state.scheduledAt
        const mentionAll = command.mentionAll ?? state.mentionAll
        const poll = command.poll ?? state.poll
        if (content.trim() === "" && state.media === null) return reject({ _tag: "EmptyContent" })
        if (command.poll !== undefined && state.poll === null) return reject({ _tag: "NotAPoll" })
        if (poll !== null) {
          const problem = pollProblem(poll)
          if (problem !== null) return reject({ _tag: "InvalidPoll", ...problem })
          if (mentionAll) return reject({ _tag: "PollCannotMention" })
        }
        const pollChanged = !samePoll(poll, state.poll)
        if (
          content === state.content &&
          scheduledAt === state.scheduledAt &&
          mentionAll === state.mentionAll &&
          !pollChanged
        ) {
          return accept()
        }
        if (command.scheduledAt !== undefined && scheduledAt < command.now) {
          return reject({ _tag: "ScheduledInThePast", scheduledAt, now: command.now })
        }
        // mentionAll only when it changes, so edits of text or time read as they always did
        return accept({
          type: "MessageEdited",
          content,
          scheduledAt,
          at: command.now,
          ...(mentionAll === state.mentionAll ? {} : { mentionAll }),
          ...(pollChanged && poll !== null ? { poll: copyPoll(poll) } : {})
        })
      })
    case "Delete":
      return whenEditable(state, () => accept({ type: "MessageDeleted", at: command.now }))
    case "Cancel":
      return whenEditable(state, () => accept({ type: "MessageCancelled", at: command.now }))
    case "Pick":
      return whenWaiting(state, () =>
        isDue(state.scheduledAt, command.selectedAt)
          ? accept({
              type: "MessagePicked",
              at: command.now,
              by: command.by,
              ...(command.gatewayMessageId === undefined ? {} : { gatewayMessageId: command.gatewayMessageId })
            })
          : reject({ _tag: "MessageNotDue", scheduledAt: state.scheduledAt, selectedAt: command.selectedAt })
      )
    case "Resend":
      if (state.status === "NEW") return reject({ _tag: "MessageNotFound" })
      if (!isResendable(state.status)) return reject({ _tag: "MessageNotResendable", status: state.status })
      if (state.resentAs === command.resendId) return accept()
      // One resend at a time: a second would send the text twice. One that failed in turn is sent
      // again itself (the chain stays one line); one withdrawn leaves the original free.
      if (state.resentAs !== null && !isWithdrawnResend(command.currentResend ?? "NEW")) {
        return reject({
          _tag: "MessageAlreadyResent",
          resendId: state.resentAs,
          status: command.currentResend ?? "NEW"
        })
      }
      return accept({ type: "MessageResent", at: command.now, resendId: command.resendId })
    case "RecordMissed":
      return whenWaiting(state, () =>
        state.scheduledAt < command.now - LOOKBACK_MS
          ? accept(
              command.whileLimited === true
                ? { type: "MessageMissed", at: command.now, whileLimited: true }
                : { type: "MessageMissed", at: command.now }
            )
          : reject({ _tag: "MessageNotDue", scheduledAt: state.scheduledAt, selectedAt: command.now })
      )
    case "Pause":
      // paused already (MessagePaused), picked, sent or closed: left as it is (the caller counts the picked)
      return whenWaiting(state, () => accept({ type: "MessagePaused", at: command.now }))
    case "Resume":
      if (state.status === "NEW") return reject({ _tag: "MessageNotFound" })
      // not paused (resumed already, or never paused): left as it is
      if (state.status !== "PAUSED") return reject({ _tag: "MessageNotPaused", status: state.status })
      // due now or passed: resuming never sends what fell due while paused
      return accept(
        state.scheduledAt > command.now
          ? { type: "MessageResumed", at: command.now }
          : { type: "MessageSkipped", at: command.now }
      )
    case "RecordSent":
      return whenInFlight(state, () =>
        accept({ type: "MessageSent", at: command.now, gatewayMessageId: command.gatewayMessageId })
      )
    case "RecordAck":
      if (state.status === "NEW") return reject({ _tag: "MessageNotFound" })
      if (state.status !== "SENT") return reject({ _tag: "MessageNotSent", status: state.status })
      if (state.target?.groupId === STATUS_TARGET_ID)
        return statusAck(state.delivery, command.level, command.participant, command.now)
      return alreadyAcknowledged(state.delivery, command.level, command.participant)
        ? accept()
        : accept({
            type: "MessageAcknowledged",
            at: command.now,
            level: command.level,
            participant: command.participant
          })
    case "RecordSendFailure":
      return whenInFlight(state, () => accept({ type: "MessageSendFailed", at: command.now, reason: command.reason }))
    case "RecordSendCutOff":
      return whenInFlight(state, () =>
        accept({ type: "MessageOutcomeUnknown", at: command.now, reason: command.reason })
      )
    case "RecordOutcomeUnknown":
      return whenLeaseExpired(state, command.leaseMs, command.now, (pickedAt) =>
        accept({
          type: "MessageOutcomeUnknown",
          at: command.now,
          reason: `outcome unknown: the send claimed at ${new Date(pickedAt).toISOString()} never reported back; not resent to avoid a duplicate`
        })
      )
    case "SettleSentFromHistory":
      // sent between the claim and now, whatever the two clocks say
      return whenLeaseExpired(state, command.leaseMs, command.now, (pickedAt) =>
        accept({
          type: "MessageSent",
          at: Math.min(Math.max(command.sentAt, pickedAt), command.now),
          gatewayMessageId: command.gatewayMessageId,
          note: `${SETTLED_FROM_HISTORY}: ${command.evidence}`
        })
      )
    case "SettleSentById":
      return whenInFlight(state, () => {
        // the id names this claim's send and no other: a lookup of an older claim's id settles nothing
        if (state.claimGatewayId === null || state.claimGatewayId !== command.gatewayMessageId) {
          return reject({ _tag: "NotTheClaimsId", claimGatewayId: state.claimGatewayId })
        }
        const settle = (pickedAt: number): Result => {
          const level = command.ack === undefined ? null : ackLevelOf(command.ack)
          const sent: MessageEvent = {
            type: "MessageSent",
            // between the claim and now, whatever the clocks say (the claim's time wins if now is before it)
            at: Math.max(Math.min(command.sentAt, command.now), pickedAt),
            gatewayMessageId: command.gatewayMessageId,
            note: `${SETTLED_BY_ID}: gateway message ${command.gatewayMessageId}`
          }
          return level === null
            ? accept(sent)
            : accept<MessageEvent>(sent, { type: "MessageAcknowledged", at: command.now, level, participant: null })
        }
        // the claim's own scheduler settles its own send at any time, as it would record it sent
        return command.by !== undefined && command.by === state.pickedBy
          ? settle(state.pickedAt ?? 0)
          : whenLeaseExpired(state, command.leaseMs, command.now, settle)
      })
  }
}

export const evolveMessage = (state: MessageState, event: MessageEvent): MessageState => {
  const version = state.version + 1
  switch (event.type) {
    case "MessageScheduled":
      return {
        ...initialMessageState,
        id: event.messageId,
        status: "SCHEDULED",
        target: event.target,
        content: event.content,
        scheduledAt: event.scheduledAt,
        resendOf: event.resendOf ?? null,
        mentionAll: event.mentionAll === true,
        poll: event.poll ?? null,
        media: event.media ?? null,
        version
      }
    case "MessageEdited":
      return {
        ...state,
        content: event.content,
        scheduledAt: event.scheduledAt,
        mentionAll: event.mentionAll ?? state.mentionAll,
        poll: event.poll ?? state.poll,
        version
      }
    case "MessageDeleted":
      return { ...state, status: "DELETED", version }
    case "MessageCancelled":
      return { ...state, status: "CANCELLED", version }
    case "MessagePicked":
      // a claim without an id keeps none of an earlier claim's
      return {
        ...state,
        status: "PICKED",
        pickedAt: event.at,
        pickedBy: event.by,
        claimGatewayId: event.gatewayMessageId ?? null,
        version
      }
    case "MessageSent":
      return { ...state, status: "SENT", sentAt: event.at, gatewayMessageId: event.gatewayMessageId, version }
    case "MessageAcknowledged":
      return {
        ...state,
        delivery: acknowledged(state.delivery, event.level, event.participant, event.at, event.counted === true),
        version
      }
    case "MessageSendFailed":
      return { ...state, status: "FAILED", failureReason: event.reason, version }
    case "MessageOutcomeUnknown":
      return { ...state, status: "OUTCOME_UNKNOWN", failureReason: event.reason, version }
    case "MessageMissed":
      return {
        ...state,
        status: "MISSED",
        failureReason: event.whileLimited === true ? MISSED_WHILE_LIMITED : "missed",
        version
      }
    case "MessageResent":
      return { ...state, resentAs: event.resendId, version }
    case "MessagePaused":
      return { ...state, status: "PAUSED", version }
    case "MessageResumed":
      return { ...state, status: "SCHEDULED", version }
    case "MessageSkipped":
      return { ...state, status: "SKIPPED", version }
  }
}

export const MessageDecider: Decider<MessageCommand, MessageState, MessageEvent, MessageRejection> = {
  initialState: initialMessageState,
  decide: decideMessage,
  evolve: evolveMessage
}

/**
 * The part of a gateway message id that names the message itself. WAHA serializes ids as
 * `<fromMe>_<chatId>_<key>` and, in receipts from a group member, appends `_<participant>`;
 * an id without `_` is the key already. Receipts are matched on this key.
 */
export const gatewayMessageKey = (gatewayMessageId: string): string => {
  const [fromMe, , key] = gatewayMessageId.split("_")
  return key !== undefined && (fromMe === "true" || fromMe === "false") ? key : gatewayMessageId
}

export const messageStreamId = (messageId: string): string => `message-${messageId}`
