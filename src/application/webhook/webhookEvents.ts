import { Effect } from "effect"
import type { CampaignState } from "../../domain/campaign/Campaign.ts"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { failureExplained } from "../../domain/message/failureKind.ts"
import type { MessageEvent, MessageState } from "../../domain/message/Message.ts"
import { voterWords } from "../../domain/poll/PollVotes.ts"
import type { SessionEvent, SessionState } from "../../domain/session/MessagingSession.ts"
import type { WebhookEventType } from "../../domain/webhook/Webhook.ts"
import { webhookEventId } from "../../domain/webhook/Webhook.ts"
import { CampaignAggregate, MessageAggregate, PollAggregate, SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import type { StoredEvent } from "../ports/EventStore.ts"
import { EventStore } from "../ports/EventStore.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import { CorruptData } from "../ports/StoreErrors.ts"

/**
 * The recorded event types that may become webhook events: the relay reads only the streams that
 * have one of them among the events it walks (a burst of planning reads nothing).
 */
export const WEBHOOK_SOURCE_TYPES: ReadonlySet<string> = new Set([
  "MessageSent",
  "MessageSendFailed",
  "MessageMissed",
  "MessageOutcomeUnknown",
  "MessageAcknowledged",
  "CampaignCompleted",
  "CampaignFailed",
  "SessionGatewayStatusChanged",
  "PollVoteRecorded"
])

/** One event for an account's endpoints: its id, type, owner, time and the JSON sent (docs/api.md#webhooks). */
export interface WebhookEvent {
  readonly eventId: string
  readonly type: WebhookEventType
  readonly userId: string
  /** when it happened (the event's own time): the retry window runs from it */
  readonly createdAt: number
  readonly body: string
}

type Data = Readonly<
  Record<string, string | number | boolean | null | ReadonlyArray<string> | Readonly<Record<string, string>>>
>

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())

/** The JSON sent: `{ id, type, createdAt, data }`, the same bytes on every attempt. */
export const webhookBody = (eventId: string, type: string, createdAt: number, data: Data): string =>
  JSON.stringify({ id: eventId, type, createdAt: new Date(createdAt).toISOString(), data })

/** A failure in the organiser's words (failureKind.ts): its kind and one sentence, never the gateway's text. */
const failureOf = (reason: string | null, status: string, groupId?: string): Readonly<Record<string, string>> => {
  const { kind, sentence } = failureExplained(
    reason,
    status,
    groupId !== undefined && targetKindOf(groupId) === "channel" ? "channel" : undefined
  )
  return { kind, sentence }
}

/**
 * Folds the stream, and for each version in `versions` asks `visit` what (if anything) its event
 * is for the endpoints, with the state before and after it.
 */
const walk = <S, E extends { readonly type: string }, X>(
  stored: ReadonlyArray<StoredEvent>,
  decode: (data: unknown) => E | null,
  evolve: (state: S, event: E) => S,
  initial: S,
  versions: ReadonlySet<number>,
  visit: (before: S, event: E, after: S, version: number) => X | null
): Effect.Effect<Array<X>, CorruptData> =>
  Effect.suspend(() => {
    const found: Array<X> = []
    let state = initial
    for (const event of stored) {
      const decoded = decode(event.data)
      if (decoded === null)
        return Effect.fail(new CorruptData({ message: `${event.streamId} v${event.version}: not a known event` }))
      const next = evolve(state, decoded)
      if (versions.has(event.version)) {
        const x = visit(state, decoded, next, event.version)
        if (x !== null) found.push(x)
      }
      state = next
    }
    return Effect.succeed(found)
  })

interface MessageFinding {
  readonly type: WebhookEventType
  readonly version: number
  readonly at: number
  readonly state: MessageState
  readonly extra: Data
}

/** What a message event is for the endpoints, if anything: the first delivery and read receipts only. */
const messageFinding = (
  before: MessageState,
  event: MessageEvent,
  after: MessageState,
  version: number
): MessageFinding | null => {
  const found = (type: WebhookEventType, at: number, extra: Data = {}): MessageFinding => ({
    type,
    version,
    at,
    state: after,
    extra
  })
  switch (event.type) {
    case "MessageSent":
      return found("message.sent", event.at)
    case "MessageSendFailed":
      return found("message.failed", event.at, { failure: failureOf(event.reason, "FAILED", after.target?.groupId) })
    case "MessageMissed":
      return found("message.failed", event.at, {
        failure: failureOf(after.failureReason, "MISSED", after.target?.groupId)
      })
    case "MessageOutcomeUnknown":
      return found("message.outcome_unknown", event.at, {
        failure: failureOf(event.reason, "OUTCOME_UNKNOWN", after.target?.groupId)
      })
    case "MessageAcknowledged":
      // a group sends a receipt per member: only the first of each level is news
      if (before.delivery.readAt === null && after.delivery.readAt !== null)
        return found("message.read", event.at, { ackLevel: "READ" })
      if (before.delivery.deliveredAt === null && after.delivery.deliveredAt !== null)
        return found("message.delivered", event.at, { ackLevel: "DELIVERED" })
      return null
    default:
      return null
  }
}

const decodeWith =
  <E>(schema: { readonly safeParse: (data: unknown) => { success: true; data: E } | { success: false } }) =>
  (data: unknown): E | null => {
    const parsed = schema.safeParse(data)
    return parsed.success ? parsed.data : null
  }

/** `campaignId` → its state, read once per pass (many messages share a campaign). */
export type CampaignLookup = (
  campaignId: string
) => Effect.Effect<CampaignState, StoreUnavailable | CorruptData, EventStore>

/**
 * The webhook events among `versions` of the stream `streamId` (message, campaign, session or
 * poll streams; any other has none). A message's or a poll's account is its campaign's owner.
 */
export const webhookEventsOf = (
  streamId: string,
  versions: ReadonlySet<number>,
  campaignOf: CampaignLookup
): Effect.Effect<ReadonlyArray<WebhookEvent>, StoreUnavailable | CorruptData, EventStore> =>
  Effect.gen(function* () {
    const kind = streamId.slice(0, streamId.indexOf("-"))
    if (kind !== "message" && kind !== "campaign" && kind !== "session" && kind !== "poll") return []
    const stored = yield* (yield* EventStore).read(streamId)
    const event = (type: WebhookEventType, version: number, userId: string, at: number, data: Data): WebhookEvent => {
      const eventId = webhookEventId(streamId, version)
      return { eventId, type, userId, createdAt: at, body: webhookBody(eventId, type, at, data) }
    }
    if (kind === "message") {
      const { decider, schema } = MessageAggregate
      const findings = yield* walk(
        stored,
        decodeWith(schema),
        decider.evolve,
        decider.initialState,
        versions,
        messageFinding
      )
      return yield* Effect.forEach(findings, (f) =>
        Effect.gen(function* () {
          const target = f.state.target
          if (target === null) return []
          const campaign = yield* campaignOf(target.campaignId)
          return [
            event(f.type, f.version, campaign.userId, f.at, {
              messageId: f.state.id,
              campaignId: target.campaignId,
              campaignTitle: campaign.title,
              groupId: target.groupId,
              groupName: target.groupName,
              scheduledAt: iso(f.state.scheduledAt),
              sentAt: iso(f.state.sentAt),
              ...f.extra
            })
          ]
        })
      ).pipe(Effect.map((lists) => lists.flat()))
    }
    if (kind === "campaign") {
      const { decider, schema } = CampaignAggregate
      return yield* walk(
        stored,
        decodeWith(schema),
        decider.evolve,
        decider.initialState,
        versions,
        (_b, e, after, v) =>
          e.type === "CampaignCompleted"
            ? event("campaign.completed", v, after.userId, e.at, {
                campaignId: after.id,
                campaignTitle: after.title,
                completedAt: iso(e.at)
              })
            : e.type === "CampaignFailed"
              ? event("campaign.failed", v, after.userId, e.at, {
                  campaignId: after.id,
                  campaignTitle: after.title,
                  failedAt: iso(e.at),
                  messageId: e.messageId,
                  failure: failureOf(e.reason, "FAILED")
                })
              : null
      )
    }
    if (kind === "poll") {
      const { decider, schema } = PollAggregate
      const votes = yield* walk(
        stored,
        decodeWith(schema),
        decider.evolve,
        decider.initialState,
        versions,
        (_b, e, _a, v) => (e.type === "PollVoteRecorded" ? { event: e, version: v } : null)
      )
      return yield* Effect.forEach(votes, ({ event: e, version }) =>
        Effect.gen(function* () {
          const campaign = yield* campaignOf(e.campaignId)
          const who = voterWords(e.vote)
          return event("poll.vote", version, campaign.userId, e.at, {
            messageId: e.messageId,
            campaignId: e.campaignId,
            campaignTitle: campaign.title,
            voter: e.vote.voter,
            voterName: who.name,
            number: who.number,
            // every option the voter holds now ([] when taken back, or unreadable)
            choices: e.vote.options,
            readable: e.vote.readable,
            votedAt: iso(e.vote.votedAt)
          })
        })
      )
    }
    const { decider, schema } = SessionAggregate
    return yield* walk(
      stored,
      decodeWith(schema),
      decider.evolve,
      decider.initialState,
      versions,
      (_b: SessionState, e: SessionEvent, after: SessionState, v: number) =>
        e.type === "SessionGatewayStatusChanged"
          ? event("session.status", v, after.userId, e.at, {
              sessionName: after.sessionName,
              status: e.status,
              previousStatus: e.previousStatus,
              reportedAt: iso(e.reportedAt)
            })
          : null
    )
  })

/** A campaign's state from its stream, for the pass's lookup. */
export const loadCampaign: CampaignLookup = (campaignId) => load(CampaignAggregate, campaignId)
