// The language on screen and the locale Intl writes in: read by the helpers that format dates
// and numbers (ui/format.ts), so kept apart from the instance's start-up (i18n.ts, the DOM).

import i18next from "i18next"
import type { AppLanguage } from "../../../domain/shared/languages.ts"
import { isAppLanguage } from "../../../domain/shared/languages.ts"
import { formattingLocaleFor, ownLocaleFor } from "../../../domain/shared/locale.ts"

/** The language on screen now (one of the four). */
export const currentLanguage = (): AppLanguage => {
  const language = i18next.resolvedLanguage ?? i18next.language
  return language !== undefined && isAppLanguage(language) ? language : "en"
}

/**
 * The locale dates, times and numbers are written in: formattingLocaleFor (domain/shared/locale.ts,
 * the rule the mails follow too) of the language on screen and this browser's own locale in that
 * language if it lists one (navigator.languages: de-AT after en-US), else its first, the one the
 * account keeps (preferences.ts): en-GB keeps its 24-hour clock for an English page, de-AT
 * its month names for a German one, and a German page in an en-US browser writes the German way.
 */
export const formattingLocale = (): string => {
  const language = currentLanguage()
  const tags = typeof navigator === "undefined" ? [] : navigator.languages
  // called for every date a page writes (thousands on a long campaign): decided once per language
  // and list of the browser's languages (the same array until they change)
  if (last === null || last.language !== language || last.tags !== tags)
    last = { language, tags, locale: formattingLocaleFor(language, ownLocaleFor(language, tags)) }
  return last.locale
}
let last: { readonly language: string; readonly tags: ReadonlyArray<string>; readonly locale: string } | null = null
