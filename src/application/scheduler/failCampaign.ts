import { Clock, Effect } from "effect"
import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"

/**
 * Any error while processing a message sets its campaign FAILED, with the reason; `group`, the
 * message's, is named in it when the campaign sends to several.
 */
export const failCampaign = Effect.fnUntraced(function* (
  campaignId: string,
  messageId: string | null,
  reason: string,
  group: CampaignGroup | null = null
) {
  const now = yield* Clock.currentTimeMillis
  yield* execute(CampaignAggregate)(campaignId, { type: "Fail", reason, messageId, group, now })
})
