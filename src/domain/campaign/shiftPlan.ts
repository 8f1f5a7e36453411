import { DateTime, Option } from "effect"
import type { LocalDate } from "./Recurrence.ts"
import { dayNumber, fromDayNumber, parseDate, wallClockInstant } from "./Recurrence.ts"

/**
 * Moving a plan to new dates (duplicating a campaign): the earliest message lands on `startDate`
 * in `timeZone`, and every message keeps its wall-clock time of day there and its distance in
 * calendar days from the earliest. Calendar days, not hours: a plan at 09:00 that spans a
 * daylight-saving change is still at 09:00 on both sides after the move. A time that does not
 * exist on its new day (02:30 on a spring-forward day) moves forward by the gap, one that
 * happens twice is the first: the rule of a recurrence (wallClockInstant).
 */
export type ShiftProblem =
  | { readonly _tag: "InvalidDate"; readonly value: string }
  | { readonly _tag: "UnknownTimeZone"; readonly value: string }

export type Shifted<M> =
  | { readonly _tag: "Shifted"; readonly messages: Array<M> }
  | { readonly _tag: "Invalid"; readonly problem: ShiftProblem }

interface WallClock {
  readonly date: LocalDate
  readonly hour: number
  readonly minute: number
  readonly second: number
  readonly millisecond: number
}

const readWallClock = (epochMs: number, zone: DateTime.TimeZone): WallClock => {
  const parts = DateTime.toParts(DateTime.makeZonedUnsafe(epochMs, { timeZone: zone }))
  return {
    date: { year: parts.year, month: parts.month, day: parts.day },
    hour: parts.hour,
    minute: parts.minute,
    second: parts.second,
    millisecond: parts.millisecond
  }
}

/** `messages` (any order; returned in the same order) moved so that the earliest is on `startDate` (`YYYY-MM-DD`). */
export const shiftPlan = <M extends { readonly scheduledAt: number }>(
  messages: ReadonlyArray<M>,
  startDate: string,
  timeZone: string
): Shifted<M> => {
  const start = parseDate(startDate)
  if (start === null) return { _tag: "Invalid", problem: { _tag: "InvalidDate", value: startDate } }
  const zone = DateTime.zoneMakeNamed(timeZone)
  if (Option.isNone(zone)) return { _tag: "Invalid", problem: { _tag: "UnknownTimeZone", value: timeZone } }
  const clocks = messages.map((m) => readWallClock(m.scheduledAt, zone.value))
  const firstDay = Math.min(...clocks.map((c) => dayNumber(c.date)))
  const shifted: Array<M> = []
  for (const [i, m] of messages.entries()) {
    const clock = clocks[i]
    if (clock === undefined) continue
    const date = fromDayNumber(dayNumber(start) + dayNumber(clock.date) - firstDay)
    const at = wallClockInstant(date, clock.hour, clock.minute, timeZone, clock.second, clock.millisecond)
    if (at === null) return { _tag: "Invalid", problem: { _tag: "UnknownTimeZone", value: timeZone } }
    shifted.push({ ...m, scheduledAt: at })
  }
  return { _tag: "Shifted", messages: shifted }
}

/** The local calendar date (`YYYY-MM-DD`) of an instant in `timeZone`, or null for an unknown zone. */
export const localDateOf = (epochMs: number, timeZone: string): string | null => {
  const zone = DateTime.zoneMakeNamed(timeZone)
  if (Option.isNone(zone)) return null
  const { year, month, day } = readWallClock(epochMs, zone.value).date
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/** `date` (`YYYY-MM-DD`) plus `days` calendar days, or null when `date` cannot be read. */
export const addDays = (date: string, days: number): string | null => {
  const d = parseDate(date)
  if (d === null) return null
  const { year, month, day } = fromDayNumber(dayNumber(d) + days)
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

export const describeShiftProblem = (problem: ShiftProblem): string =>
  problem._tag === "InvalidDate"
    ? `startDate must be a date as YYYY-MM-DD (got ${JSON.stringify(problem.value)})`
    : `unknown time zone ${JSON.stringify(problem.value)}: use an IANA name such as Europe/Berlin`
