// The reader's time zone and locale, as this browser knows them, for the mails Herald sends
// (auth.setPreferences, docs/api.md): sent with sign-up and forgot-password, and kept for the
// account when it is signed in and they differ. Pure but for reading the browser's settings.

import { canonicalLocale } from "../../domain/shared/locale.ts"
import { canonicalZone } from "../../domain/shared/zoneNames.ts"

export interface BrowserPreferences {
  readonly timeZone: string | null
  readonly locale: string | null
}

/** The browser's zone (by today's name, as the server keeps it) and language, null where it has none. */
export const browserPreferences = (
  zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone,
  language: string | null = typeof navigator === "undefined" ? null : navigator.language
): BrowserPreferences => ({
  timeZone: zone === "" ? null : canonicalZone(zone),
  locale: language === null || language === "" ? null : canonicalLocale(language)
})

/** For the sign-up and forgot-password forms: only what is known (an absent field is "not known"). */
export const offeredPreferences = (browser: BrowserPreferences = browserPreferences()) => ({
  ...(browser.timeZone === null ? {} : { timeZone: browser.timeZone }),
  ...(browser.locale === null ? {} : { locale: browser.locale })
})

/**
 * What to keep for the signed-in account: the browser's values where it knows them and they differ
 * from the stored ones (what it does not know keeps the stored value); null when nothing differs.
 */
export const preferencesToKeep = (
  stored: BrowserPreferences,
  browser: BrowserPreferences
): BrowserPreferences | null => {
  const wanted = { timeZone: browser.timeZone ?? stored.timeZone, locale: browser.locale ?? stored.locale }
  return wanted.timeZone === stored.timeZone && wanted.locale === stored.locale ? null : wanted
}
