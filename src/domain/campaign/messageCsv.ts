import { DateTime, Option } from "effect"
import Papa from "papaparse"
import { MAX_CONTENT_LENGTH, MAX_MESSAGES_PER_CAMPAIGN } from "./CampaignLimits.ts"
import { parseDate, wallClockInstant } from "./Recurrence.ts"

/**
 * One-off messages from a CSV file (docs/api.md#campaigns): three columns `date,time,text`, an
 * optional header row of exactly those names, RFC 4180 quoting (a text may hold commas, doubled
 * quotes and line breaks when it is in double quotes), comma-separated. Blank lines are skipped.
 *
 * - date: `YYYY-MM-DD` only. `DD/MM/YYYY` and `MM/DD/YYYY` read alike for the first twelve days
 *   of a month, so a slashed date is refused with a hint rather than guessed.
 * - time: `HH:MM` or `H:MM`, 24-hour, on the campaign zone's wall clock. A time that does not
 *   exist that day (a spring-forward gap) is moved forward by the gap, one that happens twice
 *   is the first, as a recurrence does; both are noted on the row, not refused.
 * - text: surrounding blanks trimmed; not empty; at most MAX_CONTENT_LENGTH characters.
 *
 * Line numbers are the file's physical lines (1-based), where the row starts: a quoted text that
 * spans three lines makes the next row's number three higher. Pure, and the same in the browser.
 */
export interface CsvMessage {
  /** the physical line the row starts on */
  readonly line: number
  readonly content: string
  /** epoch ms */
  readonly scheduledAt: number
  /** the send time on the zone's clock with its offset, `2027-03-28T09:00:00.000+02:00` */
  readonly localTime: string
  /** the date and time as written (`YYYY-MM-DD`, `HH:MM`), for a form's row */
  readonly date: string
  readonly time: string
  /** said of a time moved by a daylight-saving change; null otherwise */
  readonly note: string | null
  /** the note as a stable code and its values (`dstGap`: written, sent; `dstTwice`: written), for other languages */
  readonly noteCode: DstNote["code"] | null
  readonly noteParams: DstNote["params"]
}

/** A time a daylight-saving change moved: its English words, and a stable code with its values. */
interface DstNote {
  readonly message: string
  readonly code: "dstGap" | "dstTwice"
  readonly params: Readonly<Record<string, string>>
}

/** What can be wrong with a row or the file, as a stable code (its English words are `message`). */
export const CSV_PROBLEM_CODES = [
  "unknownZone",
  "tooManyRows",
  "quoteNotClosed",
  "quoteNotAtEnd",
  "columns",
  "columnsCommas",
  "columnsSemicolons",
  "dateSlashed",
  "dateInvalid",
  "timeInvalid",
  "textEmpty",
  "textUnreadable",
  "textTooLong",
  "past",
  "noMessages"
] as const
export type CsvProblemCode = (typeof CSV_PROBLEM_CODES)[number]

/**
 * What is wrong with a row, or with the file (line 0: the time zone, an empty file): its English
 * words, and a stable code with its values for other languages.
 */
export interface CsvProblem {
  readonly line: number
  readonly message: string
  readonly code: CsvProblemCode
  readonly params: Readonly<Record<string, string | number>>
}

export interface CsvReading {
  readonly messages: Array<CsvMessage>
  readonly problems: Array<CsvProblem>
}

const DATE = /^\d{4}-\d{2}-\d{2}$/
const SLASHED_DATE = /^\d{1,2}[/.]\d{1,2}[/.]\d{2,4}$/
const TIME = /^([01]?\d|2[0-3]):([0-5]\d)$/
const HEADER = ["date", "time", "text"]

const pad = (n: number) => String(n).padStart(2, "0")

/** The file read in `timeZone` at `now` (epoch ms): every good row, and every bad one with why. */
export const parseMessageCsv = (text: string, timeZone: string, now: number): CsvReading => {
  const messages: Array<CsvMessage> = []
  const problems: Array<CsvProblem> = []
  // the zone made once: making one per row (an Intl formatter each) was most of the time taken
  const zone = DateTime.zoneMakeNamed(timeZone)
  if (Option.isNone(zone)) {
    problems.push({
      line: 0,
      message: `unknown time zone ${JSON.stringify(timeZone)}`,
      code: "unknownZone",
      params: { zone: timeZone }
    })
    return { messages, problems }
  }
  // one kind of line break, so that counting "\n" counts lines; a leading byte-order mark (Excel) goes
  const csv = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n")
  /** where the next row starts, and the line that is */
  let rowStart = 0
  let line = 1
  let rows = 0
  let first = true
  Papa.parse<Array<string>>(csv, {
    delimiter: ",",
    newline: "\n",
    skipEmptyLines: false,
    step: (result, parser) => {
      const at = line
      const end = result.meta.cursor
      // the cursor is past the row's closing line break: the next row starts on the line after
      for (let i = rowStart; i < end; i++) if (csv.charCodeAt(i) === 10) line++
      rowStart = end
      const cells = result.data
      if (cells.every((c) => c.trim() === "")) return
      const isHeader = first && cells.map((c) => c.trim().toLowerCase()).join(",") === HEADER.join(",")
      first = false
      if (isHeader) return
      rows++
      if (rows > MAX_MESSAGES_PER_CAMPAIGN) {
        problems.push({
          line: at,
          message: `too many rows: a campaign holds at most ${MAX_MESSAGES_PER_CAMPAIGN} messages; this row and the ones after it were not read`,
          code: "tooManyRows",
          params: { max: MAX_MESSAGES_PER_CAMPAIGN }
        })
        parser.abort()
        return
      }
      const problem = (message: string, code: CsvProblemCode, params: CsvProblem["params"] = {}) =>
        problems.push({ line: at, message, code, params })
      // Any quoting error: the row cannot be trusted, and may have swallowed the next line(s)
      // (`"abc"def` runs on to the next quote), so it is named rather than read.
      if (result.errors.some((e) => e.code === "MissingQuotes")) {
        problem('a quoted text is not closed: a " is missing (write a " inside a quoted text as "")', "quoteNotClosed")
        return
      }
      if (result.errors.length > 0) {
        problem(
          'a quoted text must end right before a comma or the end of its line (write a " inside a quoted text as "", and put the whole text in quotes)',
          "quoteNotAtEnd"
        )
        return
      }
      if (cells.length !== 3) {
        const hint =
          cells.length > 3
            ? ": put a text that holds commas in double quotes"
            : cells.length === 1 && (cells[0] ?? "").includes(";")
              ? ": separate the columns with commas, not semicolons"
              : ""
        const code = cells.length > 3 ? "columnsCommas" : hint === "" ? "columns" : ("columnsSemicolons" as const)
        problem(`expected 3 columns (date,time,text), found ${cells.length}${hint}`, code, { found: cells.length })
        return
      }
      const [dateCell = "", timeCell = "", textCell = ""] = cells
      const date = dateCell.trim()
      const time = timeCell.trim()
      const content = textCell.trim()
      const day = DATE.test(date) ? parseDate(date) : null
      if (day === null) {
        problem(
          SLASHED_DATE.test(date)
            ? `date ${JSON.stringify(date)}: write dates as YYYY-MM-DD (2027-03-28); day/month and month/day orders read alike`
            : `date ${JSON.stringify(date)} is not a date as YYYY-MM-DD`,
          SLASHED_DATE.test(date) ? "dateSlashed" : "dateInvalid",
          { value: date }
        )
        return
      }
      const t = TIME.exec(time)
      if (t === null) {
        problem(`time ${JSON.stringify(time)} is not a time as HH:MM (00:00 to 23:59)`, "timeInvalid", { value: time })
        return
      }
      if (content === "") {
        problem("the text is empty", "textEmpty")
        return
      }
      // what File.text() makes of a file that is not UTF-8 (Excel's plain "CSV" is Windows-1252)
      if (content.includes("\uFFFD")) {
        problem(
          'the text holds characters that could not be read: save the file as "CSV UTF-8" and import it again',
          "textUnreadable"
        )
        return
      }
      if (content.length > MAX_CONTENT_LENGTH) {
        problem(
          `the text is ${content.length} characters long; a message holds at most ${MAX_CONTENT_LENGTH}`,
          "textTooLong",
          { length: content.length, max: MAX_CONTENT_LENGTH }
        )
        return
      }
      const hour = Number(t[1])
      const minute = Number(t[2])
      const scheduledAt = wallClockInstant(day, hour, minute, zone.value)
      if (scheduledAt === null) {
        problem(`unknown time zone ${JSON.stringify(timeZone)}`, "unknownZone", { zone: timeZone })
        return
      }
      if (scheduledAt < now) {
        problem(`${date} ${pad(hour)}:${pad(minute)} in ${timeZone} is in the past`, "past", {
          scheduledAt,
          timeZone
        })
        return
      }
      messages.push({
        line: at,
        content,
        scheduledAt,
        localTime: DateTime.formatIsoOffset(DateTime.makeZonedUnsafe(scheduledAt, { timeZone: zone.value })),
        date,
        time: `${pad(hour)}:${pad(minute)}`,
        ...noteOf(dstNote(scheduledAt, day, hour, minute, zone.value))
      })
    }
  })
  if (messages.length === 0 && problems.length === 0)
    problems.push({ line: 0, message: "the file holds no messages", code: "noMessages", params: {} })
  return { messages, problems }
}

const noteOf = (note: DstNote | null) =>
  note === null
    ? { note: null, noteCode: null, noteParams: {} }
    : { note: note.message, noteCode: note.code, noteParams: note.params }

/** Whether a daylight-saving change moved this wall-clock time, said as a note. */
const dstNote = (
  at: number,
  day: { readonly year: number; readonly month: number; readonly day: number },
  hour: number,
  minute: number,
  zone: DateTime.TimeZone
): DstNote | null => {
  const written = `${pad(hour)}:${pad(minute)}`
  const parts = DateTime.toParts(DateTime.makeZonedUnsafe(at, { timeZone: zone }))
  if (parts.hour !== hour || parts.minute !== minute) {
    const sent = `${pad(parts.hour)}:${pad(parts.minute)}`
    return {
      message: `${written} does not exist that day (the clocks go forward): sent at ${sent}`,
      code: "dstGap",
      params: { written, sent }
    }
  }
  const later = DateTime.makeZoned(
    { ...day, hour, minute, second: 0, millisecond: 0 },
    { timeZone: zone, adjustForTimeZone: true, disambiguation: "later" }
  ).pipe(Option.map(DateTime.toEpochMillis), Option.getOrNull)
  return later !== null && later !== at
    ? {
        message: `${written} happens twice that day (the clocks go back): sent at the first`,
        code: "dstTwice",
        params: { written }
      }
    : null
}
