import { Clock, Effect } from "effect"
import { parseMessageCsv } from "../../domain/campaign/messageCsv.ts"
import { isKnownTimeZone } from "../../domain/campaign/Recurrence.ts"
import { InvalidCampaign } from "./CampaignErrors.ts"

/**
 * campaign.importCsv: a CSV file of one-off messages read in `timeZone` now (parseMessageCsv),
 * every good row with its send time and every bad one named by its line. Saves nothing: the
 * rows become a campaign only through campaign.create, so nothing is saved before the user has
 * seen each bad row.
 */
export const readMessageCsv = Effect.fn("readMessageCsv")(function* (input: {
  readonly csv: string
  readonly timeZone: string
}) {
  if (!isKnownTimeZone(input.timeZone)) {
    return yield* new InvalidCampaign({
      message: `unknown time zone ${JSON.stringify(input.timeZone)}: use an IANA name such as Europe/Berlin`,
      code: "unknownTimeZone",
      params: { zone: input.timeZone },
      field: "timeZone"
    })
  }
  return parseMessageCsv(input.csv, input.timeZone, yield* Clock.currentTimeMillis)
})
