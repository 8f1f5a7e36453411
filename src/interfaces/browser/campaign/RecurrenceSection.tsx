import i18next from "i18next"
import { Trans, useTranslation } from "react-i18next"
import type { Frequency } from "../../../domain/campaign/Recurrence.ts"
import { FREQUENCIES, isFrequency } from "../../../domain/campaign/Recurrence.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { SelectField, TextArea } from "../ui/kit.tsx"
import { ClockField, DateField } from "../ui/PageFormatFields.tsx"
import type { RecurrenceFields } from "./planInput.ts"

/** How often, in the language on screen. */
const frequencyLabel = (frequency: Frequency): string => {
  switch (frequency) {
    case "ONCE":
      return i18next.t("recurrence.once")
    case "DAILY":
      return i18next.t("recurrence.daily")
    case "WEEKLY":
      return i18next.t("recurrence.weekly")
    case "SEMI_MONTHLY":
      return i18next.t("recurrence.semiMonthly")
    case "MONTHLY":
      return i18next.t("recurrence.monthly")
    case "SEMI_ANNUALLY":
      return i18next.t("recurrence.semiAnnually")
    case "ANNUALLY":
      return i18next.t("recurrence.annually")
  }
}

/** The new-campaign form's repeating message: how often, its dates and time, its template. */
export const RecurrenceSection = ({
  recurrence: r,
  errors,
  onChange
}: {
  readonly recurrence: RecurrenceFields
  /** the form's and the server's errors, by field path (`recurrence.endDate`) */
  readonly errors: Readonly<Record<string, string>>
  readonly onChange: (change: Partial<RecurrenceFields>) => void
}) => {
  const { t } = useTranslation()
  const once = r.frequency === "ONCE"
  return (
    <div className="space-y-4">
      <SelectField
        label={t("recurrence.howOften")}
        value={r.frequency}
        error={errors["recurrence.frequency"]}
        onChange={(e) => {
          const frequency = e.target.value
          if (isFrequency(frequency)) onChange({ frequency })
        }}
      >
        {FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {frequencyLabel(f)}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-3">
        <DateField
          label={once ? t("recurrence.date") : t("recurrence.startDate")}
          value={r.startDate}
          error={errors["recurrence.startDate"] ?? (once ? errors["recurrence.endDate"] : undefined)}
          onChange={(startDate) => onChange({ startDate })}
        />
        {once ? null : (
          <DateField
            label={t("recurrence.endDate")}
            value={r.endDate}
            error={errors["recurrence.endDate"]}
            onChange={(endDate) => onChange({ endDate })}
          />
        )}
        <ClockField
          label={t("recurrence.sendTime")}
          value={r.sendTime}
          error={errors["recurrence.sendTime"]}
          onChange={(sendTime) => onChange({ sendTime })}
        />
      </div>
      <TextArea
        label={t("recurrence.template")}
        rows={4}
        value={r.template}
        error={errors["recurrence.template"]}
        hint={<Trans i18nKey="recurrence.templateHint" components={{ code: <code /> }} />}
        onChange={(e) => onChange({ template: e.target.value })}
      />
      <Checkbox
        label={t("recurrence.freeForm")}
        checked={r.isFreeForm}
        hint={t("recurrence.freeFormHint")}
        onChange={(isFreeForm) => onChange({ isFreeForm })}
      />
    </div>
  )
}
