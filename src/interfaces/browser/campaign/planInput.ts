import i18next from "i18next"
import { MAX_CONTENT_LENGTH } from "../../../domain/campaign/CampaignLimits.ts"
import type { Frequency } from "../../../domain/campaign/Recurrence.ts"
import { wallClockInstant } from "../../../domain/campaign/Recurrence.ts"
import { STATUS_TARGET_ID, STATUS_TARGET_NAME } from "../../../domain/campaign/StatusPost.ts"
import { unreadableClock, unreadableDate } from "../ui/fieldText.ts"

// The new-campaign form's state and what it sends: pure, so it is unit-tested without a browser.
//
// Zone maths: a one-off row is a wall-clock date and time in the campaign's zone. It is turned
// into an instant here, with the domain's own wallClockInstant (effect's DateTime, the same
// rule as a recurrence: a time in a spring-forward gap moves forward by the gap, a repeated one
// is the first), and travels as an ISO instant: campaign.create's input stays as it is (instants
// with an offset, what every other client sends), and the preview then reads each instant back
// in the zone on the server, so what the user checks is the server's reading, not ours.

export type Mode = "messages" | "recurrence"

export interface OneOffRow {
  /** stable React key: rows are added and removed */
  readonly key: string
  /** `YYYY-MM-DD` (input type=date) */
  readonly date: string
  /** `HH:MM` (input type=time) */
  readonly time: string
  /** the text, or a poll's question */
  readonly content: string
  /** null: a text; else a poll of these options (a repeating message is always a text) */
  readonly poll: RowPoll | null
  /** an uploaded image or file sent with the text as caption (POST /api/media's answer), or null */
  readonly media: RowMedia | null
  /** this text mentions everyone, when the campaign's own "Mention everyone" is off (a poll never does) */
  readonly mentionAll: boolean
}

export interface RowMedia {
  readonly id: string
  readonly mimetype: string
  readonly filename: string
  readonly size: number
  readonly kind: "image" | "file"
}

/** A one-off row's poll as typed: options may still be empty (the server names what is wrong). */
export interface RowPoll {
  readonly options: ReadonlyArray<string>
  readonly multipleAnswers: boolean
}

/** A row made a poll starts with the two options every poll needs at least. */
export const newPoll = (): RowPoll => ({ options: ["", ""], multipleAnswers: false })

export interface RecurrenceFields {
  readonly startDate: string
  readonly endDate: string
  readonly sendTime: string
  readonly frequency: Frequency
  readonly template: string
  readonly isFreeForm: boolean
}

/** The number's Status as a target (campaign/StatusTarget.tsx): how it looks and who sees it. */
export interface StatusChoice {
  /** `#rrggbb` */
  readonly backgroundColor: string
  /** WhatsApp's font number (StatusPost.ts STATUS_FONTS) */
  readonly font: number
  readonly audience: "all" | "chosen"
  /** the chosen contacts with their names (for the chips); sent only when `audience` is "chosen" */
  readonly contacts: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>
}

/** The Status as first ticked: WAHA's green, the system font, all contacts. */
export const newStatusChoice = (): StatusChoice => ({
  backgroundColor: "#38b42f",
  font: 0,
  audience: "all",
  contacts: []
})

export interface PlanForm {
  /** the chosen groups (or one contact), in the order chosen: one is the simple case, several each get every message */
  readonly targets: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>
  readonly title: string
  readonly mode: Mode
  /** the campaign's IANA zone: a recurrence's and the one-off rows' */
  readonly timeZone: string
  readonly rows: ReadonlyArray<OneOffRow>
  readonly recurrence: RecurrenceFields
  /** every message mentions everyone in the group (WAHA `mentions: ["all"]`) */
  readonly mentionAll: boolean
  /** the number's Status is a target too (after the groups), or null; absent in drafts kept before Status */
  readonly statusPost?: StatusChoice | null
}

/** campaign.create's input as sent (times as ISO strings). */
export interface CreateInput {
  readonly sessionName: string
  /** one target: groupId and groupName; several: targets */
  readonly groupId?: string
  readonly groupName?: string
  readonly targets?: Array<{
    readonly groupId: string
    readonly groupName: string
    /** on the Status target only */
    readonly statusPost?: {
      readonly backgroundColor: string
      readonly font: number
      readonly contacts: Array<string> | null
    }
  }>
  readonly title?: string
  readonly messages?: Array<{
    readonly content: string
    readonly scheduledAt: string
    /** a poll's options, sent only for a poll (its content is the question) */
    readonly poll?: { readonly options: Array<string>; readonly multipleAnswers: boolean }
    /** an upload of the caller's, sent only with one (its content is the caption) */
    readonly media?: { readonly id: string }
    /** this message's own mention: true on a text when the campaign's is off, false on a poll when it is on */
    readonly mentionAll?: boolean
  }>
  /** `splitMarker` always "---": a line holding only `---` splits the template, `*` is WhatsApp's bold */
  readonly recurrence?: RecurrenceFields & { readonly timeZone: string; readonly splitMarker: "---" }
  /** sent only when ticked */
  readonly mentionAll?: true
  /** one-off messages' zone: kept as the campaign's, its times shown there (a recurrence carries its own) */
  readonly timeZone?: string
}

/** campaign.preview's: create's, and the zone to read one-off times in. */
export interface PreviewInput extends CreateInput {
  readonly timeZone: string
}

export type Built =
  | { readonly ok: true; readonly create: CreateInput; readonly preview: PreviewInput }
  /** what must be filled in first, by the server's field paths (`messages.2.scheduledAt`) */
  | { readonly ok: false; readonly errors: Readonly<Record<string, string>> }

let rowCount = 0
export const newRow = (date = "", time = "09:00"): OneOffRow => ({
  key: `row-${++rowCount}`,
  date,
  time,
  content: "",
  poll: null,
  media: null,
  mentionAll: false
})

/** `today` and `time`: where a new plan starts, defaultStart's (ahead of now) in the form */
export const emptyForm = (timeZone: string, today: string, time = "09:00"): PlanForm => ({
  targets: [],
  title: "",
  mode: "recurrence",
  timeZone,
  rows: [newRow(today, time)],
  recurrence: {
    startDate: today,
    endDate: today,
    sendTime: time,
    frequency: "DAILY",
    template: "",
    isFreeForm: false
  },
  mentionAll: false,
  statusPost: null
})

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/

/** The instant of a wall-clock date and time in `timeZone`, as ISO (UTC), or null if it cannot be read. */
export const instantOf = (date: string, time: string, timeZone: string): string | null => {
  const d = DATE.exec(date)
  const t = TIME.exec(time)
  if (d === null || t === null) return null
  const day = { year: Number(d[1]), month: Number(d[2]), day: Number(d[3]) }
  // no rolling over: 2027-02-30 is not March 2nd
  const calendar = new Date(Date.UTC(day.year, day.month - 1, day.day))
  if (calendar.getUTCMonth() !== day.month - 1 || calendar.getUTCDate() !== day.day) return null
  const at = wallClockInstant(day, Number(t[1]), Number(t[2]), timeZone)
  return at === null || Number.isNaN(at) ? null : new Date(at).toISOString()
}

/** The form as campaign.create / campaign.preview input, or the fields to fill in first. */
export const buildPlan = (sessionName: string, form: PlanForm): Built => {
  const errors: Record<string, string> = {}
  const status = form.statusPost ?? null
  if (status !== null && status.audience === "chosen" && status.contacts.length === 0)
    errors["targets.statusPost.contacts"] = i18next.t("helpers.chooseContacts")
  // the Status goes after the groups, with its look and audience
  const statusTarget =
    status === null
      ? []
      : [
          {
            groupId: STATUS_TARGET_ID,
            groupName: STATUS_TARGET_NAME,
            statusPost: {
              backgroundColor: status.backgroundColor,
              font: status.font,
              contacts: status.audience === "all" ? null : status.contacts.map((c) => c.groupId)
            }
          }
        ]
  const [first, ...more] = form.targets
  if (first === undefined && status === null) errors["groupId"] = i18next.t("helpers.chooseTarget")
  const title = form.title.trim()
  const base = {
    sessionName,
    // one target is sent as before targets; several, or the Status, as `targets`
    ...(more.length === 0 && status === null
      ? { groupId: first?.groupId ?? "", groupName: first?.groupName ?? "" }
      : { targets: [...form.targets.map((t) => ({ groupId: t.groupId, groupName: t.groupName })), ...statusTarget] }),
    ...(title === "" ? {} : { title }),
    ...(form.mentionAll ? { mentionAll: true as const } : {})
  }
  let create: CreateInput
  if (form.mode === "messages") {
    if (form.rows.length === 0) errors["messages"] = i18next.t("helpers.addOne")
    /** rows already at each instant: rows at the same minute go a second apart, in the form's order */
    const atSameTime = new Map<string, number>()
    const messages = form.rows.map((row, i) => {
      const minute = instantOf(row.date, row.time, form.timeZone)
      // text the date or time field could not read is named at that field, never sent
      const dateProblem = unreadableDate(row.date)
      const timeProblem = unreadableClock(row.time)
      if (dateProblem !== null) errors[`messages.${i}.date`] = dateProblem
      if (timeProblem !== null) errors[`messages.${i}.time`] = timeProblem
      if (minute === null && dateProblem === null && timeProblem === null)
        errors[`messages.${i}.scheduledAt`] =
          row.date === "" || row.time === "" ? i18next.t("helpers.chooseDateTime") : i18next.t("helpers.unreadableDate")
      const before = minute === null ? 0 : (atSameTime.get(minute) ?? 0)
      if (minute !== null) atSameTime.set(minute, before + 1)
      const scheduledAt = minute === null ? null : new Date(Date.parse(minute) + before * 1000).toISOString()
      // "Mention everyone" covers the texts; a poll cannot mention (WAHA's sendPoll takes no mentions)
      const mention =
        row.poll !== null
          ? form.mentionAll
            ? { mentionAll: false }
            : {}
          : !form.mentionAll && row.mentionAll
            ? { mentionAll: true }
            : {}
      return {
        content: row.content,
        scheduledAt: scheduledAt ?? "",
        ...mention,
        ...(row.poll === null
          ? {}
          : { poll: { options: [...row.poll.options], multipleAnswers: row.poll.multipleAnswers } }),
        ...(row.media === null ? {} : { media: { id: row.media.id } })
      }
    })
    create = { ...base, messages, timeZone: form.timeZone }
  } else {
    const r = form.recurrence
    const startProblem = r.startDate === "" ? i18next.t("helpers.chooseStart") : unreadableDate(r.startDate)
    const endProblem =
      r.frequency === "ONCE" ? null : r.endDate === "" ? i18next.t("helpers.chooseEnd") : unreadableDate(r.endDate)
    const timeProblem = r.sendTime === "" ? i18next.t("helpers.chooseTime") : unreadableClock(r.sendTime)
    if (startProblem !== null) errors["recurrence.startDate"] = startProblem
    if (endProblem !== null) errors["recurrence.endDate"] = endProblem
    if (timeProblem !== null) errors["recurrence.sendTime"] = timeProblem
    // ONCE uses startDate alone: its end is the same day
    const endDate = r.frequency === "ONCE" ? r.startDate : r.endDate
    create = { ...base, recurrence: { ...r, endDate, timeZone: form.timeZone, splitMarker: "---" } }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, create, preview: { ...create, timeZone: form.timeZone } }
}

/** A stable key of an input: a preview is current while the input's key is the previewed one. */
export const inputKey = (input: PreviewInput): string => JSON.stringify(input)

/** Where a server or form error of `path` is shown on the form. */
export const errorAt = (errors: Readonly<Record<string, string>>, path: string): string | undefined => errors[path]

/** The target's error: the picker stands for groupId and groupName, and for targets and each of them. */
export const targetError = (errors: Readonly<Record<string, string>>): string | undefined =>
  errors["groupId"] ??
  errors["groupName"] ??
  errors["targets"] ??
  Object.entries(errors).find(([path]) => path.startsWith("targets."))?.[1]

export const characterCount = (content: string): { readonly text: string; readonly over: boolean } => ({
  text: `${content.length} / ${MAX_CONTENT_LENGTH}`,
  over: content.length > MAX_CONTENT_LENGTH
})

const wallParts = new Map<string, Intl.DateTimeFormat>()
/** How `epochMs` reads on the wall clock of `timeZone`: `YYYY-MM-DD`, `HH:MM`. */
export const wallClock = (epochMs: number, timeZone: string): { readonly date: string; readonly time: string } => {
  let format = wallParts.get(timeZone)
  if (format === undefined) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23"
    })
    wallParts.set(timeZone, format)
  }
  const parts = format.formatToParts(new Date(epochMs))
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? ""
  return { date: `${part("year")}-${part("month")}-${part("day")}`, time: `${part("hour")}:${part("minute")}` }
}

/** How far ahead a new message's default time is at least. */
export const DEFAULT_LEAD_MINUTES = 15

/**
 * A new message's default date and time in `timeZone`: the next whole hour on that zone's wall
 * clock at least 15 minutes from `now` (at 08:50, 10:00; at 08:40, 09:00), so a plan left at its
 * defaults previews without "has already passed". Walked minute by minute over real instants, so a
 * daylight-saving change (an hour skipped or repeated) and a zone whose offset is not whole hours
 * still land on a wall-clock hh:00 that, read back as the form reads it, is ahead.
 */
export const defaultStart = (
  timeZone: string,
  now: Date = new Date()
): { readonly date: string; readonly time: string } => {
  const earliest = now.getTime() + DEFAULT_LEAD_MINUTES * 60_000
  let at = Math.ceil(earliest / 60_000) * 60_000
  // a whole hour comes within 60 minutes of any wall clock; three hours covers any DST jump
  for (let step = 0; step < 180; step++, at += 60_000) {
    const wall = wallClock(at, timeZone)
    if (!wall.time.endsWith(":00")) continue
    const back = instantOf(wall.date, wall.time, timeZone)
    if (back !== null && Date.parse(back) >= earliest) return wall
  }
  return wallClock(at, timeZone)
}
