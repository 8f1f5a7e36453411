import { Fragment } from "react"
import { useTranslation } from "react-i18next"
import { nameListParts, targetNames } from "./nameList.ts"

/** Names people wrote as one list in the language on screen, each name in its own <bdi>. */
export const NameList = ({ names, more = 0 }: { readonly names: ReadonlyArray<string>; readonly more?: number }) => {
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
