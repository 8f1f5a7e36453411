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

/** "3 groups", "2 groups and 1 channel", "2 channels": what a campaign of several targets goes to (in the language on screen). */
export const targetsCount = (targets: ReadonlyArray<{ readonly groupId: string }>): string => {
  const channels = targets.filter(isChannel).length
  const groups = targets.length - channels
  if (channels === 0) return i18next.t("units.groups", { count: groups })
  if (groups === 0) return i18next.t("units.channels", { count: channels })
  return i18next.t("units.groupsAndChannels", {
    groups: i18next.t("units.groups", { count: groups }),
    channels: i18next.t("units.channels", { count: channels })
  })
}
