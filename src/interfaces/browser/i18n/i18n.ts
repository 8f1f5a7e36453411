// The app's words in the organiser's language (docs/browser-app.md, "Languages"): one i18next
// instance, one catalog per language (locales/<language>.json), each its own chunk, fetched
// when that language is wanted, so a page loads only the one it shows.

import type { i18n as I18n, ResourceKey } from "i18next"
import i18next from "i18next"
import { initReactI18next } from "react-i18next"
import type { AppLanguage } from "../../../domain/shared/languages.ts"
import { APP_LANGUAGES, isAppLanguage, matchLanguage } from "../../../domain/shared/languages.ts"
import { currentLanguage } from "./language.ts"

/** Each catalog, loaded by dynamic import (its own chunk): never two in one page load unless the organiser switches. */
const catalogs: Readonly<Record<AppLanguage, () => Promise<{ readonly default: ResourceKey }>>> = {
  en: () => import("./locales/en.json"),
  es: () => import("./locales/es.json"),
  "pt-BR": () => import("./locales/pt-BR.json"),
  de: () => import("./locales/de.json")
}

/** Each language by its own name, as the chooser lists it (the same in every language). */
export const LANGUAGE_NAMES: Readonly<Record<AppLanguage, string>> = {
  en: "English",
  es: "Español",
  "pt-BR": "Português (Brasil)",
  de: "Deutsch"
}

// this browser's last chosen language, so a reload starts in it before auth.me answers
const STORAGE_KEY = "herald.language"

const storage = (): Storage | null => {
  try {
    return typeof localStorage === "undefined" ? null : localStorage
  } catch {
    // storage refused (a privacy setting): the choice lives on the account only
    return null
  }
}

/** The language this browser chose last (kept here and on the account), or null. */
export const rememberedLanguage = (): AppLanguage | null => {
  const value = storage()?.getItem(STORAGE_KEY) ?? null
  return value !== null && isAppLanguage(value) ? value : null
}

export const rememberLanguage = (language: AppLanguage | null): void => {
  const kept = storage()
  if (kept === null) return
  if (language === null) kept.removeItem(STORAGE_KEY)
  else kept.setItem(STORAGE_KEY, language)
}

/** The browser's own: the first of navigator.languages Herald is written in, else English. */
export const browserLanguage = (): AppLanguage =>
  matchLanguage(typeof navigator === "undefined" ? [] : [...navigator.languages, navigator.language])

/** What the page starts in: this browser's last choice, else its languages. */
export const startingLanguage = (): AppLanguage => rememberedLanguage() ?? browserLanguage()

/** `<html lang dir>` follow the language: screen readers and hyphenation read it, right-to-left languages flip the page. */
const markDocument = (language: string) => {
  if (typeof document === "undefined") return
  document.documentElement.lang = language
  document.documentElement.dir = i18next.dir(language)
}

/**
 * Starts i18next in `language`, its catalog fetched first (resolves once the words are there:
 * main.tsx renders after it). No fallback language: every key is in every catalog (the unit test
 * tests/unit/browser/translations.test.ts fails otherwise), so a second catalog is never fetched.
 */
export const startI18n = async (language: AppLanguage = startingLanguage()): Promise<I18n> => {
  i18next.on("languageChanged", markDocument)
  await i18next
    .use({
      type: "backend",
      init: () => undefined,
      read: (wanted: string, _namespace: string, done: (error: unknown, data: ResourceKey | false) => void) => {
        if (!isAppLanguage(wanted)) return done(null, false)
        catalogs[wanted]().then(
          (catalog) => done(null, catalog.default),
          (error: unknown) => done(error, false)
        )
      }
    })
    .use(initReactI18next)
    .init({
      lng: language,
      supportedLngs: APP_LANGUAGES,
      fallbackLng: false,
      load: "currentOnly",
      ns: "translation",
      defaultNS: "translation",
      // React escapes what it renders
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
      returnNull: false
    })
  return i18next
}

/** Switches the page to `language` (its catalog fetched first, then every screen re-renders in it). */
export const showLanguage = async (language: AppLanguage): Promise<void> => {
  if (currentLanguage() !== language) await i18next.changeLanguage(language)
}
