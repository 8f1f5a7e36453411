import { z } from "zod"
import { POSTING_ROLES } from "../../../application/campaign/channelSupport.ts"
import { CampaignPlanSchema } from "../../../application/eventSourcing/codecs.ts"
import { CAMPAIGN_STATUSES } from "../../../domain/campaign/Campaign.ts"
import { FAILURE_KINDS } from "../../../domain/message/failureKind.ts"
import { MEDIA_KINDS } from "../../../domain/message/Media.ts"
import { MESSAGE_STATUSES } from "../../../domain/message/Message.ts"

/**
 * The output schemas of the procedures /api/v1 exposes (docs/api.md#http-api-apiv1): what each
 * one answers today, written once for tRPC's `.output()` and the OpenAPI document. tRPC parses
 * every answer with them: plain objects, no transforms, so the check is cheap (campaign.list's
 * latency budget). `Undeclared` below makes a field a use case adds and a schema forgets a type
 * error, rather than a field silently dropped from the answer.
 */

const iso = z.string().meta({ description: "an instant, ISO-8601 in UTC", format: "date-time" })
/** the Status target's colour (#rrggbb), font (WhatsApp's number) and chosen contacts (null: all contacts) */
const statusPost = z
  .object({
    backgroundColor: z.string(),
    font: z.number(),
    contacts: z.array(z.string()).readonly().nullable()
  })
  .meta({ id: "StatusPost" })
/** statusPost: on the Status target (`status@broadcast`) only */
const group = z.object({ groupId: z.string(), groupName: z.string(), statusPost: statusPost.optional() })
/**
 * The title planning made up from the targets (none was written): its first target and how many
 * more; readers word it in their own language ("نادي القراءة y 2 más"). null: someone wrote it.
 */
const madeUpTitle = z
  .object({ first: z.object({ groupId: z.string(), groupName: z.string() }), more: z.number().int() })
  .nullable()
  .meta({ id: "MadeUpTitle" })
/** campaign.list's target: the Status's chosen contacts as their number (null: all contacts); campaign.get lists them */
const listedTarget = z.object({
  groupId: z.string(),
  groupName: z.string(),
  statusPost: z
    .object({ backgroundColor: z.string(), font: z.number(), contactCount: z.number().nullable() })
    .meta({ id: "StatusPostSummary" })
    .optional()
})
const failure = {
  /** why it failed, as stored (for operators) */
  failureReason: z.string().optional(),
  /** the kind of failure, what a client says in plain words */
  failureKind: z.enum(FAILURE_KINDS).optional()
}
/** a campaign's plan, as its events and view keep it */
const plan = CampaignPlanSchema
const poll = z.object({ options: z.array(z.string()).readonly(), multipleAnswers: z.boolean() })
const media = z.object({
  id: z.string(),
  mimetype: z.string(),
  filename: z.string(),
  size: z.number(),
  kind: z.enum(MEDIA_KINDS)
})

/** {id}: what create, duplicate and resendMessage answer */
export const createdOutput = z.object({ id: z.string() }).meta({ id: "Created" })
export const successOutput = z.object({ success: z.boolean() }).meta({ id: "Success" })
export const pausedOutput = z.object({ success: z.literal(true), alreadyPicked: z.number() })
export const resumedOutput = z.object({ success: z.literal(true), resumed: z.number(), skipped: z.number() })

const campaignListItem = z
  .object({
    id: z.string(),
    title: z.string(),
    madeUpTitle,
    status: z.enum(CAMPAIGN_STATUSES),
    group,
    targets: z.array(listedTarget).readonly(),
    totalMessages: z.number(),
    sentMessages: z.number(),
    deliveredMessages: z.number(),
    nextScheduledAt: iso.nullable(),
    plan: plan.optional(),
    cancelledMessages: z.number(),
    ...failure
  })
  .meta({ id: "CampaignSummary" })
export const campaignPageOutput = z.object({ items: z.array(campaignListItem), nextCursor: z.number().optional() })

const campaignMessage = z
  .object({
    id: z.string(),
    content: z.string(),
    scheduledAt: iso,
    groupId: z.string(),
    groupName: z.string(),
    status: z.enum(MESSAGE_STATUSES),
    isSent: z.boolean(),
    isPicked: z.boolean(),
    isDeleted: z.boolean(),
    sentAt: iso.nullable(),
    isDelivered: z.boolean(),
    deliveredAt: iso.nullable(),
    isRead: z.boolean(),
    readAt: iso.nullable(),
    deliveredCount: z.number(),
    readCount: z.number(),
    resendOf: z.string().nullable(),
    resentAs: z.string().nullable(),
    mentionAll: z.boolean(),
    poll: poll.nullable(),
    media: media.nullable(),
    ...failure
  })
  .meta({ id: "CampaignMessage" })

export const campaignOutput = z
  .object({
    id: z.string(),
    title: z.string(),
    madeUpTitle,
    status: z.enum(CAMPAIGN_STATUSES),
    group,
    targets: z
      .array(
        z.object({
          groupId: z.string(),
          groupName: z.string(),
          targetKind: z.enum(["group", "channel", "status"]).meta({
            description: "from the id: `…@newsletter` a WhatsApp Channel, `status@broadcast` Status, else a group"
          }),
          statusPost: statusPost.optional(),
          status: z.enum(["SCHEDULED", "IN_PROGRESS", "COMPLETED", "FAILED", "CANCELLED", "PAUSED"]),
          totalMessages: z.number(),
          sentMessages: z.number(),
          failedMessages: z.number()
        })
      )
      .readonly(),
    plan: plan.optional(),
    ...failure,
    messages: z.array(campaignMessage)
  })
  .meta({ id: "Campaign" })

export const previewOutput = z.object({
  title: z.string(),
  madeUpTitle,
  targets: z.array(group).readonly(),
  timeZone: z.string(),
  messages: z.array(
    z.object({
      content: z.string(),
      scheduledAt: iso,
      mentionAll: z.boolean(),
      poll: poll.nullable(),
      media: media.nullable(),
      localTime: z.string(),
      utcOffset: z.string(),
      utcOffsetDayStart: z.string(),
      utcOffsetDayEnd: z.string(),
      dstChange: z.boolean()
    })
  )
})

export const upcomingPageOutput = z.object({
  items: z.array(
    z.object({
      id: z.string(),
      scheduledAt: iso,
      group,
      content: z.string(),
      campaignId: z.string(),
      campaignTitle: z.string(),
      campaignMadeUpTitle: madeUpTitle,
      isPoll: z.boolean(),
      hasMedia: z.boolean()
    })
  ),
  nextCursor: z.string().optional()
})

const pollVoter = z.object({
  /** the voter's WhatsApp id: `<digits>@c.us`, `<id>@lid` (number hidden), or "me" (the organiser's phone) */
  voter: z.string(),
  /** how to call them: their WhatsApp name, else their number, else that it is hidden */
  name: z.string(),
  /** `+<digits>`, or null when WhatsApp hides it */
  number: z.string().nullable(),
  votedAt: iso
})

/** campaign.pollResults: per option its count and voters (poll's order), then the votes Herald could not read */
export const pollResultsOutput = z
  .object({
    messageId: z.string(),
    question: z.string(),
    multipleAnswers: z.boolean(),
    /** when the poll was sent; null before */
    sentAt: iso.nullable(),
    /** the campaign's WhatsApp connection, whose webhook brings the votes; null once it is gone */
    sessionName: z.string().nullable(),
    options: z.array(z.object({ option: z.string(), count: z.number(), voters: z.array(pollVoter) })),
    /** votes WAHA reported but could not read (poll.vote.failed): ask those people again */
    unreadable: z.array(pollVoter),
    /** people whose vote holds at least one option */
    voters: z.number()
  })
  .meta({ id: "PollResults" })

/** campaign.pollResultsCsv: the file's name and its text (RFC 4180, CRLF) */
export const pollResultsCsvOutput = z.object({ filename: z.string(), csv: z.string() })

export const sessionStatusOutput = z.object({ status: z.string() })
export const groupPageOutput = z.object({ items: z.array(group), nextCursor: z.number().optional() })
/** user.getMessagingChannels: the WhatsApp Channels the number owns or administers */
export const channelPageOutput = z
  .object({
    items: z.array(
      z.object({
        channelId: z.string().meta({ description: "the channel's chat id, `<digits>@newsletter`: a campaign target" }),
        name: z.string(),
        role: z.enum(POSTING_ROLES).meta({ description: "this number's role in the channel: only these may post" }),
        verified: z.boolean(),
        subscribers: z.number().nullable().meta({ description: "followers, null where the gateway does not say" })
      })
    ),
    nextCursor: z.number().optional(),
    problem: z
      .string()
      .optional()
      .meta({ description: "why this number's gateway cannot post to channels (none are listed then)" })
  })
  .meta({ id: "ChannelPage" })

/**
 * The fields of a value `V` that schema type `S` does not declare, at any depth (never: none).
 * tRPC's `.output()` checks the other way (every declared field is there, of its type).
 */
export type Undeclared<V, S> =
  V extends ReadonlyArray<infer E>
    ? S extends ReadonlyArray<infer F>
      ? Undeclared<E, F>
      : never
    : V extends object
      ? S extends object
        ? Exclude<keyof V, keyof S> | { [K in keyof V & keyof S]: Undeclared<V[K], S[K]> }[keyof V & keyof S]
        : never
      : never

/** Compiles only when every field of `V` is declared in `S`: `declares<Value, z.input<typeof schema>>(true)`. */
export const declares = <V, S>(ok: [Undeclared<V, S>] extends [never] ? true : Undeclared<V, S>): void => {
  void ok
}
