import i18next from "i18next"
import { dateTimeFormat, relativeDays } from "../ui/format.ts"
// The days of the Upcoming screen in the viewer's zone and locale: pure, so it is unit-tested
// (tests/unit/browser/calendarDays.test.ts) without a browser. Days are the browser's local days
// (new Date(y, m, d) is local midnight, also across a change of clocks).

/** A local day as `YYYY-MM-DD`, the form it takes in the address (`/upcoming?day=2026-12-01`). */
export type DayKey = string

const pad = (n: number) => String(n).padStart(2, "0")

/** The local day an instant falls on. */
export const dayKeyOf = (ms: number): DayKey => {
  const d = new Date(ms)
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
}

/** The local day of a key, or null when it is not one (a hand-edited address). */
export const parseDayKey = (
  key: string | null
): { readonly year: number; readonly month: number; readonly day: number } | null => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(key ?? "")
  if (m === null) return null
  const [year, month, day] = [Number(m[1]), Number(m[2]) - 1, Number(m[3])]
  const d = new Date(year, month, day)
  return d.getFullYear() === year && d.getMonth() === month && d.getDate() === day ? { year, month, day } : null
}

/** When a local day starts (epoch ms). */
export const dayStart = (year: number, month: number, day: number): number => new Date(year, month, day).getTime()

/** The local days of a month (month 0–11), each with its start; `end` is when the next month starts. */
export const monthDays = (year: number, month: number) => {
  const count = new Date(year, month + 1, 0).getDate()
  const days = Array.from({ length: count }, (_, i) => ({
    key: dayKeyOf(dayStart(year, month, i + 1)),
    day: i + 1,
    start: dayStart(year, month, i + 1),
    /** 0 Monday … 6 Sunday: the calendar's weeks start on Monday */
    weekday: (new Date(year, month, i + 1).getDay() + 6) % 7
  }))
  return { days, end: dayStart(year, month + 1, 1) }
}

/** The month before or after (month 0–11). */
export const shiftMonth = (year: number, month: number, by: number) => {
  const d = new Date(year, month + by, 1)
  return { year: d.getFullYear(), month: d.getMonth() }
}

const LONG_DAY: Intl.DateTimeFormatOptions = { weekday: "long", day: "numeric", month: "long" }
const LONG_DAY_WITH_YEAR: Intl.DateTimeFormatOptions = { ...LONG_DAY, year: "numeric" }

const capitalised = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1)

/** A day as its own words, in the viewer's locale: "Tuesday 1 December" (the year when not this year's). */
export const dayName = (key: DayKey, today: DayKey): string => {
  const d = parseDayKey(key)
  if (d === null) return key
  const date = new Date(d.year, d.month, d.day)
  return dateTimeFormat(d.year === Number(today.slice(0, 4)) ? LONG_DAY : LONG_DAY_WITH_YEAR).format(date)
}

/** A day heading: "Today", "Tomorrow" (in the viewer's language), else its name. */
export const dayHeading = (key: DayKey, today: DayKey): string => {
  const [d, t] = [parseDayKey(key), parseDayKey(today)]
  if (d === null || t === null) return key
  const apart = Math.round((dayStart(d.year, d.month, d.day) - dayStart(t.year, t.month, t.day)) / 86_400_000)
  return apart === 0 || apart === 1 ? capitalised(relativeDays(apart)) : dayName(key, today)
}

/** "December 2026" */
export const monthName = (year: number, month: number): string =>
  dateTimeFormat({ month: "long", year: "numeric" }).format(new Date(year, month, 1))

/** The calendar's column heads, Monday first: short and long names ("Mon", "Monday"). */
export const weekdayNames = () =>
  Array.from({ length: 7 }, (_, i) => {
    // 2024-01-01 was a Monday
    const date = new Date(2024, 0, 1 + i)
    return {
      short: dateTimeFormat({ weekday: "short" }).format(date),
      long: dateTimeFormat({ weekday: "long" }).format(date)
    }
  })

/** How many messages, in words: "No messages", "1 message", "3 messages" (in the language on screen). */
export const messageCount = (n: number): string =>
  n === 0 ? i18next.t("calendar.noMessages") : i18next.t("calendar.messages", { count: n })
