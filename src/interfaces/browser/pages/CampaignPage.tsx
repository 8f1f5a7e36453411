import { useQuery } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import { Link, useParams } from "wouter"
import { failedTargetOf } from "../../../domain/message/failureKind.ts"
import { resendableNow } from "../../../domain/message/Message.ts"
import { CancelCampaign } from "../campaign/CancelCampaign.tsx"
import { CHANNEL_RECEIPTS_NOTE, channelShare, isChannel, targetsCount } from "../campaign/channelWords.ts"
import { FutureMessages, openPlannedMessages } from "../campaign/FutureMessages.tsx"
import { MessageRow } from "../campaign/MessageRow.tsx"
import { useMessageSearch } from "../campaign/MessageSearch.tsx"
import { PauseCampaign } from "../campaign/PauseCampaign.tsx"
import { planSentence, timeInZones, zoneLabel } from "../campaign/planWords.ts"
import { TargetTable } from "../campaign/TargetTable.tsx"
import type { CampaignDetail } from "../campaignView.ts"
import { campaignPollInterval, campaignStatusWords, canCancel, countedMessages, groupsLabel } from "../campaignView.ts"
import { errorCode, errorText, useTRPC } from "../trpc.ts"
import { FailureNote } from "../ui/FailureNote.tsx"
import { viewerTimeZone } from "../ui/format.ts"
import { Alert, Card, Loading, linkLook, PageTitle, SelectField } from "../ui/kit.tsx"
import { CampaignProgress } from "../ui/ProgressBar.tsx"
import { StatusPill } from "../ui/StatusPill.tsx"

/** One campaign: its header (status, progress, failure, cancel) and every message, followed live. */
export const CampaignPage = () => {
  const { id = "" } = useParams<{ id: string }>()
  const trpc = useTRPC()
  const campaign = useQuery(
    trpc.campaign.get.queryOptions(
      { id },
      {
        refetchInterval: (query) => campaignPollInterval(query.state.data, Date.now())
      }
    )
  )
  if (campaign.isPending) return <Loading label="Loading the campaign…" />
  if (campaign.data === undefined) {
    return (
      <div>
        <PageTitle>Campaign</PageTitle>
        <Alert>
          {errorCode(campaign.error) === "NOT_FOUND"
            ? "This campaign does not exist, or it is not yours."
            : errorText(campaign.error)}{" "}
          <Link href="/campaigns" className={linkLook}>
            Back to your campaigns
          </Link>
        </Alert>
      </div>
    )
  }
  return <CampaignView campaign={campaign.data} refreshError={campaign.error} />
}

const CampaignView = ({
  campaign,
  refreshError
}: {
  readonly campaign: CampaignDetail
  readonly refreshError: unknown
}) => {
  const title = campaign.title.trim() === "" ? "Untitled campaign" : campaign.title
  const status = campaignStatusWords[campaign.status]
  const { sent, delivered, total, next, sending, held } = useMemo(() => {
    let sent = 0,
      delivered = 0,
      total = 0,
      held = 0
    let next: string | null = null
    let sending = false
    // a message sent again counts once: its resend stands in its place
    for (const m of countedMessages(campaign.messages)) {
      total++
      if (m.isSent) sent++
      // a channel's copy is never counted delivered: WhatsApp tells channel admins of no delivery
      if (m.isDelivered && !isChannel(m)) delivered++
      if (m.status === "PICKED") sending = true
      if (m.status === "PAUSED") held++
      // NEW: a resend just made, waiting like any scheduled one
      if (
        (m.status === "SCHEDULED" || m.status === "NEW") &&
        (next === null || Date.parse(m.scheduledAt) < Date.parse(next))
      )
        next = m.scheduledAt
    }
    return { sent, delivered, total, next, sending, held }
  }, [campaign.messages])
  const plan = campaign.plan
  // the campaign's zone, every time of the page is read in (null: a campaign before plans were kept)
  const zone = plan?.timeZone ?? null
  const recurrence = plan?.recurrence !== undefined && plan.recurrence.frequency !== "ONCE" ? plan.recurrence : null
  const open = useMemo(() => openPlannedMessages(campaign.messages, Date.now()), [campaign.messages])
  const several = campaign.targets.length > 1
  // "group …" names one of several; "channel …" any channel's (Campaign.ts)
  const failedTarget = failedTargetOf(campaign.failureReason)
  /** the group whose messages are shown; null: every group's */
  const [shownGroup, setShownGroup] = useState<string | null>(null)
  // chronological; ties in the order the plan gave them
  const messages = useMemo(
    () =>
      campaign.messages
        .filter((m) => shownGroup === null || m.groupId === shownGroup)
        .map((m, i) => ({ m, i, at: Date.parse(m.scheduledAt) }))
        .sort((a, b) => a.at - b.at || a.i - b.i)
        .map(({ m }) => m),
    [campaign.messages, shownGroup]
  )
  const search = useMessageSearch(messages)
  // the links of "send again", both ways, and what can be sent again now
  const { byId, resendable } = useMemo(
    () => ({
      byId: new Map(campaign.messages.map((m) => [m.id, m])),
      resendable: new Set(resendableNow(campaign.messages).map((m) => m.id))
    }),
    [campaign.messages]
  )
  return (
    <div>
      <p className="mb-2 text-sm">
        <Link href="/campaigns" className={linkLook}>
          ← All campaigns
        </Link>
      </p>
      <Card className="mb-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <PageTitle>{title}</PageTitle>
          </div>
          <StatusPill label={status.label} tone={status.tone} prefix="Status:" />
        </div>
        <p className="-mt-2 break-words text-slate-700">
          {several ? (
            <>
              To {targetsCount(campaign.targets)}: <strong>{groupsLabel(campaign.targets)}</strong>, each its own copy
              of every message
            </>
          ) : (
            <>
              To the {isChannel(campaign.group) ? "WhatsApp channel" : "group"}{" "}
              <strong>{campaign.group.groupName || campaign.group.groupId}</strong>
            </>
          )}
        </p>
        {!several && isChannel(campaign.group) ? (
          <p className="mt-2 text-sm text-slate-700">{CHANNEL_RECEIPTS_NOTE}</p>
        ) : null}
        {plan !== undefined ? (
          <p className="mt-2 text-slate-700" data-testid="plan-sentence">
            {plan.recurrence === undefined ? "Planned in " : "Plan: "}
            <strong>{planSentence(plan)}</strong>
          </p>
        ) : null}
        <div className="mt-4 max-w-md">
          <CampaignProgress
            sent={sent}
            delivered={delivered}
            total={total}
            label={`Progress of ${title}`}
            channels={channelShare(campaign.targets)}
          />
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {sending ? "A message is being sent now. " : null}
          {next !== null ? (
            <>
              Next message: <time dateTime={next}>{timeInZones(next, zone, viewerTimeZone)}</time>.
            </>
          ) : sending ? null : held > 0 ? (
            `Sending is paused: ${held === 1 ? "1 message waits" : `${held} messages wait`} until you resume.`
          ) : (
            "No message waiting to be sent."
          )}{" "}
          {zone === null
            ? `Times are in your time zone, ${zoneLabel(viewerTimeZone)}.`
            : `Times are in ${zoneLabel(zone)}, yours in brackets where it differs.`}
        </p>
        {campaign.status === "FAILED" ? (
          <div className="mt-4">
            <Alert>
              <FailureNote
                kind={campaign.failureKind ?? "other"}
                target={failedTarget?.kind ?? (isChannel(campaign.group) ? "channel" : "group")}
                detail={campaign.failureReason}
                lead={
                  <strong>
                    {failedTarget === null
                      ? "This campaign failed."
                      : `This campaign failed in the ${failedTarget.kind} ${failedTarget.name}.`}
                  </strong>
                }
                after={
                  canCancel(campaign) || resendable.size > 0 ? (
                    <>
                      {held > 0
                        ? "Its paused messages wait until you resume sending; resume first, then send a failed one again. "
                        : canCancel(campaign)
                          ? "Its other messages are still sent at their times unless you cancel it. "
                          : null}
                      {resendable.size > 0 && held === 0
                        ? "A message that was not sent can be sent again from its row below."
                        : null}
                    </>
                  ) : undefined
                }
              />
            </Alert>
          </div>
        ) : null}
        {refreshError !== null ? (
          <div className="mt-4">
            <Alert kind="warning">Could not refresh: {errorText(refreshError)}</Alert>
          </div>
        ) : null}
        <PauseCampaign campaign={campaign} />
        {canCancel(campaign) && zone !== null && recurrence !== null && open > 0 ? (
          <FutureMessages campaignId={campaign.id} timeZone={zone} recurrence={recurrence} open={open} />
        ) : null}
        {canCancel(campaign) ? <CancelCampaign id={campaign.id} /> : null}
        <p className="mt-4">
          <Link
            href={`/campaigns/new?from=${encodeURIComponent(campaign.id)}`}
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"
          >
            Duplicate
          </Link>{" "}
          <span className="text-sm text-slate-600">Plan a new campaign with these messages on new dates.</span>
        </p>
      </Card>
      {several || campaign.targets[0]?.statusPost !== undefined ? <TargetTable targets={campaign.targets} /> : null}
      <h2 className="mb-3 text-xl font-semibold">Messages ({messages.length})</h2>
      {several ? (
        <div className="mb-4 max-w-sm">
          <SelectField
            label="Show the messages to"
            value={shownGroup ?? ""}
            onChange={(e) => setShownGroup(e.target.value === "" ? null : e.target.value)}
          >
            <option value="">Every group</option>
            {campaign.targets.map((t) => (
              <option key={t.groupId} value={t.groupId}>
                {t.groupName || t.groupId}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {messages.length > 0 ? search.field : null}
      {messages.length === 0 ? (
        <p className="text-slate-700">This campaign has no messages.</p>
      ) : (
        <ol className="space-y-3" aria-label="Messages">
          {search.found.map((m) => (
            <MessageRow
              key={m.id}
              campaignId={campaign.id}
              message={m}
              timeZone={zone}
              resendable={resendable.has(m.id)}
              group={several ? m.groupName || m.groupId : undefined}
              resend={m.resentAs === null ? undefined : byId.get(m.resentAs)}
              original={m.resendOf === null ? undefined : byId.get(m.resendOf)}
            />
          ))}
        </ol>
      )}
    </div>
  )
}
