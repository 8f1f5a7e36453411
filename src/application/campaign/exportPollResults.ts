import { Effect } from "effect"
import { pollResultsCsv } from "../../domain/poll/pollCsv.ts"
import { getPollResults } from "./getPollResults.ts"

/**
 * A poll's results as a CSV file (pollResultsCsv): one row per voter, the times on the organiser's
 * wall clock (`timeZone`, their preference; UTC until they have one).
 */
export const exportPollResults = Effect.fn("exportPollResults")(function* (
  user: { readonly id: string; readonly timeZone: string | null },
  campaignId: string,
  messageId: string
) {
  const results = yield* getPollResults(user.id, campaignId, messageId)
  const zone = user.timeZone ?? "UTC"
  return {
    filename: `poll-results-${results.messageId}.csv`,
    csv: pollResultsCsv(results.votes, zone)
  }
})
