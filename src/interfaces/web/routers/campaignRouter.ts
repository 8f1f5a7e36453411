import { Effect } from "effect"
import { z } from "zod"
import { cancelCampaign } from "../../../application/campaign/cancelCampaign.ts"
import { countUpcomingByDay, MAX_UPCOMING_DAYS } from "../../../application/campaign/countUpcomingByDay.ts"
import { deleteCampaignMessage } from "../../../application/campaign/deleteCampaignMessage.ts"
import { duplicateCampaign } from "../../../application/campaign/duplicateCampaign.ts"
import { exportPollResults } from "../../../application/campaign/exportPollResults.ts"
import { getCampaign } from "../../../application/campaign/getCampaign.ts"
import { getPollResults } from "../../../application/campaign/getPollResults.ts"
import { listCampaigns } from "../../../application/campaign/listCampaigns.ts"
import { listUpcomingMessages, MAX_UPCOMING_PAGE } from "../../../application/campaign/listUpcomingMessages.ts"
import { pauseCampaign } from "../../../application/campaign/pauseCampaign.ts"
import { planCampaign } from "../../../application/campaign/planCampaign.ts"
import { previewCampaign } from "../../../application/campaign/previewCampaign.ts"
import { readMessageCsv } from "../../../application/campaign/readMessageCsv.ts"
import { resendCampaignMessage } from "../../../application/campaign/resendCampaignMessage.ts"
import { resumeCampaign } from "../../../application/campaign/resumeCampaign.ts"
import { updateCampaignMessage } from "../../../application/campaign/updateCampaignMessage.ts"
import { updateFutureMessages } from "../../../application/campaign/updateFutureMessages.ts"
import { CAMPAIGN_STATUSES } from "../../../domain/campaign/Campaign.ts"
import {
  MAX_CONTENT_LENGTH,
  MAX_MESSAGES_PER_CAMPAIGN,
  MAX_TARGETS_PER_CAMPAIGN,
  MAX_TITLE_LENGTH
} from "../../../domain/campaign/CampaignLimits.ts"
import { FREQUENCIES, SPLIT_MARKERS } from "../../../domain/campaign/Recurrence.ts"
import {
  DEFAULT_STATUS_BACKGROUND,
  isStatusFont,
  MAX_STATUS_CONTACTS,
  STATUS_FONTS
} from "../../../domain/campaign/StatusPost.ts"
import { SESSION_NAME_PATTERN } from "../../../domain/session/MessagingSession.ts"
import { oneLargeInputAtATime } from "../oneLargeInputAtATime.ts"
import { activeProcedure, router, run, runCreate } from "../trpc.ts"
import { flag, wholeNumber } from "./exactInputs.ts"
import {
  toWireCampaign,
  toWireCampaignPage,
  toWireCsvReading,
  toWirePollResults,
  toWirePreview,
  toWireUpcomingPage
} from "./wire.ts"
import {
  campaignOutput,
  campaignPageOutput,
  createdOutput,
  declares,
  pausedOutput,
  pollResultsCsvOutput,
  pollResultsOutput,
  previewOutput,
  resumedOutput,
  successOutput,
  upcomingPageOutput
} from "./wireSchemas.ts"

// Every field each procedure answers is declared in its output schema (wireSchemas.ts).
declares<ReturnType<typeof toWireCampaignPage>, z.input<typeof campaignPageOutput>>(true)
declares<ReturnType<typeof toWireCampaign>, z.input<typeof campaignOutput>>(true)
declares<ReturnType<typeof toWirePreview>, z.input<typeof previewOutput>>(true)
declares<ReturnType<typeof toWireUpcomingPage>, z.input<typeof upcomingPageOutput>>(true)
declares<ReturnType<typeof toWirePollResults>, z.input<typeof pollResultsOutput>>(true)
declares<Effect.Success<ReturnType<typeof exportPollResults>>, z.input<typeof pollResultsCsvOutput>>(true)

/** the optional `Idempotency-Key` header of the creating operations (docs/api.md#http-api-apiv1) */
export const idempotencyKey = z.object({
  "Idempotency-Key": z.string().optional().meta({
    description:
      "a key of the client's choosing, 1 to 255 visible ASCII characters (a UUID): a retry with the same key and the same request within 24 hours answers as the first did and creates nothing; the same key with another request is 422; while the first still runs, 409 with Retry-After"
  })
})

const id = z.string().min(1).max(100)
/** ISO-8601 with an offset or Z (no transformer: dates travel as strings), as epoch ms. */
const instant = z.iso.datetime({ offset: true }).transform((s) => Date.parse(s))
const content = z.string().max(MAX_CONTENT_LENGTH)
/**
 * A poll's answers (the message's content is its question). Only bounded here: the 2–12,
 * non-empty, distinct rules are the use case's (checkPlan), which names the option at fault.
 */
const poll = z.object({
  options: z.array(z.string().max(MAX_CONTENT_LENGTH)).max(100),
  multipleAnswers: flag.optional()
})

const groupId = z.string().min(1).max(200)
/** campaign.upcoming's cursor as its previous page answered it: `<epoch ms>:<message id>` */
const upcomingCursor = z
  .string()
  .max(200)
  .regex(/^\d{1,16}:.+$/)
  .transform((cursor) => {
    const colon = cursor.indexOf(":")
    return { scheduledAt: Number(cursor.slice(0, colon)), id: cursor.slice(colon + 1) }
  })
const groupName = z.string().max(200)
/**
 * On the number's Status target (`status@broadcast`) only: its text Status's background colour and
 * font, and who sees it (contacts' ids; absent or null: all contacts). Bounded here; the colour,
 * the font and the contacts themselves are the use case's rules (statusPlan.ts), which name the field.
 */
const statusPost = z.object({
  backgroundColor: z.string().max(7).default(DEFAULT_STATUS_BACKGROUND),
  font: z
    .number()
    .int()
    .refine(isStatusFont, { error: `font is one of ${STATUS_FONTS.join(", ")}` })
    .default(0),
  // bounded well above MAX_STATUS_CONTACTS, so that the use case words a list that is too long
  contacts: z
    .array(z.string().max(40))
    .max(MAX_STATUS_CONTACTS * 5)
    .nullable()
    .default(null)
})

const create = z.object({
  sessionName: z.string().min(1).max(100).regex(SESSION_NAME_PATTERN),
  /** one group: groupId and groupName; several: targets (exactly one of the two forms, checkPlan says which is missing) */
  groupId: groupId.optional(),
  groupName: groupName.optional(),
  /** each group gets its own copy of every message; no group twice (checkPlan names the repeated one) */
  targets: z
    .array(z.object({ groupId, groupName, statusPost: statusPost.optional() }))
    .min(1)
    .max(MAX_TARGETS_PER_CAMPAIGN)
    .optional(),
  title: z.string().max(MAX_TITLE_LENGTH).optional(),
  messages: z
    .array(
      z.object({
        content,
        scheduledAt: instant,
        mentionAll: flag.optional(),
        poll: poll.optional(),
        /** an upload of the caller's (POST /api/media); the server fills in the rest */
        media: z.object({ id }).optional()
      })
    )
    .max(MAX_MESSAGES_PER_CAMPAIGN)
    .optional(),
  recurrence: z
    .object({
      startDate: z.string().max(10),
      endDate: z.string().max(10),
      sendTime: z.string().max(5),
      timeZone: z.string().min(1).max(64),
      frequency: z.enum(FREQUENCIES),
      template: z.string().min(1).max(MAX_CONTENT_LENGTH),
      isFreeForm: flag.default(false),
      /**
       * what splits the template into messages: "---", a line holding only `---` (what the
       * browser sends); "*", every `*`, the rule before it and the one when absent (a template
       * written for it makes the messages it made)
       */
      splitMarker: z.enum(SPLIT_MARKERS).optional()
    })
    .optional(),
  /** every message mentions everyone in the group (WAHA `mentions: ["all"]`); a message's own mentionAll wins */
  mentionAll: flag.optional(),
  /**
   * the IANA zone explicit messages were written in: kept as the campaign's, its times shown and
   * a past one worded there (UTC if absent); a recurrence's own timeZone is the campaign's
   */
  timeZone: z.string().min(1).max(64).optional()
})

/** create's input: what preview reads too. */
const preview = create

/** A CSV file of one-off messages: at most 1 MiB of text (the request body's own bound, 1 MiB, comes first). */
const MAX_CSV_LENGTH = 1_048_576

/** Large inputs are admitted one at a time (create and preview). */
const largeInput = activeProcedure.use(async ({ next }) => {
  await oneLargeInputAtATime()
  return next()
})

/** campaign.* (docs/architecture.md#the-web-contract): the caller's own campaigns only; anything else is NOT_FOUND. */
export const campaignRouter = router({
  create: largeInput
    .meta({
      creates: true,
      openapi: {
        method: "POST",
        path: "/campaigns",
        tags: ["Campaigns"],
        summary: "Create a campaign",
        description:
          "campaign.create: one group (groupId and groupName) or several (targets), explicit messages or a recurrence.",
        requestHeaders: idempotencyKey
      }
    })
    .input(create)
    .output(createdOutput)
    .mutation(({ ctx, input }) =>
      runCreate(ctx, input, planCampaign(ctx.user.id, input, input.timeZone), createdOutput)
    ),
  /**
   * What create would save for the same input, saving nothing: {title, targets, timeZone, messages:
   * [{content, scheduledAt, mentionAll, poll, localTime, utcOffset, utcOffsetDayStart, utcOffsetDayEnd, dstChange}]}
   * in time order, read in the campaign's zone (dstChange: the clocks change on that local day). A mutation only because its input can be large (a query puts it
   * in the URL); it has no side effect. Same rules and errors as create (one checkPlan), the
   * caller's own session only (NOT_FOUND otherwise); the quota is checked by create alone.
   */
  preview: largeInput
    .meta({
      savesNothing: true,
      openapi: {
        method: "POST",
        path: "/campaigns/preview",
        tags: ["Campaigns"],
        summary: "Preview a campaign",
        description:
          "campaign.preview: what create would save for the same body, each time read in the campaign's zone; saves nothing (a read-only key may call it)."
      }
    })
    .input(preview)
    .output(previewOutput)
    .mutation(({ ctx, input }) => run(ctx, previewCampaign(ctx.user.id, input).pipe(Effect.map(toWirePreview)))),
  /**
   * A copy of one of the caller's campaigns (NOT_FOUND otherwise) on new dates → {id}: the first
   * message on startDate (`YYYY-MM-DD`) in timeZone, each message at its wall-clock time and
   * day distance from the first (DST-safe); same session and group; title "<title> (copy)" unless
   * given (the suffix in English, stable for API callers; a made-up title is made up again). Deleted messages and resends are not copied. Created as create does (same rules and
   * quota); a time in the past is BAD_REQUEST on startDate.
   */
  duplicate: activeProcedure
    .meta({
      creates: true,
      openapi: {
        method: "POST",
        path: "/campaigns/{id}/duplicate",
        tags: ["Campaigns"],
        summary: "Duplicate a campaign on new dates",
        description:
          "campaign.duplicate: the first message on startDate (YYYY-MM-DD) in timeZone, the others at the same distances.",
        requestHeaders: idempotencyKey
      }
    })
    .input(
      z.object({
        id,
        startDate: z.string().max(10),
        timeZone: z.string().min(1).max(64),
        title: z.string().max(MAX_TITLE_LENGTH).optional()
      })
    )
    .output(createdOutput)
    .mutation(({ ctx, input }) => runCreate(ctx, input, duplicateCampaign(ctx.user.id, input), createdOutput)),
  /**
   * A CSV file of one-off messages (`date,time,text`, docs/api.md#campaigns) read in timeZone →
   * {messages: [{line, content, scheduledAt, localTime, date, time, note}], problems: [{line, message}]},
   * lines being the file's physical lines. A mutation because its input is large, like preview;
   * it saves nothing.
   */
  importCsv: largeInput
    .meta({ savesNothing: true })
    .input(z.object({ csv: z.string().max(MAX_CSV_LENGTH), timeZone: z.string().min(1).max(64) }))
    .mutation(({ ctx, input }) =>
      run(ctx, readMessageCsv(input).pipe(Effect.map((reading) => toWireCsvReading(reading, ctx.reader))))
    ),
  /**
   * The caller's campaigns: sort "next" (soonest next send first, then those with nothing waiting,
   * newest first) or "created" (newest first, the default); statuses and groupId narrow it; search
   * matches titles and message texts (case and accents aside).
   */
  list: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/campaigns",
        tags: ["Campaigns"],
        summary: "List campaigns",
        description:
          "campaign.list: the caller's campaigns, a page at a time (cursor: the nextCursor of the page before); repeat statuses to ask for several."
      }
    })
    .input(
      z
        .object({
          limit: wholeNumber(1, 100).default(20),
          cursor: wholeNumber(0, 1_000_000).default(0),
          sort: z.enum(["next", "created"]).default("created"),
          statuses: z.array(z.enum(CAMPAIGN_STATUSES)).min(1).max(CAMPAIGN_STATUSES.length).optional(),
          groupId: groupId.optional(),
          search: z.string().trim().min(1).max(200).optional()
        })
        .optional()
    )
    .output(campaignPageOutput)
    .query(({ ctx, input }) =>
      run(
        ctx,
        listCampaigns(
          ctx.user.id,
          { limit: input?.limit ?? 20, cursor: input?.cursor ?? 0 },
          {
            sort: input?.sort ?? "created",
            statuses: input?.statuses,
            groupId: input?.groupId,
            search: input?.search
          }
        ).pipe(Effect.map(toWireCampaignPage))
      )
    ),
  /**
   * The caller's messages still to be sent, across campaigns, in time order: {from?, to?, limit?,
   * cursor?} → {items: [{id, scheduledAt, group, content (its start), campaignId, campaignTitle, …}],
   * nextCursor?}. The cursor is the one the previous page answered.
   */
  upcoming: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/messages/upcoming",
        tags: ["Messages"],
        summary: "Messages still to be sent",
        description:
          "campaign.upcoming: the caller's messages still to be sent, across campaigns, in time order (from and to: ISO-8601 instants)."
      }
    })
    .input(
      z
        .object({
          from: instant.optional(),
          to: instant.optional(),
          limit: wholeNumber(1, MAX_UPCOMING_PAGE).default(50),
          cursor: upcomingCursor.optional()
        })
        .optional()
    )
    .output(upcomingPageOutput)
    .query(({ ctx, input }) =>
      run(
        ctx,
        listUpcomingMessages(ctx.user.id, {
          from: input?.from,
          to: input?.to,
          limit: input?.limit ?? 50,
          after: input?.cursor
        }).pipe(Effect.map(toWireUpcomingPage))
      )
    ),
  /**
   * How many of the caller's messages still to be sent fall on each day: {dayStarts: [ISO, …]} (the
   * instants the viewer's days begin, in order, one more than the days, at most 43) → {counts}.
   */
  upcomingByDay: activeProcedure
    .input(
      z.object({
        dayStarts: z
          .array(instant)
          .min(2)
          .max(MAX_UPCOMING_DAYS + 1)
          .refine((starts) => starts.every((t, i) => i === 0 || t > (starts[i - 1] ?? t)), "days must be in order")
      })
    )
    .query(({ ctx, input }) => run(ctx, countUpcomingByDay(ctx.user.id, input.dayStarts))),
  get: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/campaigns/{id}",
        tags: ["Campaigns"],
        summary: "Get a campaign with its messages",
        description: "campaign.get: the campaign, where each of its groups stands, and every message."
      }
    })
    .input(z.object({ id }))
    .output(campaignOutput)
    .query(({ ctx, input }) => run(ctx, getCampaign(ctx.user.id, input.id).pipe(Effect.map(toWireCampaign)))),
  cancel: activeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/campaigns/{id}/cancel",
        tags: ["Campaigns"],
        summary: "Cancel a campaign",
        description: "campaign.cancel: no message still waiting is sent."
      }
    })
    .input(z.object({ id }))
    .output(successOutput)
    .mutation(({ ctx, input }) => run(ctx, cancelCampaign(ctx.user.id, input.id).pipe(Effect.as({ success: true })))),
  /** Holds every message still waiting; those already being sent go (counted in alreadyPicked). */
  pause: activeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/campaigns/{id}/pause",
        tags: ["Campaigns"],
        summary: "Pause a campaign",
        description: "campaign.pause: holds every message still waiting (alreadyPicked: those already being sent)."
      }
    })
    .input(z.object({ id }))
    .output(pausedOutput)
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        pauseCampaign(ctx.user.id, input.id).pipe(
          Effect.map(({ alreadyPicked }) => ({ success: true as const, alreadyPicked }))
        )
      )
    ),
  /** Schedules again what is still ahead; what fell due while paused is skipped, never sent late. */
  resume: activeProcedure
    .meta({
      openapi: {
        method: "POST",
        path: "/campaigns/{id}/resume",
        tags: ["Campaigns"],
        summary: "Resume a paused campaign",
        description: "campaign.resume: what is still ahead is scheduled again; what fell due while paused is skipped."
      }
    })
    .input(z.object({ id }))
    .output(resumedOutput)
    .mutation(({ ctx, input }) =>
      run(
        ctx,
        resumeCampaign(ctx.user.id, input.id).pipe(
          Effect.map(({ resumed, skipped }) => ({ success: true as const, resumed, skipped }))
        )
      )
    ),
  updateMessage: activeProcedure
    .meta({
      openapi: {
        method: "PATCH",
        path: "/campaigns/{campaignId}/messages/{messageId}",
        tags: ["Messages"],
        summary: "Change a message",
        description:
          "campaign.updateMessage: its text, time, mention or poll options; only while it is not being sent (else 409)."
      }
    })
    .input(
      z.object({
        campaignId: id,
        messageId: id,
        content: content.optional(),
        scheduledAt: instant.optional(),
        mentionAll: flag.optional(),
        /** a poll's new options (and multipleAnswers, unchanged when absent); the message must be a poll */
        poll: poll.optional()
      })
    )
    .output(successOutput)
    .mutation(({ ctx, input }) =>
      run(ctx, updateCampaignMessage(ctx.user.id, input).pipe(Effect.as({ success: true })))
    ),
  /**
   * A repeating campaign's every message still to be sent, at once: the new time of day
   * (`HH:MM`, on each message's own date in the campaign's zone) and/or the new template (as
   * create renders it) → {changed, skipped}; skipped: picked by the scheduler meanwhile, left as
   * it was. A time in the past for any of them refuses the whole change (BAD_REQUEST).
   */
  updateFutureMessages: activeProcedure
    .input(
      z.object({
        campaignId: id,
        sendTime: z.string().max(5).optional(),
        template: z.string().min(1).max(MAX_CONTENT_LENGTH).optional()
      })
    )
    .mutation(({ ctx, input }) => run(ctx, updateFutureMessages(ctx.user.id, input))),
  deleteMessage: activeProcedure
    .meta({
      openapi: {
        method: "DELETE",
        path: "/campaigns/{campaignId}/messages/{messageId}",
        tags: ["Messages"],
        summary: "Delete a message",
        description: "campaign.deleteMessage: only while it is not being sent (else 409)."
      }
    })
    .input(z.object({ campaignId: id, messageId: id }))
    .output(successOutput)
    .mutation(({ ctx, input }) =>
      run(ctx, deleteCampaignMessage(ctx.user.id, input).pipe(Effect.as({ success: true })))
    ),
  /**
   * "Send again": a failed, missed or outcome-unknown message as a new message of the campaign
   * (resendOf on it, resentAs on the first), due at scheduledAt or now → {id}. Never automatic.
   */
  resendMessage: activeProcedure
    .meta({
      creates: true,
      openapi: {
        method: "POST",
        path: "/campaigns/{campaignId}/messages/{messageId}/resend",
        tags: ["Messages"],
        summary: "Send a message again",
        description:
          "campaign.resendMessage: a failed, missed or outcome-unknown message as a new message, due at scheduledAt or now.",
        requestHeaders: idempotencyKey
      }
    })
    .input(z.object({ campaignId: id, messageId: id, scheduledAt: instant.optional() }))
    .output(createdOutput)
    .mutation(({ ctx, input }) => runCreate(ctx, input, resendCampaignMessage(ctx.user.id, input), createdOutput)),
  /** The votes on a sent poll: per option its count and who chose it, and the votes Herald could not read. */
  pollResults: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/campaigns/{campaignId}/messages/{messageId}/poll-results",
        tags: ["Messages"],
        summary: "Get a poll's results",
        description:
          "campaign.pollResults: per option of the poll how many chose it and who (as WhatsApp reported the votes), and the votes that could not be read."
      }
    })
    .input(z.object({ campaignId: id, messageId: id }))
    .output(pollResultsOutput)
    .query(({ ctx, input }) =>
      run(ctx, getPollResults(ctx.user.id, input.campaignId, input.messageId).pipe(Effect.map(toWirePollResults)))
    ),
  /** A poll's results as CSV, one row per voter, times in the caller's time zone (UTC until set). */
  pollResultsCsv: activeProcedure
    .meta({
      openapi: {
        method: "GET",
        path: "/campaigns/{campaignId}/messages/{messageId}/poll-results/csv",
        tags: ["Messages"],
        summary: "Export a poll's results as CSV",
        description:
          "campaign.pollResultsCsv: the file's name and its CSV text, one row per voter (Voter, Number, Choices, Voted at), times in the caller's time zone."
      }
    })
    .input(z.object({ campaignId: id, messageId: id }))
    .output(pollResultsCsvOutput)
    .query(({ ctx, input }) => run(ctx, exportPollResults(ctx.user, input.campaignId, input.messageId)))
})
