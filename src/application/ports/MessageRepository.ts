import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import { MEDIA_KINDS } from "../../domain/message/Media.ts"
import { MESSAGE_STATUSES } from "../../domain/message/Message.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * The `messages` read model the scheduler queries; derived from message streams, may lag.
 * The one definition of its fields: every store decodes what it reads back with this schema.
 */
export const MessageViewSchema = z.object({
  id: z.string(),
  campaignId: z.string(),
  sessionId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  content: z.string(),
  scheduledAt: z.number(),
  status: z.enum(MESSAGE_STATUSES),
  isSent: z.boolean(),
  isPicked: z.boolean(),
  isDeleted: z.boolean(),
  pickedAt: z.number().nullable(),
  sentAt: z.number().nullable(),
  failureReason: z.string().nullable(),
  // Views stored before delivery receipts have none of the next five fields.
  /** the key of the gateway's id for the sent message (see gatewayMessageKey), to match receipts; null before it is sent */
  gatewayMessageKey: z.string().nullable().default(null),
  /** the first delivery receipt, the first read receipt */
  deliveredAt: z.number().nullable().default(null),
  readAt: z.number().nullable().default(null),
  /** group members it reached (read ones included), and who read it */
  deliveredCount: z.number().int().default(0),
  readCount: z.number().int().default(0),
  // Views stored before campaign.resendMessage have neither of the next two.
  /** the message this one sends again (campaign.resendMessage), or null */
  resendOf: z.string().nullable().default(null),
  /**
   * the latest message sending this one again, or null; one since deleted or cancelled no longer
   * stands for it (isWithdrawnResend), and it may be sent again
   */
  resentAs: z.string().nullable().default(null),
  /** sent mentioning every member of its group; views stored before mentions have none: false */
  mentionAll: z.boolean().default(false),
  /** a poll (content is its question); views stored before polls have none: null, a text */
  poll: z
    .object({ options: z.array(z.string()).readonly(), multipleAnswers: z.boolean() })
    .nullable()
    .default(null),
  /** an image or file sent with the content as caption; views stored before media have none: null */
  media: z
    .object({
      id: z.string(),
      mimetype: z.string(),
      filename: z.string(),
      size: z.number(),
      kind: z.enum(MEDIA_KINDS)
    })
    .nullable()
    .default(null),
  /**
   * the id the current claim took from the gateway before its send, to look the message up by it
   * after a cut-off; null when it took none, and on views stored before ids were taken
   */
  claimGatewayId: z.string().nullable().default(null),
  version: z.number().int()
})
export type MessageView = Readonly<z.output<typeof MessageViewSchema>>

/** The fields of a view its campaign's counters read (changesCounters), as a save found them stored. */
export const ReplacedViewSchema = MessageViewSchema.pick({
  isDeleted: true,
  isSent: true,
  deliveredAt: true,
  status: true,
  scheduledAt: true,
  resentAs: true
})
export type ReplacedView = Readonly<z.output<typeof ReplacedViewSchema>>

/**
 * What a save found stored: the view it replaced, as far as the counters read it (null: none was
 * stored), or "kept": a view of this version or a later one, which stays and nothing is written.
 * The projection recounts its campaign from this (one round trip on MongoDB, not a read and a write).
 */
export type SavedOver = ReplacedView | null | "kept"

/** What a save of `view` finds, given the view stored before it (null: none). */
export const savedOver = (stored: MessageView | null, view: Pick<MessageView, "version">): SavedOver => {
  if (stored === null) return null
  if (stored.version >= view.version) return "kept"
  const { isDeleted, isSent, deliveredAt, status, scheduledAt, resentAs } = stored
  return { isDeleted, isSent, deliveredAt, status, scheduledAt, resentAs }
}

/** The statuses of a message that will still send its media: the media is kept for them. */
export const STATUSES_SENDING_MEDIA = ["SCHEDULED", "PICKED", "PAUSED"] as const
/** The statuses of a message that may be sent again (with the same media): kept for them for a while. */
export const STATUSES_RESENDING_MEDIA = ["FAILED", "MISSED", "OUTCOME_UNKNOWN", "SKIPPED"] as const
/** Still to go: waiting, being sent, or held by a pause (a paused campaign is not finished). */
export const OPEN_STATUSES = ["SCHEDULED", "PICKED", "PAUSED"] as const
/** Pending for the quota: waiting or paused, both still to be sent. */
export const PENDING_STATUSES = ["SCHEDULED", "PAUSED"] as const

export interface CampaignProgress {
  readonly total: number
  readonly sent: number
  /** neither sent nor deleted nor finished otherwise: still to go */
  readonly open: number
}

const openStatuses: ReadonlySet<string> = new Set(OPEN_STATUSES)

/** The progress of a campaign whose messages (all of them, deleted ones too) these are. */
export const progressOf = (
  messages: ReadonlyArray<{ readonly status: string; readonly isSent: boolean }>
): CampaignProgress => ({
  total: messages.length,
  sent: messages.filter((m) => m.isSent === true).length,
  open: messages.filter((m) => openStatuses.has(m.status)).length
})

/** A user's scheduled work, for the quota (see planCampaign). */
export interface PendingCount {
  /** SCHEDULED or PAUSED: not yet picked, sent, deleted, cancelled, missed or skipped */
  readonly messages: number
  /** distinct campaigns those messages belong to */
  readonly campaigns: number
}

/** A place in the (scheduledAt, id) order of the lists: a page starts after it. */
export interface ScheduledKey {
  readonly scheduledAt: number
  readonly id: string
}

/** How many of `times` fall in each period [starts[i], starts[i + 1]); `starts` in order. */
export const countInPeriods = (times: Iterable<number>, starts: ReadonlyArray<number>): Array<number> => {
  const counts = starts.slice(1).map(() => 0)
  for (const t of times) {
    // the last start at or before t: a binary search, as a month has few periods and many times
    let [low, high] = [0, starts.length - 1]
    if (t < (starts[0] ?? Infinity) || t >= (starts[high] ?? -Infinity)) continue
    while (high - low > 1) {
      const mid = (low + high) >> 1
      if ((starts[mid] ?? Infinity) <= t) low = mid
      else high = mid
    }
    counts[low] = (counts[low] ?? 0) + 1
  }
  return counts
}

/**
 * Every adapter answers alike, so what follows holds for all of them:
 * - lists are oldest `scheduledAt` first, ties by id in binary (code-unit) order, the order in
 *   which MongoDB sorts strings;
 * - a `limit` is read as `Array.prototype.slice(0, limit)`: 0, a negative number or NaN match
 *   nothing, Infinity means no limit;
 * - a picked view without `pickedAt` counts as picked at 0.
 */
export class MessageRepository extends Context.Service<
  MessageRepository,
  {
    /** Upsert unless the stored view already reflects this version or a later one; answers what it found (SavedOver). */
    readonly save: (view: MessageView) => Effect.Effect<SavedOver, StoreUnavailable>
    /**
     * Moves a stored view forward, as `save` does, answering nothing: the scheduler's claims and
     * records (MessageAggregateCountedLater), whose views the pass found stored. A store may write
     * it together with what other fibers advance meanwhile (MongoDB: one command for a batch), and
     * may leave a view not stored at all to the catch-up pass, which stores it.
     */
    readonly advance: (view: MessageView) => Effect.Effect<void, StoreUnavailable>
    /**
     * Stores the view of a message just scheduled (createCampaign, MessageAggregatePlanned), as
     * `save` does, answering nothing: its campaign is counted once by the caller, after all its
     * messages. A store may write it together with what other fibers plan meanwhile (MongoDB: one
     * insert for a batch); a view already stored (the catch-up got there first) is saved over as
     * `save` would, or kept when as new or newer.
     */
    readonly plan: (view: MessageView) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<MessageView | null, StoreUnavailable>
    /**
     * Not picked, not deleted, not sent, from ≤ scheduledAt ≤ to; oldest first. None of the
     * sessions in `exceptSessions` (held ones: their messages must not fill a batch others need).
     */
    readonly findScheduledBetween: (
      from: number,
      to: number,
      limit: number,
      exceptSessions?: ReadonlyArray<string>
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /**
     * The scheduled messages of one session with from ≤ scheduledAt ≤ to, oldest first then by
     * id: costs the window, not the session's whole plan.
     */
    readonly findScheduledInSession: (
      sessionId: string,
      from: number,
      to: number
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /** Still unpicked though scheduled before `before`: fell out of the window. */
    readonly findScheduledBefore: (
      before: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /** The earliest unpicked message scheduled after `after`, for the precise timer. */
    readonly nextScheduledAfter: (after: number) => Effect.Effect<number | null, StoreUnavailable>
    /** Picked, not finished, picked at or before `pickedBefore` (claims past their lease). */
    readonly findPickedBefore: (
      pickedBefore: number,
      limit: number
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /** Picked, not finished, picked after `pickedAfter`, for these sessions: sends in flight elsewhere. */
    readonly findInFlight: (
      sessionIds: ReadonlyArray<string>,
      pickedAfter: number
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /**
     * Messages to this group claimed between `pickedFrom` and `pickedTo` (inclusive), whatever became
     * of them since (still picked, sent, failed, outcome-unknown); oldest first. What else Herald may
     * have sent to the chat while a claim was open (see recoverExpiredClaims).
     */
    readonly findPickedInGroup: (
      groupId: string,
      pickedFrom: number,
      pickedTo: number
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /** The message of this session the gateway knows by this key (see gatewayMessageKey), or null. */
    readonly findByGatewayMessage: (
      sessionId: string,
      gatewayMessageKey: string
    ) => Effect.Effect<MessageView | null, StoreUnavailable>
    readonly listByCampaign: (campaignId: string) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    readonly progress: (campaignId: string) => Effect.Effect<CampaignProgress, StoreUnavailable>
    /**
     * Whether a message that may still be sent carries this media: scheduled or picked, or failed,
     * missed or outcome-unknown (it may be sent again) and scheduled at or after `resendableSince`.
     * Sent, deleted and cancelled ones no longer need it.
     */
    readonly needsMedia: (mediaId: string, resendableSince: number) => Effect.Effect<boolean, StoreUnavailable>
    /**
     * The scheduled messages (not picked, sent, deleted or cancelled) of these sessions (a user's)
     * with from ≤ scheduledAt ≤ to and after `after` in the port's order, oldest first then by id,
     * at most `limit`: what campaign.upcoming shows, on the (session, status, scheduledAt) index.
     */
    readonly findUpcomingInSessions: (
      sessionIds: ReadonlyArray<string>,
      window: {
        readonly from: number
        readonly to: number
        readonly after: ScheduledKey | null
        readonly limit: number
      }
    ) => Effect.Effect<ReadonlyArray<MessageView>, StoreUnavailable>
    /**
     * How many scheduled messages of these sessions fall in each period [starts[i], starts[i + 1])
     * (the days of a calendar; `starts` in order): one read of the times in the whole range, the
     * periods counted here (countInPeriods), so a month costs one query, not one per day.
     */
    readonly countUpcomingInSessions: (
      sessionIds: ReadonlyArray<string>,
      starts: ReadonlyArray<number>
    ) => Effect.Effect<ReadonlyArray<number>, StoreUnavailable>
    /** Pending (SCHEDULED or PAUSED) messages of these sessions, and the campaigns they belong to. */
    readonly countPending: (sessionIds: ReadonlyArray<string>) => Effect.Effect<PendingCount, StoreUnavailable>
  }
>()("herald/application/ports/MessageRepository") {}
