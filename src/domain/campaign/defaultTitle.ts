// The title a campaign gets when it is given none. Kept as written at planning (in English: the
// server does not know the reader); the browser recognises it and shows the same names in the
// reader's language, each name isolated (an Arabic first name would otherwise turn the title around).

/** A target as far as its title goes: its chat id and its name. */
export interface TitledTarget {
  readonly groupId: string
  readonly groupName: string
}

/** Its group's name, or "Club A and 2 more". */
export const defaultCampaignTitle = (targets: readonly [TitledTarget, ...Array<TitledTarget>]): string => {
  const [first, ...rest] = targets
  return rest.length === 0 ? first.groupName : `${first.groupName.trim() || first.groupId} and ${rest.length} more`
}

/** Whether `title` is the one planning made up for these targets (so not words someone wrote). */
export const isDefaultTitle = (title: string, targets: ReadonlyArray<TitledTarget>): boolean => {
  const [first, ...rest] = targets
  return first !== undefined && rest.length > 0 && title === defaultCampaignTitle([first, ...rest])
}
