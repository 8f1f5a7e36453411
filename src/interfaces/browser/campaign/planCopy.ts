import i18next from "i18next"
import { MAX_TITLE_LENGTH } from "../../../domain/campaign/CampaignLimits.ts"
import { copyPlan } from "../../../domain/campaign/copyPlan.ts"
import type { MadeUpTitle } from "../../../domain/campaign/defaultTitle.ts"
import { addDays, localDateOf, shiftPlan } from "../../../domain/campaign/shiftPlan.ts"
import { readInZone } from "../../../domain/campaign/zonedTime.ts"
import type { OneOffRow, PlanForm, RowMedia } from "./planInput.ts"
import { instantOf, newRow } from "./planInput.ts"

// Faster planning in the new-campaign form (pure, unit-tested): a campaign duplicated as one-off
// rows on new dates, and the rows of an imported CSV file. Dates move with the domain's own
// shiftPlan, the function campaign.duplicate uses: the earliest message on the chosen date, each
// at its wall-clock time, as many calendar days after it as before (DST-safe).

/** What of a campaign (campaign.get) a copy needs. */
export interface CopySource {
  readonly title: string
  /** the title was made up from the targets: the copy's is made up again (left empty in the form) */
  readonly madeUpTitle: MadeUpTitle | null
  readonly targets: ReadonlyArray<{
    readonly groupId: string
    readonly groupName: string
    /** the Status target's look and audience */
    readonly statusPost?: {
      readonly backgroundColor: string
      readonly font: number
      readonly contacts: ReadonlyArray<string> | null
    }
  }>
  readonly messages: ReadonlyArray<{
    readonly content: string
    readonly scheduledAt: string
    readonly status: string
    readonly resendOf: string | null
    readonly mentionAll: boolean
    readonly poll: { readonly options: ReadonlyArray<string>; readonly multipleAnswers: boolean } | null
    readonly media: RowMedia | null
    readonly groupId: string
  }>
}

/** `YYYY-MM-DD` and `HH:MM` of an instant on `timeZone`'s wall clock (null for an unknown zone). */
export const wallClockOf = (epochMs: number, timeZone: string): { date: string; time: string } | null => {
  const reading = readInZone(epochMs, timeZone)
  // `2027-03-28T09:00:00.000+02:00`: the date and time as read there
  return reading === null ? null : { date: reading.localTime.slice(0, 10), time: reading.localTime.slice(11, 16) }
}

/** The messages a copy takes, in time order: the rule of campaign.duplicate (copyPlan). */
export const copiedMessages = (source: CopySource) =>
  copyPlan(source.messages.map((m) => ({ ...m, scheduledAt: Date.parse(m.scheduledAt) })))

/**
 * The default first date of a copy: on the weekday of the original's first message (a Tuesday
 * plan stays a Tuesday plan), the first such day after today and after the original's own
 * first date: next week's for a past campaign, a week after the original for one still ahead
 * (never the original's own dates). Tomorrow when the original has no message.
 */
export const defaultCopyStart = (source: CopySource, timeZone: string, today: string): string => {
  const first = copiedMessages(source)[0]
  const firstDate = first === undefined ? null : localDateOf(first.scheduledAt, timeZone)
  const tomorrow = addDays(today, 1) ?? today
  if (firstDate === null) return tomorrow
  const from = addDays(firstDate > today ? firstDate : today, 1) ?? tomorrow
  const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay()
  return addDays(from, (weekday(firstDate) - weekday(from) + 7) % 7) ?? tomorrow
}

/** The new-campaign form as a copy of `source`, its first message on `startDate` in `timeZone`. */
export const copyForm = (source: CopySource, timeZone: string, startDate: string): Partial<PlanForm> => {
  const messages = copiedMessages(source)
  const shifted = shiftPlan(messages, startDate, timeZone)
  const texts = messages.filter((m) => m.poll === null)
  const everyText = texts.length > 0 && texts.every((m) => m.mentionAll)
  const rows: Array<OneOffRow> =
    shifted._tag === "Invalid"
      ? []
      : shifted.messages.map((m) => {
          const clock = wallClockOf(m.scheduledAt, timeZone)
          return {
            ...newRow(clock?.date ?? "", clock?.time ?? "09:00"),
            content: m.content,
            poll: m.poll === null ? null : { options: [...m.poll.options], multipleAnswers: m.poll.multipleAnswers },
            media: m.media,
            // each text's own mention, unless every text mentioned (then the campaign's box says it)
            mentionAll: !everyText && m.poll === null && m.mentionAll
          }
        })
  // the Status is the form's own choice, not one of the picker's groups; its contacts keep their ids
  // as names (the copy does not look each one up)
  const status = source.targets.find((t) => t.statusPost !== undefined)?.statusPost
  return {
    targets: source.targets
      .filter((t) => t.statusPost === undefined)
      .map((t) => ({ groupId: t.groupId, groupName: t.groupName })),
    statusPost:
      status === undefined
        ? null
        : {
            backgroundColor: status.backgroundColor,
            font: status.font,
            audience: status.contacts === null ? "all" : "chosen",
            contacts: (status.contacts ?? []).map((c) => ({ groupId: c, groupName: `+${c.split("@")[0] ?? c}` }))
          },
    // a written title with "(copy)" in the reader's words; a made-up one is made up again
    title:
      source.madeUpTitle === null
        ? i18next.t("campaignPage.copyTitle", { title: source.title }).slice(0, MAX_TITLE_LENGTH)
        : "",
    mode: "messages",
    rows,
    mentionAll: everyText
  }
}

/** The rows moved so that the earliest is on `startDate` (rows whose date or time cannot be read stay as they are). */
export const shiftRows = (
  rows: ReadonlyArray<OneOffRow>,
  startDate: string,
  timeZone: string
): ReadonlyArray<OneOffRow> => {
  const readable = rows.flatMap((row) => {
    const at = instantOf(row.date, row.time, timeZone)
    return at === null ? [] : [{ key: row.key, scheduledAt: Date.parse(at) }]
  })
  const shifted = shiftPlan(readable, startDate, timeZone)
  if (shifted._tag === "Invalid") return rows
  const moved = new Map(shifted.messages.map((m) => [m.key, wallClockOf(m.scheduledAt, timeZone)]))
  return rows.map((row) => {
    const clock = moved.get(row.key)
    return clock === undefined || clock === null ? row : { ...row, date: clock.date, time: clock.time }
  })
}

/** What a copy's "first on" field moves: the rows before its first move, and what it made of them last. */
export interface CopyShift {
  readonly base: ReadonlyArray<OneOffRow>
  readonly last: ReadonlyArray<OneOffRow> | null
}

/**
 * Moves the rows to `startDate` from the rows as they were before the field moved them, not from its
 * previous move: typing a date passes through other years, and a clock change in one of them (02:30
 * that does not exist on that day) must not stay in the rows. Rows edited since its last move are
 * the new base.
 */
export const shiftFromBase = (
  rows: ReadonlyArray<OneOffRow>,
  memo: CopyShift | null,
  startDate: string,
  timeZone: string
): { readonly rows: ReadonlyArray<OneOffRow>; readonly memo: CopyShift } => {
  const base = memo !== null && rows === memo.last ? memo.base : rows
  const moved = shiftRows(base, startDate, timeZone)
  return { rows: moved, memo: { base, last: moved } }
}

/** The earliest readable row's date, or null. */
export const firstRowDate = (rows: ReadonlyArray<OneOffRow>, timeZone: string): string | null => {
  const instants = rows.flatMap((row) => {
    const at = instantOf(row.date, row.time, timeZone)
    return at === null ? [] : [Date.parse(at)]
  })
  return instants.length === 0 ? null : localDateOf(Math.min(...instants), timeZone)
}

/** Rows of an imported file (campaign.importCsv's good rows), added after the form's own; an untouched empty row gives way. */
export const withImportedRows = (
  rows: ReadonlyArray<OneOffRow>,
  imported: ReadonlyArray<{ readonly date: string; readonly time: string; readonly content: string }>
): ReadonlyArray<OneOffRow> => [
  ...rows.filter((row) => row.content.trim() !== "" || row.poll !== null || row.media !== null),
  ...imported.map((m) => ({ ...newRow(m.date, m.time), content: m.content }))
]
