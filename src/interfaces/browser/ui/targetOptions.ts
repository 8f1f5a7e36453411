import i18next from "i18next"
// The TargetPicker's logic without React: its page size, how pages become one list, and what a
// search box's text asks the server for.

export type TargetKind = "groups" | "contacts" | "channels"

/** A listed group or contact: the shape of TargetPicker's `Target`, and a contact's number. */
export interface PickerOption {
  readonly groupId: string
  readonly groupName: string
  /** a contact's phone number, shown under its name */
  readonly number?: string
  /** a channel's role and followers, shown under its name */
  readonly note?: string
}

/** A channel as user.getMessagingChannels lists it. */
export interface ListedChannel {
  readonly channelId: string
  readonly name: string
  readonly role: string
  readonly subscribers: number | null
}

/** A channel as the picker lists it: its id is the target's, its role and followers under its name. */
export const channelOption = (c: ListedChannel): PickerOption => {
  const role = c.role === "OWNER" ? i18next.t("helpers.owner") : i18next.t("helpers.admin")
  const followers = c.subscribers === null ? null : i18next.t("helpers.followers", { count: c.subscribers })
  // two facts side by side, not one sentence: a separator joins them in every language
  return {
    groupId: c.channelId,
    groupName: c.name || c.channelId,
    note: followers === null ? role : `${role} · ${followers}`
  }
}

export const PAGE_SIZE = 10
export const SEARCH_DEBOUNCE_MS = 300

/**
 * The options of all pages loaded so far, in order, each chat once (pages are offsets into a
 * list the gateway may change between two requests, so one can show up twice).
 */
export const optionsOf = (
  pages: ReadonlyArray<{ readonly items: ReadonlyArray<PickerOption> }>
): ReadonlyArray<PickerOption> => {
  const seen = new Set<string>()
  const out: Array<PickerOption> = []
  for (const page of pages) {
    for (const item of page.items) {
      if (seen.has(item.groupId)) continue
      seen.add(item.groupId)
      out.push({
        groupId: item.groupId,
        groupName: item.groupName,
        ...(item.number === undefined ? {} : { number: item.number }),
        ...(item.note === undefined ? {} : { note: item.note })
      })
    }
  }
  return out
}

/** The server's input for a search box's text: blank means no filter. */
export const searchInput = (text: string): string | undefined => {
  const trimmed = text.trim()
  return trimmed === "" ? undefined : trimmed.slice(0, 100)
}
