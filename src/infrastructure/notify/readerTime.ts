import type { Reader } from "../../application/ports/Notifier.ts"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { formattingLocaleFor } from "../../domain/shared/locale.ts"
import { zoneNameIn } from "../../domain/shared/zoneNames.ts"
import { mailLanguage } from "./mailWords.ts"

// A time in a mail, as its reader reads a clock: in their zone, named in the mail's language
// (zoneNameIn: "New York time", "hora de Nueva York", "Mitteleuropäische Zeit"), with the dates,
// month names and clock (12 or 24 hours) of the one formatting locale the browser app uses too
// (formattingLocaleFor: the mail's language, with the reader's own locale's region when that locale
// is in the same language), no ISO instant. Without a known zone it reads in UTC, named so.

const FALLBACK_LOCALE = "en-US"

const formatIn = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  try {
    return new Intl.DateTimeFormat(locale, options)
  } catch {
    // a stored locale is canonical (auth/preferences.ts); this is for an engine that lost it
    return new Intl.DateTimeFormat(FALLBACK_LOCALE, options)
  }
}

const zoneOf = (reader: Reader): string => {
  if (reader.timeZone === null) return "UTC"
  try {
    new Intl.DateTimeFormat(FALLBACK_LOCALE, { timeZone: reader.timeZone })
    return reader.timeZone
  } catch {
    return "UTC"
  }
}

/** The locale a reader's dates and times are written in (the rule of the browser app's pages too). */
export const readerLocale = (reader: Reader): string => formattingLocaleFor(mailLanguage(reader), reader.locale)

/**
 * `Thursday, November 26, 9:00 AM (New York time)` (en-US), `Thursday 26 November, 15:00 (London
 * time)` (en-GB), `Donnerstag, 26. November, 15:00 (Mitteleuropäische Zeit)` (German, whatever
 * the browser's locale), `Thursday, November 26, 2:00 PM (UTC)` for a reader of no known zone;
 * the year is added when it is not the year of `now` there.
 */
export const readerTime = (
  epochMs: number,
  reader: Reader,
  now: number,
  /** the zone's name in the reader's language when not the mails' (the browser app's pages name it their way) */
  zoneName?: (timeZone: string, language: AppLanguage) => string
): string => {
  const timeZone = zoneOf(reader)
  const locale = readerLocale(reader)
  const yearOf = (at: number) => formatIn(locale, { timeZone, year: "numeric" }).format(at)
  const date = formatIn(locale, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(yearOf(epochMs) === yearOf(now) ? {} : { year: "numeric" })
  }).format(epochMs)
  const time = formatIn(locale, { timeZone, hour: "numeric", minute: "2-digit" }).format(epochMs)
  // some engines space "9:00 AM" with a narrow no-break space: a plain one reads the same in every mail client
  const zone = zoneName === undefined ? zoneNameIn(timeZone, locale, epochMs) : zoneName(timeZone, mailLanguage(reader))
  return `${date}, ${time} (${zone})`.replace(/[\u202f\u00a0]/g, " ")
}
