// Times of day and dates typed as the page writes them (formattingLocale), for the forms' time and
// date fields (PageFormatFields.tsx): a browser draws its own time and date inputs in the browser's
// locale, not the page's, so a German page in an en-US browser would show "09:30 PM" and
// "11/27/2026" in them.

import i18next from "i18next"
import { clockTime } from "../campaign/planWords.ts"
import { clockOf } from "../campaign/zoneFormat.ts"
import { formattingLocale } from "../i18n/language.ts"

/** The browser's own locale, the one its native time and date inputs are drawn in. */
const BROWSER_LOCALE = new Intl.DateTimeFormat().resolvedOptions().locale

/** Whether `locale` writes times on a 12-hour clock. */
const twelveHours = (locale?: string): boolean => clockOf(locale).hourCycle !== "h23"

/**
 * Whether the browser's own time input reads the page's clock (its default locale's 12 or 24 hours
 * are the page's): then the native input, with its picker, is kept.
 */
export const nativeClockAgrees = (
  pageLocale: string = formattingLocale(),
  browserLocale: string = BROWSER_LOCALE
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

/** The order `locale` writes a numeric date in: `["day", "month", "year"]` for de, `["month", "day", "year"]` for en-US. */
const dateOrder = (locale: string): ReadonlyArray<string> => {
  let order = dateOrders.get(locale)
  if (order === undefined) {
    order = numericDate(locale)
      .formatToParts(0)
      .map((p) => p.type)
      .filter((type) => type === "day" || type === "month" || type === "year")
    dateOrders.set(locale, order)
  }
  return order
}
// made once per locale: every render of a date field asks
const dateOrders = new Map<string, ReadonlyArray<string>>()
const numericDates = new Map<string, Intl.DateTimeFormat>()
const numericDate = (locale: string): Intl.DateTimeFormat => {
  let format = numericDates.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { year: "numeric", month: "2-digit", day: "2-digit", timeZone: "UTC" })
    numericDates.set(locale, format)
  }
  return format
}

/**
 * Whether the browser's own date input writes dates in the page's order (`11/27/2026` in an en-US
 * browser would read as 11 July to a German reader): then the native input, with its calendar, is kept.
 */
export const nativeDateAgrees = (
  pageLocale: string = formattingLocale(),
  browserLocale: string = BROWSER_LOCALE
): boolean => dateOrder(pageLocale).join() === dateOrder(browserLocale).join()

/** `YYYY-MM-DD` as `locale` writes a date in figures: `27.11.2026`, `11/27/2026`, `27/11/2026`. */
export const calendarDate = (isoDate: string, locale: string = formattingLocale()): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (m === null) return isoDate
  return numericDate(locale).format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}

/**
 * `YYYY-MM-DD` from a date typed in `locale`'s order (`27.11.2026`, `27/11/26` for de; `11/27/2026`
 * for en-US) or as `2026-11-27`; null when it is no date of the calendar. A two-digit year reads as
 * 20xx only with `shortYear` (once the field is left): while someone types "27.11.20" on the way to
 * "27.11.2031", "2020" is not what they mean.
 */
export const parseDate = (
  typed: string,
  locale: string = formattingLocale(),
  { shortYear = true }: { readonly shortYear?: boolean } = {}
): string | null => {
  const figures = typed
    .trim()
    .split(/\D+/)
    .filter((part) => part !== "")
  if (figures.length !== 3) return null
  const iso = /^\d{4}$/.test(figures[0] ?? "")
  const order = iso ? ["year", "month", "day"] : dateOrder(locale)
  const of = (type: string) => Number(figures[order.indexOf(type)])
  const typedYear = of("year")
  if (typedYear < 100 && !shortYear) return null
  const year = typedYear < 100 ? 2000 + typedYear : typedYear
  const month = of("month")
  const day = of("day")
  const at = new Date(Date.UTC(year, month - 1, day))
  if (year < 1000 || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) return null
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`
}

/** A field's value as the forms keep it: `HH:MM`; anything else non-empty is text the field could not read. */
export const isClockValue = (value: string): boolean => /^([01]\d|2[0-3]):[0-5]\d$/.test(value)
/** A field's value as the forms keep it: `YYYY-MM-DD`; anything else non-empty is text the field could not read. */
export const isDateValue = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && parseDate(value, "en") === value

/** An example of each, in the page's format: `21:30` / `9:30 PM`, `31.12.2026` / `12/31/2026`. */
export const clockExample = (): string => clockTime("21:30", formattingLocale())
export const dateExample = (): string => calendarDate("2026-12-31")

/** What a time field says of text it could not read (null: empty or read), with an example in the page's format. */
export const unreadableClock = (value: string): string | null =>
  value === "" || isClockValue(value)
    ? null
    : i18next.t("field.unreadableTime", { typed: value.trim(), example: clockExample() })

/** What a date field says of text it could not read (null: empty or read), with an example in the page's format. */
export const unreadableDate = (value: string): string | null =>
  value === "" || isDateValue(value)
    ? null
    : i18next.t("field.unreadableDate", { typed: value.trim(), example: dateExample() })

/** `HH:MM` in words as the page reads it: "3:00 AM", "03:00", so "3:00" typed on a 12-hour page shows it is the morning. */
export const clockInWords = (hhmm: string): string => clockTime(hhmm, formattingLocale())

const longDates = new Map<string, Intl.DateTimeFormat>()
/** `YYYY-MM-DD` in words as the page reads it: "Friday, April 3, 2026", "Freitag, 3. April 2026": a day and month swapped show. */
export const dateInWords = (isoDate: string, locale: string = formattingLocale()): string => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate)
  if (m === null) return isoDate
  let format = longDates.get(locale)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: "full", timeZone: "UTC" })
    longDates.set(locale, format)
  }
  return format.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])))
}
