/**
 * A BCP 47 locale in its canonical spelling (`en-us` → `en-US`), or null when Intl refuses it
 * (`en_US`, `x`). Shared by the browser app, which sends its language, and the server, which keeps it.
 */
export const canonicalLocale = (locale: string): string | null => {
  try {
    return Intl.getCanonicalLocales(locale)[0] ?? null
  } catch {
    return null
  }
}

/**
 * The locale dates, times and numbers are written in for someone who reads `language` (one of
 * APP_LANGUAGES) and whose own locale is `locale` (the account's, which is the browser's first
 * language):
 * 1. that locale when it is a variant of the same language (en-GB keeps its 24-hour clock for an
 *    English reader, es-MX its "3:00 p.m.", pt-PT its own for a reader of pt-BR);
 * 2. else the language with that locale's region, when ICU has conventions for the pair (it
 *    resolves the pair to itself): an English reader in the Netherlands or Germany (nl-NL, de-DE)
 *    reads en-NL / en-DE, day before month and a 24-hour clock, so "03/04/2026" is 3 April there as
 *    in the rest of their life; a Spanish reader with en-US reads es-US ("3:00 p.m.");
 * 3. else the language alone, with its own conventions: ICU has no de-US, es-DE, pt-US or pt-DE,
 *    so a German reader whose browser is en-US gets German's 24-hour clock and day-month order,
 *    a pt-BR reader with de-DE Brazil's.
 * The one rule of the browser app's pages (i18n/language.ts) and the mails
 * (infrastructure/notify/readerTime.ts), so a page and a mail read the same clock.
 */
export const formattingLocaleFor = (language: string, locale: string | null | undefined): string => {
  const own = locale === null || locale === undefined ? null : canonicalLocale(locale)
  if (own === null) return language
  const key = `${language} ${own}`
  let decided = decidedLocales.get(key)
  if (decided === undefined) {
    decided = decide(language, own)
    decidedLocales.set(key, decided)
  }
  return decided
}

// decided once per pair: every date a page or a mail writes asks
const decidedLocales = new Map<string, string>()

const decide = (language: string, own: string): string => {
  const reader = new Intl.Locale(language)
  const theirs = new Intl.Locale(own)
  if (theirs.language === reader.language) return own
  if (theirs.region === undefined) return language
  const paired = `${reader.language}-${theirs.region}`
  return new Intl.DateTimeFormat(paired).resolvedOptions().locale === paired ? paired : language
}

/**
 * Of a browser's languages in its order (navigator.languages: `["en-US", "de-AT"]`), the first in
 * the language read (de-AT for a German page), else the first of all: the `locale` for
 * formattingLocaleFor, so an Austrian's German page keeps de-AT's month names in an en-US browser.
 */
export const ownLocaleFor = (language: string, tags: ReadonlyArray<string>): string | null => {
  const base = (tag: string) => tag.split("-")[0]?.toLowerCase()
  return tags.find((tag) => base(tag) === base(language)) ?? tags[0] ?? null
}
