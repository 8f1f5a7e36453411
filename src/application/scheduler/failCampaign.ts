import { Clock, Effect } from "effect"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"

/** Any error while processing a message sets its campaign FAILED, with the reason. */
export const failCampaign = Effect.fnUntraced(function* (campaignId: string, messageId: string | null, reason: string) {
  const now = yield* Clock.currentTimeMillis
  yield* execute(CampaignAggregate)(campaignId, { type: "Fail", reason, messageId, now })
})
