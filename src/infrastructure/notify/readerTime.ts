import type { Reader } from "../../application/ports/Notifier.ts"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { zoneLabel } from "../../domain/shared/zoneNames.ts"
import { mailLanguage, mailWords } from "./mailWords.ts"

// A time in a mail, as its reader reads a clock: in their zone, named by its place as the browser
// app names it ("New York time", "Ortszeit Berlin"), in the mail's language (mailWords.ts) with
// their region's date order and their own hours (12 or 24), no ISO instant. Without a known zone
// it reads in UTC, named so; without a locale, in en-US.

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
 * A date sits in a sentence of the mail's language, so its words are that language's, with the
 * reader's region (its date order: English for a de-DE reader, "en-DE", reads "Thursday, 26
 * November") and the hours of their own locale (12 or 24, which a language of a region CLDR lacks
 * would not know).
 */
const mailLocaleOf = (
  locale: string,
  language: string
): { readonly locale: string; readonly hourCycle: Intl.LocaleHourCycleKey | undefined } => {
  const base = language.split("-")[0] ?? "en"
  try {
    const hourCycle = new Intl.DateTimeFormat(locale, { hour: "numeric" }).resolvedOptions().hourCycle
    // the region as the locale names it or as it implies it ("de" is German of Germany)
    const region = new Intl.Locale(locale).maximize().region
    return { locale: region === undefined ? language : `${base}-${region}`, hourCycle }
  } catch {
    return { locale: language === "en" ? FALLBACK_LOCALE : language, hourCycle: undefined }
  }
}

/** The zone by its place in the mail's language: `Berlin time`, `Ortszeit Berlin`; `UTC`, `UTC-5` as they are. */
const zoneWords = (timeZone: string, language: AppLanguage): string => {
  const label = zoneLabel(timeZone)
  if (language === "en" || !label.endsWith(" time")) return label
  return mailWords(language)("zone", { place: label.slice(0, -" time".length) })
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
 * (Berlin time)` (de-DE reading English), `Donnerstag, 26. November, 15:00 (Ortszeit Berlin)` (German), `Thursday, November 26, 2:00 PM (UTC)` for a reader of no known zone;
 * the year is added when it is not the year of `now` there.
 */
export const readerTime = (
  epochMs: number,
  reader: Reader,
  now: number,
  /** the zone's name in the reader's language when not the mails' (the browser app's pages name it their way) */
  zoneName: (timeZone: string, language: AppLanguage) => string = zoneWords
): string => {
  const timeZone = zoneOf(reader)
  const language = mailLanguage(reader)
  const { locale, hourCycle } = mailLocaleOf(
    reader.locale ?? (language === "en" ? FALLBACK_LOCALE : language),
    language
  )
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
  return `${date}, ${time} (${zoneName(timeZone, language)})`.replace(/[\u202f\u00a0]/g, " ")
}
