import { Context } from "effect"

/**
 * Per-user limits on scheduled work (the web process's configuration). A message is pending
 * while it is SCHEDULED: not yet picked, sent, deleted, cancelled or missed. A campaign is open
 * while it has a pending message, whatever its status: a FAILED campaign whose other messages
 * still go out counts until they have gone or it is cancelled; a COMPLETED or CANCELLED one
 * never does.
 */
export interface CampaignQuotaShape {
  /** MAX_OPEN_CAMPAIGNS_PER_USER */
  readonly maxOpenCampaigns: number
  /** MAX_PENDING_MESSAGES_PER_USER */
  readonly maxPendingMessages: number
}

export const DEFAULT_CAMPAIGN_QUOTA: CampaignQuotaShape = { maxOpenCampaigns: 100, maxPendingMessages: 10_000 }

export const CampaignQuota = Context.Reference<CampaignQuotaShape>("herald/application/campaign/CampaignQuota", {
  defaultValue: () => DEFAULT_CAMPAIGN_QUOTA
})
