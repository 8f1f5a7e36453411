import { useInfiniteQuery } from "@tanstack/react-query"
import i18next from "i18next"
import { useId, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { isChannel, targetsCount } from "../campaign/channelWords.ts"
import { useTRPC } from "../trpc.ts"
import { ErrorNote } from "./ErrorNote.tsx"
import { Button, TextField } from "./kit.tsx"
import { NoMatch, TargetChips, TargetRows } from "./TargetRows.tsx"
import type { TargetKind } from "./targetOptions.ts"
import { channelOption, optionsOf, PAGE_SIZE, SEARCH_DEBOUNCE_MS, searchInput } from "./targetOptions.ts"
import { useDebounced } from "./useDebounced.ts"

// Choose groups or contacts of the user's messaging session, up to `max`: Groups / Contacts, a
// search box (asked after typing pauses), a page at a time ("Show more" follows nextCursor),
// checkboxes, and several chosen ones as removable chips.

/** A chosen target: a group's or a contact's chat id and its name (contacts share the group shape). */
export interface Target {
  readonly groupId: string
  readonly groupName: string
}

export interface TargetPickerProps {
  /** the user's messaging session (getMessagingSession().session.sessionName) */
  readonly sessionName: string
  /** the server's validation message for the target, shown at the picker */
  readonly error?: string | null | undefined
  /** in the order chosen */
  readonly value: ReadonlyArray<Target>
  readonly onChange: (targets: ReadonlyArray<Target>) => void
  /** no more can be chosen once this many are */
  readonly max: number
}

/** The chosen ones and how a choice changes them. */
const selection = ({ value, onChange, max }: TargetPickerProps) => ({
  chosen: value,
  full: value.length >= max,
  toggle: (t: Target) =>
    onChange(
      value.some((v) => v.groupId === t.groupId)
        ? value.filter((v) => v.groupId !== t.groupId)
        : value.length >= max
          ? value
          : [...value, t]
    ),
  remove: (t: Target) => onChange(value.filter((v) => v.groupId !== t.groupId)),
  clear: () => onChange([])
})

const KINDS: ReadonlyArray<TargetKind> = ["groups", "contacts", "channels"]

/** Each kind's words, in the language on screen (a switch keeps every key written out). */
const kindWords = (kind: TargetKind) => {
  switch (kind) {
    case "groups":
      return {
        label: i18next.t("picker.groups"),
        search: i18next.t("picker.searchGroups"),
        hint: i18next.t("picker.hintGroups"),
        loading: i18next.t("picker.loadingGroups"),
        none: i18next.t("picker.noGroups"),
        more: i18next.t("picker.moreGroups")
      }
    case "contacts":
      return {
        label: i18next.t("picker.contacts"),
        search: i18next.t("picker.searchContacts"),
        hint: i18next.t("picker.hintContacts"),
        loading: i18next.t("picker.loadingContacts"),
        none: i18next.t("picker.noContacts"),
        more: i18next.t("picker.moreContacts")
      }
    case "channels":
      return {
        label: i18next.t("picker.channels"),
        search: i18next.t("picker.searchChannels"),
        hint: i18next.t("picker.hintChannels"),
        loading: i18next.t("picker.loadingChannels"),
        none: i18next.t("picker.noChannels"),
        more: i18next.t("picker.moreChannels")
      }
  }
}

const toggleLook = (pressed: boolean) =>
  `rounded-md px-4 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700 ${
    pressed ? "bg-sky-700 text-white" : "bg-white text-slate-900 hover:bg-slate-100"
  }`

const useTargetPages = (kind: TargetKind, sessionName: string, search: string | undefined) => {
  const trpc = useTRPC()
  const input = search === undefined ? { sessionName, limit: PAGE_SIZE } : { sessionName, limit: PAGE_SIZE, search }
  const groups = useInfiniteQuery(
    trpc.user.getMessagingGroups.infiniteQueryOptions(input, {
      enabled: kind === "groups",
      initialCursor: 0,
      getNextPageParam: (last) => last.nextCursor
    })
  )
  const contacts = useInfiniteQuery(
    trpc.user.getMessagingContacts.infiniteQueryOptions(input, {
      enabled: kind === "contacts",
      initialCursor: 0,
      getNextPageParam: (last) => last.nextCursor
    })
  )
  const channels = useInfiniteQuery(
    trpc.user.getMessagingChannels.infiniteQueryOptions(input, {
      enabled: kind === "channels",
      initialCursor: 0,
      getNextPageParam: (last) => last.nextCursor,
      // the picker's shape; `problem`: why this number's gateway cannot post to channels
      select: (data) => ({
        ...data,
        pages: data.pages.map((p) => ({ items: p.items.map(channelOption), problem: p.problem }))
      })
    })
  )
  return kind === "groups" ? groups : kind === "contacts" ? contacts : channels
}

/** "Chosen: Club A", the name isolated (dir="auto" on an inline element isolates it too). */
const ChosenOne = ({ target }: { readonly target: Target }) => {
  const name = target.groupName || target.groupId
  const components = { strong: <strong dir="auto" /> }
  return isChannel(target) ? (
    <Trans i18nKey="picker.chosenOneChannel" values={{ name }} components={components} />
  ) : (
    <Trans i18nKey="picker.chosenOne" values={{ name }} components={components} />
  )
}

/** Groups, contacts or channels of the session, searchable, several selectable (checkboxes; the chosen as chips). */
export const TargetPicker = (props: TargetPickerProps) => {
  const { sessionName, error } = props
  const { chosen, full, toggle, remove, clear } = selection(props)
  const id = useId()
  const [kind, setKind] = useState<TargetKind>("groups")
  const [text, setText] = useState("")
  const search = searchInput(useDebounced(text, SEARCH_DEBOUNCE_MS))
  const pages = useTargetPages(kind, sessionName, search)
  const options = pages.data === undefined ? [] : optionsOf(pages.data.pages)
  const { t } = useTranslation()
  const words = kindWords(kind)
  const problem = pages.data?.pages.map((p) => ("problem" in p ? p.problem : undefined)).find((p) => p !== undefined)
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">{t("picker.legend")}</legend>
      {/* one chosen is the simple case, as a single choice reads; several are chips */}
      {chosen.length > 1 ? (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm text-slate-800">
            {full
              ? t("picker.chosenSeveralFull", { targets: targetsCount(chosen), max: chosen.length })
              : t("picker.chosenSeveral", { targets: targetsCount(chosen) })}
          </p>
          <TargetChips chosen={chosen} label={t("picker.chosenList")} onRemove={remove} />
        </div>
      ) : (
        <p className="text-sm text-slate-800" aria-live="polite">
          {chosen[0] === undefined ? t("picker.noneChosen") : <ChosenOne target={chosen[0]} />}
          {chosen[0] !== undefined ? (
            <button
              type="button"
              className="ml-2 text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-700"
              onClick={clear}
            >
              {t("picker.clear")}
            </button>
          ) : null}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div
        role="group"
        aria-label={t("picker.show")}
        className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1"
      >
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            aria-pressed={kind === k}
            className={toggleLook(kind === k)}
            onClick={() => setKind(k)}
          >
            {kindWords(k).label}
          </button>
        ))}
      </div>
      <TextField
        label={words.search}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={words.hint}
        autoComplete="off"
      />
      {pages.data === undefined ? (
        pages.isError ? (
          <ErrorNote error={pages.error} />
        ) : (
          <p role="status" className="py-2 text-sm text-slate-600">
            {words.loading}
          </p>
        )
      ) : problem !== undefined ? (
        <p role="status" className="py-2 text-sm text-slate-700">
          {t("picker.channelsProblem", { problem })}
        </p>
      ) : options.length === 0 ? (
        <p role="status" className="py-2 text-sm text-slate-600">
          {search === undefined ? words.none : <NoMatch kind={kind} search={search} />}
        </p>
      ) : (
        <TargetRows
          legend={words.label}
          options={options}
          isChosen={(groupId) => chosen.some((c) => c.groupId === groupId)}
          full={full}
          name={`${id}-target`}
          onToggle={toggle}
        />
      )}
      {pages.data !== undefined && pages.isError ? <ErrorNote error={pages.error} /> : null}
      {pages.hasNextPage ? (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? t("common.loading") : words.more}
        </Button>
      ) : null}
    </fieldset>
  )
}
