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
