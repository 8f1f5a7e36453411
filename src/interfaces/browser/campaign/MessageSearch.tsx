import type { ReactNode } from "react"
import { useDeferredValue, useId, useMemo, useState } from "react"
import { useTranslation } from "react-i18next"
import type { CampaignMessage } from "../campaignView.ts"
import { formatNumber } from "../ui/format.ts"
import { messageFinder } from "./messageSearch.ts"

const focus = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"

/**
 * "Find a message" over a campaign's messages (by words of the text or by date, see messageSearch.ts):
 * the messages found, and the field that says how many match. The search runs over the data, so a
 * row not yet drawn (content-visibility) is found like any other; typing stays quick on a plan of
 * a thousand messages (the filtering is deferred).
 */
export const useMessageSearch = <M extends CampaignMessage>(
  messages: ReadonlyArray<M>
): { readonly found: ReadonlyArray<M>; readonly field: ReactNode } => {
  const [query, setQuery] = useState("")
  const deferred = useDeferredValue(query)
  const found = useMemo(() => {
    if (deferred.trim() === "") return messages
    const finds = messageFinder(deferred)
    return messages.filter(finds)
  }, [messages, deferred])
  const field = <MessageSearchField query={query} onChange={setQuery} found={found.length} total={messages.length} />
  return { found, field }
}

const MessageSearchField = ({
  query,
  onChange,
  found,
  total
}: {
  readonly query: string
  readonly onChange: (query: string) => void
  readonly found: number
  readonly total: number
}) => {
  const { t } = useTranslation()
  const id = useId()
  const searching = query.trim() !== ""
  return (
    <search className="mb-4 max-w-md">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {t("campaign.findLabel")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          type="search"
          dir="auto"
          value={query}
          maxLength={200}
          aria-describedby={`${id}-hint ${id}-count`}
          onChange={(e) => onChange(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Escape" && query !== "") {
              e.preventDefault()
              onChange("")
            }
          }}
          className={`block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base ${focus}`}
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {t("campaign.findHint")}
      </p>
      <p id={`${id}-count`} role="status" className="mt-1 text-sm font-medium text-slate-800">
        {searching
          ? found === 0
            ? t("campaign.findNone")
            : t("campaign.findCount", { found: formatNumber(found), count: total })
          : null}
      </p>
    </search>
  )
}
