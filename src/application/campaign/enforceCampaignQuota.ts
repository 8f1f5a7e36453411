import { Effect } from "effect"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { CampaignQuotaExceeded } from "./CampaignErrors.ts"
import { CampaignQuota } from "./CampaignQuota.ts"

const count = (n: number) => n.toLocaleString("en-US")

/**
 * Refuses a new campaign of `messages` messages that would take the user over a limit of
 * CampaignQuota (`campaigns`: how many campaigns it opens; a resend opens its campaign again
 * only if nothing else of it is pending). Counted on the read models (a user's messages are those of their sessions,
 * logged-out ones included): cheap, but blind to what another create is writing right now, so
 * callers run it and the create under one lock per user (see planCampaign).
 */
export const enforceCampaignQuota = Effect.fn("enforceCampaignQuota")(function* (
  userId: string,
  messages: number,
  campaigns = 1
) {
  const quota = yield* CampaignQuota
  const sessionIds = yield* (yield* SessionRepository).listIdsByUser(userId)
  const pending = yield* (yield* MessageRepository).countPending(sessionIds)
  const over: Array<string> = []
  const campaignsOver = campaigns > 0 && pending.campaigns + campaigns > quota.maxOpenCampaigns
  const messagesOver = pending.messages + messages > quota.maxPendingMessages
  if (campaignsOver) {
    over.push(
      `this campaign would bring your open campaigns to ${count(pending.campaigns + campaigns)}; the limit is ${count(quota.maxOpenCampaigns)}`
    )
  }
  if (messagesOver) {
    over.push(
      `this campaign would bring your pending messages to ${count(pending.messages + messages)}; the limit is ${count(quota.maxPendingMessages)}`
    )
  }
  if (over.length > 0) {
    return yield* new CampaignQuotaExceeded({
      message: `${over.join("; and ")} (cancel a campaign or delete messages, or wait until some are sent)`,
      code: campaignsOver && messagesOver ? "both" : campaignsOver ? "campaigns" : "messages",
      params: {
        campaigns: pending.campaigns + campaigns,
        campaignLimit: quota.maxOpenCampaigns,
        messages: pending.messages + messages,
        messageLimit: quota.maxPendingMessages
      }
    })
  }
})
