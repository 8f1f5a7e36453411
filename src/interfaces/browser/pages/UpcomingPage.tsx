import { useInfiniteQuery } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import { useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useSearchParams } from "wouter"
import type { MadeUpTitle } from "../../../domain/campaign/defaultTitle.ts"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { zoneLabel } from "../campaign/planWords.ts"
import { WhatsAppText } from "../campaign/WhatsAppText.tsx"
import { SLOW_POLL_MS } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { formatTime, viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, Card, Loading, linkLook, PageTitle } from "../ui/kit.tsx"
import { CampaignTitle } from "../ui/NameList.tsx"
import { campaignTitleDir, campaignTitleText, targetItem } from "../ui/nameList.ts"
import type { DayKey } from "../upcoming/calendarDays.ts"
import { dayHeading, dayKeyOf, dayName, dayStart, parseDayKey } from "../upcoming/calendarDays.ts"
import { MonthCalendar } from "../upcoming/MonthCalendar.tsx"

type UpcomingMessage = inferRouterOutputs<AppRouter>["campaign"]["upcoming"]["items"][number]

const PAGE_SIZE = 50
/** The calendar shows beside the list from this width on (Tailwind's lg). */
const WIDE = "(min-width: 1024px)"

const useWide = () => {
  const [wide, setWide] = useState(() => window.matchMedia(WIDE).matches)
  useEffect(() => {
    const query = window.matchMedia(WIDE)
    const changed = () => setWide(query.matches)
    query.addEventListener("change", changed)
    return () => query.removeEventListener("change", changed)
  }, [])
  return wide
}

/** The local day of now, following midnight while the screen stays open (checked each minute). */
const useToday = () => {
  const [today, setToday] = useState(() => dayKeyOf(Date.now()))
  useEffect(() => {
    const id = setInterval(() => setToday(dayKeyOf(Date.now())), 60_000)
    return () => clearInterval(id)
  }, [])
  return today
}

/**
 * What goes out when, across every campaign: the next messages in time order under a heading per
 * day ("Today", "Tomorrow", "Tuesday 1 December"), each with its time, group, the start of its
 * text and its campaign. On wide screens a month calendar beside it counts the messages of each
 * day; choosing a day shows that day's (kept in the address: `?day=2026-12-01`).
 */
export const UpcomingPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const today = useToday()
  const wide = useWide()
  const [params, setParams] = useSearchParams()
  const chosen = parseDayKey(params.get("day"))
  const chosenKey = chosen === null ? null : params.get("day")
  const range =
    chosen === null
      ? {}
      : {
          from: new Date(dayStart(chosen.year, chosen.month, chosen.day)).toISOString(),
          // the day's last millisecond: `to` is inclusive
          to: new Date(dayStart(chosen.year, chosen.month, chosen.day + 1) - 1).toISOString()
        }
  const upcoming = useInfiniteQuery(
    trpc.campaign.upcoming.infiniteQueryOptions(
      { limit: PAGE_SIZE, ...range },
      {
        getNextPageParam: (last) => ("nextCursor" in last ? last.nextCursor : undefined),
        refetchInterval: SLOW_POLL_MS
      }
    )
  )
  const items = upcoming.data?.pages.flatMap((p) => p.items) ?? []
  const days = groupByDay(items)
  const choose = (day: DayKey | null) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev)
      if (day === null) next.delete("day")
      else next.set("day", day)
      return next
    })

  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <PageTitle>{t("upcoming.title")}</PageTitle>
        <Link href="/campaigns/new" className={`${linkLook} text-sm font-medium`}>
          {t("campaigns.planNew")}
        </Link>
      </div>
      <p className="mb-3 text-sm text-slate-600">{t("upcoming.intro", { zone: zoneLabel(viewerTimeZone) })}</p>
      <div className="lg:grid lg:grid-cols-[22rem_1fr] lg:items-start lg:gap-6">
        {wide ? (
          <MonthCalendar today={today} chosen={chosenKey} onChoose={(day) => choose(day === chosenKey ? null : day)} />
        ) : null}
        <section aria-labelledby="upcoming-list" className="min-w-0">
          <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
            <h2 id="upcoming-list" className="text-lg font-semibold">
              {chosenKey === null ? t("upcoming.next") : t("upcoming.goingOut", { day: dayName(chosenKey, today) })}
            </h2>
            {chosenKey !== null ? (
              <Button variant="secondary" onClick={() => choose(null)}>
                {t("upcoming.showAll")}
              </Button>
            ) : null}
          </div>
          {upcoming.isPending ? (
            <Loading label={t("upcoming.loading")} />
          ) : upcoming.data === undefined ? (
            <Alert>
              {errorText(upcoming.error)}{" "}
              <button type="button" className={linkLook} onClick={() => void upcoming.refetch()}>
                {t("common.tryAgain")}
              </button>
            </Alert>
          ) : items.length === 0 ? (
            <Card>
              <p className="text-slate-700">
                {chosenKey === null ? (
                  <Trans
                    i18nKey="upcoming.noneWaiting"
                    components={{ plan: <Link href="/campaigns/new" className={linkLook} /> }}
                  />
                ) : (
                  <Trans
                    i18nKey="upcoming.noneOn"
                    values={{ day: dayName(chosenKey, today) }}
                    components={{ plan: <Link href="/campaigns/new" className={linkLook} /> }}
                  />
                )}
              </p>
            </Card>
          ) : (
            <>
              {days.map(({ key, messages }) => (
                <section key={key} aria-labelledby={`day-${key}`} className="mb-4">
                  <h3
                    id={`day-${key}`}
                    className="border-b border-slate-200 pb-1 text-base font-semibold text-slate-800"
                  >
                    {dayHeading(key, today)}
                  </h3>
                  <ul className="divide-y divide-slate-100" aria-labelledby={`day-${key}`}>
                    {messages.map((m) => (
                      <UpcomingRow key={m.id} message={m} />
                    ))}
                  </ul>
                </section>
              ))}
              {upcoming.error !== null ? <Alert>{errorText(upcoming.error)}</Alert> : null}
              {upcoming.hasNextPage ? (
                <div className="mt-2 text-center">
                  <Button
                    variant="secondary"
                    disabled={upcoming.isFetchingNextPage}
                    onClick={() => void upcoming.fetchNextPage()}
                  >
                    {upcoming.isFetchingNextPage ? t("campaigns.loadingMore") : t("campaigns.showMore")}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </section>
      </div>
    </div>
  )
}

const groupByDay = (items: ReadonlyArray<UpcomingMessage>) => {
  const days: Array<{ key: DayKey; messages: Array<UpcomingMessage> }> = []
  for (const m of items) {
    const key = dayKeyOf(Date.parse(m.scheduledAt))
    const last = days.at(-1)
    if (last?.key === key) last.messages.push(m)
    else days.push({ key, messages: [m] })
  }
  return days
}

/**
 * The campaign's title as a link, in the sentence's <campaign> slot: drawn by CampaignTitle (a
 * made-up title in the reader's words), not from the slot's text, which is the same as plain text.
 */
const CampaignLink = ({
  id,
  title,
  madeUp
}: {
  readonly id: string
  readonly title: string
  readonly madeUp: MadeUpTitle | null
}) => (
  <Link href={`/campaigns/${encodeURIComponent(id)}`} className={linkLook} dir={campaignTitleDir(madeUp)}>
    <CampaignTitle title={title} madeUp={madeUp} />
  </Link>
)

const UpcomingRow = ({ message: m }: { readonly message: UpcomingMessage }) => {
  const { t } = useTranslation()
  const title = campaignTitleText(m.campaignTitle, m.campaignMadeUpTitle)
  // the Status in the app's words ("your Status"), a group's name isolated
  const target = m.group.groupName === "" ? { ownWords: t("upcoming.aGroup") } : targetItem(m.group)
  const firstLine = m.content.split("\n").find((line) => line.trim() !== "") ?? ""
  return (
    <li className="flex gap-3 py-2">
      <time dateTime={m.scheduledAt} className="w-20 shrink-0 pt-0.5 font-medium tabular-nums text-slate-900">
        {formatTime(m.scheduledAt)}
      </time>
      <div className="min-w-0 flex-1">
        {m.isPoll ? (
          // the page's words around the question, the question isolated (it may be Arabic)
          <p className="truncate text-slate-900">
            <Trans i18nKey="upcoming.poll" values={{ question: firstLine }} components={{ question: <bdi /> }} />
          </p>
        ) : firstLine === "" && m.hasMedia ? (
          <p className="truncate text-slate-900">{t("upcoming.media")}</p>
        ) : (
          <p className="truncate text-slate-900" dir="auto">
            {/* as the phone shows it: *bold*, _italic_, ~strike~ drawn, not their marks */}
            <WhatsAppText text={firstLine} />
          </p>
        )}
        <p className="text-sm text-slate-600">
          <Trans
            i18nKey="upcoming.to"
            values={{ group: typeof target === "string" ? target : target.ownWords, title }}
            components={{
              group: typeof target === "string" ? <bdi /> : <span />,
              campaign: <CampaignLink id={m.campaignId} title={m.campaignTitle} madeUp={m.campaignMadeUpTitle} />
            }}
          />
        </p>
      </div>
    </li>
  )
}
