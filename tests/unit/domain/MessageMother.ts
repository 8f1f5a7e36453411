import type {
  MessageCommand,
  MessageEvent,
  MessageState,
  MessageStatus,
  MessageTarget
} from "../../../src/domain/message/Message.ts"
import { LOOKBACK_MS, MESSAGE_STATUSES, MessageDecider } from "../../../src/domain/message/Message.ts"
import { fold } from "../../support/fold.ts"

/**
 * Object mothers for the Message aggregate: commands, events and states with sensible
 * defaults that any test can override. States are always built by folding events, so a
 * test never starts from a state the aggregate could not reach.
 */

type CommandOf<T extends MessageCommand["type"]> = Extract<MessageCommand, { type: T }>
type EventOf<T extends MessageEvent["type"]> = Extract<MessageEvent, { type: T }>
type Overrides<T> = Partial<Omit<T, "type">>

/** The default time line of one message. */
export const MessageTimes = {
  /** when the message is planned */
  CREATED_AT: Date.UTC(2026, 0, 1, 9, 0, 0),
  /** when it should go out */
  SCHEDULED_AT: Date.UTC(2026, 0, 1, 10, 0, 0),
  /** the cycle that selects it, and its claim */
  PICKED_AT: Date.UTC(2026, 0, 1, 10, 0, 5),
  /** the gateway answers */
  SENT_AT: Date.UTC(2026, 0, 1, 10, 0, 6),
  /** the user sends it again */
  RESENT_AT: Date.UTC(2026, 0, 1, 10, 30, 0),
  LEASE_MS: 5 * 60_000
} as const

const T = MessageTimes

export const MessageTargetMother = {
  create: (overrides: Partial<MessageTarget> = {}): MessageTarget => ({
    campaignId: "campaign-1",
    sessionId: "session-1",
    groupId: "120363000000000001@g.us",
    groupName: "Book club",
    ...overrides
  })
}

export const MessageCommandMother = {
  schedule: (overrides: Overrides<CommandOf<"Schedule">> = {}): CommandOf<"Schedule"> => ({
    type: "Schedule",
    messageId: "message-1",
    target: MessageTargetMother.create(),
    content: "Meeting tonight at 8",
    scheduledAt: T.SCHEDULED_AT,
    now: T.CREATED_AT,
    ...overrides
  }),
  edit: (overrides: Overrides<CommandOf<"Edit">> = {}): CommandOf<"Edit"> => ({
    type: "Edit",
    content: "Meeting tonight at 9",
    now: T.CREATED_AT + 60_000,
    ...overrides
  }),
  delete: (overrides: Overrides<CommandOf<"Delete">> = {}): CommandOf<"Delete"> => ({
    type: "Delete",
    now: T.CREATED_AT + 60_000,
    ...overrides
  }),
  cancel: (overrides: Overrides<CommandOf<"Cancel">> = {}): CommandOf<"Cancel"> => ({
    type: "Cancel",
    now: T.CREATED_AT + 60_000,
    ...overrides
  }),
  pick: (overrides: Overrides<CommandOf<"Pick">> = {}): CommandOf<"Pick"> => ({
    type: "Pick",
    selectedAt: T.PICKED_AT,
    now: T.PICKED_AT,
    by: "scheduler-a",
    ...overrides
  }),
  recordSent: (overrides: Overrides<CommandOf<"RecordSent">> = {}): CommandOf<"RecordSent"> => ({
    type: "RecordSent",
    gatewayMessageId: GATEWAY_MESSAGE_ID,
    now: T.SENT_AT,
    ...overrides
  }),
  recordAck: (overrides: Overrides<CommandOf<"RecordAck">> = {}): CommandOf<"RecordAck"> => ({
    type: "RecordAck",
    level: "DELIVERED",
    participant: "15551230001@c.us",
    now: T.SENT_AT + 60_000,
    ...overrides
  }),
  recordSendCutOff: (overrides: Overrides<CommandOf<"RecordSendCutOff">> = {}): CommandOf<"RecordSendCutOff"> => ({
    type: "RecordSendCutOff",
    reason: "failed to send message: timed out after 30000 ms; outcome unknown",
    now: T.SENT_AT,
    ...overrides
  }),
  recordSendFailure: (overrides: Overrides<CommandOf<"RecordSendFailure">> = {}): CommandOf<"RecordSendFailure"> => ({
    type: "RecordSendFailure",
    reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000",
    now: T.SENT_AT,
    ...overrides
  }),
  recordOutcomeUnknown: (
    overrides: Overrides<CommandOf<"RecordOutcomeUnknown">> = {}
  ): CommandOf<"RecordOutcomeUnknown"> => ({
    type: "RecordOutcomeUnknown",
    leaseMs: T.LEASE_MS,
    now: T.PICKED_AT + T.LEASE_MS + 60_000,
    ...overrides
  }),
  settleSentFromHistory: (
    overrides: Overrides<CommandOf<"SettleSentFromHistory">> = {}
  ): CommandOf<"SettleSentFromHistory"> => ({
    type: "SettleSentFromHistory",
    leaseMs: T.LEASE_MS,
    now: T.PICKED_AT + T.LEASE_MS + 60_000,
    sentAt: T.SENT_AT,
    gatewayMessageId: "true_120363000000000001@g.us_3EB0AA",
    evidence: "gateway message true_120363000000000001@g.us_3EB0AA",
    ...overrides
  }),
  /** the message found by the claim's id after the lease, acknowledged by the server only (no receipt) */
  settleSentById: (overrides: Overrides<CommandOf<"SettleSentById">> = {}): CommandOf<"SettleSentById"> => ({
    type: "SettleSentById",
    gatewayMessageId: CLAIM_GATEWAY_ID,
    sentAt: T.SENT_AT,
    leaseMs: T.LEASE_MS,
    now: T.PICKED_AT + T.LEASE_MS + 60_000,
    ...overrides
  }),
  recordMissed: (overrides: Overrides<CommandOf<"RecordMissed">> = {}): CommandOf<"RecordMissed"> => ({
    type: "RecordMissed",
    now: T.SCHEDULED_AT + LOOKBACK_MS + 60_000,
    ...overrides
  }),
  /** the campaign is paused half an hour before the message's time */
  pause: (overrides: Overrides<CommandOf<"Pause">> = {}): CommandOf<"Pause"> => ({
    type: "Pause",
    now: T.SCHEDULED_AT - 30 * 60_000,
    ...overrides
  }),
  /** resumed a quarter of an hour before its time: it is scheduled again */
  resume: (overrides: Overrides<CommandOf<"Resume">> = {}): CommandOf<"Resume"> => ({
    type: "Resume",
    now: T.SCHEDULED_AT - 15 * 60_000,
    ...overrides
  }),
  resend: (overrides: Overrides<CommandOf<"Resend">> = {}): CommandOf<"Resend"> => ({
    type: "Resend",
    resendId: "message-2",
    currentResend: null,
    now: T.RESENT_AT,
    ...overrides
  })
}

/** The bare id a claim took from the gateway before its send (WAHA's new-message-id, GOWS form). */
export const CLAIM_GATEWAY_ID = "3EB0C1D2E3F4A5B6C7D8E9"

/** WAHA's serialized id of a message sent to the mothers' group (WEBJS / GOWS form). */
export const GATEWAY_MESSAGE_ID = "true_120363000000000001@g.us_3EB0A1B2C3D4E5F6"

export const MessageEventMother = {
  scheduled: (overrides: Overrides<EventOf<"MessageScheduled">> = {}): EventOf<"MessageScheduled"> => ({
    type: "MessageScheduled",
    messageId: "message-1",
    target: MessageTargetMother.create(),
    content: "Meeting tonight at 8",
    scheduledAt: T.SCHEDULED_AT,
    at: T.CREATED_AT,
    ...overrides
  }),
  edited: (overrides: Overrides<EventOf<"MessageEdited">> = {}): EventOf<"MessageEdited"> => ({
    type: "MessageEdited",
    content: "Meeting tonight at 9",
    scheduledAt: T.SCHEDULED_AT,
    at: T.CREATED_AT + 60_000,
    ...overrides
  }),
  deleted: (at: number = T.CREATED_AT + 60_000): EventOf<"MessageDeleted"> => ({ type: "MessageDeleted", at }),
  cancelled: (at: number = T.CREATED_AT + 60_000): EventOf<"MessageCancelled"> => ({ type: "MessageCancelled", at }),
  paused: (at: number = T.SCHEDULED_AT - 30 * 60_000): EventOf<"MessagePaused"> => ({ type: "MessagePaused", at }),
  resumed: (at: number = T.SCHEDULED_AT - 15 * 60_000): EventOf<"MessageResumed"> => ({ type: "MessageResumed", at }),
  skipped: (at: number = T.SCHEDULED_AT + 60_000): EventOf<"MessageSkipped"> => ({ type: "MessageSkipped", at }),
  picked: (overrides: Overrides<EventOf<"MessagePicked">> = {}): EventOf<"MessagePicked"> => ({
    type: "MessagePicked",
    at: T.PICKED_AT,
    by: "scheduler-a",
    ...overrides
  }),
  sent: (at: number = T.SENT_AT): EventOf<"MessageSent"> => ({
    type: "MessageSent",
    at,
    gatewayMessageId: GATEWAY_MESSAGE_ID
  }),
  sendFailed: (overrides: Overrides<EventOf<"MessageSendFailed">> = {}): EventOf<"MessageSendFailed"> => ({
    type: "MessageSendFailed",
    at: T.SENT_AT,
    reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000",
    ...overrides
  }),
  outcomeUnknown: (overrides: Overrides<EventOf<"MessageOutcomeUnknown">> = {}): EventOf<"MessageOutcomeUnknown"> => ({
    type: "MessageOutcomeUnknown",
    at: T.PICKED_AT + T.LEASE_MS,
    reason: "outcome unknown: never reported back",
    ...overrides
  }),
  missed: (at: number = T.SCHEDULED_AT + LOOKBACK_MS + 60_000): EventOf<"MessageMissed"> => ({
    type: "MessageMissed",
    at
  }),
  resent: (overrides: Overrides<EventOf<"MessageResent">> = {}): EventOf<"MessageResent"> => ({
    type: "MessageResent",
    at: T.RESENT_AT,
    resendId: "message-2",
    ...overrides
  })
}

export const ALL_MESSAGE_STATUSES: ReadonlyArray<MessageStatus> = MESSAGE_STATUSES

const E = MessageEventMother

/** The shortest history that leaves a message in `status`. */
export const messageHistoryFor = (
  status: MessageStatus,
  scheduled: Overrides<EventOf<"MessageScheduled">> = {}
): ReadonlyArray<MessageEvent> => {
  const created = E.scheduled(scheduled)
  // every claim of the mothers took an id, so SettleSentById is decided by the status alone
  const claimed = E.picked({ gatewayMessageId: CLAIM_GATEWAY_ID })
  switch (status) {
    case "NEW":
      return []
    case "SCHEDULED":
      return [created]
    case "PICKED":
      return [created, claimed]
    case "SENT":
      return [created, claimed, E.sent()]
    case "FAILED":
      return [created, claimed, E.sendFailed()]
    case "OUTCOME_UNKNOWN":
      return [created, claimed, E.outcomeUnknown()]
    case "MISSED":
      return [created, E.missed()]
    case "DELETED":
      return [created, E.deleted()]
    case "CANCELLED":
      return [created, E.cancelled()]
    case "PAUSED":
      return [created, E.paused()]
    case "SKIPPED":
      return [created, E.paused(), E.skipped()]
  }
}

export const MessageStateMother = {
  fromEvents: (...events: ReadonlyArray<MessageEvent>): MessageState => fold(MessageDecider, events),
  /** a scheduled message, optionally with other content, time or target */
  scheduled: (overrides: Overrides<EventOf<"MessageScheduled">> = {}): MessageState =>
    fold(MessageDecider, [E.scheduled(overrides)]),
  /** a message claimed at `pickedAt`, with the id its send uses (null: a claim that took none) */
  picked: (pickedAt: number = T.PICKED_AT, gatewayMessageId: string | null = CLAIM_GATEWAY_ID): MessageState =>
    fold(MessageDecider, [
      E.scheduled(),
      E.picked(gatewayMessageId === null ? { at: pickedAt } : { at: pickedAt, gatewayMessageId })
    ]),
  inStatus: (status: MessageStatus, scheduled: Overrides<EventOf<"MessageScheduled">> = {}): MessageState =>
    fold(MessageDecider, messageHistoryFor(status, scheduled))
}
