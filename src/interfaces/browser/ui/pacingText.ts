// What a pacing setting means to an organiser, in their words: what is set, and what it does to
// one message going to many groups (README "Using Herald", Pacing). Pure, so it is unit-tested.

import i18next from "i18next"
import { LOOKBACK_MS } from "../../../domain/message/Message.ts"
import type { SessionPacing } from "../../../domain/session/MessagingSession.ts"
import { sureToGoUnderPacing } from "../../../domain/session/MessagingSession.ts"
import { clockTime } from "../campaign/planWords.ts"

const plural = new Intl.PluralRules("en")

/** "1 group", "30 groups": the English plural rule, never "1 groups". */
export const countOf = (n: number, one: string, other: string): string =>
  `${n} ${plural.select(n) === "one" ? one : other}`

const seconds = (count: number) => i18next.t("units.seconds", { count })
const minutes = (count: number) => i18next.t("units.minutes", { count })
const groupsOf = (count: number) => i18next.t("units.groups", { count })

/** How late a due message may still go: past it, it is recorded missed (the scheduler's window). */
const LATEST_MINUTES = LOOKBACK_MS / 60_000

/** The example's message: one message to this many groups at 09:00. */
export const EXAMPLE_GROUPS = 30

/** "09:14" (en-GB) or "9:14 AM" (en-US): 09:00 plus `secondsAfter`, rounded down to the minute, on the locale's clock. */
const nineOClockPlus = (secondsAfter: number, locale: string | undefined) => {
  const minutes = 9 * 60 + Math.floor(secondsAfter / 60)
  const hhmm = `${String(Math.floor(minutes / 60) % 24).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`
  return clockTime(hhmm, locale)
}

/** What is set, e.g. "On: Herald waits at least 30 seconds between two messages from this number, plus up to 30 seconds more at random." */
export const pacingSummary = (pacing: SessionPacing): string => {
  if (pacing.minGapSeconds <= 0) return i18next.t("pacing.off")
  const gap = seconds(pacing.minGapSeconds)
  return pacing.jitterSeconds <= 0
    ? i18next.t("pacing.on", { gap })
    : i18next.t("pacing.onJitter", {
        gap,
        jitter: seconds(pacing.jitterSeconds),
        min: pacing.minGapSeconds,
        max: seconds(pacing.minGapSeconds + pacing.jitterSeconds)
      })
}

/** What the setting does to one message going to EXAMPLE_GROUPS groups at 09:00, times on `locale`'s clock (default the language on screen's, formattingLocale, through clockTime). */
export const pacingExample = (
  pacing: SessionPacing,
  locale: string | undefined = undefined,
  groups: number = EXAMPLE_GROUPS
): string => {
  const many = groupsOf(groups)
  const nine = nineOClockPlus(0, locale)
  const sure = sureToGoUnderPacing(pacing, LOOKBACK_MS)
  if (sure === null) return i18next.t("pacing.machine", { groups: many, nine })
  const spread = pacing.minGapSeconds + pacing.jitterSeconds
  // one group at a time: the last waits groups − 1 gaps, each between the gap and gap + jitter
  const earliest = nineOClockPlus((groups - 1) * pacing.minGapSeconds, locale)
  const latest = nineOClockPlus((groups - 1) * spread, locale)
  const until =
    earliest === latest
      ? i18next.t("pacing.atAbout", { time: latest })
      : i18next.t("pacing.between", { earliest, latest })
  if (sure >= groups) return i18next.t("pacing.oneAtATime", { groups: many, nine, until })
  // plans of at most `sure` groups, each starting once the one before is surely through
  const apart = Math.ceil((sure * spread) / 60)
  return i18next.t("pacing.tooLate", {
    count: sure,
    groups: many,
    nine,
    until,
    late: minutes(LATEST_MINUTES),
    most: groupsOf(sure),
    apart: minutes(apart)
  })
}
