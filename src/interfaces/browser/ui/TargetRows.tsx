import { Trans, useTranslation } from "react-i18next"
import { isChannel } from "../campaign/channelWords.ts"
import type { PickerOption, TargetKind } from "./targetOptions.ts"

// The searchable list's parts shared by the target picker (groups, contacts, channels) and the
// Status's contact chooser: the chosen as removable chips and the options as checkbox rows. Names
// are people's own words: each sits in a <bdi>, so an Arabic or Hebrew name reads right to left
// without turning the row, its number or its note around.

interface Named {
  readonly groupId: string
  readonly groupName: string
}

/** The chosen ones as chips, each with a button that takes it off. */
export const TargetChips = ({
  chosen,
  label,
  onRemove
}: {
  readonly chosen: ReadonlyArray<Named>
  /** the list's accessible name */
  readonly label: string
  readonly onRemove: (target: Named) => void
}) => {
  const { t } = useTranslation()
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {chosen.map((target) => {
        const name = target.groupName || target.groupId
        return (
          <li
            key={target.groupId}
            className="inline-flex items-center gap-1 rounded-full bg-sky-100 py-1 pr-1 pl-3 text-sm text-sky-950"
          >
            <span className="break-words">
              {isChannel(target) ? (
                <Trans i18nKey="picker.channelChip" values={{ name }} components={{ name: <bdi /> }} />
              ) : (
                <bdi>{name}</bdi>
              )}
            </span>
            <button
              type="button"
              aria-label={t("picker.remove", { name })}
              className="rounded-full px-2 text-sky-900 hover:bg-sky-200 focus-visible:outline-2 focus-visible:outline-sky-700"
              onClick={() => onRemove(target)}
            >
              ×
            </button>
          </li>
        )
      })}
    </ul>
  )
}

/** The options as checkbox rows: the name, a contact's number and a channel's note under it. */
export const TargetRows = ({
  legend,
  options,
  isChosen,
  full = false,
  name,
  onToggle
}: {
  readonly legend: string
  readonly options: ReadonlyArray<PickerOption>
  readonly isChosen: (groupId: string) => boolean
  /** no more can be chosen: the rows not chosen are disabled */
  readonly full?: boolean
  /** the checkboxes' form name */
  readonly name?: string
  readonly onToggle: (target: Named) => void
}) => {
  const { t } = useTranslation()
  return (
    <fieldset>
      <legend className="sr-only">{legend}</legend>
      <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
        {options.map((option) => {
          const on = isChosen(option.groupId)
          return (
            <li key={option.groupId}>
              <label
                className={`flex cursor-pointer items-center gap-3 px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-700 ${on ? "bg-sky-50 font-semibold" : "hover:bg-slate-50"}`}
              >
                <input
                  type="checkbox"
                  name={name}
                  value={option.groupId}
                  checked={on}
                  disabled={!on && full}
                  onChange={() => onToggle({ groupId: option.groupId, groupName: option.groupName })}
                  className="h-4 w-4 accent-sky-700"
                />
                <span className="min-w-0 flex-1 break-words">
                  <bdi>{option.groupName}</bdi>
                  {option.number !== undefined ? (
                    <span className="block text-xs font-normal text-slate-600">+{option.number}</span>
                  ) : null}
                  {option.note !== undefined ? (
                    <span className="block text-xs font-normal text-slate-600">{option.note}</span>
                  ) : null}
                </span>
                {on ? <span className="text-xs font-semibold text-sky-800">{t("picker.chosen")}</span> : null}
              </label>
            </li>
          )
        })}
      </ul>
    </fieldset>
  )
}

/** "No groups match “…”.": the search as typed, isolated (it may be Arabic). */
export const NoMatch = ({ kind, search }: { readonly kind: TargetKind; readonly search: string }) => {
  const components = { search: <bdi /> }
  switch (kind) {
    case "groups":
      return <Trans i18nKey="picker.noMatchGroups" values={{ search }} components={components} />
    case "contacts":
      return <Trans i18nKey="picker.noMatchContacts" values={{ search }} components={components} />
    case "channels":
      return <Trans i18nKey="picker.noMatchChannels" values={{ search }} components={components} />
  }
}
