import type { CampaignView } from "../ports/CampaignRepository.ts"
import type { MessageView } from "../ports/MessageRepository.ts"

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString())

/** campaign.list's item: progress counted over the campaign's messages (deleted ones excluded). */
export const campaignSummary = (campaign: CampaignView, messages: ReadonlyArray<MessageView>) => {
  const live = messages.filter((m) => !m.isDeleted)
  const next = live.filter((m) => m.status === "SCHEDULED").reduce<number | null>((min, m) => (min === null || m.scheduledAt < min ? m.scheduledAt : min), null)
  return {
    id: campaign.id,
    title: campaign.title,
    status: campaign.status,
    group: { groupId: campaign.groupId, groupName: campaign.groupName },
    totalMessages: live.length,
    sentMessages: live.filter((m) => m.isSent).length,
    /** sent messages the gateway reported delivered (to at least one phone of the group) */
    deliveredMessages: live.filter((m) => m.deliveredAt !== null).length,
    nextScheduledAt: iso(next)
  }
}

/** campaign.get's message. */
export const campaignMessage = (m: MessageView) => ({
  id: m.id,
  content: m.content,
  scheduledAt: new Date(m.scheduledAt).toISOString(),
  status: m.status,
  isSent: m.isSent,
  isPicked: m.isPicked,
  isDeleted: m.isDeleted,
  sentAt: iso(m.sentAt),
  // delivery receipts from the gateway's webhook: when first delivered / read, and for a group how many members
  isDelivered: m.deliveredAt !== null,
  deliveredAt: iso(m.deliveredAt),
  isRead: m.readAt !== null,
  readAt: iso(m.readAt),
  deliveredCount: m.deliveredCount,
  readCount: m.readCount,
  ...(m.failureReason === null ? {} : { failureReason: m.failureReason })
})
