import { Effect } from "effect"
import type { CampaignStatus } from "../../domain/campaign/Campaign.ts"
import { targetKindOf } from "../../domain/campaign/CampaignTargets.ts"
import { CampaignRepository, targetsOf } from "../ports/CampaignRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"

/** Campaigns that still have something to do. */
const ACTIVE: ReadonlyArray<CampaignStatus> = ["DRAFT", "SCHEDULED", "IN_PROGRESS", "PAUSED"]

/**
 * user.getMessagingSession: the caller's session with its groups (those its campaigns
 * target) and each group's active campaigns, instants in epoch ms; null when the caller has no
 * connected session. Reads the session's groups and its active campaigns (an index on session
 * and status), never its finished campaigns.
 */
export const getMessagingSession = Effect.fnUntraced(function* (userId: string) {
  const session = yield* (yield* SessionRepository).findActiveByUser(userId)
  if (session === null) return null
  const repository = yield* CampaignRepository
  // each group named as its newest campaign names it: a group may have been renamed
  // the number's Status is a campaign target but no group of the session's
  const groups = (yield* repository.groupsBySession(session.id)).filter((g) => targetKindOf(g.groupId) !== "status")
  const active = yield* repository.listBySession(session.id, ACTIVE)
  const withCampaigns = groups.map((g) => ({
    id: `${session.id}:${g.groupId}`,
    groupName: g.groupName,
    groupId: g.groupId,
    campaigns: active
      .filter((c) => targetsOf(c).some((t) => t.groupId === g.groupId))
      .map((c) => ({ id: c.id, title: c.title, status: c.status }))
  }))
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
    groups: withCampaigns
  }
})
