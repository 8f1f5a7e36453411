import { Context } from "effect"
import type { Effect } from "effect"
import type { MessageStatus } from "../../domain/message/Message.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/** The `messages` read model the scheduler queries; derived from message streams, may lag. */
export interface MessageView {
  readonly id: string
  readonly campaignId: string
  readonly sessionId: string
  readonly groupId: string
  readonly groupName: string
  readonly content: string
  readonly scheduledAt: number
  readonly status: MessageStatus
  readonly isSent: boolean
  readonly isPicked: boolean
  readonly isDeleted: boolean
  readonly pickedAt: number | null
  readonly sentAt: number | null
  readonly failureReason: string | null
  /** the key of the gateway's id for the sent message (see gatewayMessageKey), to match receipts; null before it is sent */
  readonly gatewayMessageKey: string | null
  /** the first delivery receipt, the first read receipt */
  readonly deliveredAt: number | null
  readonly readAt: number | null
  /** group members it reached (read ones included), and who read it */
  readonly deliveredCount: number
  readonly readCount: number
  readonly version: number
}

export interface CampaignProgress {
  readonly total: number
  readonly sent: number
  /** neither sent nor deleted nor finished otherwise: still to go */
  readonly open: number
}

/** A user's scheduled work, for the quota (see planCampaign). */
export interface PendingCount {
  /** SCHEDULED: not yet picked, sent, deleted, cancelled or missed */
  readonly messages: number
  /** distinct campaigns those messages belong to */
  readonly campaigns: number
}

/**
 * Every adapter answers alike, so what follows holds for all of them:
 * - lists are oldest `scheduledAt` first, ties by id in binary (code-unit) order, the order in
 *   which MongoDB sorts strings;
 * - a `limit` is read as `Array.prototype.slice(0, limit)`: 0, a negative number or NaN match
 *   nothing, Infinity means no limit;
 * - a picked view without `pickedAt` counts as picked at 0.
 */
export class MessageRepository extends Context.Service<MessageRepository, {
  /** Upsert unless the stored view already reflects this version or a later one. */
  readonly save: (view: MessageView) => Effect.Effect<void, StoreUnavailable>
  readonly get: (id: string) => Effect.Effect<MessageView | null, StoreUnavailable>
  /** Not picked, not deleted, not sent, from ≤ scheduledAt ≤ to; oldest first. */
  readonly findScheduledBetween: (from: number, to: number, limit: number) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  /** Still unpicked though scheduled before `before`: fell out of the window. */
  readonly findScheduledBefore: (before: number, limit: number) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  /** The earliest unpicked message scheduled after `after`, for the precise timer. */
  readonly nextScheduledAfter: (after: number) => Effect.Effect<number | null, StoreUnavailable>
  /** Picked, not finished, picked at or before `pickedBefore` (claims past their lease). */
  readonly findPickedBefore: (pickedBefore: number, limit: number) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  /** Picked, not finished, picked after `pickedAfter`, for these sessions: sends in flight elsewhere. */
  readonly findInFlight: (sessionIds: ReadonlyArray<string>, pickedAfter: number) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  /**
   * Messages to this group claimed between `pickedFrom` and `pickedTo` (inclusive), whatever became
   * of them since (still picked, sent, failed, outcome-unknown); oldest first. What else Herald may
   * have sent to the chat while a claim was open (see recoverExpiredClaims).
   */
  readonly findPickedInGroup: (groupId: string, pickedFrom: number, pickedTo: number) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  /** The message of this session the gateway knows by this key (see gatewayMessageKey), or null. */
  readonly findByGatewayMessage: (sessionId: string, gatewayMessageKey: string) => Effect.Effect<MessageView | null, StoreUnavailable>
  readonly listByCampaign: (campaignId: string) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
  readonly progress: (campaignId: string) => Effect.Effect<CampaignProgress, StoreUnavailable>
  /** Pending (SCHEDULED) messages of these sessions, and the campaigns they belong to. */
  readonly countPending: (sessionIds: ReadonlyArray<string>) => Effect.Effect<PendingCount, StoreUnavailable>
}>()("herald/application/ports/MessageRepository") {}
