import { useQuery } from "@tanstack/react-query"
import type { KeyboardEvent } from "react"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { SLOW_POLL_MS } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { Button } from "../ui/kit.tsx"
import type { DayKey } from "./calendarDays.ts"
import { dayName, messageCount, monthDays, monthName, parseDayKey, shiftMonth, weekdayNames } from "./calendarDays.ts"

const focusLook = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"

/**
 * A month of days, each saying how many messages go out on it; choosing a day shows its messages
 * (onChoose). A table of buttons, one tab stop: the arrow keys move a day or a week, Home and End
 * to the week's ends, Page Up and Page Down a month; Enter or Space chooses. Each button is named
 * in words ("3 messages on Tuesday 1 December"), its visible number and count hidden from readers.
 */
export const MonthCalendar = ({
  today,
  chosen,
  onChoose
}: {
  readonly today: DayKey
  readonly chosen: DayKey | null
  readonly onChoose: (day: DayKey) => void
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const start = parseDayKey(chosen) ?? parseDayKey(today) ?? { year: 2026, month: 0, day: 1 }
  const [shown, setShown] = useState({ year: start.year, month: start.month })
  // the day that holds the tab stop, and whether the arrow keys just moved it (then it takes the focus)
  const [active, setActive] = useState<DayKey>(chosen ?? today)
  const moved = useRef(false)
  const table = useRef<HTMLTableElement>(null)

  // a day chosen elsewhere (the address, "Show all") brings its month
  useEffect(() => {
    const d = parseDayKey(chosen)
    if (d !== null) {
      setShown({ year: d.year, month: d.month })
      setActive(chosen ?? today)
    }
  }, [chosen, today])

  const { days, end } = monthDays(shown.year, shown.month)
  const counts = useQuery(
    trpc.campaign.upcomingByDay.queryOptions(
      { dayStarts: [...days.map((d) => new Date(d.start).toISOString()), new Date(end).toISOString()] },
      { refetchInterval: SLOW_POLL_MS }
    )
  )
  const tabStop = days.some((d) => d.key === active) ? active : (days[0]?.key ?? active)

  useEffect(() => {
    if (!moved.current) return
    moved.current = false
    table.current?.querySelector<HTMLButtonElement>(`button[data-day="${tabStop}"]`)?.focus()
  }, [tabStop])

  const moveTo = (target: Date) => {
    const key = `${target.getFullYear()}-${String(target.getMonth() + 1).padStart(2, "0")}-${String(target.getDate()).padStart(2, "0")}`
    moved.current = true
    setShown({ year: target.getFullYear(), month: target.getMonth() })
    setActive(key)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const d = parseDayKey(tabStop)
    if (d === null) return
    const weekday = (new Date(d.year, d.month, d.day).getDay() + 6) % 7
    const by: Record<string, () => Date> = {
      ArrowLeft: () => new Date(d.year, d.month, d.day - 1),
      ArrowRight: () => new Date(d.year, d.month, d.day + 1),
      ArrowUp: () => new Date(d.year, d.month, d.day - 7),
      ArrowDown: () => new Date(d.year, d.month, d.day + 7),
      Home: () => new Date(d.year, d.month, d.day - weekday),
      End: () => new Date(d.year, d.month, d.day + 6 - weekday),
      PageUp: () => new Date(d.year, d.month - 1, Math.min(d.day, new Date(d.year, d.month, 0).getDate())),
      PageDown: () => new Date(d.year, d.month + 1, Math.min(d.day, new Date(d.year, d.month + 2, 0).getDate()))
    }
    const target = by[event.key]
    if (target === undefined) return
    event.preventDefault()
    moveTo(target())
  }

  // the weeks of the month, Monday first, blank cells before the 1st and after the last day
  const first = days[0]?.weekday ?? 0
  const cells: Array<{ readonly key: string; readonly d: (typeof days)[number] | null }> = [
    ...Array.from({ length: first }, (_, n) => ({ key: `before-${n}`, d: null })),
    ...days.map((d) => ({ key: d.key, d }))
  ]
  while (cells.length % 7 !== 0) cells.push({ key: `after-${cells.length}`, d: null })
  const weeks = Array.from({ length: cells.length / 7 }, (_, i) => cells.slice(i * 7, i * 7 + 7))
  const title = monthName(shown.year, shown.month)
  const go = (by: number) => {
    const next = shiftMonth(shown.year, shown.month, by)
    setShown(next)
    setActive(monthDays(next.year, next.month).days[0]?.key ?? active)
  }

  return (
    <section aria-labelledby="calendar-title" className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm">
      <div className="mb-2 flex items-center justify-between gap-2">
        <Button
          variant="secondary"
          className="px-2 py-1"
          onClick={() => go(-1)}
          aria-label={t("calendar.previousMonth")}
        >
          ‹
        </Button>
        <h2 id="calendar-title" className="text-base font-semibold" aria-live="polite">
          {title}
        </h2>
        <Button variant="secondary" className="px-2 py-1" onClick={() => go(1)} aria-label={t("calendar.nextMonth")}>
          ›
        </Button>
      </div>
      {counts.isError ? <p className="mb-2 text-sm text-red-800">{errorText(counts.error)}</p> : null}
      <table ref={table} className="w-full table-fixed border-collapse text-center" onKeyDown={onKeyDown}>
        <caption className="sr-only">{t("calendar.caption", { month: title })}</caption>
        <thead>
          <tr>
            {weekdayNames().map((w) => (
              <th key={w.long} scope="col" className="pb-1 text-xs font-medium text-slate-600">
                <abbr title={w.long} className="no-underline">
                  {w.short}
                </abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week[0]?.key ?? "empty"}>
              {week.map(({ key, d }) => {
                if (d === null) return <td key={key} />
                const n = counts.data?.counts[days.indexOf(d)] ?? null
                const isChosen = d.key === chosen
                const label =
                  n === null
                    ? t("calendar.dayLabelUnknown", { day: dayName(d.key, today) })
                    : t("calendar.dayLabel", { messages: messageCount(n), day: dayName(d.key, today) })
                return (
                  <td key={d.key} className="p-0.5">
                    <button
                      type="button"
                      data-day={d.key}
                      tabIndex={d.key === tabStop ? 0 : -1}
                      aria-pressed={isChosen}
                      aria-current={d.key === today ? "date" : undefined}
                      onClick={() => {
                        setActive(d.key)
                        onChoose(d.key)
                      }}
                      className={`flex h-12 w-full flex-col items-center justify-start rounded-md pt-1 text-sm ${focusLook} ${
                        isChosen
                          ? "bg-sky-700 text-white"
                          : d.key === today
                            ? "border border-sky-700 text-slate-900 hover:bg-sky-50"
                            : d.key < today
                              ? "text-slate-500 hover:bg-slate-100"
                              : "text-slate-900 hover:bg-slate-100"
                      }`}
                    >
                      {/* named by the words (no aria-label: the name holds the text seen, the day's number) */}
                      <span className="sr-only">{label}</span>
                      <span aria-hidden="true">{d.day}</span>
                      {n !== null && n > 0 ? (
                        <span
                          aria-hidden="true"
                          className={`mt-0.5 rounded-full px-1.5 text-xs font-semibold ${isChosen ? "bg-white text-sky-800" : "bg-sky-100 text-sky-900"}`}
                        >
                          {n}
                        </span>
                      ) : null}
                    </button>
                  </td>
                )
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}
