import { targetKindOf } from "../../../domain/campaign/CampaignTargets.ts"
import type { CampaignDetail } from "../campaignView.ts"
import { campaignStatusWords } from "../campaignView.ts"
import { StatusPill } from "../ui/StatusPill.tsx"
import { CHANNEL_RECEIPTS_NOTE, isChannel } from "./channelWords.ts"
import { statusAudienceWords } from "./statusWords.ts"

type Targets = CampaignDetail["targets"]

const Table = ({ targets, kind }: { readonly targets: Targets; readonly kind: "Group" | "Channel" | "Status" }) => (
  <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
    <table className="w-full text-left text-sm">
      <thead className="bg-slate-50 text-slate-700">
        <tr>
          <th scope="col" className="px-3 py-2 font-medium">
            {kind}
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            State
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Sent
          </th>
          <th scope="col" className="px-3 py-2 font-medium">
            Not sent (failed)
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {targets.map((t) => {
          const words = campaignStatusWords[t.status]
          return (
            <tr key={t.groupId} data-testid="target-row">
              <th scope="row" className="break-words px-3 py-2 font-medium">
                {t.groupName || t.groupId}
                {t.statusPost === undefined ? null : (
                  <span className="block text-xs font-normal text-slate-600">
                    {statusAudienceWords(t.statusPost.contacts)}
                  </span>
                )}
              </th>
              <td className="px-3 py-2">
                <StatusPill label={words.label} tone={words.tone} prefix="State:" />
              </td>
              <td className="px-3 py-2">
                {t.sentMessages} of {t.totalMessages}
              </td>
              <td className="px-3 py-2">{t.failedMessages}</td>
            </tr>
          )
        })}
      </tbody>
    </table>
  </div>
)

/**
 * Where each target stands (campaign.get's `targets`): its state and its own copies' counts,
 * groups first, then WhatsApp Channels in a section of their own (their copies have no receipts),
 * then the number's Status in its own (it is not a group).
 */
export const TargetTable = ({ targets }: { readonly targets: Targets }) => {
  const groups = targets.filter((t) => targetKindOf(t.groupId) === "group")
  const channels = targets.filter(isChannel)
  const status = targets.filter((t) => targetKindOf(t.groupId) === "status")
  return (
    <>
      {groups.length > 0 ? (
        <section aria-labelledby="targets-heading" className="mb-6">
          <h2 id="targets-heading" className="mb-3 text-xl font-semibold">
            Groups ({groups.length})
          </h2>
          <Table targets={groups} kind="Group" />
        </section>
      ) : null}
      {channels.length > 0 ? (
        <section aria-labelledby="channels-heading" className="mb-6">
          <h2 id="channels-heading" className="mb-3 text-xl font-semibold">
            Channels ({channels.length})
          </h2>
          <p className="mb-3 text-sm text-slate-700">{CHANNEL_RECEIPTS_NOTE}</p>
          <Table targets={channels} kind="Channel" />
        </section>
      ) : null}
      {status.length > 0 ? (
        <section aria-labelledby="status-heading" className="mb-6">
          <h2 id="status-heading" className="mb-3 text-xl font-semibold">
            Your Status
          </h2>
          <Table targets={status} kind="Status" />
        </section>
      ) : null}
    </>
  )
}
