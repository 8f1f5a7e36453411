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

/**
 * Whether `title` reads as the one planning made up for these targets: how a campaign created
 * before CampaignCreated recorded `titleMadeUp` is read (newer ones say it themselves).
 */
export const isDefaultTitle = (title: string, targets: ReadonlyArray<TitledTarget>): boolean => {
  const [first, ...rest] = targets
  return first !== undefined && rest.length > 0 && title === defaultCampaignTitle([first, ...rest])
}

/** A made-up title as readers word it: its first target and how many more there are. */
export interface MadeUpTitle {
  readonly first: TitledTarget
  readonly more: number
}

/** The made-up title's parts for these targets (the first one named, the rest counted). */
export const madeUpTitleOf = (targets: readonly [TitledTarget, ...Array<TitledTarget>]): MadeUpTitle => ({
  first: { groupId: targets[0].groupId, groupName: targets[0].groupName },
  more: targets.length - 1
})
