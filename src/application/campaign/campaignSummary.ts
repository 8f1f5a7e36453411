import type { CampaignGroup } from "../../domain/campaign/Campaign.ts"
import type { CampaignCounters, CampaignListing } from "../ports/CampaignRepository.ts"
import { madeUpTitleOfView } from "../ports/CampaignRepository.ts"

/** campaign.list's item: progress as the campaign's counters hold it (deleted messages excluded), over every group's copies. */
export const campaignSummary = (campaign: CampaignListing, counters: CampaignCounters) => ({
  id: campaign.id,
  title: campaign.title,
  /** planning made the title up (its first target and how many more): readers word it themselves; null: written */
  madeUpTitle: madeUpTitleOfView(campaign),
  status: campaign.status,
  group: { groupId: campaign.groupId, groupName: campaign.groupName },
  /**
   * every group the campaign sends to, `group` first; the Status's chosen contacts as their number
   * (campaign.get lists them: a Status may go to thousands)
   */
  targets: (campaign.targets ?? [{ groupId: campaign.groupId, groupName: campaign.groupName }]).map(
    ({ statusPost, ...target }: CampaignGroup) =>
      statusPost === undefined
        ? target
        : {
            ...target,
            statusPost: {
              backgroundColor: statusPost.backgroundColor,
              font: statusPost.font,
              contactCount: statusPost.contacts === null ? null : statusPost.contacts.length
            }
          }
  ),
  totalMessages: counters.totalMessages,
  sentMessages: counters.sentMessages,
  /** sent messages the gateway reported delivered (to at least one phone of the group) */
  deliveredMessages: counters.deliveredMessages,
  /** epoch ms of the earliest message still to send; null when none is */
  nextScheduledAt: counters.nextScheduledAt,
  /** its zone and rhythm as planned; absent on campaigns created before plans were kept */
  ...(campaign.plan === null ? {} : { plan: campaign.plan }),
  /** messages a cancel withdrew: with the total, what a cancelled campaign had planned */
  cancelledMessages: counters.cancelledMessages ?? 0,
  /** why it failed, as stored (for operators), when it did */
  ...(campaign.failureReason === null ? {} : { failureReason: campaign.failureReason })
})

export type CampaignSummary = ReturnType<typeof campaignSummary>
