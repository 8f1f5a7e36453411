import { DateTime, Option } from "effect"

/**
 * A recurring plan, in the campaign's own time zone (docs/api.md#campaigns). Dates are calendar dates
 * (`YYYY-MM-DD`) there, both ends inclusive; `sendTime` is the wall-clock time (`HH:MM`).
 *
 * - ONCE: startDate only. DAILY: every day. WEEKLY: every 7 days from startDate.
 * - MONTHLY / SEMI_ANNUALLY / ANNUALLY: every 1 / 6 / 12 months on startDate's day of the month,
 *   the month's last day when it is shorter (Jan 31 → Feb 28 → Mar 31).
 * - SEMI_MONTHLY: twice a month, 15 days apart: on startDate's day and 15 days after it
 *   (or before it, from the 16th on), the month's last day when it is shorter.
 *
 * Daylight saving time: a sendTime that does not exist on a spring-forward day (02:30 in
 * Europe/Berlin on 2026-03-29) is sent as far after the gap as it was into it, i.e. at 03:30
 * local; one that happens twice on a fall-back day is sent at the first of the two. Every other
 * day the message goes out at exactly sendTime local, whatever the UTC offset.
 *
 * The template: `{days_left}` becomes the number of days from the message's date to endDate
 * (0 on endDate), and a "days" or "day" right after it agrees with it ("1 day", "2 days"); its split marker (`splitMarker`) splits it into a sequence of messages sent one
 * after another, a second apart, at each occurrence. Unless the campaign is free-form, the first
 * message of each occurrence starts with a header: the campaign title in bold.
 */
export const FREQUENCIES = ["ONCE", "DAILY", "WEEKLY", "SEMI_MONTHLY", "MONTHLY", "SEMI_ANNUALLY", "ANNUALLY"] as const
export type Frequency = (typeof FREQUENCIES)[number]

/** One of FREQUENCIES (a select's value, say). */
export const isFrequency = (value: string): value is Frequency => FREQUENCIES.some((f) => f === value)

/**
 * What splits a template into several messages:
 * - `"---"`: a line holding only `---` (spaces around it allowed). `*`, `_` and `~` stay in the
 *   text as WhatsApp's *bold*, _italic_ and ~strike~. What the browser sends.
 * - `"*"`: every `*`, the rule before `---`, which made "Remember: *bring your boots*" three
 *   messages. A recurrence without a marker (an API client's template written before `---`)
 *   keeps it, so a template written for it still makes the messages it made.
 */
export const SPLIT_MARKERS = ["---", "*"] as const
export type SplitMarker = (typeof SPLIT_MARKERS)[number]

export interface Recurrence {
  readonly startDate: string
  readonly endDate: string
  readonly sendTime: string
  readonly timeZone: string
  readonly frequency: Frequency
  readonly template: string
  readonly isFreeForm: boolean
  /** absent: `"*"`, the rule of templates written before `---` */
  readonly splitMarker?: SplitMarker | undefined
}

export interface PlannedMessage {
  readonly content: string
  readonly scheduledAt: number
}

export type RecurrenceProblem =
  | { readonly _tag: "InvalidDate"; readonly field: "startDate" | "endDate"; readonly value: string }
  | { readonly _tag: "InvalidSendTime"; readonly value: string }
  | { readonly _tag: "UnknownTimeZone"; readonly value: string }
  | { readonly _tag: "EndBeforeStart" }
  | { readonly _tag: "EmptyTemplate" }
  | { readonly _tag: "TooManyMessages"; readonly max: number }

export interface LocalDate {
  readonly year: number
  readonly month: number // 1-12
  readonly day: number
}

const DAY_MS = 86_400_000
const SEPARATOR_GAP_MS = 1_000

/** A calendar date `YYYY-MM-DD` that exists (no 2027-02-30), or null. */
export const parseDate = (value: string): LocalDate | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (m === null) return null
  const date = { year: Number(m[1]), month: Number(m[2]), day: Number(m[3]) }
  if (date.month < 1 || date.month > 12 || date.day < 1 || date.day > daysInMonth(date.year, date.month)) return null
  return date
}

const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate()
/** Days since 1970-01-01 of a calendar date: calendar arithmetic, no zone involved. */
export const dayNumber = (d: LocalDate): number => Date.UTC(d.year, d.month - 1, d.day) / DAY_MS
export const fromDayNumber = (n: number): LocalDate => {
  const date = new Date(n * DAY_MS)
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() }
}
/** `months` after the month of `start`, on `day` or the month's last day. */
const monthsLater = (start: LocalDate, months: number, day: number): LocalDate => {
  const index = start.year * 12 + (start.month - 1) + months
  const year = Math.floor(index / 12)
  const month = (index % 12) + 1
  return { year, month, day: Math.min(day, daysInMonth(year, month)) }
}

/** The calendar dates of a plan, in order, both ends inclusive; at most `max` of them. */
export const occurrenceDates = (
  frequency: Frequency,
  start: LocalDate,
  end: LocalDate,
  max = Number.MAX_SAFE_INTEGER
): Array<LocalDate> => {
  const first = dayNumber(start)
  const last = dayNumber(end)
  const dates: Array<LocalDate> = []
  const everyDays = (step: number) => {
    for (let n = first; n <= last && dates.length < max; n += step) dates.push(fromDayNumber(n))
  }
  const everyMonths = (step: number, days: ReadonlyArray<number>) => {
    for (let k = 0; dates.length < max; k += step) {
      const inMonth = days.map((d) => monthsLater(start, k, d))
      const earliest = inMonth[0]
      if (earliest === undefined || dayNumber(earliest) > last) break
      for (const d of inMonth) if (dayNumber(d) >= first && dayNumber(d) <= last) dates.push(d)
    }
  }
  switch (frequency) {
    case "ONCE":
      return [start]
    case "DAILY":
      everyDays(1)
      return dates
    case "WEEKLY":
      everyDays(7)
      return dates
    case "SEMI_MONTHLY":
      everyMonths(1, start.day <= 15 ? [start.day, start.day + 15] : [start.day - 15, start.day])
      return dates
    case "MONTHLY":
      everyMonths(1, [start.day])
      return dates
    case "SEMI_ANNUALLY":
      everyMonths(6, [start.day])
      return dates
    case "ANNUALLY":
      everyMonths(12, [start.day])
      return dates
  }
}

/** The instant of a wall-clock time in a zone (gaps: forward by the gap; repeats: the first). */
export const wallClockInstant = (
  date: LocalDate,
  hours: number,
  minutes: number,
  /** an IANA name, or a zone already made (one lookup for many instants) */
  timeZone: string | DateTime.TimeZone,
  /** kept by a shifted plan: a template's sequence of messages are a second apart */
  seconds = 0,
  milliseconds = 0
): number | null =>
  DateTime.makeZoned(
    {
      year: date.year,
      month: date.month,
      day: date.day,
      hour: hours,
      minute: minutes,
      second: seconds,
      millisecond: milliseconds
    },
    { timeZone, adjustForTimeZone: true, disambiguation: "compatible" }
  ).pipe(Option.map(DateTime.toEpochMillis), Option.getOrNull)

export const isKnownTimeZone = (timeZone: string): boolean => Option.isSome(DateTime.zoneMakeNamed(timeZone))

/** A line holding only `---`, spaces around it allowed (`\r` too: a template typed on Windows). */
const SEPARATOR_LINE = /^[ \t]*---[ \t]*\r?$/

/**
 * The messages a template splits into at `marker`, each trimmed (its inner lines kept), the
 * empty ones dropped: two markers in a row, or one at either end, add no empty message.
 */
export const templateParts = (template: string, marker: SplitMarker): Array<string> => {
  const parts: Array<string> = []
  if (marker === "*") parts.push(...template.split("*"))
  else {
    let lines: Array<string> = []
    for (const line of template.split("\n")) {
      if (SEPARATOR_LINE.test(line)) {
        parts.push(lines.join("\n"))
        lines = []
      } else lines.push(line)
    }
    parts.push(lines.join("\n"))
  }
  return parts.map((p) => p.trim()).filter((p) => p !== "")
}

/** Every message of a recurrence, in order, or why it cannot be planned. */
export const planRecurrence = (
  recurrence: Recurrence,
  header: string,
  /** refuse a plan of more messages than this, without building them (a 9999-year DAILY plan) */
  maxMessages = Number.MAX_SAFE_INTEGER
):
  | { readonly _tag: "Planned"; readonly messages: Array<PlannedMessage> }
  | { readonly _tag: "Invalid"; readonly problem: RecurrenceProblem } => {
  const invalid = (problem: RecurrenceProblem) => ({ _tag: "Invalid" as const, problem })
  const start = parseDate(recurrence.startDate)
  if (start === null) return invalid({ _tag: "InvalidDate", field: "startDate", value: recurrence.startDate })
  const end = parseDate(recurrence.endDate)
  if (end === null) return invalid({ _tag: "InvalidDate", field: "endDate", value: recurrence.endDate })
  if (dayNumber(end) < dayNumber(start)) return invalid({ _tag: "EndBeforeStart" })
  const time = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(recurrence.sendTime)
  if (time === null) return invalid({ _tag: "InvalidSendTime", value: recurrence.sendTime })
  if (!isKnownTimeZone(recurrence.timeZone)) return invalid({ _tag: "UnknownTimeZone", value: recurrence.timeZone })
  const parts = templateParts(recurrence.template, recurrence.splitMarker ?? "*")
  if (parts.length === 0) return invalid({ _tag: "EmptyTemplate" })
  const messages: Array<PlannedMessage> = []
  // one date past the bound is enough to know the plan is too big
  const dates = occurrenceDates(recurrence.frequency, start, end, Math.floor(maxMessages / parts.length) + 1)
  if (dates.length * parts.length > maxMessages) return invalid({ _tag: "TooManyMessages", max: maxMessages })
  for (const date of dates) {
    const at = wallClockInstant(date, Number(time[1]), Number(time[2]), recurrence.timeZone)
    if (at === null) return invalid({ _tag: "UnknownTimeZone", value: recurrence.timeZone })
    occurrenceTexts(parts, recurrence.isFreeForm, header, dayNumber(end) - dayNumber(date)).forEach((content, i) => {
      messages.push({ content, scheduledAt: at + i * SEPARATOR_GAP_MS })
    })
  }
  return { _tag: "Planned", messages }
}

/**
 * The texts of one occurrence: the template's parts with `{days_left}` filled in, the first
 * headed by the title in bold unless the campaign is free-form.
 */
export const occurrenceTexts = (
  parts: ReadonlyArray<string>,
  isFreeForm: boolean,
  header: string,
  daysLeft: number
): Array<string> => {
  const withHeader = !isFreeForm && header.trim() !== ""
  return parts.map((part, i) => {
    const text = withDaysLeft(part, daysLeft)
    return i === 0 && withHeader ? `*${header.trim()}*\n${text}` : text
  })
}

/** A template's sequence of messages are this far apart at each occurrence. */
export const SEQUENCE_GAP_MS = SEPARATOR_GAP_MS

const englishPlural = new Intl.PluralRules("en")
/** `{days_left} days` / `{days_left} day` followed by the word: the word agrees with the number */
const DAYS_LEFT = /\{days_left\}( days?\b)?/g

/**
 * The template with `{days_left}` as the number; written as `{days_left} days` (or `day`), the
 * word follows the English plural rule: "Only 1 day", "Only 3 days", "0 days", never "1 days".
 */
export const withDaysLeft = (template: string, daysLeft: number): string =>
  template.replace(DAYS_LEFT, (_, word: string | undefined) =>
    word === undefined ? String(daysLeft) : `${daysLeft} ${englishPlural.select(daysLeft) === "one" ? "day" : "days"}`
  )

export const describeRecurrenceProblem = (problem: RecurrenceProblem): string => {
  switch (problem._tag) {
    case "InvalidDate":
      return `${problem.field} must be a date as YYYY-MM-DD`
    case "InvalidSendTime":
      return "sendTime must be HH:MM (00:00 to 23:59)"
    case "UnknownTimeZone":
      return `unknown time zone ${JSON.stringify(problem.value)}: use an IANA name such as Europe/Berlin`
    case "EndBeforeStart":
      return "endDate must not be before startDate"
    case "EmptyTemplate":
      return "template must hold some text"
    case "TooManyMessages":
      return `this recurrence makes more than ${problem.max} messages; shorten it (a campaign may hold at most ${problem.max})`
  }
}
