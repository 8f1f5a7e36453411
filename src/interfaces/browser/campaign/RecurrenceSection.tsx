import type { Frequency } from "../../../domain/campaign/Recurrence.ts"
import { FREQUENCIES, isFrequency } from "../../../domain/campaign/Recurrence.ts"
import { Checkbox } from "../ui/Choice.tsx"
import { SelectField, TextArea, TextField } from "../ui/kit.tsx"
import type { RecurrenceFields } from "./planInput.ts"

const FREQUENCY_LABELS: Readonly<Record<Frequency, string>> = {
  ONCE: "Once (on the start date)",
  DAILY: "Every day",
  WEEKLY: "Every week",
  SEMI_MONTHLY: "Twice a month (15 days apart)",
  MONTHLY: "Every month",
  SEMI_ANNUALLY: "Every six months",
  ANNUALLY: "Every year"
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
  const once = r.frequency === "ONCE"
  return (
    <div className="space-y-4">
      <SelectField
        label="How often"
        value={r.frequency}
        error={errors["recurrence.frequency"]}
        onChange={(e) => {
          const frequency = e.target.value
          if (isFrequency(frequency)) onChange({ frequency })
        }}
      >
        {FREQUENCIES.map((f) => (
          <option key={f} value={f}>
            {FREQUENCY_LABELS[f]}
          </option>
        ))}
      </SelectField>
      <div className="grid gap-3 sm:grid-cols-3">
        <TextField
          label={once ? "Date" : "Start date"}
          type="date"
          value={r.startDate}
          error={errors["recurrence.startDate"] ?? (once ? errors["recurrence.endDate"] : undefined)}
          onChange={(e) => onChange({ startDate: e.target.value })}
        />
        {once ? null : (
          <TextField
            label="End date (included)"
            type="date"
            value={r.endDate}
            error={errors["recurrence.endDate"]}
            onChange={(e) => onChange({ endDate: e.target.value })}
          />
        )}
        <TextField
          label="Send time"
          type="time"
          value={r.sendTime}
          error={errors["recurrence.sendTime"]}
          onChange={(e) => onChange({ sendTime: e.target.value })}
        />
      </div>
      <TextArea
        label="Message template"
        rows={4}
        value={r.template}
        error={errors["recurrence.template"]}
        hint={
          <>
            <code>{"{days_left}"}</code> becomes the number of days from that message's date to the end date (0 on the
            end date). For several messages, sent one after another a second apart, put a line holding only{" "}
            <code>---</code> between them. <code>*bold*</code>, <code>_italic_</code> and <code>~strike~</code> work as
            in WhatsApp.
          </>
        }
        onChange={(e) => onChange({ template: e.target.value })}
      />
      <Checkbox
        label="Free-form (no title header)"
        checked={r.isFreeForm}
        hint="Unchecked: the first message of each day starts with the campaign's title in bold. Checked: the text is sent exactly as written."
        onChange={(isFreeForm) => onChange({ isFreeForm })}
      />
    </div>
  )
}
