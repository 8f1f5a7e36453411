import type { inferRouterOutputs } from "@trpc/server"
import { Trans, useTranslation } from "react-i18next"
import type { MadeUpTitle } from "../../../domain/campaign/defaultTitle.ts"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { CampaignTitle, NameList } from "../ui/NameList.tsx"
import { campaignTitleText, targetItem } from "../ui/nameList.ts"
import { targetsCount } from "./channelWords.ts"
import { MediaView } from "./MediaAttach.tsx"
import { PollView } from "./PollView.tsx"
import { characterCount } from "./planInput.ts"
import { zoneLabel } from "./planWords.ts"
import { WhatsAppText } from "./WhatsAppText.tsx"
import { dstNote, formatInZone, offsetLabel, soonAfter, viewerReading } from "./zoneFormat.ts"

export type Preview = inferRouterOutputs<AppRouter>["campaign"]["preview"]

/**
 * The title in the sentence's <title> slot, drawn by CampaignTitle (a made-up one in the reader's
 * words, its name isolated; a written one isolated whole), not from the slot's plain text.
 */
const TitleSlot = ({ title, madeUp }: { readonly title: string; readonly madeUp: MadeUpTitle | null }) =>
  madeUp === null ? (
    <bdi data-testid="preview-title">{title}</bdi>
  ) : (
    <span data-testid="preview-title">
      <CampaignTitle title={title} madeUp={madeUp} />
    </span>
  )

/** Every message campaign.preview says will go out, in order, as it will read (WhatsApp's formatting drawn) and when. */
export const PreviewList = ({ preview, viewer }: { readonly preview: Preview; readonly viewer: string }) => {
  const { t } = useTranslation()
  const count = preview.messages.length
  const changes = preview.messages.filter((m) => m.dstChange).length
  const groups = preview.targets.length
  return (
    <section aria-labelledby="preview-heading" className="space-y-3">
      <h2 id="preview-heading" className="text-lg font-semibold">
        {t("preview.title", { count })}
      </h2>
      <p className="text-sm text-slate-700">
        {viewer === preview.timeZone ? (
          <Trans
            i18nKey="preview.times"
            values={{ title: campaignTitleText(preview.title, preview.madeUpTitle), zone: zoneLabel(preview.timeZone) }}
            components={{ title: <TitleSlot title={preview.title} madeUp={preview.madeUpTitle} /> }}
          />
        ) : (
          <Trans
            i18nKey="preview.timesYours"
            values={{
              title: campaignTitleText(preview.title, preview.madeUpTitle),
              zone: zoneLabel(preview.timeZone),
              yours: zoneLabel(viewer)
            }}
            components={{ title: <TitleSlot title={preview.title} madeUp={preview.madeUpTitle} /> }}
          />
        )}
        {changes > 0 ? ` ${t("preview.clocks", { count: changes })}` : null}
      </p>
      {groups > 1 ? (
        <p className="text-sm font-medium text-slate-800" data-testid="preview-targets">
          <Trans
            i18nKey="preview.eachGoes"
            values={{ targets: targetsCount(preview.targets), sends: count * groups }}
            components={{
              names: <NameList names={preview.targets.map(targetItem)} />
            }}
          />
        </p>
      ) : null}
      <ol className="space-y-3" aria-label={t("preview.list")}>
        {preview.messages.map((m, i) => {
          const note = dstNote(m)
          const yours = viewerReading(m.scheduledAt, preview.timeZone, viewer)
          const chars = characterCount(m.content)
          const after = soonAfter(preview.messages[i - 1]?.scheduledAt, m.scheduledAt)
          return (
            <li
              // biome-ignore lint/suspicious/noArrayIndexKey: a preview is replaced whole, never reordered; two messages may share text and time
              key={i}
              className={`rounded-md border p-3 ${note === null ? "border-slate-200" : "border-amber-400 bg-amber-50"}`}
              data-testid="preview-message"
            >
              <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 text-sm">
                <p>
                  <span className="sr-only">{t("preview.nth", { n: i + 1, total: count })} </span>
                  <time dateTime={m.scheduledAt} className="font-medium" data-testid="campaign-time">
                    {formatInZone(m.scheduledAt, preview.timeZone)}
                  </time>{" "}
                  <span className="text-slate-600">{offsetLabel(m.utcOffset)}</span>
                  {after === null ? null : <span className="text-slate-600"> · {after}</span>}
                </p>
                <p className={chars.over ? "font-semibold text-red-800" : "text-slate-600"}>
                  <span className="sr-only">{t("preview.characters")} </span>
                  {chars.over ? t("preview.countTooLong", { chars: chars.text }) : chars.text}
                </p>
              </div>
              {yours === null ? null : (
                <p className="text-sm text-slate-600">{t("preview.yourTime", { time: yours })}</p>
              )}
              {note === null ? null : (
                <p
                  className="mt-1 inline-block rounded border border-amber-500 bg-amber-100 px-2 py-0.5 text-sm font-medium text-amber-950"
                  data-testid="dst-mark"
                >
                  {note}
                </p>
              )}
              <p className="mt-2 whitespace-pre-wrap break-words text-slate-900" dir="auto">
                <WhatsAppText text={m.content} />
              </p>
              {m.mentionAll ? <p className="mt-1 text-sm text-slate-700">{t("preview.mentions")}</p> : null}
              <PollView poll={m.poll} />
              <MediaView media={m.media} />
            </li>
          )
        })}
      </ol>
    </section>
  )
}
