import i18next from "i18next"
import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"

// What the browser app says about WhatsApp Channels as targets (issue 25 item 1): the same rules
// planning enforces (application/campaign/channelSupport.ts), said before the organiser asks.

export const isChannel = (target: { readonly groupId: string }): boolean => targetKindOf(target.groupId) === "channel"

export const hasChannel = (targets: ReadonlyArray<{ readonly groupId: string }>): boolean => targets.some(isChannel)

/** Beside "mention everyone" when a channel is chosen. */
export const channelMentionNote = (): string => i18next.t("channels.mention")

/** Beside "attach" when a channel is chosen. */
export const channelFilesNote = (): string => i18next.t("channels.files")

/** Where a group's copies show delivered and read. */
export const channelReceiptsNote = (): string => i18next.t("channels.receipts")

/** In place of the votes on a channel's sent poll: WAHA reports none (channelSupport.ts). */
export const channelPollVotes = (): string => i18next.t("channels.pollVotes")

/**
 * "3 groups", "2 groups and 1 channel", "1 group and your Status", "2 groups, 1 channel and your
 * Status": what a campaign of several targets goes to (the Status is not a group), in the language on screen.
 */
export const targetsCount = (targets: ReadonlyArray<{ readonly groupId: string }>): string => {
  const channels = targets.filter(isChannel).length
  const status = targets.some((t) => targetKindOf(t.groupId) === "status")
  const groups = targets.length - channels - (status ? 1 : 0)
  const groupWords = i18next.t("units.groups", { count: groups })
  const channelWords = i18next.t("units.channels", { count: channels })
  if (status) {
    if (groups > 0 && channels > 0)
      return i18next.t("units.groupsChannelsAndStatus", { groups: groupWords, channels: channelWords })
    if (groups > 0) return i18next.t("units.andStatus", { targets: groupWords })
    if (channels > 0) return i18next.t("units.andStatus", { targets: channelWords })
    return i18next.t("units.yourStatus")
  }
  if (channels === 0) return groupWords
  if (groups === 0) return channelWords
  return i18next.t("units.groupsAndChannels", { groups: groupWords, channels: channelWords })
}

/** What a screen reader hears before a campaign's targets: "Group:", "Channels:", "Groups and channels:". */
export const targetsPrefix = (targets: ReadonlyArray<{ readonly groupId: string }>): string => {
  const channels = targets.filter(isChannel).length
  const groups = targets.length - channels
  if (channels === 0) return groups > 1 ? i18next.t("campaigns.groupsPrefix") : i18next.t("campaigns.groupPrefix")
  if (groups === 0) return channels > 1 ? i18next.t("campaigns.channelsPrefix") : i18next.t("campaigns.channelPrefix")
  if (groups > 1)
    return channels > 1 ? i18next.t("campaigns.groupsChannelsPrefix") : i18next.t("campaigns.groupsChannelPrefix")
  return channels > 1 ? i18next.t("campaigns.groupChannelsPrefix") : i18next.t("campaigns.groupChannelPrefix")
}

/** Whether channels are among a campaign's targets, for its progress: none, some, or every one. */
export const channelShare = (targets: ReadonlyArray<{ readonly groupId: string }>): "none" | "some" | "all" => {
  const channels = targets.filter(isChannel).length
  return channels === 0 ? "none" : channels === targets.length ? "all" : "some"
}
