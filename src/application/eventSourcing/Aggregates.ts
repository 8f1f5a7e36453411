import { CampaignDecider, campaignStreamId } from "../../domain/campaign/Campaign.ts"
import type { CampaignCommand, CampaignEvent, CampaignRejection, CampaignState } from "../../domain/campaign/Campaign.ts"
import { MessageDecider, gatewayMessageKey, isDeleted, isPicked, isSent, messageStreamId } from "../../domain/message/Message.ts"
import type { MessageCommand, MessageEvent, MessageRejection, MessageState } from "../../domain/message/Message.ts"
import { SessionDecider, sessionStreamId } from "../../domain/session/MessagingSession.ts"
import type { SessionCommand, SessionEvent, SessionRejection, SessionState } from "../../domain/session/MessagingSession.ts"
import type { Decider } from "../../domain/shared/Decider.ts"
import type { CampaignView } from "../ports/CampaignRepository.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import type { SessionView } from "../ports/SessionRepository.ts"
import { UserDecider, userStreamId } from "../../domain/user/User.ts"
import type { UserCommand, UserEvent, UserRejection, UserState } from "../../domain/user/User.ts"
import type { UserView } from "../ports/UserRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { CampaignEventSchema, MessageEventSchema, SessionEventSchema, UserEventSchema } from "./codecs.ts"
import type { z } from "zod"
import { Effect } from "effect"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"

export type ProjectionStores = MessageRepository | CampaignRepository | SessionRepository | UserRepository

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


export const MessageAggregate: Aggregate<MessageCommand, MessageState, MessageEvent, MessageRejection> = {
  name: "message",
  decider: MessageDecider,
  schema: MessageEventSchema,
  streamId: messageStreamId,
  project: (state) => {
    const view = messageView(state)
    return view ? MessageRepository.use((r) => r.save(view)) : Effect.void
  },
  projectedVersion: (id) => MessageRepository.use((r) => r.get(id)).pipe(Effect.map((view) => view?.version ?? 0))
}

export const CampaignAggregate: Aggregate<CampaignCommand, CampaignState, CampaignEvent, CampaignRejection> = {
  name: "campaign",
  decider: CampaignDecider,
  schema: CampaignEventSchema,
  streamId: campaignStreamId,
  project: (state) => {
    const view = campaignView(state)
    return view ? CampaignRepository.use((r) => r.save(view)) : Effect.void
  },
  projectedVersion: (id) => CampaignRepository.use((r) => r.get(id)).pipe(Effect.map((view) => view?.version ?? 0))
}

export const SessionAggregate: Aggregate<SessionCommand, SessionState, SessionEvent, SessionRejection> = {
  name: "session",
  decider: SessionDecider,
  schema: SessionEventSchema,
  streamId: sessionStreamId,
  project: (state) => {
    const view = sessionView(state)
    return view ? SessionRepository.use((r) => r.save(view)) : Effect.void
  },
  projectedVersion: (id) => SessionRepository.use((r) => r.get(id)).pipe(Effect.map((view) => view?.version ?? 0))
}

/** A user's stream is keyed by e-mail (see User.ts): its "id" here is the e-mail address. */
export const UserAggregate: Aggregate<UserCommand, UserState, UserEvent, UserRejection> = {
  name: "user",
  decider: UserDecider,
  schema: UserEventSchema,
  streamId: userStreamId,
  project: (state) => {
    const view = userView(state)
    return view ? UserRepository.use((r) => r.save(view)) : Effect.void
  },
  projectedVersion: (email) => UserRepository.use((r) => r.findByEmail(email)).pipe(Effect.map((view) => view?.version ?? 0))
}

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
        readCount: s.delivery.readBy.length,
        version: s.version
      }

export const campaignView = (s: CampaignState): CampaignView | null =>
  s.status === "NEW"
    ? null
    : {
        id: s.id,
        userId: s.userId,
        sessionId: s.sessionId,
        groupId: s.group.groupId,
        groupName: s.group.groupName,
        title: s.title,
        status: s.status,
        failureReason: s.failureReason,
        messageIds: s.messageIds,
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
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        version: s.version
      }

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
        createdAt: s.createdAt,
        updatedAt: s.updatedAt,
        version: s.version
      }
