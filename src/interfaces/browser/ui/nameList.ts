// Lists of names people wrote (groups, channels, contacts), in the words of the language on
// screen. Intl.ListFormat puts the commas and the "and" where each language wants them; the
// caller isolates each name (<bdi>), so a list whose first name is Arabic stays a left-to-right
// list of right-to-left names instead of turning the whole list around.

import i18next from "i18next"
import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"
import type { MadeUpTitle } from "../../../domain/campaign/defaultTitle.ts"
import { formattingLocale } from "../i18n/language.ts"

/** An item of a list: a name someone wrote, or words of the app's own (the Status: "your Status"). */
export type ListItem = string | { readonly ownWords: string }

/** One piece of a list: a name to isolate, or the words between and after the names. */
export interface ListPart {
  readonly text: string
  /** true: a name someone wrote (render it in <bdi>); false: the list's own words */
  readonly isName: boolean
}

const formats = new Map<string, Intl.ListFormat>()
const listFormat = (locale: string): Intl.ListFormat => {
  let format = formats.get(locale)
  if (format === undefined) {
    format = new Intl.ListFormat(locale, { style: "long", type: "conjunction" })
    formats.set(locale, format)
  }
  return format
}

/**
 * `names` as one list, ending in "and 3 more" when `more` names are left out: "Club A and Club B",
 * "Club A, Club B and 3 more" (the locale's own commas: en-US writes "Club B, and 3 more").
 */
export const nameListParts = (
  names: ReadonlyArray<ListItem>,
  more = 0,
  locale: string = formattingLocale()
): ReadonlyArray<ListPart> => {
  const texts = names.map((n) => (typeof n === "string" ? n : n.ownWords))
  const items = more > 0 ? [...texts, i18next.t("groups.more", { count: more })] : texts
  let element = 0
  return listFormat(locale)
    .formatToParts(items)
    .map((part) => {
      if (part.type === "literal") return { text: part.value, isName: false }
      const item = names[element++]
      return { text: part.value, isName: typeof item === "string" }
    })
}

/** The same list as plain text (for an accessible name, where no markup goes). */
export const nameListText = (names: ReadonlyArray<ListItem>, more = 0, locale?: string): string =>
  nameListParts(names, more, locale)
    .map((p) => p.text)
    .join("")

/**
 * A target as a list names it: the name its people gave it, or for the Status (whose stored name is
 * Herald's English "My Status") the app's own words in the language on screen.
 */
export const targetItem = (target: { readonly groupId: string; readonly groupName: string }): ListItem =>
  targetKindOf(target.groupId) === "status"
    ? { ownWords: i18next.t("units.yourStatus") }
    : target.groupName.trim() || target.groupId

/** A target's name as plain text: the Status in the app's words, any other as its people named it. */
export const targetLabel = (target: { readonly groupId: string; readonly groupName: string }): string => {
  const item = targetItem(target)
  return typeof item === "string" ? item : item.ownWords
}

/** A campaign's targets, the first two by name and the rest counted ("Club A, Club B and 3 more"). */
export const targetNames = (
  targets: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>,
  shown = 2
): { readonly names: ReadonlyArray<ListItem>; readonly more: number } => {
  const names = targets.map(targetItem)
  if (names.length <= shown) return { names, more: 0 }
  return { names: names.slice(0, shown), more: names.length - shown }
}

/** A campaign's title as plain text (for an accessible name): as `CampaignTitle` shows it. */
export const campaignTitleText = (title: string, madeUp: MadeUpTitle | null): string => {
  if (madeUp !== null) return nameListText([targetItem(madeUp.first)], madeUp.more)
  return title.trim() === "" ? i18next.t("campaigns.untitled") : title
}

/**
 * The direction of the element holding a campaign's title: its own (dir="auto") for words someone
 * wrote; none for a made-up one, whose words are the page's and whose name sits in its own <bdi>.
 */
export const campaignTitleDir = (madeUp: MadeUpTitle | null): "auto" | undefined =>
  madeUp === null ? "auto" : undefined
