import i18next from "i18next"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { matchLanguage } from "../../domain/shared/languages.ts"
import { zoneLabel } from "../../domain/shared/zoneNames.ts"
import { readerTime } from "../../infrastructure/notify/readerTime.ts"
import { de } from "./refusalLocales/de.ts"
import { en } from "./refusalLocales/en.ts"
import { es } from "./refusalLocales/es.ts"
import { ptBR } from "./refusalLocales/pt-BR.ts"
import type { RefusalCatalog } from "./refusalLocales/RefusalCatalog.ts"

// The server's refusals in the reader's language (docs/browser-app.md, "Errors"): an error's tag
// and stable `code` name a sentence of these catalogs, its `params` fill it (an instant as a time
// in its zone and the reader's locale, a count with its plural, a name isolated for right-to-left
// text). Only a caller that asks gets them: the browser app sends `X-Herald-Locale`; without it
// (API callers, tests/contract) the error's own English `message` answers, as before. A reader of
// English reads that message too (the browser puts its times on their clock, ui/viewerClock.ts):
// the English catalog is the reference the other three are checked against and translated from.
// A refusal with no sentence here (no code, or a code without words) answers in its English `message`.

/** Every language's catalog, by APP_LANGUAGES tag. */
export const REFUSAL_CATALOGS: Readonly<Record<AppLanguage, RefusalCatalog>> = { en, es, "pt-BR": ptBR, de }

const instance = i18next.createInstance()
void instance.init({
  resources: Object.fromEntries(
    Object.entries(REFUSAL_CATALOGS).map(([language, catalog]) => [language, { translation: catalog }])
  ),
  lng: "en",
  // every key is in every catalog (tests/unit/web/refusalTranslations.test.ts); a missing one is null here
  fallbackLng: false,
  initAsync: false,
  // React escapes what it renders; a value is never read as a key or a nesting
  interpolation: { escapeValue: false, skipOnVariables: true },
  returnNull: false,
  returnObjects: false
})

/** Who reads the answer: the language of its words and the locale of its dates and numbers. */
export interface ErrorReader {
  readonly language: AppLanguage
  readonly locale: string
}

/**
 * The `X-Herald-Locale` header (a BCP 47 tag, the browser app's formatting locale) of a reader of
 * Spanish, Portuguese or German, or null: the errors' English messages, as before.
 */
export const errorReaderOf = (header: string | null | undefined): ErrorReader | null => {
  const tag = header?.trim() ?? ""
  if (tag === "" || tag.length > 35) return null
  try {
    const [locale] = Intl.getCanonicalLocales(tag)
    if (locale === undefined) return null
    const language = matchLanguage([locale])
    return language === "en" ? null : { language, locale }
  } catch {
    return null
  }
}

type Params = Readonly<Record<string, string | number>>

const isParams = (value: unknown): value is Params =>
  typeof value === "object" &&
  value !== null &&
  Object.values(value).every((v) => typeof v === "string" || typeof v === "number")

/** First-strong isolate … pop directional isolate: a name in Arabic keeps its order inside any sentence. */
const isolate = (text: string) => `\u2068${text}\u2069`

/** Params whose value is a key of a list of words in the catalog. */
const WORD_LISTS: Readonly<Record<string, string>> = {
  state: "messageState",
  userStatus: "userStatus",
  feature: "gatewayFeature",
  sessionStatus: "sessionState"
}
/** Params that are names or addresses people wrote. */
const NAMES: ReadonlySet<string> = new Set(["name", "admin", "zone", "engine", "option", "value"])

/** A zone by its place as the browser app's pages name it (`Zeit in Berlin`); `UTC`, `UTC-5` as they are. */
const zoneName = (timeZone: string, language: AppLanguage): string => {
  const label = zoneLabel(timeZone)
  if (!label.endsWith(" time")) return label
  const named: string = instance.getFixedT(language)("zone", {
    place: label.slice(0, -" time".length),
    defaultValue: label
  })
  return named
}

/** A sentence of the catalogs, or null when `key` has none in `reader`'s language. */
export const sentence = (reader: ErrorReader, key: string, params: Params = {}, now = Date.now()): string | null =>
  worded(reader, key, params, now, true)

/** `outermost`: the sentence itself, capitalised; else a reason inside another, after its colon, as written. */
const worded = (reader: ErrorReader, key: string, params: Params, now: number, outermost: boolean): string | null => {
  const language = reader.language
  const t = instance.getFixedT(language)
  const values: Record<string, string | number> = {}
  const timeZone = typeof params["timeZone"] === "string" ? params["timeZone"] : "UTC"
  for (const [name, value] of Object.entries(params)) {
    const list = WORD_LISTS[name]
    if (name === "reasonCode") {
      // a refusal worded inside another (a copy's message): without its words, neither has any
      const { reasonCode: _, ...inner } = params
      const reason = worded(reader, `InvalidCampaign.${value}`, inner, now, false)
      if (reason === null) return null
      values["reason"] = reason
      continue
    }
    if (name.endsWith("At") && typeof value === "number")
      values[name] = readerTime(value, { timeZone, locale: reader.locale, language }, now, zoneName)
    else if (list !== undefined)
      // a value the list has no words for: its OTHER where there is one (a gateway's new state), else as it is
      values[name] = t(`${list}.${value}`, { defaultValue: t(`${list}.OTHER`, { defaultValue: String(value) }) })
    else if (NAMES.has(name) && typeof value === "string") values[name] = isolate(value)
    // a count stays a number for its plural form: the catalogs format it ({{count, number}})
    else if (typeof value === "number" && name !== "count") values[name] = value.toLocaleString(reader.locale)
    else values[name] = value
  }
  if (!instance.exists(key, { lng: language, ...values })) return null
  // a key naming a group of sentences (a tag whose refusal has no code) is no sentence
  if (typeof instance.getResource(language, "translation", key) === "object") return null
  // defaultValue lets `t` take any key where the browser app's typed keys are in scope too
  const text: string = t(key, { ...values, defaultValue: key })
  // a value the caller did not give leaves its {{name}}: no sentence, the English message answers
  if (text === key || text.includes("{{")) return null
  // a sentence may open with a date, which Intl writes in lower case in Spanish and Portuguese
  return outermost ? `${text.charAt(0).toLocaleUpperCase(reader.locale)}${text.slice(1)}` : text
}

/** An application error's sentence: `<tag>` or `<tag>.<code>`, filled from its params; null when it has none. */
export const refusalSentence = (reader: ErrorReader, error: object): string | null => {
  const tag = "_tag" in error && typeof error._tag === "string" ? error._tag : null
  if (tag === null) return null
  const code = "code" in error && typeof error.code === "string" ? error.code : undefined
  const params = "params" in error && isParams(error.params) ? error.params : {}
  return sentence(reader, code === undefined ? tag : `${tag}.${code}`, params)
}

/** `text (error id …)` in the reader's words. */
export const withErrorId = (reader: ErrorReader, text: string, id: string): string =>
  sentence(reader, "withErrorId", { text, id }) ?? `${text} (error id ${id})`
