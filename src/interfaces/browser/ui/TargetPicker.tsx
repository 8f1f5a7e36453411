import { useInfiniteQuery } from "@tanstack/react-query"
import { useId, useState } from "react"
import { isChannel, targetsCount } from "../campaign/channelWords.ts"
import { useTRPC } from "../trpc.ts"
import { ErrorNote } from "./ErrorNote.tsx"
import { Button, TextField } from "./kit.tsx"
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
  isChosen: (t: Target) => value.some((v) => v.groupId === t.groupId),
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

const KINDS: ReadonlyArray<{ readonly kind: TargetKind; readonly label: string }> = [
  { kind: "groups", label: "Groups" },
  { kind: "contacts", label: "Contacts" },
  { kind: "channels", label: "Channels" }
]

/** What each kind is called in the picker's sentences. */
const NOUNS: Readonly<Record<TargetKind, string>> = { groups: "groups", contacts: "contacts", channels: "channels" }

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

/** Groups, contacts or channels of the session, searchable, several selectable (checkboxes; the chosen as chips). */
export const TargetPicker = (props: TargetPickerProps) => {
  const { sessionName, error } = props
  const { chosen, isChosen, full, toggle, remove, clear } = selection(props)
  const id = useId()
  const [kind, setKind] = useState<TargetKind>("groups")
  const [text, setText] = useState("")
  const search = searchInput(useDebounced(text, SEARCH_DEBOUNCE_MS))
  const pages = useTargetPages(kind, sessionName, search)
  const options = pages.data === undefined ? [] : optionsOf(pages.data.pages)
  const noun = NOUNS[kind]
  const problem = pages.data?.pages.map((p) => ("problem" in p ? p.problem : undefined)).find((p) => p !== undefined)
  return (
    <fieldset className="space-y-3" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="text-sm font-medium text-slate-800">Groups, contacts or channels</legend>
      {/* one chosen is the simple case, as a single choice reads; several are chips */}
      {chosen.length > 1 ? (
        <div className="space-y-2" aria-live="polite">
          <p className="text-sm text-slate-800">
            Chosen: {targetsCount(chosen)}, each gets its own copy of every message
            {full ? ` (no more can be added: at most ${chosen.length})` : ""}
          </p>
          <ul aria-label="Chosen" className="flex flex-wrap gap-2">
            {chosen.map((t) => (
              <li
                key={t.groupId}
                className="inline-flex items-center gap-1 rounded-full bg-sky-100 py-1 pr-1 pl-3 text-sm text-sky-950"
              >
                <span className="break-words">
                  {t.groupName || t.groupId}
                  {isChannel(t) ? " (channel)" : ""}
                </span>
                <button
                  type="button"
                  aria-label={`Remove ${t.groupName || t.groupId}`}
                  className="rounded-full px-2 text-sky-900 hover:bg-sky-200 focus-visible:outline-2 focus-visible:outline-sky-700"
                  onClick={() => remove(t)}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        </div>
      ) : (
        <p className="text-sm text-slate-800" aria-live="polite">
          {chosen[0] === undefined ? (
            "None chosen yet. Choose one, or several groups or channels."
          ) : (
            <>
              Chosen: <strong>{chosen[0].groupName}</strong>
              {isChannel(chosen[0]) ? " (a WhatsApp channel)" : ""}
            </>
          )}
          {chosen[0] !== undefined ? (
            <button
              type="button"
              className="ml-2 text-sky-800 underline underline-offset-2 hover:text-sky-950 focus-visible:outline-2 focus-visible:outline-sky-700"
              onClick={clear}
            >
              Clear choice
            </button>
          ) : null}
        </p>
      )}
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-800">
          {error}
        </p>
      ) : null}
      <div role="group" aria-label="Show" className="inline-flex gap-1 rounded-lg border border-slate-300 bg-white p-1">
        {KINDS.map((k) => (
          <button
            key={k.kind}
            type="button"
            aria-pressed={kind === k.kind}
            className={toggleLook(kind === k.kind)}
            onClick={() => setKind(k.kind)}
          >
            {k.label}
          </button>
        ))}
      </div>
      <TextField
        label={`Search ${noun}`}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        hint={
          kind === "groups"
            ? "Part of the group's name"
            : kind === "contacts"
              ? "Part of the name or number"
              : "Part of the channel's name. Only channels this number owns or administers are listed."
        }
        autoComplete="off"
      />
      {pages.data === undefined ? (
        pages.isError ? (
          <ErrorNote error={pages.error} />
        ) : (
          <p role="status" className="py-2 text-sm text-slate-600">
            Loading {noun}…
          </p>
        )
      ) : problem !== undefined ? (
        <p role="status" className="py-2 text-sm text-slate-700">
          Channels cannot be chosen here: {problem}.
        </p>
      ) : options.length === 0 ? (
        <p role="status" className="py-2 text-sm text-slate-600">
          {search === undefined
            ? kind === "channels"
              ? "This number owns or administers no WhatsApp channel."
              : `This number has no ${noun} yet.`
            : `No ${noun} match “${search}”.`}
        </p>
      ) : (
        <fieldset>
          <legend className="sr-only">{KINDS.find((k) => k.kind === kind)?.label}</legend>
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-300 bg-white">
            {options.map((option) => {
              const on = isChosen(option)
              return (
                <li key={option.groupId}>
                  <label
                    className={`flex cursor-pointer items-center gap-3 px-3 py-2 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-sky-700 ${on ? "bg-sky-50 font-semibold" : "hover:bg-slate-50"}`}
                  >
                    <input
                      type="checkbox"
                      name={`${id}-target`}
                      value={option.groupId}
                      checked={on}
                      disabled={!on && full}
                      onChange={() => toggle({ groupId: option.groupId, groupName: option.groupName })}
                      className="h-4 w-4 accent-sky-700"
                    />
                    <span className="min-w-0 flex-1 break-words">
                      {option.groupName}
                      {option.number !== undefined ? (
                        <span className="block text-xs font-normal text-slate-600">+{option.number}</span>
                      ) : null}
                      {option.note !== undefined ? (
                        <span className="block text-xs font-normal text-slate-600">{option.note}</span>
                      ) : null}
                    </span>
                    {on ? <span className="text-xs font-semibold text-sky-800">Chosen</span> : null}
                  </label>
                </li>
              )
            })}
          </ul>
        </fieldset>
      )}
      {pages.data !== undefined && pages.isError ? <ErrorNote error={pages.error} /> : null}
      {pages.hasNextPage ? (
        <Button variant="secondary" onClick={() => void pages.fetchNextPage()} disabled={pages.isFetchingNextPage}>
          {pages.isFetchingNextPage ? "Loading…" : `Show more ${noun}`}
        </Button>
      ) : null}
    </fieldset>
  )
}
