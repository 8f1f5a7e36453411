import type { ReactNode } from "react"
import { useEffect, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Button, Card, TextField } from "./kit.tsx"
import { announce } from "./pageHeading.ts"

/**
 * A secret Herald shows this once (an API key, a webhook's signing secret), with a copy button;
 * gone when dismissed. Its field takes the focus: the first thing to read, and selected on focus
 * for copying by hand.
 */
export const ShownOnce = ({
  title,
  explanation,
  label,
  secret,
  onDone
}: {
  readonly title: ReactNode
  readonly explanation: string
  /** the field's label, e.g. "Your new API key" */
  readonly label: string
  readonly secret: string
  readonly onDone: () => void
}) => {
  const { t } = useTranslation()
  const [copied, setCopied] = useState<"yes" | "failed" | null>(null)
  const box = useRef<HTMLDivElement>(null)
  useEffect(() => box.current?.querySelector("input")?.focus(), [])
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => {
        setCopied("yes")
        announce(t("common.copiedAnnounce"))
      },
      () => {
        // no clipboard (permission refused): the text is selected for the person to copy
        box.current?.querySelector("input")?.select()
        setCopied("failed")
      }
    )
  return (
    <Card className="border-green-300 bg-green-50">
      <h2 className="text-lg font-semibold break-all">{title}</h2>
      <p className="mt-1 text-sm text-slate-800">{explanation}</p>
      <div className="mt-3 flex flex-wrap items-end gap-2">
        <div ref={box} className="min-w-0 flex-1">
          <TextField label={label} value={secret} readOnly onFocus={(event) => event.currentTarget.select()} />
        </div>
        <Button onClick={() => void copy()}>{copied === "yes" ? t("common.copied") : t("common.copy")}</Button>
        <Button variant="secondary" onClick={onDone}>
          {t("common.done")}
        </Button>
      </div>
      {copied === "failed" ? <p className="mt-2 text-sm text-slate-800">{t("common.copyYourself")}</p> : null}
    </Card>
  )
}
