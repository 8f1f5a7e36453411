import { useQuery } from "@tanstack/react-query"
import { useMemo, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import { Link, useParams } from "wouter"
import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"
import { failedTargetOf } from "../../../domain/message/failureKind.ts"
import { resendableNow } from "../../../domain/message/Message.ts"
import { CancelCampaign } from "../campaign/CancelCampaign.tsx"
import { channelReceiptsNote, channelShare, isChannel, targetsCount } from "../campaign/channelWords.ts"
import { FutureMessages, openPlannedMessages } from "../campaign/FutureMessages.tsx"
import { MessageRow } from "../campaign/MessageRow.tsx"
import { useMessageSearch } from "../campaign/MessageSearch.tsx"
import { PauseCampaign } from "../campaign/PauseCampaign.tsx"
import { planSentence, timeInZones, zoneLabel } from "../campaign/planWords.ts"
import { TargetTable } from "../campaign/TargetTable.tsx"
import type { CampaignDetail } from "../campaignView.ts"
import { campaignPollInterval, campaignStatusWords, canCancel, countedMessages } from "../campaignView.ts"
import { errorCode, errorText, useTRPC } from "../trpc.ts"
import { FailureNote } from "../ui/FailureNote.tsx"
import { formatNumber, viewerTimeZone } from "../ui/format.ts"
import { Alert, Card, Loading, linkLook, PageTitle, SelectField } from "../ui/kit.tsx"
import { CampaignTitle, TargetNames } from "../ui/NameList.tsx"
import { campaignTitleDir, campaignTitleText, targetLabel } from "../ui/nameList.ts"
import { CampaignProgress } from "../ui/ProgressBar.tsx"
import { StatusPill } from "../ui/StatusPill.tsx"

/** One campaign: its header (status, progress, failure, cancel) and every message, followed live. */
export const CampaignPage = () => {
  const { t } = useTranslation()
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
  if (campaign.isPending) return <Loading label={t("campaignPage.loading")} />
  if (campaign.data === undefined) {
    return (
      <div>
        <PageTitle>{t("campaignPage.title")}</PageTitle>
        <Alert>
          {errorCode(campaign.error) === "NOT_FOUND" ? t("campaignPage.missing") : errorText(campaign.error)}{" "}
          <Link href="/campaigns" className={linkLook}>
            {t("campaignPage.back")}
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
  const { t, i18n } = useTranslation()
  const title = campaignTitleText(campaign.title, campaign.madeUpTitle)
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
          {t("campaignPage.all")}
        </Link>
      </p>
      <Card className="mb-6">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0">
            <PageTitle dir={campaignTitleDir(campaign.madeUpTitle)} title={title}>
              <CampaignTitle title={campaign.title} madeUp={campaign.madeUpTitle} />
            </PageTitle>
          </div>
          <StatusPill label={status.label} tone={status.tone} prefix={t("campaigns.statusPrefix")} />
        </div>
        <p className="-mt-2 break-words text-slate-700">
          {several ? (
            <Trans
              i18nKey="campaignPage.toSeveral"
              values={{ targets: targetsCount(campaign.targets) }}
              components={{
                names: (
                  <strong>
                    <TargetNames targets={campaign.targets} />
                  </strong>
                )
              }}
            />
          ) : targetKindOf(campaign.group.groupId) === "status" ? (
            t("campaignPage.toStatus")
          ) : isChannel(campaign.group) ? (
            <Trans
              i18nKey="campaignPage.toChannel"
              values={{ name: campaign.group.groupName || campaign.group.groupId }}
              components={{ strong: <strong dir="auto" /> }}
            />
          ) : (
            <Trans
              i18nKey="campaignPage.toGroup"
              values={{ name: campaign.group.groupName || campaign.group.groupId }}
              components={{ strong: <strong dir="auto" /> }}
            />
          )}
        </p>
        {!several && isChannel(campaign.group) ? (
          <p className="mt-2 text-sm text-slate-700">{channelReceiptsNote()}</p>
        ) : null}
        {plan !== undefined ? (
          <p className="mt-2 text-slate-700" data-testid="plan-sentence">
            {plan.recurrence === undefined ? (
              <Trans
                i18nKey="campaignPage.plannedIn"
                values={{ plan: planSentence(plan) }}
                components={{ strong: <strong /> }}
              />
            ) : (
              <Trans
                i18nKey="campaignPage.plan"
                values={{ plan: planSentence(plan) }}
                components={{ strong: <strong /> }}
              />
            )}
          </p>
        ) : null}
        <div className="mt-4 max-w-md">
          <CampaignProgress
            sent={sent}
            delivered={delivered}
            total={total}
            label={t("campaigns.progressOf", { title })}
            channels={channelShare(campaign.targets)}
          />
        </div>
        <p className="mt-2 text-sm text-slate-700">
          {sending ? `${t("campaignPage.sendingNow")} ` : null}
          {next !== null ? (
            <Trans
              i18nKey="campaignPage.next"
              values={{ when: timeInZones(next, zone, viewerTimeZone) }}
              components={{ time: <time dateTime={next} /> }}
            />
          ) : sending ? null : held > 0 ? (
            t("campaignPage.pausedWait", { count: held })
          ) : (
            t("campaignPage.nothingWaiting")
          )}{" "}
          {zone === null
            ? t("campaignPage.timesYours", { zone: zoneLabel(viewerTimeZone) })
            : t("campaignPage.timesIn", { zone: zoneLabel(zone) })}
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
                    {failedTarget === null ? (
                      t("campaignPage.failed")
                    ) : failedTarget.kind === "channel" ? (
                      <Trans
                        i18nKey="campaignPage.failedInChannel"
                        values={{ channel: failedTarget.name }}
                        components={{ name: <bdi /> }}
                      />
                    ) : (
                      <Trans
                        i18nKey="campaignPage.failedIn"
                        values={{ group: failedTarget.name }}
                        components={{ name: <bdi /> }}
                      />
                    )}
                  </strong>
                }
                after={
                  canCancel(campaign) || resendable.size > 0 ? (
                    <>
                      {held > 0
                        ? `${t("campaignPage.failedPaused")} `
                        : canCancel(campaign)
                          ? `${t("campaignPage.failedOthers")} `
                          : null}
                      {resendable.size > 0 && held === 0 ? t("campaignPage.failedResend") : null}
                    </>
                  ) : undefined
                }
              />
            </Alert>
          </div>
        ) : null}
        {refreshError !== null ? (
          <div className="mt-4">
            <Alert kind="warning">{t("campaignPage.refreshFailed", { reason: errorText(refreshError) })}</Alert>
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
            {t("campaignPage.duplicate")}
          </Link>{" "}
          <span className="text-sm text-slate-600">{t("campaignPage.duplicateHint")}</span>
        </p>
      </Card>
      {several || campaign.targets[0]?.statusPost !== undefined ? <TargetTable targets={campaign.targets} /> : null}
      <h2 className="mb-3 text-xl font-semibold">{t("campaignPage.messages", { n: formatNumber(messages.length) })}</h2>
      {several ? (
        <div className="mb-4 max-w-sm">
          <SelectField
            label={t("campaignPage.showTo")}
            value={shownGroup ?? ""}
            onChange={(e) => setShownGroup(e.target.value === "" ? null : e.target.value)}
          >
            <option value="">{t("campaignPage.everyGroup")}</option>
            {campaign.targets.map((target) => (
              <option key={target.groupId} value={target.groupId} dir="auto">
                {targetLabel(target)}
              </option>
            ))}
          </SelectField>
        </div>
      ) : null}
      {messages.length > 0 ? search.field : null}
      {messages.length === 0 ? (
        <p className="text-slate-700">{t("campaignPage.none")}</p>
      ) : (
        <ol className="space-y-3" aria-label={t("campaignPage.list")}>
          {search.found.map((m) => (
            <MessageRow
              key={m.id}
              language={i18n.language}
              campaignId={campaign.id}
              message={m}
              timeZone={zone}
              resendable={resendable.has(m.id)}
              group={several ? targetLabel(m) : undefined}
              resend={m.resentAs === null ? undefined : byId.get(m.resentAs)}
              original={m.resendOf === null ? undefined : byId.get(m.resendOf)}
            />
          ))}
        </ol>
      )}
    </div>
  )
}
