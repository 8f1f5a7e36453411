// The language on screen and the locale Intl writes in: read by the helpers that format dates
// and numbers (ui/format.ts), so kept apart from the instance's start-up (i18n.ts, the DOM).

import i18next from "i18next"
import type { AppLanguage } from "../../../domain/shared/languages.ts"
import { isAppLanguage } from "../../../domain/shared/languages.ts"

/** The language on screen now (one of the four). */
export const currentLanguage = (): AppLanguage => {
  const language = i18next.resolvedLanguage ?? i18next.language
  return language !== undefined && isAppLanguage(language) ? language : "en"
}

/**
 * The locale dates, times and numbers are written in: the browser's own when it is a variant of
 * the language on screen (en-GB keeps its 24-hour clock, de-AT its month names), else the
 * language itself (a German page in an English browser writes dates the German way).
 */
export const formattingLocale = (): string => {
  const language = currentLanguage()
  const base = language.split("-")[0]
  const browser = typeof navigator === "undefined" ? [] : navigator.languages
  return browser.find((tag) => tag.split("-")[0]?.toLowerCase() === base) ?? language
}
