import { Effect } from "effect"
import type { z } from "zod"
import type { CampaignState } from "../../domain/campaign/Campaign.ts"
import { CampaignDecider, campaignStreamId } from "../../domain/campaign/Campaign.ts"
import type { MessageState } from "../../domain/message/Message.ts"
import {
  gatewayMessageKey,
  isDeleted,
  isPicked,
  isSent,
  MessageDecider,
  messageStreamId,
  readCountOf
} from "../../domain/message/Message.ts"
import type { PollVotesState } from "../../domain/poll/PollVotes.ts"
import { PollVotesDecider, pollStreamId } from "../../domain/poll/PollVotes.ts"
import type { SessionState } from "../../domain/session/MessagingSession.ts"
import { SessionDecider, sessionStreamId } from "../../domain/session/MessagingSession.ts"
import type { Decider } from "../../domain/shared/Decider.ts"
import type { UserState } from "../../domain/user/User.ts"
import { UserDecider, userStreamId } from "../../domain/user/User.ts"
import type { CampaignStreamView } from "../ports/CampaignRepository.ts"
import { CampaignRepository, changesCounters } from "../ports/CampaignRepository.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import type { PollResultsView } from "../ports/PollResultsRepository.ts"
import { PollResultsRepository } from "../ports/PollResultsRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import type { UserView } from "../ports/UserRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import {
  CampaignEventSchema,
  MessageEventSchema,
  PollVotesEventSchema,
  SessionEventSchema,
  UserEventSchema
} from "./codecs.ts"

export type ProjectionStores =
  | MessageRepository
  | CampaignRepository
  | SessionRepository
  | UserRepository
  | PollResultsRepository

/** What the event-sourcing machinery needs to know about one kind of aggregate. */
export interface Aggregate<C, S extends { readonly version: number }, E extends { readonly type: string }, R> {
  readonly name: string
  readonly decider: Decider<C, S, E, R>
  readonly schema: z.ZodType<E>
  readonly streamId: (id: string) => string
  /** Writes the read model of a state of this aggregate. */
  readonly project: (state: S) => Effect.Effect<void, StoreUnavailable, ProjectionStores>
  /** The stream version the read model of this aggregate reflects (0: none). */
  readonly projectedVersion: (id: string) => Effect.Effect<number, StoreUnavailable, ProjectionStores>
}

/**
 * An aggregate from its decider, its event codec and its read model: `view` is the read model
 * of a state (null before the stream begins), `save` stores it, `find` reads back the stored
 * one by the id its stream is keyed by (docs/architecture.md#the-event-log-and-the-read-models).
 */
export const makeAggregate = <
  C,
  S extends { readonly version: number },
  E extends { readonly type: string },
  R,
  V
>(spec: {
  readonly name: string
  readonly decider: Decider<C, S, E, R>
  readonly schema: z.ZodType<E>
  readonly streamId: (id: string) => string
  readonly view: (state: S) => V | null
  readonly save: (view: V) => Effect.Effect<void, StoreUnavailable, ProjectionStores>
  readonly find: (id: string) => Effect.Effect<{ readonly version: number } | null, StoreUnavailable, ProjectionStores>
}): Aggregate<C, S, E, R> => ({
  name: spec.name,
  decider: spec.decider,
  schema: spec.schema,
  streamId: spec.streamId,
  project: (state) => {
    const view = spec.view(state)
    return view === null ? Effect.void : spec.save(view)
  },
  projectedVersion: (id) => spec.find(id).pipe(Effect.map((view) => view?.version ?? 0))
})

export const messageView = (s: MessageState): MessageView | null =>
  s.target === null
    ? null
    : {
        id: s.id,
        campaignId: s.target.campaignId,
        sessionId: s.target.sessionId,
        groupId: s.target.groupId,
        groupName: s.target.groupName,
        content: s.content,
        scheduledAt: s.scheduledAt,
        status: s.status,
        isSent: isSent(s),
        isPicked: isPicked(s),
        isDeleted: isDeleted(s),
        pickedAt: s.pickedAt,
        sentAt: s.sentAt,
        failureReason: s.failureReason,
        gatewayMessageKey: s.gatewayMessageId === null ? null : gatewayMessageKey(s.gatewayMessageId),
        deliveredAt: s.delivery.deliveredAt,
        readAt: s.delivery.readAt,
        deliveredCount: s.delivery.deliveredTo.length,
        readCount: readCountOf(s.delivery),
        resendOf: s.resendOf,
        resentAs: s.resentAs,
        mentionAll: s.mentionAll,
        poll: s.poll,
        media: s.media,
        claimGatewayId: s.claimGatewayId,
        version: s.version
      }

/** The stream's part of the campaign's view; its counters come from its messages (see MessageAggregate). */
export const campaignView = (s: CampaignState): CampaignStreamView | null =>
  s.status === "NEW"
    ? null
    : {
        id: s.id,
        userId: s.userId,
        sessionId: s.sessionId,
        groupId: s.group.groupId,
        groupName: s.group.groupName,
        // null: `group` alone, as views before targets have it (a lone Status target keeps its settings)
        targets: s.targets.length > 1 || s.targets.some((t) => t.statusPost !== undefined) ? s.targets : null,
        title: s.title,
        titleMadeUp: s.titleMadeUp,
        status: s.status,
        failureReason: s.failureReason,
        messageIds: s.messageIds,
        plan: s.plan,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        version: s.version
      }

export const sessionView = (s: SessionState): SessionView | null =>
  s.status === "NEW"
    ? null
    : {
        id: s.id,
        userId: s.userId,
        sessionName: s.sessionName,
        phoneNumber: s.phoneNumber,
        active: s.status === "ACTIVE",
        gatewayStatus: s.gatewayStatus,
        gatewayStatusAt: s.gatewayStatusAt,
        minGapSeconds: s.pacing.minGapSeconds,
        jitterSeconds: s.pacing.jitterSeconds,
        limitedSince: s.limit?.since ?? null,
        limitedUntil: s.limit?.until ?? null,
        limitedUntilKnown: s.limit?.untilKnown ?? false,
        typingBeforeSend: s.typingBeforeSend,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        version: s.version
      }

export const pollResultsView = (s: PollVotesState): PollResultsView | null =>
  s.version === 0 ? null : { id: s.id, campaignId: s.campaignId, votes: s.votes, version: s.version }

export const userView = (s: UserState): UserView | null =>
  s.status === "NEW"
    ? null
    : {
        id: s.id,
        email: s.email,
        name: s.name,
        role: s.role,
        status: s.status,
        emailVerified: s.emailVerified,
        timeZone: s.timeZone,
        locale: s.locale,
        language: s.language,
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        version: s.version
      }

/** Everything of the message aggregate but how its view is saved (below). */
const messageParts = {
  name: "message",
  decider: MessageDecider,
  schema: MessageEventSchema,
  streamId: messageStreamId,
  view: messageView,
  find: (id: string) => MessageRepository.use((r) => r.get(id))
}

export const MessageAggregate = makeAggregate({
  ...messageParts,
  // A message's view counts in its campaign's counters (CampaignCounters): recounted right after,
  // so that campaign.list reads no message; but only when the save can change them (a recount
  // reads the whole campaign: a receipt from each member of a large group must not cost one).
  // Compared with the stored view the save replaced (it answers it), not the previous state: a
  // save that follows a lost projection still recounts what that one missed.
  save: (view) =>
    Effect.gen(function* () {
      const before = yield* (yield* MessageRepository).save(view)
      if (before !== "kept" && changesCounters(before, view))
        yield* CampaignRepository.use((r) => r.recount(view.campaignId))
    })
})

/**
 * The message aggregate whose projection moves the view alone forward (MessageRepository.advance:
 * on MongoDB together with the other lanes') and leaves its campaign's counters to the caller: the scheduler's claim and record of a send, whose updateCampaignProgress then
 * recounts them with the one read of the campaign's messages its progress needs anyway (a claim
 * is always followed by a record, its own or the lease recovery's, and each recounts). Anything
 * that rebuilds a view (projectStream, the catch-up) uses MessageAggregate and recounts.
 */
export const MessageAggregateCountedLater: typeof MessageAggregate = makeAggregate({
  ...messageParts,
  save: (view) => MessageRepository.use((r) => r.advance(view))
})

/**
 * The message aggregate whose projection stores the view of a message just scheduled
 * (MessageRepository.plan: on MongoDB inserted together with the plan's other messages) and
 * leaves its campaign's counters to createCampaign, which counts the campaign once after all its
 * messages (docs/scaling.md, "MongoDB").
 */
export const MessageAggregatePlanned: typeof MessageAggregate = makeAggregate({
  ...messageParts,
  save: (view) => MessageRepository.use((r) => r.plan(view))
})

export const CampaignAggregate = makeAggregate({
  name: "campaign",
  decider: CampaignDecider,
  schema: CampaignEventSchema,
  streamId: campaignStreamId,
  view: campaignView,
  save: (view) => CampaignRepository.use((r) => r.save(view)),
  // its version only: the summary leaves the message ids behind
  find: (id) => CampaignRepository.use((r) => r.summary(id))
})

export const SessionAggregate = makeAggregate({
  name: "session",
  decider: SessionDecider,
  schema: SessionEventSchema,
  streamId: sessionStreamId,
  view: sessionView,
  save: (view) => SessionRepository.use((r) => r.save(view)),
  find: (id) => SessionRepository.use((r) => r.get(id))
})

/** A user's stream is keyed by e-mail (see User.ts): its "id" here is the e-mail address. */
export const UserAggregate = makeAggregate({
  name: "user",
  decider: UserDecider,
  schema: UserEventSchema,
  streamId: userStreamId,
  view: userView,
  save: (view) => UserRepository.use((r) => r.save(view)),
  find: (email) => UserRepository.use((r) => r.findByEmail(email))
})

/** The votes on a poll message Herald sent: stream `poll-<messageId>` (docs/reach.md#3-poll-results). */
export const PollAggregate = makeAggregate({
  name: "poll",
  decider: PollVotesDecider,
  schema: PollVotesEventSchema,
  streamId: pollStreamId,
  view: pollResultsView,
  save: (view) => PollResultsRepository.use((r) => r.save(view)),
  find: (id) => PollResultsRepository.use((r) => r.get(id))
})
