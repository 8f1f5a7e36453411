import { useQuery } from "@tanstack/react-query"
import { type ReactNode, useRef, useState } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { errorCode, errorText, useTRPC } from "../trpc.ts"
import { isDateValue } from "../ui/fieldText.ts"
import { Alert, Loading, linkLook } from "../ui/kit.tsx"
import { DateField } from "../ui/PageFormatFields.tsx"
import type { CopyShift } from "./planCopy.ts"
import { copyForm, defaultCopyStart, firstRowDate, shiftFromBase } from "./planCopy.ts"
import type { OneOffRow, PlanForm } from "./planInput.ts"
import { todayIn } from "./zoneFormat.ts"

/**
 * /campaigns/new?from=<id>: the campaign `id` loaded and handed to the form as a copy, its
 * messages as one-off rows from the default start (planCopy.ts), same group, the title "(copy)" in the reader's words (a made-up one made up again).
 */
export const CopyOf = ({
  id,
  timeZone,
  children
}: {
  readonly id: string
  readonly timeZone: string
  readonly children: (initial: Partial<PlanForm>) => ReactNode
}) => {
  const { t } = useTranslation()
  const trpc = useTRPC()
  const source = useQuery(trpc.campaign.get.queryOptions({ id }, { staleTime: Number.POSITIVE_INFINITY }))
  if (source.isPending) return <Loading label={t("campaign.loadingCopy")} />
  if (source.data === undefined) {
    return (
      <Alert>
        {errorCode(source.error) === "NOT_FOUND" ? t("campaign.copyMissing") : errorText(source.error)}{" "}
        <Link href="/campaigns/new" className={linkLook}>
          {t("campaign.planInstead")}
        </Link>
      </Alert>
    )
  }
  const start = defaultCopyStart(source.data, timeZone, todayIn(timeZone))
  return children(copyForm(source.data, timeZone, start))
}

/**
 * A copy's "first message on" date: changing it moves every row (the earliest to that date, each
 * at its own time, the same number of days apart), always from the rows as they were before it moved
 * them (shiftFromBase). It reads its value from the rows themselves; text it cannot read it says so
 * at itself (DateField) and moves nothing.
 */
export const DuplicateStart = ({
  rows,
  timeZone,
  onShift
}: {
  readonly rows: ReadonlyArray<OneOffRow>
  readonly timeZone: string
  readonly onShift: (rows: ReadonlyArray<OneOffRow>) => void
}) => {
  const { t } = useTranslation()
  const memo = useRef<CopyShift | null>(null)
  // what was typed while it is not a date yet (the rows keep their dates meanwhile)
  const [typed, setTyped] = useState<string | null>(null)
  return (
    <div className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3">
      <p className="text-sm text-sky-950">{t("campaign.copyIntro")}</p>
      <DateField
        label={t("campaign.firstOn")}
        value={typed ?? firstRowDate(rows, timeZone) ?? ""}
        hint={t("campaign.firstOnHint")}
        onChange={(date) => {
          // emptied: the rows' own date again (a native input being typed in reads empty meanwhile)
          if (!isDateValue(date)) return setTyped(date === "" ? null : date)
          setTyped(null)
          const shifted = shiftFromBase(rows, memo.current, date, timeZone)
          memo.current = shifted.memo
          onShift(shifted.rows)
        }}
      />
    </div>
  )
}
