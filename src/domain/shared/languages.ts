/**
 * The languages Herald's browser app is written in (docs/browser-app.md, "Languages"): English
 * first (what anything unmatched reads in). Shared by the browser app, which picks one, and the
 * server, which keeps the owner's choice on their account and writes their mails in it.
 */
export const APP_LANGUAGES = ["en", "es", "pt-BR", "de"] as const
export type AppLanguage = (typeof APP_LANGUAGES)[number]

export const isAppLanguage = (value: string): value is AppLanguage =>
  (APP_LANGUAGES as ReadonlyArray<string>).includes(value)

/**
 * The first of the wanted BCP 47 tags (a browser's navigator.languages, best first) Herald is
 * written in: the exact tag, else its language alone (`es-MX` → `es`, `pt-PT` and `pt` → `pt-BR`,
 * the one Portuguese); English when none matches.
 */
export const matchLanguage = (wanted: ReadonlyArray<string>): AppLanguage => {
  for (const tag of wanted) {
    const lower = tag.toLowerCase()
    const exact = APP_LANGUAGES.find((language) => language.toLowerCase() === lower)
    if (exact !== undefined) return exact
    const base = lower.split("-")[0]
    const byBase = APP_LANGUAGES.find((language) => language.toLowerCase().split("-")[0] === base)
    if (byBase !== undefined) return byBase
  }
  return "en"
}
