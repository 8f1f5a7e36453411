import i18next from "i18next"
import type { Reader } from "../../application/ports/Notifier.ts"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { matchLanguage } from "../../domain/shared/languages.ts"
import { de } from "./locales/de.ts"
import { en } from "./locales/en.ts"
import { es } from "./locales/es.ts"
import { ptBR } from "./locales/pt-BR.ts"

// The words of every mail, to an account's owner and to the admin (docs/operations.md#notifications),
// from i18next catalogs in English, Spanish (tú), Brazilian Portuguese (você) and German (du). The server has an
// instance of its own (not the browser app's), loaded once, synchronously, from catalogs imported as
// modules, so the bundled entries and Deno need no file at run time.

/** Every mail language's catalog, by APP_LANGUAGES tag. */
export const MAIL_CATALOGS: Readonly<Record<AppLanguage, typeof en>> = { en, es, "pt-BR": ptBR, de }

const instance = i18next.createInstance()
void instance.init({
  resources: Object.fromEntries(
    Object.entries(MAIL_CATALOGS).map(([language, catalog]) => [language, { translation: catalog }])
  ),
  lng: "en",
  fallbackLng: "en",
  initAsync: false,
  // plain-text mails: nothing to escape, and a value is never read as a key or a nesting
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false
})

/** The language a mail is written in: the one the reader chose, else their locale's, else English. */
export const mailLanguage = (reader: Reader): AppLanguage =>
  matchLanguage([reader.language ?? null, reader.locale].filter((tag): tag is string => tag !== null))

/** A sentence of the catalogs in `language`, with its {{values}} (and `count` for plural forms). */
export type MailT = (key: string, values?: Readonly<Record<string, string | number>>) => string

export const mailWords = (language: AppLanguage): MailT => {
  const t = instance.getFixedT(language)
  // defaultValue (i18next's own answer for a missing key, the key) lets `t` take any key where the
  // browser app's typed keys are in scope too (its router types reach this file)
  return (key, values) => t(key, { ...values, defaultValue: key })
}

/** Words that keep their capital wherever they stand. */
const NAMES = /^(Herald|WhatsApp|ADMIN_)/

/**
 * A sentence of its own (the `failure` and `status` words, the browser app's too) put after a
 * colon ("Qué hacer: …"): Spanish and Portuguese write on in lower case there, English and German
 * keep the capital of a full sentence.
 */
export const afterColon = (language: AppLanguage, sentence: string): string =>
  (language === "es" || language === "pt-BR") && !NAMES.test(sentence)
    ? sentence.charAt(0).toLocaleLowerCase(language) + sentence.slice(1)
    : sentence
