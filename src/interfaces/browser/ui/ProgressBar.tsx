import { useTranslation } from "react-i18next"
import { formatNumber } from "./format.ts"
/**
 * sent / delivered / total as a bar (role=progressbar, labelled) and in words beside it. The bar
 * shows sent messages; the darker part of it, delivered ones. WhatsApp tells channel admins of no
 * delivery: with channels among the targets the delivered figure is the groups' ("delivered in
 * groups"), and with nothing but channels there is none.
 */
export const CampaignProgress = ({
  sent,
  delivered,
  total,
  label,
  channels = "none"
}: {
  readonly sent: number
  /** delivered copies to groups (a channel's are never counted) */
  readonly delivered: number
  readonly total: number
  readonly label: string
  /** whether channels are among the targets: none, some, or every one */
  readonly channels?: "none" | "some" | "all"
}) => {
  const { t } = useTranslation()
  const pct = (n: number) => (total === 0 ? 0 : Math.round((Math.min(n, total) / total) * 100))
  const figures = { sent: formatNumber(sent), delivered: formatNumber(delivered), total: formatNumber(total) }
  const words =
    channels === "all"
      ? t("progress.wordsChannels", figures)
      : channels === "some"
        ? t("progress.wordsSomeChannels", figures)
        : t("progress.words", figures)
  return (
    <div className="min-w-0">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={Math.min(sent, total)}
        aria-valuetext={words}
        className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <Fill pct={pct(sent)} look="bg-sky-400" />
        {channels === "all" ? null : <Fill pct={pct(delivered)} look="bg-sky-800" />}
      </div>
      <p className="mt-1 text-sm text-slate-700">{words}</p>
    </div>
  )
}

// Widths in steps of 5 %, as classes: the CSP (style-src 'self') refuses style attributes, so every
// look stays in the one stylesheet.
const widths = [
  "w-0",
  "w-[5%]",
  "w-[10%]",
  "w-[15%]",
  "w-[20%]",
  "w-[25%]",
  "w-[30%]",
  "w-[35%]",
  "w-[40%]",
  "w-[45%]",
  "w-[50%]",
  "w-[55%]",
  "w-[60%]",
  "w-[65%]",
  "w-[70%]",
  "w-[75%]",
  "w-[80%]",
  "w-[85%]",
  "w-[90%]",
  "w-[95%]",
  "w-full"
] as const

const Fill = ({ pct, look }: { readonly pct: number; readonly look: string }) => {
  // never show 0 % for something done, nor 100 % for something not finished
  const step = pct === 0 ? 0 : pct === 100 ? 20 : Math.min(19, Math.max(1, Math.round(pct / 5)))
  return <div className={`absolute inset-y-0 left-0 ${look} ${widths[step]}`} />
}

/** `count` of `total` as a bar (role=meter, labelled): an option's share of a poll's voters. */
export const ShareBar = ({
  count,
  total,
  label
}: {
  readonly count: number
  readonly total: number
  readonly label: string
}) => (
  <div
    role="meter"
    aria-label={label}
    aria-valuemin={0}
    aria-valuemax={Math.max(total, 1)}
    aria-valuenow={Math.min(count, Math.max(total, 1))}
    className="relative h-2 w-full overflow-hidden rounded-full bg-slate-200"
  >
    <Fill pct={total === 0 ? 0 : Math.round((Math.min(count, total) / total) * 100)} look="bg-sky-700" />
  </div>
)
