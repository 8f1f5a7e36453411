import { z } from "zod"
import type { CampaignEvent } from "../../domain/campaign/Campaign.ts"
import { FREQUENCIES, SPLIT_MARKERS } from "../../domain/campaign/Recurrence.ts"
import { STATUS_FONTS } from "../../domain/campaign/StatusPost.ts"
import { MEDIA_KINDS } from "../../domain/message/Media.ts"
import type { MessageEvent } from "../../domain/message/Message.ts"
import { ACK_LEVELS } from "../../domain/message/Message.ts"
import type { PollVotesEvent } from "../../domain/poll/PollVotes.ts"
import type { SessionEvent } from "../../domain/session/MessagingSession.ts"
import type { UserEvent } from "../../domain/user/User.ts"
import { REGISTRATION_STATUSES, USER_ROLES } from "../../domain/user/User.ts"
import { StoredLanguage } from "../shared/languageSchema.ts"

// Events are read back from a database: decode them instead of trusting their shape.
const at = z.number()
const PollSchema = z.object({ options: z.array(z.string()).readonly(), multipleAnswers: z.boolean() })
const MediaSchema = z.object({
  id: z.string(),
  mimetype: z.string(),
  filename: z.string(),
  size: z.number(),
  kind: z.enum(MEDIA_KINDS)
})

/**
 * The domain's event types are the one definition of the events (the domain holds no codec);
 * `codecOf<E>()(schema)` compiles only when the schema decodes to exactly `E`, so a variant or
 * a field that is in one and not the other is a type error here, not a surprise on reading
 * the log. (`z.ZodType<E>` alone would let the domain gain an event the codec does not know.)
 */
const codecOf =
  <E>() =>
  <S extends z.ZodType<E>>(schema: S & ([E] extends [z.output<S>] ? unknown : never)): z.ZodType<E> =>
    schema

export const MessageEventSchema = codecOf<MessageEvent>()(
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("MessageScheduled"),
      messageId: z.string(),
      target: z.object({ campaignId: z.string(), sessionId: z.string(), groupId: z.string(), groupName: z.string() }),
      content: z.string(),
      scheduledAt: z.number(),
      at,
      resendOf: z.string().optional(),
      // written only when true: older events have none and mention nobody
      mentionAll: z.literal(true).optional(),
      // written only for a poll: older events have none and are texts
      poll: PollSchema.optional(),
      // written only with an image or file: older events have none
      media: MediaSchema.optional()
    }),
    // edits recorded before mentions have no mentionAll: they left it as it was
    z.object({
      type: z.literal("MessageEdited"),
      content: z.string(),
      scheduledAt: z.number(),
      at,
      mentionAll: z.boolean().optional(),
      poll: PollSchema.optional()
    }),
    z.object({ type: z.literal("MessageDeleted"), at }),
    z.object({ type: z.literal("MessageCancelled"), at }),
    // claims before ids were taken for the send have none, and neither do claims without one
    z.object({ type: z.literal("MessagePicked"), at, by: z.string(), gatewayMessageId: z.string().optional() }),
    // messages sent before gateway ids were recorded have none; `note`: settled from the chat's history or by the id
    z.object({
      type: z.literal("MessageSent"),
      at,
      gatewayMessageId: z.string().nullable().default(null),
      note: z.string().optional()
    }),
    z.object({ type: z.literal("MessageSendFailed"), at, reason: z.string() }),
    z.object({ type: z.literal("MessageOutcomeUnknown"), at, reason: z.string() }),
    z.object({ type: z.literal("MessageMissed"), at, whileLimited: z.literal(true).optional() }),
    z.object({ type: z.literal("MessageResent"), at, resendId: z.string() }),
    z.object({ type: z.literal("MessagePaused"), at }),
    z.object({ type: z.literal("MessageResumed"), at }),
    z.object({ type: z.literal("MessageSkipped"), at }),
    z.object({
      type: z.literal("MessageAcknowledged"),
      at,
      level: z.enum(ACK_LEVELS),
      participant: z.string().nullable(),
      counted: z.literal(true).optional()
    })
  ])
)

/** the Status target's colour, font and audience (StatusPost.ts); a font not in STATUS_FONTS is not a Status's */
export const StatusPostSchema = z.object({
  backgroundColor: z.string(),
  font: z.union(STATUS_FONTS.map((f) => z.literal(f))),
  contacts: z.array(z.string()).readonly().nullable()
})

// statusPost: on the Status target only; targets written before Status have none
const group = z.object({ groupId: z.string(), groupName: z.string(), statusPost: StatusPostSchema.optional() })

/** A campaign's plan (Campaign.ts CampaignPlan): in its events and in its view. */
export const CampaignPlanSchema = z.object({
  timeZone: z.string(),
  recurrence: z
    .object({
      startDate: z.string(),
      endDate: z.string(),
      sendTime: z.string(),
      timeZone: z.string(),
      frequency: z.enum(FREQUENCIES),
      template: z.string(),
      isFreeForm: z.boolean(),
      splitMarker: z.enum(SPLIT_MARKERS).optional()
    })
    .optional()
})

export const CampaignEventSchema = codecOf<CampaignEvent>()(
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("CampaignCreated"),
      campaignId: z.string(),
      userId: z.string(),
      sessionId: z.string(),
      group,
      // only when several (an event written before targets has none: [group])
      targets: z.array(group).readonly().optional(),
      title: z.string(),
      // events written before it was recorded have none (read by isDefaultTitle)
      titleMadeUp: z.boolean().optional(),
      messageIds: z.array(z.string()).readonly(),
      // events written before plans were kept have none
      plan: CampaignPlanSchema.optional(),
      at
    }),
    z.object({ type: z.literal("CampaignStarted"), at }),
    z.object({ type: z.literal("CampaignCompleted"), at }),
    z.object({ type: z.literal("CampaignFailed"), at, reason: z.string(), messageId: z.string().nullable() }),
    z.object({ type: z.literal("CampaignCancelled"), at }),
    z.object({ type: z.literal("CampaignFailureNotified"), at }),
    z.object({ type: z.literal("CampaignMessageAdded"), at, messageId: z.string(), resendOf: z.string() }),
    z.object({ type: z.literal("CampaignReopened"), at, status: z.enum(["SCHEDULED", "IN_PROGRESS"]) }),
    z.object({ type: z.literal("CampaignPaused"), at }),
    z.object({ type: z.literal("CampaignResumed"), at, status: z.enum(["SCHEDULED", "IN_PROGRESS"]) }),
    z.object({ type: z.literal("CampaignPlanChanged"), at, plan: CampaignPlanSchema })
  ])
)

export const SessionEventSchema = codecOf<SessionEvent>()(
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("SessionInitiated"),
      sessionId: z.string(),
      userId: z.string(),
      sessionName: z.string(),
      at
    }),
    z.object({ type: z.literal("SessionPhoneUpdated"), phoneNumber: z.string(), at }),
    z.object({ type: z.literal("SessionLoggedOut"), at }),
    z.object({
      type: z.literal("SessionGatewayStatusChanged"),
      status: z.string(),
      previousStatus: z.string().nullable(),
      reportedAt: z.number(),
      at
    }),
    z.object({
      type: z.literal("SessionPacingSet"),
      minGapSeconds: z.number().int(),
      jitterSeconds: z.number().int(),
      at
    }),
    z.object({
      type: z.literal("SessionLimited"),
      until: z.number(),
      untilKnown: z.boolean(),
      reason: z.string(),
      at
    }),
    z.object({ type: z.literal("SessionLimitLifted"), by: z.enum(["expired", "gateway"]), at }),
    z.object({ type: z.literal("SessionLimitNotified"), since: z.number(), at }),
    z.object({ type: z.literal("SessionTypingSet"), on: z.boolean(), at })
  ])
)

export const UserEventSchema = codecOf<UserEvent>()(
  z.discriminatedUnion("type", [
    z.object({
      type: z.literal("UserRegistered"),
      userId: z.string(),
      email: z.string(),
      name: z.string(),
      passwordHash: z.string(),
      role: z.enum(USER_ROLES),
      status: z.enum(REGISTRATION_STATUSES),
      // accounts registered before verification existed were trusted as they were
      emailVerified: z.boolean().default(true),
      verification: z.object({ digest: z.string(), expiresAt: z.number() }).nullable().default(null),
      // registrations stored before preferences existed knew none
      timeZone: z.string().nullable().default(null),
      locale: z.string().nullable().default(null),
      at
    }),
    z.object({ type: z.literal("UserEmailVerified"), at }),
    z.object({ type: z.literal("UserApproved"), at }),
    z.object({ type: z.literal("UserRejected"), at }),
    z.object({ type: z.literal("UserDisabled"), at }),
    z.object({ type: z.literal("UserEnabled"), at }),
    z.object({ type: z.literal("UserMadeAdmin"), at }),
    z.object({ type: z.literal("UserPasswordChanged"), passwordHash: z.string(), at }),
    z.object({
      type: z.literal("UserPreferencesSet"),
      timeZone: z.string().nullable(),
      locale: z.string().nullable(),
      at
    }),
    z.object({ type: z.literal("UserLanguageChosen"), language: StoredLanguage, at })
  ])
)

export const PollVotesEventSchema = codecOf<PollVotesEvent>()(
  z.object({
    type: z.enum(["PollVoteRecorded", "PollVoterNamed"]),
    messageId: z.string(),
    campaignId: z.string(),
    at,
    vote: z.object({
      voter: z.string(),
      // events written before Herald kept a voter's hidden id beside their number have none
      lid: z.string().nullable().default(null),
      voterName: z.string().nullable(),
      options: z.array(z.string()).readonly(),
      votedAt: z.number(),
      readable: z.boolean()
    })
  })
)
