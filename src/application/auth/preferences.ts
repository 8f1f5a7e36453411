import { Effect } from "effect"
import { canonicalLocale } from "../../domain/shared/locale.ts"
import { canonicalZone } from "../../domain/shared/zoneNames.ts"
import { InvalidPreferences } from "./AuthErrors.ts"

/** How mails read to someone: their IANA time zone and BCP 47 locale, null when not known (UTC, en-US). */
export interface Preferences {
  readonly timeZone: string | null
  readonly locale: string | null
}

/**
 * The preferences in their one spelling, or InvalidPreferences naming the first unknown value: a
 * zone must be one Intl knows (its canonical, current name is kept), a locale a well-formed BCP 47
 * tag (kept canonical). Checked here, before any command, so nothing is changed on a bad one.
 */
export const checkPreferences = (input: Preferences): Effect.Effect<Preferences, InvalidPreferences> => {
  const timeZone = input.timeZone === null ? null : canonicalZone(input.timeZone)
  if (input.timeZone !== null && timeZone === null)
    return Effect.fail(new InvalidPreferences({ field: "timeZone", value: input.timeZone }))
  const locale = input.locale === null ? null : canonicalLocale(input.locale)
  if (input.locale !== null && locale === null)
    return Effect.fail(new InvalidPreferences({ field: "locale", value: input.locale }))
  return Effect.succeed({ timeZone, locale })
}

/**
 * What an anonymous form sent (sign-up, forgot password): the valid values, an unknown one as null.
 * The browser's own, never worth refusing the request for: the mail then reads in UTC.
 */
export const offeredPreferences = (input: {
  readonly timeZone?: string | undefined
  readonly locale?: string | undefined
}): Preferences => ({
  timeZone: input.timeZone === undefined ? null : canonicalZone(input.timeZone),
  locale: input.locale === undefined ? null : canonicalLocale(input.locale)
})
