import { Effect } from "effect"
import type { CampaignStatus } from "../../domain/campaign/Campaign.ts"
import { CampaignRepository } from "../ports/CampaignRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** Campaigns that still have something to do. */
const ACTIVE: ReadonlySet<CampaignStatus> = new Set(["DRAFT", "SCHEDULED", "IN_PROGRESS"])

/**
 * user.getMessagingSession: the caller's session with its groups (those its campaigns
 * target) and each group's active campaigns, instants in epoch ms; null when the caller has no
 * connected session.
 */
export const getMessagingSession = Effect.fnUntraced(function* (userId: string) {
  const session = yield* (yield* SessionRepository).findActiveByUser(userId)
  if (session === null) return null
  const campaigns = yield* (yield* CampaignRepository).listBySession(session.id)
  const groups = new Map<
    string,
    {
      id: string
      groupName: string
      groupId: string
      campaigns: Array<{ id: string; title: string; status: CampaignStatus }>
    }
  >()
  for (const c of campaigns) {
    const group = groups.get(c.groupId) ?? {
      id: `${session.id}:${c.groupId}`,
      groupName: c.groupName,
      groupId: c.groupId,
      campaigns: []
    }
    // the newest campaign names the group: a group may have been renamed
    group.groupName = c.groupName
    if (ACTIVE.has(c.status)) group.campaigns.push({ id: c.id, title: c.title, status: c.status })
    groups.set(c.groupId, group)
  }
  return {
    id: session.id,
    sessionName: session.sessionName,
    phoneNumber: session.phoneNumber,
    // what the gateway last reported through its webhook (null without GATEWAY_WEBHOOK_SECRET or before any report)
    gatewayStatus: session.gatewayStatus,
    gatewayStatusAt: session.gatewayStatusAt,
    userId: session.userId,
    createdAt: session.createdAt,
    updatedAt: session.updatedAt,
    groups: [...groups.values()]
  }
})
