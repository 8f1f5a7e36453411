// A time of day typed as the page writes it (formattingLocale's clock), for the forms' time fields
// (ClockField.tsx): a browser's own time input follows the browser's locale, not the page's, so a
// German page in an en-US browser would show "09:30 PM" in it.

import { clockOf } from "../campaign/zoneFormat.ts"
import { formattingLocale } from "../i18n/language.ts"

/** Whether `locale` writes times on a 12-hour clock. */
const twelveHours = (locale?: string): boolean => clockOf(locale).hourCycle !== "h23"

/**
 * Whether the browser's own time input reads the page's clock (its default locale's 12 or 24 hours
 * are the page's): then the native input, with its picker, is kept.
 */
export const nativeClockAgrees = (
  pageLocale: string = formattingLocale(),
  browserLocale: string = new Intl.DateTimeFormat().resolvedOptions().locale
): boolean => twelveHours(pageLocale) === twelveHours(browserLocale)

/**
 * `HH:MM` from what someone typed on either clock: `21:30`, `21.30`, `2130`, `21:30 Uhr`,
 * `9:30 PM`, `9:30 p. m.`, `9 pm`; null when it is not a time of day.
 */
export const parseClock = (typed: string): string | null => {
  const squeezed = typed
    .toLowerCase()
    .replace(/[\s.\u202f\u00a0]/g, "")
    .replace(/uhr$|h$/, "")
  const m = /^(\d{1,2})(?:[:h]?(\d{2}))?(am|pm)?$/.exec(squeezed)
  if (m === null) return null
  let hours = Number(m[1])
  const minutes = m[2] === undefined ? 0 : Number(m[2])
  if (minutes > 59) return null
  if (m[3] !== undefined) {
    if (hours < 1 || hours > 12) return null
    hours = (hours % 12) + (m[3] === "pm" ? 12 : 0)
  } else if (hours > 23) return null
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}`
}
