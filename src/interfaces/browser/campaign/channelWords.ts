import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"

// What the browser app says about WhatsApp Channels as targets (issue 25 item 1): the same rules
// planning enforces (application/campaign/channelSupport.ts), said before the organiser asks.

export const isChannel = (target: { readonly groupId: string }): boolean => targetKindOf(target.groupId) === "channel"

export const hasChannel = (targets: ReadonlyArray<{ readonly groupId: string }>): boolean => targets.some(isChannel)

/** Beside "mention everyone" when a channel is chosen. */
export const CHANNEL_MENTION_NOTE =
  "Not for channels: a WhatsApp channel has followers, not members to mention. Mentioning everyone works in groups only; send it to groups in a campaign of their own."

/** Beside "attach" when a channel is chosen. */
export const CHANNEL_FILES_NOTE =
  "WhatsApp channels take images but not documents (PDF, Word…): send a document to groups in a campaign of their own."

/** Where a group's copies show delivered and read. */
export const CHANNEL_RECEIPTS_NOTE =
  "WhatsApp does not tell channel admins who received or read a post, so a channel's messages show as sent only."

/** After "Sent at …" on a channel's message. */
export const CHANNEL_POST_RECEIPTS = "WhatsApp does not tell channel admins who received or read it."

/** In place of the votes on a channel's sent poll: WAHA reports none (channelSupport.ts). */
export const CHANNEL_POLL_VOTES =
  "WhatsApp does not tell Herald how people vote on a channel's poll; see the results in WhatsApp."

const counted = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`

/**
 * "3 groups", "2 groups and 1 channel", "1 group and your Status", "2 groups, 1 channel and your
 * Status": what a campaign of several targets goes to (the Status is not a group).
 */
export const targetsCount = (targets: ReadonlyArray<{ readonly groupId: string }>): string => {
  const channels = targets.filter(isChannel).length
  const status = targets.some((t) => targetKindOf(t.groupId) === "status")
  const groups = targets.length - channels - (status ? 1 : 0)
  const parts = [
    ...(groups > 0 ? [counted(groups, "group")] : []),
    ...(channels > 0 ? [counted(channels, "channel")] : []),
    ...(status ? ["your Status"] : [])
  ]
  if (parts.length === 0) return counted(0, "group")
  return parts.length === 1 ? parts.join("") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`
}

/** What a screen reader hears before a campaign's targets: "Group: ", "Channels: ", "Groups and channels: ". */
export const targetsPrefix = (targets: ReadonlyArray<{ readonly groupId: string }>): string => {
  const channels = targets.filter(isChannel).length
  const groups = targets.length - channels
  if (channels === 0) return groups > 1 ? "Groups: " : "Group: "
  if (groups === 0) return channels > 1 ? "Channels: " : "Channel: "
  return `${groups > 1 ? "Groups" : "Group"} and ${channels > 1 ? "channels" : "channel"}: `
}

/** Whether channels are among a campaign's targets, for its progress: none, some, or every one. */
export const channelShare = (targets: ReadonlyArray<{ readonly groupId: string }>): "none" | "some" | "all" => {
  const channels = targets.filter(isChannel).length
  return channels === 0 ? "none" : channels === targets.length ? "all" : "some"
}
