import { useQuery, useQueryClient } from "@tanstack/react-query"
import i18next from "i18next"
import { useState } from "react"
import { useTranslation } from "react-i18next"
import { errorText, useTRPC } from "../trpc.ts"
import { Button } from "../ui/kit.tsx"
import { ShareBar } from "../ui/ProgressBar.tsx"
import { channelPollVotes } from "./channelWords.ts"
import { pollRefreshMs } from "./pollRefresh.ts"

/**
 * The campaign's one refresh of its polls on the page: a query per campaign (every shown poll
 * observes the same key, so there is one whatever their number) whose `refetchInterval` is the
 * timer. Each run asks again for every shown poll of the campaign at once (one request: the client
 * batches them); TanStack Query skips runs while the tab is hidden. The wait is pollRefreshMs of
 * the polls' send times, read from their own cached results.
 */
const usePollRefresh = (campaignId: string) => {
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  const polls = trpc.campaign.pollResults.queryKey({ campaignId })
  useQuery({
    queryKey: ["campaign.pollRefresh", campaignId],
    queryFn: async () => {
      await queryClient.refetchQueries({ queryKey: polls, type: "active" })
      return Date.now()
    },
    // the first answers are each poll's own first fetch: the refresh starts one wait later
    initialData: () => Date.now(),
    staleTime: Number.POSITIVE_INFINITY,
    refetchInterval: () =>
      pollRefreshMs(
        queryClient.getQueriesData<{ readonly sentAt: string | null }>({ queryKey: polls }).map(([, data]) => {
          const sentAt = data?.sentAt ?? null
          return sentAt === null ? null : Date.parse(sentAt)
        }),
        Date.now()
      )
  })
}

type Poll = { readonly options: ReadonlyArray<string>; readonly multipleAnswers: boolean }

/**
 * A poll's options as the group will see them (the message's text above is its question); once
 * sent, the votes on it: per option how many chose it and who, and a CSV of them. A channel's
 * poll keeps its options and says where its results are: WhatsApp reports no votes on it.
 */
export const PollView = ({
  poll,
  results,
  channel = false
}: {
  readonly poll: Poll | null
  /** sent to a WhatsApp channel: no votes to show, ask for or download */
  readonly channel?: boolean
  /** set once the poll is sent: whose results to show, and how to write a time */
  readonly results?: {
    readonly campaignId: string
    readonly messageId: string
    readonly show: (iso: string) => string
  }
}) =>
  poll === null ? null : (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="poll">
      <p className="text-sm font-medium text-slate-800">
        {poll.multipleAnswers ? i18next.t("poll.kindSeveral") : i18next.t("poll.kindOne")}
      </p>
      {results === undefined || channel ? (
        <>
          <ol className="mt-1 list-inside list-disc text-sm text-slate-900">
            {poll.options.map((option, i) => (
              // options are distinct (the server refuses twice the same), but the index keeps keys stable
              // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity here
              <li key={i} className="break-words" dir="auto">
                {option}
              </li>
            ))}
          </ol>
          {channel && results !== undefined ? (
            <p className="mt-2 text-sm text-slate-700" data-testid="poll-channel-note">
              {channelPollVotes()}
            </p>
          ) : null}
        </>
      ) : (
        <PollResults poll={poll} {...results} />
      )}
    </div>
  )

interface Voter {
  readonly voter: string
  readonly name: string
  readonly votedAt: string
}

const VoterList = ({
  voters,
  show
}: {
  readonly voters: ReadonlyArray<Voter>
  readonly show: (iso: string) => string
}) => (
  <ul className="mt-1 space-y-0.5 pl-4 text-sm text-slate-800">
    {voters.map((v) => (
      <li key={v.voter} className="break-words">
        <bdi>{v.name}</bdi> <span className="text-slate-600">· {show(v.votedAt)}</span>
      </li>
    ))}
  </ul>
)

const PollResults = ({
  poll,
  campaignId,
  messageId,
  show
}: {
  readonly poll: Poll
  readonly campaignId: string
  readonly messageId: string
  readonly show: (iso: string) => string
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const queryClient = useQueryClient()
  // asked again by the campaign's one refresh (usePollRefresh), not a timer of its own
  const results = useQuery(trpc.campaign.pollResults.queryOptions({ campaignId, messageId }))
  usePollRefresh(campaignId)
  const [downloading, setDownloading] = useState(false)
  const [downloadError, setDownloadError] = useState<string | null>(null)
  const download = async () => {
    setDownloading(true)
    setDownloadError(null)
    try {
      const file = await queryClient.fetchQuery(
        trpc.campaign.pollResultsCsv.queryOptions({ campaignId, messageId }, { staleTime: 0 })
      )
      // a byte-order mark, so that spreadsheets read the names' letters as UTF-8
      const url = URL.createObjectURL(new Blob(["\uFEFF", file.csv], { type: "text/csv;charset=utf-8" }))
      const link = document.createElement("a")
      link.href = url
      link.download = file.filename
      document.body.append(link)
      link.click()
      link.remove()
      setTimeout(() => URL.revokeObjectURL(url), 60_000)
    } catch (error) {
      setDownloadError(t("poll.fileFailed", { reason: errorText(error) }))
    } finally {
      setDownloading(false)
    }
  }
  const data = results.data
  const counts = new Map(data?.options.map((o) => [o.option, o]))
  return (
    <div className="mt-1" data-testid="poll-results">
      <ul className="space-y-2">
        {poll.options.map((option, i) => {
          const tally = counts.get(option)
          const count = tally?.count ?? 0
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: an option's place is its identity here
            <li key={i} data-testid="poll-option">
              <div className="flex items-baseline justify-between gap-2 text-sm">
                <span className="min-w-0 break-words text-slate-900" dir="auto">
                  {option}
                </span>
                <span className="shrink-0 font-medium text-slate-900" data-testid="poll-count">
                  {t("poll.votes", { count })}
                </span>
              </div>
              <ShareBar count={count} total={data?.voters ?? 0} label={t("poll.votesFor", { option })} />
              {tally !== undefined && tally.voters.length > 0 ? (
                <details className="mt-1">
                  <summary className="cursor-pointer text-sm text-sky-800">{t("poll.whoChose")}</summary>
                  <VoterList voters={tally.voters} show={show} />
                </details>
              ) : null}
            </li>
          )
        })}
      </ul>
      {data === undefined ? null : (
        <p className="mt-2 text-sm text-slate-700" data-testid="poll-summary">
          {data.voters === 0 ? t("poll.noVotes") : t("poll.people", { count: data.voters })}
        </p>
      )}
      {data === undefined ? null : (
        <p className="mt-1 text-sm text-slate-700" data-testid="poll-lost-votes">
          {t("poll.lostVotes")}
        </p>
      )}
      {data !== undefined && data.unreadable.length > 0 ? (
        <div className="mt-2 text-sm text-slate-800" data-testid="poll-unreadable">
          <p>{t("poll.unreadable", { count: data.unreadable.length })}</p>
          <VoterList voters={data.unreadable} show={show} />
        </div>
      ) : null}
      {results.isError ? (
        <p className="mt-2 text-sm text-red-800">{t("poll.loadFailed", { reason: errorText(results.error) })}</p>
      ) : null}
      {data?.sessionName == null ? null : <VotesReachNote sessionName={data.sessionName} />}
      <div className="mt-2">
        <Button variant="secondary" onClick={download} disabled={downloading}>
          {downloading ? t("poll.making") : t("poll.download")}
        </Button>
        {downloadError === null ? null : (
          <p className="mt-1 text-sm text-red-800" role="alert">
            {downloadError}
          </p>
        )}
      </div>
    </div>
  )
}

/** When votes cannot reach Herald for the campaign's own WhatsApp connection, why and what to do. */
const VotesReachNote = ({ sessionName }: { readonly sessionName: string }) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const linked = useQuery(trpc.session.getLinkedNumber.queryOptions({ sessionName }, { staleTime: 60_000 }))
  const reach = linked.data?.pollVotes
  if (reach === "NOT_CONFIGURED") return <p className="mt-2 text-sm text-amber-900">{t("poll.notConfigured")}</p>
  if (reach === "NOT_REGISTERED") return <p className="mt-2 text-sm text-amber-900">{t("poll.notRegistered")}</p>
  return null
}
