import { keepPreviousData, useInfiniteQuery } from "@tanstack/react-query"
import i18next from "i18next"
import { memo, useEffect, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useSearchParams } from "wouter"
import { failedTargetOf } from "../../../domain/message/failureKind.ts"
import { channelShare, targetsPrefix } from "../campaign/channelWords.ts"
import { planSentence, zoneLabel } from "../campaign/planWords.ts"
import type { CampaignListItem, CampaignStatus } from "../campaignView.ts"
import { campaignStatusWords, listPollInterval } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { sendFailureText } from "../ui/failureText.ts"
import { formatDateTime, formatNumber, viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, Card, Loading, linkLook, PageTitle, SelectField, TextField } from "../ui/kit.tsx"
import { CampaignTitle, TargetNames } from "../ui/NameList.tsx"
import { campaignTitleDir, campaignTitleText } from "../ui/nameList.ts"
import { CampaignProgress } from "../ui/ProgressBar.tsx"
import { StatusPill } from "../ui/StatusPill.tsx"
import { useDebounced } from "../ui/useDebounced.ts"
import { useMessagingSession } from "../ui/whatsappQueries.ts"

const PAGE_SIZE = 20
const SEARCH_DEBOUNCE_MS = 300
const STATUSES = Object.keys(campaignStatusWords).filter((s): s is CampaignStatus => s in campaignStatusWords)
const isStatus = (s: string | null): s is CampaignStatus => s !== null && s in campaignStatusWords

/**
 * The list's sort, filters and search as the address holds them (`?sort=created&status=FAILED&group=…&q=…`),
 * so that a reload or the back button keeps them. Next send first unless told otherwise.
 */
const useListQuery = () => {
  const [params, setParams] = useSearchParams()
  const status = params.get("status")
  const query = {
    sort: params.get("sort") === "created" ? ("created" as const) : ("next" as const),
    status: isStatus(status) ? status : null,
    group: params.get("group") ?? "",
    q: (params.get("q") ?? "").trim()
  }
  const update = (changes: Partial<Record<"sort" | "status" | "group" | "q", string | null>>, replace = false) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const [key, value] of Object.entries(changes)) {
          if (value === null || value === "" || (key === "sort" && value === "next")) next.delete(key)
          else next.set(key, value)
        }
        return next
      },
      { replace }
    )
  return { query, update }
}

/**
 * The caller's campaigns, 20 at a time ("Show more"), followed live while any is sending: by next
 * send or newest first, narrowed by status and group, searched by title and message text.
 */
export const CampaignsPage = () => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const { query, update } = useListQuery()
  const filtered = query.status !== null || query.group !== "" || query.q !== ""
  const campaigns = useInfiniteQuery(
    trpc.campaign.list.infiniteQueryOptions(
      {
        limit: PAGE_SIZE,
        sort: query.sort,
        ...(query.status === null ? {} : { statuses: [query.status] }),
        ...(query.group === "" ? {} : { groupId: query.group }),
        ...(query.q === "" ? {} : { search: query.q })
      },
      {
        getNextPageParam: (last) => ("nextCursor" in last ? last.nextCursor : undefined),
        placeholderData: keepPreviousData,
        refetchInterval: (query) => listPollInterval(query.state.data?.pages.flatMap((p) => p.items) ?? [], Date.now())
      }
    )
  )
  const items = campaigns.data?.pages.flatMap((p) => p.items) ?? []
  const nothingAtAll = items.length === 0 && !filtered
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <PageTitle>{t("campaigns.title")}</PageTitle>
        <Link href="/campaigns/new" className={`${linkLook} text-sm font-medium`}>
          {t("campaigns.planNew")}
        </Link>
      </div>
      {campaigns.isPending ? (
        <Loading label={t("campaigns.loading")} />
      ) : campaigns.data === undefined ? (
        <Alert>
          {errorText(campaigns.error)}{" "}
          <button type="button" className={linkLook} onClick={() => void campaigns.refetch()}>
            {t("common.tryAgain")}
          </button>
        </Alert>
      ) : nothingAtAll ? (
        <Card>
          <h2 className="text-lg font-semibold">{t("campaigns.noneYet")}</h2>
          <p className="mt-2 text-slate-700">
            <Trans
              i18nKey="campaigns.whatIs"
              components={{ first: <Link href="/campaigns/new" className={linkLook} /> }}
            />
          </p>
        </Card>
      ) : (
        <>
          <ListControls query={query} update={update} />
          <p className="mb-3 text-sm text-slate-600">{t("campaigns.timesIn", { zone: zoneLabel(viewerTimeZone) })}</p>
          <p role="status" className="mb-3 text-sm text-slate-700">
            {items.length === 0
              ? t("campaigns.noMatch")
              : filtered
                ? campaigns.hasNextPage
                  ? t("campaigns.matchesMore", { n: formatNumber(items.length) })
                  : t("campaigns.matches", { count: items.length })
                : null}
            {items.length === 0 ? (
              <>
                {" "}
                <button
                  type="button"
                  className={linkLook}
                  onClick={() => update({ status: null, group: null, q: null })}
                >
                  {t("campaigns.showEvery")}
                </button>
              </>
            ) : null}
          </p>
          <ul className="grid gap-3 md:grid-cols-2" aria-label={t("campaigns.yours")}>
            {items.map((c) => (
              <CampaignCard key={c.id} campaign={c} />
            ))}
          </ul>
          {/* a failed "Show more" (or refresh) keeps what is shown and says why beneath it */}
          {campaigns.error !== null ? (
            <div className="mt-3">
              <Alert>{errorText(campaigns.error)}</Alert>
            </div>
          ) : null}
          {campaigns.hasNextPage ? (
            <div className="mt-4 text-center">
              <Button
                variant="secondary"
                disabled={campaigns.isFetchingNextPage}
                onClick={() => void campaigns.fetchNextPage()}
              >
                {campaigns.isFetchingNextPage ? t("campaigns.loadingMore") : t("campaigns.showMore")}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}

/** Search, sort and filters; the search asks the server once typing pauses. */
const ListControls = ({
  query,
  update
}: {
  readonly query: ReturnType<typeof useListQuery>["query"]
  readonly update: ReturnType<typeof useListQuery>["update"]
}) => {
  const { t } = useTranslation()
  const [text, setText] = useState(query.q)
  const settled = useDebounced(text, SEARCH_DEBOUNCE_MS).trim()
  // typing replaces the address (no history entry per pause); back or a link brings its own words
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a pause in typing asks
  useEffect(() => {
    if (settled !== query.q) update({ q: settled }, true)
  }, [settled])
  useEffect(() => setText((current) => (current.trim() === query.q ? current : query.q)), [query.q])
  const groups = useMessagingSession().data?.session?.MessagingGroups ?? []
  const groupKnown = query.group === "" || groups.some((g) => g.groupId === query.group)
  return (
    <search className="mb-3 grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <TextField
        label={t("campaigns.search")}
        type="search"
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={200}
      />
      <SelectField label={t("campaigns.sort")} value={query.sort} onChange={(e) => update({ sort: e.target.value })}>
        <option value="next">{t("campaigns.nextFirst")}</option>
        <option value="created">{t("campaigns.newestFirst")}</option>
      </SelectField>
      <SelectField
        label={t("campaigns.status")}
        value={query.status ?? ""}
        onChange={(e) => update({ status: e.target.value })}
      >
        <option value="">{t("campaigns.anyStatus")}</option>
        {STATUSES.map((s) => (
          <option key={s} value={s}>
            {campaignStatusWords[s].label}
          </option>
        ))}
      </SelectField>
      <SelectField label={t("campaigns.group")} value={query.group} onChange={(e) => update({ group: e.target.value })}>
        <option value="">{t("campaigns.anyGroup")}</option>
        {groupKnown ? null : <option value={query.group}>{t("campaigns.groupChosen")}</option>}
        {groups.map((g) => (
          <option key={g.groupId} value={g.groupId} dir="auto">
            {g.groupName || t("campaigns.unnamedGroup")}
          </option>
        ))}
      </SelectField>
    </search>
  )
}

const CampaignCard = memo(({ campaign: c }: { readonly campaign: CampaignListItem }) => {
  const { t } = useTranslation()
  const status = campaignStatusWords[c.status]
  const title = campaignTitleText(c.title, c.madeUpTitle)
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">
          <Link
            href={`/campaigns/${encodeURIComponent(c.id)}`}
            className={linkLook}
            dir={campaignTitleDir(c.madeUpTitle)}
          >
            <CampaignTitle title={c.title} madeUp={c.madeUpTitle} />
          </Link>
        </h2>
        <StatusPill label={status.label} tone={status.tone} prefix={t("campaigns.statusPrefix")} />
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        <span className="sr-only">{targetsPrefix(c.targets)} </span>
        <Trans i18nKey="campaigns.to" components={{ groups: <TargetNames targets={c.targets} /> }} />
      </p>
      {/* its zone and rhythm as planned; nothing for campaigns made before plans were kept */}
      {c.plan === undefined ? null : (
        <p className="mt-1 break-words text-sm text-slate-700" data-testid="campaign-plan">
          {c.plan.recurrence === undefined
            ? t("campaigns.plannedIn", { plan: planSentence(c.plan) })
            : t("campaigns.plan", { plan: planSentence(c.plan) })}
        </p>
      )}
      <div className="mt-3">
        {c.status === "CANCELLED" ? (
          <p className="text-sm text-slate-700">{cancelledWords(c)}</p>
        ) : (
          <CampaignProgress
            sent={c.sentMessages}
            delivered={c.deliveredMessages}
            total={c.totalMessages}
            label={t("campaigns.progressOf", { title })}
            channels={channelShare(c.targets)}
          />
        )}
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {c.status === "CANCELLED" ? null : c.nextScheduledAt !== null ? (
          <Trans
            i18nKey="campaigns.nextMessage"
            values={{ when: formatDateTime(c.nextScheduledAt) }}
            components={{ time: <time dateTime={c.nextScheduledAt} /> }}
          />
        ) : (
          t("campaigns.nothingWaiting")
        )}
      </p>
      {c.status === "FAILED" && c.failureKind !== undefined ? (
        // the sentence alone: what to do and the details are on the campaign's page
        <p className="mt-2 text-sm text-red-800">
          {sendFailureText(c.failureKind, failedTargetOf(c.failureReason)?.kind ?? "group").sentence}
        </p>
      ) : null}
    </li>
  )
})

/** What a cancelled campaign had planned: "Cancelled: 3 of 14 sent, 11 not sent". */
export const cancelledWords = (c: Pick<CampaignListItem, "totalMessages" | "sentMessages" | "cancelledMessages">) => {
  const planned = c.totalMessages + c.cancelledMessages
  if (planned === 0) return i18next.t("campaigns.cancelledBefore")
  return i18next.t("campaigns.cancelledCounts", {
    sent: formatNumber(c.sentMessages),
    planned: formatNumber(planned),
    notSent: formatNumber(planned - c.sentMessages)
  })
}
