import { wallClock } from "../../src/interfaces/browser/campaign/planInput.ts"

// Dates for browser tests, relative to today: a plan with fixed dates stops being in the future.

const DAY_MS = 86_400_000

/** `YYYY-MM-DD` `days` after the date `date`. */
export const addDays = (date: string, days: number): string =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10)

/** Today's date on the wall calendar of Paris. */
export const todayInParis = (now: Date = new Date()): string =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: "Europe/Paris",
    year: "numeric",
    month: "2-digit",
    day: "2-digit"
  }).format(now)

/** The last Sunday of March of `year`: the day Paris moves from +01:00 to +02:00 (EU rule). */
export const lastSundayOfMarch = (year: number): string => {
  const march31 = new Date(Date.UTC(year, 2, 31))
  return addDays(march31.toISOString().slice(0, 10), -march31.getUTCDay())
}

/** The next spring-forward day in Paris whose eve is still ahead of `today` (this year's, else next year's). */
export const nextSpringForward = (today: string): string => {
  const year = Number(today.slice(0, 4))
  const thisYear = lastSundayOfMarch(year)
  return addDays(thisYear, -1) > today ? thisYear : lastSundayOfMarch(year + 1)
}

/**
 * The first whole minute at least `leadMs` from now (the form's precision), read on `timeZone`'s
 * wall clock as the date and time inputs want it, with its parts.
 */
export const nextWholeMinute = (timeZone: string, leadMs: number) => {
  const at = Math.ceil((Date.now() + leadMs) / 60_000) * 60_000
  const { date, time } = wallClock(at, timeZone)
  const [year = "", month = "", day = ""] = date.split("-")
  const [hour = "", minute = ""] = time.split(":")
  return {
    at,
    date,
    time,
    year,
    month,
    day,
    hour,
    minute
  }
}
