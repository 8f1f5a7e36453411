import { useInfiniteQuery } from "@tanstack/react-query"
import { memo } from "react"
import { Link } from "wouter"
import { failureWords } from "../../../domain/message/failureKind.ts"
import type { CampaignListItem } from "../campaignView.ts"
import { campaignStatusWords, groupsLabel, listPollInterval } from "../campaignView.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { formatDateTime, viewerTimeZone } from "../ui/format.ts"
import { Alert, Button, Card, Loading, linkLook, PageTitle } from "../ui/kit.tsx"
import { CampaignProgress } from "../ui/ProgressBar.tsx"
import { StatusPill } from "../ui/StatusPill.tsx"

const PAGE_SIZE = 20

/** The caller's campaigns, newest first, 20 at a time ("Show more"), followed live while any is sending. */
export const CampaignsPage = () => {
  const trpc = useTRPC()
  const campaigns = useInfiniteQuery(
    trpc.campaign.list.infiniteQueryOptions(
      { limit: PAGE_SIZE },
      {
        getNextPageParam: (last) => ("nextCursor" in last ? last.nextCursor : undefined),
        refetchInterval: (query) => listPollInterval(query.state.data?.pages.flatMap((p) => p.items) ?? [], Date.now())
      }
    )
  )
  const items = campaigns.data?.pages.flatMap((p) => p.items) ?? []
  return (
    <div>
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2">
        <PageTitle>Campaigns</PageTitle>
        <Link href="/campaigns/new" className={`${linkLook} text-sm font-medium`}>
          Plan a new campaign
        </Link>
      </div>
      {campaigns.isPending ? (
        <Loading label="Loading campaigns…" />
      ) : campaigns.data === undefined ? (
        <Alert>
          {errorText(campaigns.error)}{" "}
          <button type="button" className={linkLook} onClick={() => void campaigns.refetch()}>
            Try again
          </button>
        </Alert>
      ) : items.length === 0 ? (
        <Card>
          <h2 className="text-lg font-semibold">No campaigns yet</h2>
          <p className="mt-2 text-slate-700">
            A campaign is a series of messages Herald sends to one or more WhatsApp groups at the times you choose.{" "}
            <Link href="/campaigns/new" className={linkLook}>
              Plan your first campaign
            </Link>
            .
          </p>
        </Card>
      ) : (
        <>
          <p className="mb-3 text-sm text-slate-600">Times are shown in your time zone ({viewerTimeZone}).</p>
          <ul className="grid gap-3 md:grid-cols-2" aria-label="Your campaigns">
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
                {campaigns.isFetchingNextPage ? "Loading more…" : "Show more"}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  )
}

const CampaignCard = memo(({ campaign: c }: { readonly campaign: CampaignListItem }) => {
  const status = campaignStatusWords[c.status]
  const title = c.title.trim() === "" ? "Untitled campaign" : c.title
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 break-words text-lg font-semibold">
          <Link href={`/campaigns/${encodeURIComponent(c.id)}`} className={linkLook}>
            {title}
          </Link>
        </h2>
        <StatusPill label={status.label} tone={status.tone} prefix="Status:" />
      </div>
      <p className="mt-1 break-words text-sm text-slate-700">
        <span className="sr-only">{c.targets.length > 1 ? "Groups: " : "Group: "}</span>To {groupsLabel(c.targets)}
      </p>
      <div className="mt-3">
        <CampaignProgress
          sent={c.sentMessages}
          delivered={c.deliveredMessages}
          total={c.totalMessages}
          label={`Progress of ${title}`}
        />
      </div>
      <p className="mt-2 text-sm text-slate-700">
        {c.nextScheduledAt !== null ? (
          <>
            Next message: <time dateTime={c.nextScheduledAt}>{formatDateTime(c.nextScheduledAt)}</time>
          </>
        ) : (
          "No message waiting to be sent"
        )}
      </p>
      {c.status === "FAILED" && c.failureKind !== undefined ? (
        // the sentence alone: what to do and the details are on the campaign's page
        <p className="mt-2 text-sm text-red-800">{failureWords[c.failureKind].sentence}</p>
      ) : null}
    </li>
  )
})
