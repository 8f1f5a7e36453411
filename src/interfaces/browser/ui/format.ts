// Dates, times and numbers in the language on screen (i18n/language.ts), in the
// viewer's zone. One formatter per shape and locale, made once: building an Intl.DateTimeFormat
// is the costly part, and a 1,000-message campaign formats thousands of instants.

import { formattingLocale } from "../i18n/language.ts"

const made = new Map<string, Intl.DateTimeFormat>()
/** An Intl.DateTimeFormat in the language on screen (formattingLocale), made once per shape and locale. */
export const dateTimeFormat = (options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  const locale = formattingLocale()
  const key = `${locale} ${JSON.stringify(options)}`
  let format = made.get(key)
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, options)
    made.set(key, format)
  }
  return format
}

/** The viewer's time zone, named once on a screen that shows times ("Europe/Berlin"). */
export const viewerTimeZone = Intl.DateTimeFormat().resolvedOptions().timeZone

/** An ISO instant as a date and time in the viewer's zone. */
export const formatDateTime = (iso: string): string =>
  dateTimeFormat({ dateStyle: "medium", timeStyle: "short" }).format(new Date(iso))

/** The time alone, when the date is already shown nearby. */
export const formatTime = (iso: string): string => dateTimeFormat({ timeStyle: "short" }).format(new Date(iso))

const relatives = new Map<string, Intl.RelativeTimeFormat>()
/** "today", "tomorrow", "mañana", "morgen": days from now in the language on screen. */
export const relativeDays = (days: number): string => {
  const locale = formattingLocale()
  let format = relatives.get(locale)
  if (format === undefined) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: "auto" })
    relatives.set(locale, format)
  }
  return format.format(days, "day")
}

const numbers = new Map<string, Intl.NumberFormat>()
/** A count as the language writes it (1,000 / 1.000 / 1 000). */
export const formatNumber = (n: number): string => {
  const locale = formattingLocale()
  let format = numbers.get(locale)
  if (format === undefined) {
    format = new Intl.NumberFormat(locale)
    numbers.set(locale, format)
  }
  return format.format(n)
}
