import type { Tone } from "../campaignView.ts"

// A status as words on a coloured pill: the words carry the meaning, the colour only helps.
// Colours keep a 4.5:1 contrast with their background.

const tones: Readonly<Record<Tone, string>> = {
  neutral: "bg-slate-100 text-slate-800 border-slate-300",
  info: "bg-sky-50 text-sky-900 border-sky-300",
  progress: "bg-indigo-50 text-indigo-900 border-indigo-300",
  success: "bg-green-50 text-green-900 border-green-300",
  danger: "bg-red-50 text-red-900 border-red-300",
  warning: "bg-amber-50 text-amber-900 border-amber-300",
  muted: "bg-slate-50 text-slate-700 border-slate-300"
}

export const StatusPill = ({
  label,
  tone,
  prefix
}: {
  readonly label: string
  readonly tone: Tone
  readonly prefix?: string
}) => (
  <span className={`inline-flex items-center rounded-full border px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
    {prefix !== undefined ? <span className="sr-only">{prefix} </span> : null}
    {label}
  </span>
)
