import { useTranslation } from "react-i18next"
import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"
import type { CampaignDetail } from "../campaignView.ts"
import { campaignStatusWords } from "../campaignView.ts"
import { formatNumber } from "../ui/format.ts"
import { targetLabel } from "../ui/nameList.ts"
import { StatusPill } from "../ui/StatusPill.tsx"
import { channelReceiptsNote, isChannel } from "./channelWords.ts"
import { statusAudienceWords } from "./statusWords.ts"

type Targets = CampaignDetail["targets"]

const Table = ({ targets, kind }: { readonly targets: Targets; readonly kind: "group" | "channel" | "status" }) => {
  const { t } = useTranslation()
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {kind === "group" ? t("targets.group") : kind === "channel" ? t("targets.channel") : t("targets.status")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("targets.state")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("targets.sent")}
            </th>
            <th scope="col" className="px-3 py-2 font-medium">
              {t("targets.failed")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {targets.map((target) => {
            const words = campaignStatusWords[target.status]
            return (
              <tr key={target.groupId} data-testid="target-row">
                <th scope="row" className="break-words px-3 py-2 font-medium" dir="auto">
                  {targetLabel(target)}
                  {target.statusPost === undefined ? null : (
                    <span className="block text-xs font-normal text-slate-600">
                      {statusAudienceWords(target.statusPost.contacts)}
                    </span>
                  )}
                </th>
                <td className="px-3 py-2">
                  <StatusPill label={words.label} tone={words.tone} prefix={t("row.state")} />
                </td>
                <td className="px-3 py-2">
                  {t("targets.sentOf", {
                    sent: formatNumber(target.sentMessages),
                    total: formatNumber(target.totalMessages)
                  })}
                </td>
                <td className="px-3 py-2">{formatNumber(target.failedMessages)}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}

/**
 * Where each target stands (campaign.get's `targets`): its state and its own copies' counts,
 * groups first, then WhatsApp Channels in a section of their own (their copies have no receipts),
 * then the number's Status in its own (it is not a group).
 */
export const TargetTable = ({ targets }: { readonly targets: Targets }) => {
  const { t } = useTranslation()
  const groups = targets.filter((target) => targetKindOf(target.groupId) === "group")
  const channels = targets.filter(isChannel)
  const status = targets.filter((target) => targetKindOf(target.groupId) === "status")
  return (
    <>
      {groups.length > 0 ? (
        <section aria-labelledby="targets-heading" className="mb-6">
          <h2 id="targets-heading" className="mb-3 text-xl font-semibold">
            {t("targets.groups", { n: formatNumber(groups.length) })}
          </h2>
          <Table targets={groups} kind="group" />
        </section>
      ) : null}
      {channels.length > 0 ? (
        <section aria-labelledby="channels-heading" className="mb-6">
          <h2 id="channels-heading" className="mb-3 text-xl font-semibold">
            {t("targets.channels", { n: formatNumber(channels.length) })}
          </h2>
          <p className="mb-3 text-sm text-slate-700">{channelReceiptsNote()}</p>
          <Table targets={channels} kind="channel" />
        </section>
      ) : null}
      {status.length > 0 ? (
        <section aria-labelledby="status-heading" className="mb-6">
          <h2 id="status-heading" className="mb-3 text-xl font-semibold">
            {t("targets.yourStatus")}
          </h2>
          <Table targets={status} kind="status" />
        </section>
      ) : null}
    </>
  )
}
