import { useQuery } from "@tanstack/react-query"
import type { ReactNode } from "react"
import { useTranslation } from "react-i18next"
import { Link } from "wouter"
import { errorCode, errorText, useTRPC } from "../trpc.ts"
import { Alert, Loading, linkLook } from "../ui/kit.tsx"
import { DateField } from "../ui/PageFormatFields.tsx"
import { copyForm, defaultCopyStart, firstRowDate, shiftRows } from "./planCopy.ts"
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
 * at its own time, the same number of days apart). It reads its value from the rows themselves.
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
  return (
    <div className="space-y-2 rounded-md border border-sky-200 bg-sky-50 p-3">
      <p className="text-sm text-sky-950">{t("campaign.copyIntro")}</p>
      <DateField
        label={t("campaign.firstOn")}
        value={firstRowDate(rows, timeZone) ?? ""}
        hint={t("campaign.firstOnHint")}
        onChange={(date) => {
          // a year still being typed (0002, 0020, 0202) is a valid date to the input: not a move
          if (/^[2-9]\d{3}-/.test(date)) onShift(shiftRows(rows, date, timeZone))
        }}
      />
    </div>
  )
}
