/** How often a campaign's sent polls are asked again while its page is open, in the first hour: votes show as they arrive. */
export const POLL_RESULTS_MS = 5_000
/** ... and after that hour, when few votes still come. */
export const POLL_RESULTS_LATER_MS = 60_000
const FRESH_MS = 60 * 60_000

/**
 * The wait before a campaign's polls are asked again: short while one of them was sent in the last
 * hour (or its send time is not known yet), else a minute.
 */
export const pollRefreshMs = (sentAts: Iterable<number | null>, now: number): number => {
  for (const sentAt of sentAts) if (sentAt === null || now - sentAt < FRESH_MS) return POLL_RESULTS_MS
  return POLL_RESULTS_LATER_MS
}
