import type { Reader } from "../../application/ports/Notifier.ts"
import { zoneLabel } from "../../domain/shared/zoneNames.ts"

// A time in a mail, as its reader reads a clock: in their zone, named by its place as the browser
// app names it ("New York time"), in their locale's words and hours (12 or 24), no ISO instant.
// Without a known zone it reads in UTC, named so; without a locale, in en-US.

const FALLBACK_LOCALE = "en-US"

const formatIn = (locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat => {
  try {
    return new Intl.DateTimeFormat(locale, options)
  } catch {
    // a stored locale is canonical (auth/preferences.ts); this is for an engine that lost it
    return new Intl.DateTimeFormat(FALLBACK_LOCALE, options)
  }
}

/**
 * Mails are written in English until they are translated (issue 25): a date of the reader's own
 * language would sit in an English sentence. So the words are English, with the reader's region
 * (its date order: "en-DE" reads "Thursday, 26 November") and the hours of their own locale (12 or
 * 24, which English of a region CLDR lacks would not know).
 */
const mailLocaleOf = (
  locale: string
): { readonly locale: string; readonly hourCycle: Intl.LocaleHourCycleKey | undefined } => {
  try {
    const hourCycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle
    // the region as the locale names it or as it implies it ("de" is German of Germany)
    const region = new Intl.Locale(locale).maximize().region
    return { locale: region === undefined ? "en" : `en-${region}`, hourCycle }
  } catch {
    return { locale: FALLBACK_LOCALE, hourCycle: undefined }
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

/**
 * `Thursday, November 26, 9:00 AM (New York time)` (en-US), `Thursday, 26 November, 15:00
 * (Berlin time)` (de-DE), `Thursday, November 26, 2:00 PM (UTC)` for a reader of no known zone;
 * the year is added when it is not the year of `now` there.
 */
export const readerTime = (epochMs: number, reader: Reader, now: number): string => {
  const timeZone = zoneOf(reader)
  const { locale, hourCycle } = mailLocaleOf(reader.locale ?? FALLBACK_LOCALE)
  const yearOf = (at: number) => formatIn(locale, { timeZone, year: "numeric" }).format(at)
  const date = formatIn(locale, {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    ...(yearOf(epochMs) === yearOf(now) ? {} : { year: "numeric" })
  }).format(epochMs)
  const time = formatIn(locale, {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    ...(hourCycle === undefined ? {} : { hourCycle })
  }).format(epochMs)
  // some engines space "9:00 AM" with a narrow no-break space: a plain one reads the same in every mail client
  return `${date}, ${time} (${zoneLabel(timeZone)})`.replace(/[\u202f\u00a0]/g, " ")
}
