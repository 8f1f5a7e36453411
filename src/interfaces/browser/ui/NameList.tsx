import { Fragment } from "react"
import { useTranslation } from "react-i18next"
import type { MadeUpTitle } from "../../../domain/campaign/defaultTitle.ts"
import type { ListItem } from "./nameList.ts"
import { nameListParts, targetItem, targetNames } from "./nameList.ts"

/** Names people wrote as one list in the language on screen, each name in its own <bdi>. */
export const NameList = ({ names, more = 0 }: { readonly names: ReadonlyArray<ListItem>; readonly more?: number }) => {
  // re-rendered when the language changes: the list's words are the language's
  useTranslation()
  return (
    <>
      {nameListParts(names, more).map((part, i) =>
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one list, never reordered
        part.isName ? <bdi key={i}>{part.text}</bdi> : <Fragment key={i}>{part.text}</Fragment>
      )}
    </>
  )
}

/** A campaign's targets by name: "Club A, Club B and 3 more", each name isolated. */
export const TargetNames = ({
  targets
}: {
  readonly targets: ReadonlyArray<{ readonly groupId: string; readonly groupName: string }>
}) => {
  const { names, more } = targetNames(targets)
  return <NameList names={names} more={more} />
}

/**
 * A campaign's title: the words its organiser wrote, or, for the one planning made up ("Club A and
 * 2 more", kept in English; the server says which: `madeUpTitle`), the same in the reader's
 * language with the name isolated. The element around it takes `campaignTitleDir(madeUp)`.
 */
export const CampaignTitle = ({ title, madeUp }: { readonly title: string; readonly madeUp: MadeUpTitle | null }) => {
  const { t } = useTranslation()
  if (madeUp !== null) return <NameList names={[targetItem(madeUp.first)]} more={madeUp.more} />
  return title.trim() === "" ? t("campaigns.untitled") : title
}
