import type { ReactNode } from "react"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button } from "./kit.tsx"

/**
 * A destructive action asked twice, in the page (no window.confirm): the first button shows the
 * question with "yes" and "no" buttons; focus moves to "no", and back to the first button after it.
 */
export const ConfirmButton = ({
  label,
  question,
  confirmLabel,
  keepLabel,
  pending,
  onConfirm,
  small = false,
  calm = false,
  accessibleLabel
}: {
  readonly label: string
  readonly question: ReactNode
  readonly confirmLabel: string
  readonly keepLabel?: string
  readonly pending: boolean
  readonly onConfirm: () => void
  readonly small?: boolean
  /** an action that destroys nothing (pause, resume): asked in neutral colours */
  readonly calm?: boolean
  /** a longer name for the first button and the question's group, when several share one label (one per row) */
  readonly accessibleLabel?: string
}) => {
  const { t } = useTranslation()
  const [asking, setAsking] = useState(false)
  const box = useRef<HTMLDivElement>(null)
  const wasAsking = useRef(false)
  const wasPending = useRef(false)
  useEffect(() => {
    // asking: the last button ("no"); done asking: the one button left
    if (asking || wasAsking.current) box.current?.querySelector<HTMLButtonElement>("button:last-of-type")?.focus()
    wasAsking.current = asking
  }, [asking])
  useEffect(() => {
    // the buttons were disabled while the action ran (the focus fell to the page): still here
    // once it failed, the question takes it back ("no"); once it succeeded and this control went
    // with it, the page moves the focus
    if (wasPending.current && !pending && asking)
      box.current?.querySelector<HTMLButtonElement>("button:last-of-type")?.focus()
    wasPending.current = pending
  }, [pending, asking])
  const size = small ? "px-3 py-1" : ""
  if (!asking) {
    return (
      <div ref={box} className="inline-block">
        <Button variant="secondary" className={size} onClick={() => setAsking(true)} aria-label={accessibleLabel}>
          {label}
        </Button>
      </div>
    )
  }
  return (
    <div
      ref={box}
      role="group"
      aria-label={accessibleLabel ?? label}
      className={`flex flex-wrap items-center gap-2 rounded-md border p-2 text-sm ${calm ? "border-slate-300 bg-slate-50 text-slate-900" : "border-red-300 bg-red-50 text-red-900"}`}
    >
      <span>{question}</span>
      <Button variant={calm ? "primary" : "danger"} className={size} disabled={pending} onClick={onConfirm}>
        {pending ? t("common.working") : confirmLabel}
      </Button>
      <Button variant="secondary" className={size} disabled={pending} onClick={() => setAsking(false)}>
        {keepLabel ?? t("common.keepIt")}
      </Button>
    </div>
  )
}
