import type { MessageStatus } from "../message/Message.ts"
import { isWithdrawnResend, unansweredFailures } from "../message/Message.ts"
import type { CampaignGroup, CampaignStatus } from "./Campaign.ts"

/**
 * Where one target group of a campaign stands, derived from that group's copies of the messages
 * by the rules the campaign's own status and counters follow:
 * - a message whose resend stands (neither deleted nor cancelled) is left out: the resend takes
 *   its place (as `countersOf` counts);
 * - FAILED while one of its messages failed, was missed or has an unknown outcome with no
 *   standing resend (as a campaign stays FAILED, `unansweredFailures`);
 * - COMPLETED when every one of its non-deleted messages is sent (also when none is left);
 * - CANCELLED when the campaign is and something of the group was left unsent;
 * - PAUSED when the campaign is and something of the group is still to go;
 * - IN_PROGRESS once one is sent or being sent, SCHEDULED before.
 */
export type TargetStatus = "SCHEDULED" | "IN_PROGRESS" | "COMPLETED" | "FAILED" | "CANCELLED" | "PAUSED"

export interface TargetState extends CampaignGroup {
  readonly status: TargetStatus
  readonly totalMessages: number
  readonly sentMessages: number
  /** failed, missed or outcome-unknown messages no standing resend answers */
  readonly failedMessages: number
}

/** What the derivation reads of a message (a read model's view has it all). */
export interface TargetMessage {
  readonly id: string
  readonly groupId: string
  readonly status: MessageStatus
  readonly isSent: boolean
  readonly isDeleted: boolean
  readonly resentAs: string | null
}

/** Each target's state, in the targets' order; messages of groups not among them are ignored. */
export const targetStates = (
  campaignStatus: CampaignStatus,
  targets: ReadonlyArray<CampaignGroup>,
  messages: ReadonlyArray<TargetMessage>
): Array<TargetState> => {
  const standing = new Set<string>()
  // by status, as isWithdrawnResend: a skipped resend stands for its first
  for (const m of messages) if (!isWithdrawnResend(m.status)) standing.add(m.id)
  return targets.map((target) => {
    const own = messages.filter((m) => m.groupId === target.groupId)
    const counted = own.filter((m) => !m.isDeleted && !(m.resentAs !== null && standing.has(m.resentAs)))
    const totalMessages = counted.length
    const sentMessages = counted.filter((m) => m.isSent).length
    // a resend is the group's own too (it keeps its first's target), so the group's list says which stand
    const failedMessages = unansweredFailures(own).length
    const status: TargetStatus =
      failedMessages > 0
        ? "FAILED"
        : sentMessages === totalMessages
          ? "COMPLETED"
          : campaignStatus === "CANCELLED"
            ? "CANCELLED"
            : campaignStatus === "PAUSED"
              ? "PAUSED"
              : sentMessages > 0 || counted.some((m) => m.status === "PICKED")
                ? "IN_PROGRESS"
                : "SCHEDULED"
    return {
      groupId: target.groupId,
      groupName: target.groupName,
      ...(target.statusPost === undefined ? {} : { statusPost: target.statusPost }),
      status,
      totalMessages,
      sentMessages,
      failedMessages
    }
  })
}

/**
 * What kind of chat a target is, from its id alone (docs/reach.md, "Plan for Herald (channels)"):
 * `…@newsletter` a WhatsApp Channel, `status@broadcast` the number's Status, anything else a
 * group (or a contact's chat, which Herald sends to as to a group). A campaign keeps no kind of
 * its own, so campaigns saved before channels read as before.
 */
export type TargetKind = "group" | "channel" | "status"

export const targetKindOf = (id: string): TargetKind =>
  id === "status@broadcast" ? "status" : id.endsWith("@newsletter") ? "channel" : "group"
