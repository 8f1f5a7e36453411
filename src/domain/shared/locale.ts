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
 * language): that locale when it is a variant of the same language (en-GB keeps its 24-hour clock
 * for an English reader, es-MX its month names, pt-PT its own for a reader of pt-BR), else the
 * language alone, with that language's own conventions (de: a 24-hour clock and German month
 * order for a German reader whose browser is en-US; en: en-US's for an English reader whose
 * browser is de-DE). The one rule of the browser app's pages (i18n/language.ts) and the mails
 * (infrastructure/notify/readerTime.ts), so a page and a mail read the same clock.
 */
export const formattingLocaleFor = (language: string, locale: string | null | undefined): string => {
  const base = (tag: string) => tag.split("-")[0]?.toLowerCase()
  const own = locale === null || locale === undefined ? null : canonicalLocale(locale)
  return own !== null && base(own) === base(language) ? own : language
}
