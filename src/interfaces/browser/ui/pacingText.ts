// What a pacing setting means to an organiser, in their words: what is set, and what it does to
// one message going to many groups (README "Using Herald", Pacing). Pure, so it is unit-tested.

import { LOOKBACK_MS } from "../../../domain/message/Message.ts"
import type { SessionPacing } from "../../../domain/session/MessagingSession.ts"
import { sureToGoUnderPacing } from "../../../domain/session/MessagingSession.ts"
import { clockTime } from "../campaign/planWords.ts"

const plural = new Intl.PluralRules("en")

/** "1 group", "30 groups": the English plural rule, never "1 groups". */
export const countOf = (n: number, one: string, other: string): string =>
  `${n} ${plural.select(n) === "one" ? one : other}`

const seconds = (n: number) => countOf(n, "second", "seconds")

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
  if (pacing.minGapSeconds <= 0) return "Off: Herald sends each message as soon as it is due."
  const gap = `On: Herald waits at least ${seconds(pacing.minGapSeconds)} between two messages from this number`
  return pacing.jitterSeconds <= 0
    ? `${gap}.`
    : `${gap}, plus up to ${seconds(pacing.jitterSeconds)} more at random (${pacing.minGapSeconds} to ${seconds(pacing.minGapSeconds + pacing.jitterSeconds)} in all).`
}

/** What the setting does to one message going to EXAMPLE_GROUPS groups at 09:00, times on `locale`'s clock (default the viewer's). */
export const pacingExample = (
  pacing: SessionPacing,
  locale: string | undefined = undefined,
  groups: number = EXAMPLE_GROUPS
): string => {
  const many = countOf(groups, "group", "groups")
  const nine = nineOClockPlus(0, locale)
  const sure = sureToGoUnderPacing(pacing, LOOKBACK_MS)
  if (sure === null)
    return `A message to ${many} at ${nine} goes to all of them at ${nine}, one right after the other: quick, but that is how a machine sends.`
  const spread = pacing.minGapSeconds + pacing.jitterSeconds
  // one group at a time: the last waits groups − 1 gaps, each between the gap and gap + jitter
  const earliest = nineOClockPlus((groups - 1) * pacing.minGapSeconds, locale)
  const latest = nineOClockPlus((groups - 1) * spread, locale)
  const until = earliest === latest ? `at about ${latest}` : `between ${earliest} and ${latest}`
  if (sure >= groups) return `A message to ${many} at ${nine} reaches them one at a time, the last ${until}.`
  // plans of at most `sure` groups, each starting once the one before is surely through
  const apart = Math.ceil((sure * spread) / 60)
  return (
    `A message to ${many} at ${nine} would reach them one at a time, the last ${until}. ` +
    `But Herald never sends a message more than ${countOf(LATEST_MINUTES, "minute", "minutes")} late: only the first ${sure === 1 ? "group is" : `${sure} groups are`} sure to get it, ` +
    `so Herald will not let you plan it. Plan it as several campaigns instead, each to at most ${countOf(sure, "group", "groups")} ` +
    `and ${countOf(apart, "minute", "minutes")} after the one before, or lower the pacing.`
  )
}
