import { z } from "zod"
import type { AppLanguage } from "../../domain/shared/languages.ts"
import { APP_LANGUAGES, matchLanguage } from "../../domain/shared/languages.ts"

/** A language as the API takes it (auth.setLanguage): one of APP_LANGUAGES, or null for the browser's. */
export const AppLanguageInput = z.enum(APP_LANGUAGES).nullable()

/**
 * An account's language as a store or an event hands it back: one of APP_LANGUAGES, or null (no
 * choice: their browser's, as on views stored before languages existed). A tag written some other
 * way, or by another version ("pt", "es-MX", "fr"), is read as the nearest language Herald is
 * written in, else English: a stored value never stops an account from loading.
 */
export const StoredLanguage = z
  .string()
  .nullable()
  .transform((tag): AppLanguage | null => (tag === null ? null : matchLanguage([tag])))
