// Lists of names people wrote (groups, channels, contacts), in the words of the language on
// screen. Intl.ListFormat puts the commas and the "and" where each language wants them; the
// caller isolates each name (<bdi>), so a list whose first name is Arabic stays a left-to-right
// list of right-to-left names instead of turning the whole list around.

import i18next from "i18next"
import { isDefaultTitle } from "../../../domain/campaign/defaultTitle.ts"
import { formattingLocale } from "../i18n/language.ts"

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
  names: ReadonlyArray<string>,
  more = 0,
  locale: string = formattingLocale()
): ReadonlyArray<ListPart> => {
  const items = more > 0 ? [...names, i18next.t("groups.more", { count: more })] : [...names]
  let element = 0
  return listFormat(locale)
    .formatToParts(items)
    .map((part) => {
      if (part.type === "literal") return { text: part.value, isName: false }
      return { text: part.value, isName: element++ < names.length }
    })
}

/** The same list as plain text (for an accessible name, where no markup goes). */
export const nameListText = (names: ReadonlyArray<string>, more = 0, locale?: string): string =>
  nameListParts(names, more, locale)
    .map((p) => p.text)
    .join("")

/** A campaign's targets, the first two by name and the rest counted ("Club A, Club B and 3 more"). */
export const targetNames = (
  targets: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>,
  shown = 2
): { readonly names: ReadonlyArray<string>; readonly more: number } => {
  const names = targets.map((t) => t.groupName || t.groupId)
  if (names.length <= shown) return { names, more: 0 }
  return { names: names.slice(0, shown), more: names.length - shown }
}

/** A campaign's title as plain text (for an accessible name): as `CampaignTitle` shows it. */
export const campaignTitleText = (
  title: string,
  targets: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>
): string => {
  if (title.trim() === "") return i18next.t("campaigns.untitled")
  const first = targets[0]
  if (first === undefined || !isDefaultTitle(title, targets)) return title
  return nameListText([first.groupName.trim() || first.groupId], targets.length - 1)
}
