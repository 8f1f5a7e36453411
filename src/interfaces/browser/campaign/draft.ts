import { z } from "zod/mini"
import { FREQUENCIES } from "../../../domain/campaign/Recurrence.ts"
import { formattingLocale } from "../i18n/language.ts"
import type { PlanForm, RowMedia } from "./planInput.ts"
import { newRow } from "./planInput.ts"
import { clockOf, todayIn } from "./zoneFormat.ts"

// The new-campaign form kept in the browser (localStorage) while it is being planned, one draft
// per signed-in user: pure, so it is unit-tested without a browser. What is read back is checked
// (an old version, a hand-edited or half-written value is dropped, never shown half-read), and
// the stored shape carries its version so a later change can read or drop older drafts knowingly.

/** The stored shape's version: raise it when the shape changes (older drafts are then dropped). */
export const DRAFT_VERSION = 1

/** Where a user's draft is kept: per user id, so another account on this browser never reads it. */
export const draftKey = (userId: string): string => `herald.campaignDraft.${userId}`

const MediaSchema = z.object({
  id: z.string().check(z.minLength(1)),
  mimetype: z.string(),
  filename: z.string(),
  size: z.number(),
  kind: z.enum(["image", "file"])
})

const RowSchema = z.object({
  date: z.string(),
  time: z.string(),
  content: z.string(),
  poll: z.nullable(z.object({ options: z.array(z.string()), multipleAnswers: z.boolean() })),
  media: z.nullable(MediaSchema),
  mentionAll: z.boolean()
})

const FormSchema = z.object({
  targets: z.array(z.object({ groupId: z.string(), groupName: z.string() })),
  title: z.string(),
  mode: z.enum(["messages", "recurrence"]),
  timeZone: z.string().check(z.minLength(1)),
  rows: z.array(RowSchema),
  recurrence: z.object({
    startDate: z.string(),
    endDate: z.string(),
    sendTime: z.string(),
    frequency: z.enum(FREQUENCIES),
    template: z.string(),
    isFreeForm: z.boolean()
  }),
  mentionAll: z.boolean(),
  // drafts kept before Status have none
  statusPost: z.optional(
    z.nullable(
      z.object({
        backgroundColor: z.string(),
        font: z.number(),
        audience: z.enum(["all", "chosen"]),
        contacts: z.array(z.object({ groupId: z.string(), groupName: z.string() }))
      })
    )
  )
})

const DraftSchema = z.object({
  version: z.literal(DRAFT_VERSION),
  /** when it was last written, epoch ms */
  savedAt: z.number(),
  /** the form as a copy of a campaign: its "first message on" helper comes back with it */
  copy: z.boolean(),
  form: FormSchema
})

export interface Draft {
  readonly savedAt: number
  readonly copy: boolean
  readonly form: PlanForm
}

/** The draft as stored: the rows' React keys are not kept (they are made again on reading). */
export const encodeDraft = (draft: Draft): string =>
  JSON.stringify({
    version: DRAFT_VERSION,
    savedAt: draft.savedAt,
    copy: draft.copy,
    form: { ...draft.form, rows: draft.form.rows.map(({ key: _key, ...row }) => row) }
  })

/** A stored draft, or null when there is none or it cannot be read as this version's (then it is dropped). */
export const decodeDraft = (raw: string | null): Draft | null => {
  if (raw === null) return null
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return null
  }
  const parsed = DraftSchema.safeParse(json)
  if (!parsed.success || !Number.isFinite(parsed.data.savedAt)) return null
  const { form, savedAt, copy } = parsed.data
  return {
    savedAt,
    copy,
    // fresh keys: the stored ones could clash with rows this page has already numbered
    form: { ...form, rows: form.rows.map((row) => ({ ...row, key: newRow().key })) }
  }
}

/** The uploads a form refers to, once each. */
export const mediaOf = (form: PlanForm): ReadonlyArray<RowMedia> => {
  const seen = new Map<string, RowMedia>()
  for (const row of form.rows) if (row.media !== null && !seen.has(row.media.id)) seen.set(row.media.id, row.media)
  return [...seen.values()]
}

/**
 * When a draft was saved, in the viewer's zone and the language on screen's clock (unless `locale`): `10:42` (en-GB) or `10:42 AM` (en-US)
 * today, with the date before it on another day (`24 Nov, 10:42`).
 */
export const savedAtText = (
  savedAt: number,
  timeZone: string,
  locale: string = formattingLocale(),
  now: Date = new Date()
): string => {
  const at = new Date(savedAt)
  const clock = new Intl.DateTimeFormat(locale, { timeZone, minute: "2-digit", ...clockOf(locale) })
  if (todayIn(timeZone, at) === todayIn(timeZone, now)) return clock.format(at)
  return new Intl.DateTimeFormat(locale, {
    timeZone,
    day: "numeric",
    month: "short",
    minute: "2-digit",
    ...clockOf(locale)
  }).format(at)
}
