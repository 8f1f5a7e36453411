import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { CampaignStatus } from "../../domain/campaign/Campaign.ts"
import { CAMPAIGN_STATUSES } from "../../domain/campaign/Campaign.ts"
import type { MadeUpTitle } from "../../domain/campaign/defaultTitle.ts"
import { isDefaultTitle, madeUpTitleOf } from "../../domain/campaign/defaultTitle.ts"
import { isWithdrawnResend } from "../../domain/message/Message.ts"
import { CampaignPlanSchema, StatusPostSchema } from "../eventSourcing/codecs.ts"
import type { CampaignProgress, MessageView } from "./MessageRepository.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

const CampaignGroupSchema = z.object({
  groupId: z.string(),
  groupName: z.string(),
  /** the Status target's settings (StatusPost.ts); absent on every other target */
  statusPost: StatusPostSchema.optional()
})

/** What the campaign's own stream says: the part of the view `save` writes. */
export const CampaignStreamViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  /** the first target */
  groupId: z.string(),
  groupName: z.string(),
  /**
   * Every target, the first being groupId/groupName, when there are several or one is the Status
   * (its settings are kept here); null when the campaign has that one group (and on views stored before campaigns had several): read it
   * with `targetsOf`.
   */
  targets: z.array(CampaignGroupSchema).readonly().nullable().default(null),
  title: z.string(),
  /** planning made the title up from the targets; null on views stored before it was kept (read with `titleMadeUpOf`) */
  titleMadeUp: z.boolean().nullable().default(null),
  status: z.enum(CAMPAIGN_STATUSES),
  failureReason: z.string().nullable(),
  messageIds: z.array(z.string()).readonly(),
  /** its zone and rhythm as planned; null on campaigns created before plans were kept */
  plan: CampaignPlanSchema.nullable().default(null),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number().int()
})
export type CampaignStreamView = Readonly<z.output<typeof CampaignStreamViewSchema>>

/** The stream's part of a view, whatever else the value holds (a store `$set`s what it is given). */
export const streamPartOf = (view: CampaignStreamView): CampaignStreamView => {
  const { id, userId, sessionId, groupId, groupName, targets, title, titleMadeUp, status, failureReason, messageIds } =
    view
  const { plan, createdAt, updatedAt, version } = view
  return {
    id,
    userId,
    sessionId,
    groupId,
    groupName,
    targets,
    title,
    titleMadeUp,
    status,
    failureReason,
    messageIds,
    plan,
    createdAt,
    updatedAt,
    version
  }
}

/**
 * What campaign.list shows of a campaign's messages, counted over the `messages` read model
 * (deleted and cancelled messages excluded), so that a list reads no message.
 */
export const CampaignCountersSchema = z.object({
  totalMessages: z.number().int(),
  sentMessages: z.number().int(),
  /** sent messages the gateway reported delivered (to at least one phone of the group) */
  deliveredMessages: z.number().int(),
  /** epoch ms of the earliest message still to send; null when none is */
  nextScheduledAt: z.number().nullable(),
  /**
   * messages a cancel withdrew (not counted in the total), so a cancelled campaign can say what it
   * had planned; null on counters stored before it was counted (campaign.list tallies those)
   */
  cancelledMessages: z.number().int().nullable().default(null),
  /**
   * The sum of the versions of the message views counted (deleted ones included). A message view
   * only moves forward, so of two counts the later one has the larger sum: a store that cannot
   * count and write in one step keeps the count with the larger sum.
   */
  messageVersions: z.number().int()
})
export type CampaignCounters = Readonly<z.output<typeof CampaignCountersSchema>>

/**
 * The `campaigns` read model; every store decodes what it reads back with this schema.
 * `counters` is null until the campaign is first counted: while createCampaign plans its
 * messages, and on views stored before counters existed (campaign.list counts those when it
 * meets them).
 */
export const CampaignViewSchema = CampaignStreamViewSchema.extend({
  counters: CampaignCountersSchema.nullable().default(null)
})
export type CampaignView = Readonly<z.output<typeof CampaignViewSchema>>

/** A campaign as lists show it: its view without the ids of its messages (up to 1 000 of them). */
export const CampaignListingSchema = CampaignViewSchema.omit({ messageIds: true })
export type CampaignListing = Readonly<z.output<typeof CampaignListingSchema>>

/** The fields of a message view its campaign's counters depend on. */
export type CountedMessage = Pick<
  MessageView,
  "id" | "isDeleted" | "isSent" | "deliveredAt" | "status" | "scheduledAt" | "resentAs" | "resendOf" | "version"
>

/**
 * The counters of these message views (all of one campaign's): the one definition the stores
 * count by. A message sent again is not counted while its resend stands (isWithdrawnResend:
 * neither deleted nor cancelled; a skipped one stands): the resend takes its place, so a plan of 3 with one failure sent again is "3 of 3",
 * not "3 of 4". A cancelled resend is not counted as cancelled: its original stands for it.
 */
export const countersOf = (messages: ReadonlyArray<CountedMessage>): CampaignCounters => {
  let totalMessages = 0
  let sentMessages = 0
  let deliveredMessages = 0
  let nextScheduledAt: number | null = null
  let cancelledMessages = 0
  let messageVersions = 0
  const standing = new Set<string>()
  // by status, as isWithdrawnResend: a skipped resend stands (it is not counted, nor its first)
  for (const m of messages) if (!isWithdrawnResend(m.status)) standing.add(m.id)
  for (const m of messages) {
    messageVersions += m.version
    if (m.status === "CANCELLED" && m.resendOf === null) cancelledMessages += 1
    if (m.isDeleted || (m.resentAs !== null && standing.has(m.resentAs))) continue
    totalMessages += 1
    if (m.isSent) sentMessages += 1
    if (m.deliveredAt !== null) deliveredMessages += 1
    if (m.status === "SCHEDULED" && (nextScheduledAt === null || m.scheduledAt < nextScheduledAt)) {
      nextScheduledAt = m.scheduledAt
    }
  }
  return { totalMessages, sentMessages, deliveredMessages, nextScheduledAt, cancelledMessages, messageVersions }
}

type CountersInput = Pick<MessageView, "isDeleted" | "isSent" | "deliveredAt" | "status" | "scheduledAt" | "resentAs">

/**
 * Whether a message's new view can change its campaign's counters: only the fields countersOf
 * reads, bar the version (its sum only dates the counters; campaign.get recounts when it lags).
 * Most receipts change none (only a message's first delivery counts), nor do failure notes.
 * A resend's own save (new, deleted, cancelled) recounts, so its original is counted again.
 */
export const changesCounters = (before: CountersInput | null, after: CountersInput): boolean =>
  before === null ||
  before.isDeleted !== after.isDeleted ||
  before.isSent !== after.isSent ||
  (before.deliveredAt === null) !== (after.deliveredAt === null) ||
  before.status !== after.status ||
  before.scheduledAt !== after.scheduledAt ||
  before.resentAs !== after.resentAs

/** The groups a campaign's view sends to, its first group first: `[group]` when it has one. */
export const targetsOf = (
  view: Pick<CampaignStreamView, "groupId" | "groupName" | "targets">
): ReadonlyArray<CampaignGroupRef> => view.targets ?? [{ groupId: view.groupId, groupName: view.groupName }]

/**
 * The view's title as planning made it up (its first target and how many more), or null when
 * someone wrote it; views stored before `titleMadeUp` was kept are read by the old match.
 */
export const madeUpTitleOfView = (
  view: Pick<CampaignStreamView, "title" | "titleMadeUp" | "groupId" | "groupName" | "targets">
): MadeUpTitle | null => {
  const [first, ...rest] = targetsOf(view)
  if (first === undefined) return null
  const madeUp = view.titleMadeUp ?? isDefaultTitle(view.title, [first, ...rest])
  return madeUp ? madeUpTitleOf([first, ...rest]) : null
}

/**
 * How campaign.list narrows and orders a user's campaigns; every store answers alike:
 * - `sort` "created": newest first (createdAt, then id, both descending); "next": campaigns with
 *   a message waiting first, soonest first (counters' nextScheduledAt, then id ascending), then the
 *   rest (nothing waiting, or never counted) newest first as "created";
 * - `statuses`: only campaigns in one of them; `groupId`: only campaigns sending to that group
 *   (any of their targets);
 * - `search`: only campaigns whose title, or the text of one of their messages not deleted
 *   (cancelled ones count: what a cancelled campaign had planned), holds it, case and accents of
 *   the Latin letters aside (searchClasses); other characters, `%` and `_` included, as written.
 */
export interface CampaignListFilter {
  readonly sort: "next" | "created"
  readonly statuses?: ReadonlyArray<CampaignStatus> | undefined
  readonly groupId?: string | undefined
  readonly search?: string | undefined
}

/** A letter without its accents, in lower case: "É" → "e"; other characters as they are. */
const baseLetter = (c: string): string => c.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase()

/**
 * The letters that read as each of a to z, case and accents aside: the Latin letters with accents
 * (U+00C0 to U+024F) whose base is that letter, in both cases ("e": e E é É è È ê Ê ë Ë ē …).
 */
const VARIANTS: ReadonlyMap<string, ReadonlyArray<string>> = (() => {
  const variants = new Map<string, Set<string>>()
  const add = (base: string, c: string) => variants.set(base, (variants.get(base) ?? new Set<string>()).add(c))
  for (let code = 0x41; code <= 0x24f; code++) {
    const c = String.fromCharCode(code)
    const base = baseLetter(c)
    if (!/^[a-z]$/.test(base)) continue
    add(base, c)
    for (const other of [c.toLowerCase(), c.toUpperCase()]) if (other.length === 1) add(base, other)
  }
  return new Map([...variants].map(([base, set]) => [base, [...set].sort()]))
})()

/**
 * A search as the characters each position may hold (CampaignListFilter's `search`): a letter of
 * a to z, with or without accents, in either case, matches any of its variants; anything else only
 * itself. Each store turns it into its own pattern (a regular expression, a GLOB), so every store
 * finds the same campaigns.
 */
export const searchClasses = (search: string): ReadonlyArray<ReadonlyArray<string>> =>
  [...search].map((c) => VARIANTS.get(baseLetter(c)) ?? [c])

/** The search as a regular expression's source (MongoDB's $regex, and the memory store). */
export const searchRegex = (search: string): string =>
  searchClasses(search)
    .map((chars) =>
      chars.length === 1 ? (chars[0] ?? "").replace(/[.*+?^${}()|[\]\\/-]/g, (c) => `\\${c}`) : `[${chars.join("")}]`
    )
    .join("")

/** Whether a text holds `search`, as CampaignListFilter reads it (the expression built once). */
export const textMatcher = (search: string): ((text: string) => boolean) => {
  const pattern = new RegExp(searchRegex(search))
  return (text) => pattern.test(text)
}

/** What recountProgress answers. */
export interface CountedProgress {
  readonly status: CampaignStatus | null
  /** the version of the campaign's stream its view reflects (0: no view) */
  readonly version: number
  readonly progress: CampaignProgress
}

/** A group a session's campaigns target. */
export interface CampaignGroupRef {
  readonly groupId: string
  readonly groupName: string
}

export class CampaignRepository extends Context.Service<
  CampaignRepository,
  {
    /**
     * Upsert of the stream's part unless the stored view already reflects this version or a
     * later one; never touches the counters (a new view has none).
     */
    readonly save: (view: CampaignStreamView) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<CampaignView | null, StoreUnavailable>
    /**
     * The campaign without its message ids (up to a thousand of them, the bulk of a read):
     * what a send's progress and the catch-up's version check need.
     */
    readonly summary: (id: string) => Effect.Effect<CampaignListing | null, StoreUnavailable>
    /**
     * Counts the campaign's messages in the `messages` read model and stores the counters on
     * its view (if there is one); answers them.
     */
    readonly count: (id: string) => Effect.Effect<CampaignCounters, StoreUnavailable>
    /**
     * Counts as `count` does, but stores nothing: what campaign.list shows for a campaign never
     * counted. Its plan may still be scheduling messages, and counters stored now would make
     * each message it still schedules recount the whole campaign.
     */
    readonly tally: (id: string) => Effect.Effect<CampaignCounters, StoreUnavailable>
    /**
     * The same after a message view of the campaign was saved, for a campaign counted before;
     * one never counted is left alone: counting after each message a plan schedules would cost
     * the square of its size (createCampaign counts once at the end).
     */
    readonly recount: (id: string) => Effect.Effect<void, StoreUnavailable>
    /**
     * After a send whose views were saved without recounting (MessageAggregateCountedLater,
     * updateCampaignProgress): recounts as `recount` does and answers, from the same read of the
     * campaign's messages, its progress (as MessageRepository.progress counts it) and its status
     * and version (null and 0: no view). On MongoDB two round trips: the messages, then the counters' write, which
     * answers the status.
     */
    readonly recountProgress: (id: string) => Effect.Effect<CountedProgress, StoreUnavailable>
    /** oldest first (createdAt), ties by id in binary order; with `statuses`, only campaigns in one of them */
    readonly listBySession: (
      sessionId: string,
      statuses?: ReadonlyArray<CampaignStatus>
    ) => Effect.Effect<ReadonlyArray<CampaignView>, StoreUnavailable>
    /**
     * The groups the session's campaigns target, in the order of each group's first campaign
     * (as listBySession), each named as its newest campaign names it (a group may be renamed).
     */
    readonly groupsBySession: (sessionId: string) => Effect.Effect<ReadonlyArray<CampaignGroupRef>, StoreUnavailable>
    /**
     * a user's campaigns as listed (no message ids: a page costs its campaigns, not their
     * messages), `offset` skipped, narrowed and ordered as `filter` says (see CampaignListFilter);
     * without one, newest first
     */
    readonly listByUser: (
      userId: string,
      page: { readonly limit: number; readonly offset: number },
      filter?: CampaignListFilter
    ) => Effect.Effect<ReadonlyArray<CampaignListing>, StoreUnavailable>
  }
>()("herald/application/ports/CampaignRepository") {}
