import type { CampaignView } from "../ports/CampaignRepository.ts"
import type { MessageView } from "../ports/MessageRepository.ts"

/** campaign.list's item: progress counted over the campaign's messages (deleted ones excluded). */
export const campaignSummary = (campaign: CampaignView, messages: ReadonlyArray<MessageView>) => {
  const live = messages.filter((m) => !m.isDeleted)
  const next = live
    .filter((m) => m.status === "SCHEDULED")
    .reduce<number | null>((min, m) => (min === null || m.scheduledAt < min ? m.scheduledAt : min), null)
  return {
    id: campaign.id,
    title: campaign.title,
    status: campaign.status,
    group: { groupId: campaign.groupId, groupName: campaign.groupName },
    totalMessages: live.length,
    sentMessages: live.filter((m) => m.isSent).length,
    /** sent messages the gateway reported delivered (to at least one phone of the group) */
    deliveredMessages: live.filter((m) => m.deliveredAt !== null).length,
    /** epoch ms of the earliest message still to send; null when none is */
    nextScheduledAt: next
  }
}

export type CampaignSummary = ReturnType<typeof campaignSummary>
