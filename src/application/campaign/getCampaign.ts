import { Effect } from "effect"
import { targetKindOf, targetStates } from "../../domain/campaign/CampaignTargets.ts"
import { CampaignRepository, countersOf, madeUpTitleOfView, targetsOf } from "../ports/CampaignRepository.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"
import { ownedCampaign } from "./ownedCampaign.ts"

/**
 * campaign.get: the campaign with every message (as stored: instants in epoch ms), its flags and
 * failure reason, and where each of its target groups stands (`targetStates`, from that group's
 * messages) with its kind (`targetKindOf`: group, channel or Status).
 */
export const getCampaign = Effect.fn("getCampaign")(function* (userId: string, campaignId: string) {
  const campaign = yield* ownedCampaign(userId, campaignId)
  // on the messages' campaign index: this campaign's messages, not the user's
  const messages = yield* (yield* MessageRepository).listByCampaign(campaign.id)
  // Counters behind the messages read here (a process died between a message's save and its
  // recount; two recounts raced on FerretDB): recount them, at the price of a comparison.
  if (campaign.counters !== null && campaign.counters.messageVersions < countersOf(messages).messageVersions) {
    yield* (yield* CampaignRepository).recount(campaign.id).pipe(Effect.ignore)
  }
  // Never counted: a view stored before counters existed (campaign.list only tallies it), or a
  // plan whose final count failed: counted and kept. (Opened while its plan is still being
  // scheduled, the rest of that plan then recounts per message: a cost for that plan alone.)
  if (campaign.counters === null) yield* (yield* CampaignRepository).count(campaign.id).pipe(Effect.ignore)
  return {
    id: campaign.id,
    title: campaign.title,
    /** planning made the title up (its first target and how many more): readers word it themselves; null: written */
    madeUpTitle: madeUpTitleOfView(campaign),
    status: campaign.status,
    group: { groupId: campaign.groupId, groupName: campaign.groupName },
    // each with its kind, from its id: a WhatsApp Channel's copies have no per-member receipts
    targets: targetStates(campaign.status, targetsOf(campaign), messages).map((t) => ({
      ...t,
      targetKind: targetKindOf(t.groupId)
    })),
    ...(campaign.failureReason === null ? {} : { failureReason: campaign.failureReason }),
    // its zone and rhythm as planned; absent on campaigns created before plans were kept
    ...(campaign.plan === null ? {} : { plan: campaign.plan }),
    messages
  }
})
