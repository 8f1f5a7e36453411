import type { MadeUpTitle } from "../../domain/campaign/defaultTitle.ts"
import type { MailT } from "./mailWords.ts"

/**
 * A campaign's title as the reader reads it: the words someone wrote, or the one planning made up
 * ("Club A and 2 more", kept in English) in the reader's language.
 */
export const campaignTitleWords = (t: MailT, title: string, madeUp: MadeUpTitle | null | undefined): string => {
  if (madeUp === null || madeUp === undefined) return title
  const name = madeUp.first.groupName.trim() || madeUp.first.groupId
  return madeUp.more === 0 ? name : t("campaignTitle.madeUp", { name, count: madeUp.more })
}
