import { type ReactNode, useEffect, useState } from "react"
import { clockTime } from "../campaign/planWords.ts"
import { calendarDate, nativeClockAgrees, nativeDateAgrees, parseClock, parseDate } from "./fieldText.ts"
import { TextField } from "./kit.tsx"

// Time and date fields in the page's own format (formattingLocale). The browser draws its native
// time and date inputs in the browser's locale, not the page's: where the two agree (12 or 24 hours;
// day, month and year in the same order) the native input stays, with its picker; else a text field
// shows the value as the page writes it and reads what is typed that way. The value is the native
// input's either way (`HH:MM`, `YYYY-MM-DD`); what cannot be read is passed on as typed, for the
// form's own check to name.

interface FieldProps {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | null | undefined
  readonly hint?: ReactNode
  readonly disabled?: boolean
}

interface Format {
  readonly native: "time" | "date"
  readonly agrees: () => boolean
  readonly parse: (typed: string) => string | null
  readonly show: (value: string) => string
  readonly example: string
}

const TypedField = ({ format, label, value, onChange, error, hint, disabled }: FieldProps & { format: Format }) => {
  const shown = (v: string) => (v === "" ? "" : format.show(v))
  const [typed, setTyped] = useState(() => shown(value))
  // a value set from outside (a reset, a copied plan) shows in the page's format
  // biome-ignore lint/correctness/useExhaustiveDependencies: the format is fixed per field; only a new value matters
  useEffect(() => {
    setTyped((current) => ((format.parse(current) ?? current) === value ? current : shown(value)))
  }, [value])
  if (format.agrees())
    return (
      <TextField
        label={label}
        type={format.native}
        value={value}
        error={error}
        hint={hint}
        disabled={disabled}
        onChange={(e) => onChange(e.target.value)}
      />
    )
  return (
    <TextField
      label={label}
      type="text"
      autoComplete="off"
      placeholder={format.show(format.example)}
      value={typed}
      error={error}
      hint={hint}
      disabled={disabled}
      onChange={(e) => {
        setTyped(e.target.value)
        onChange(e.target.value.trim() === "" ? "" : (format.parse(e.target.value) ?? e.target.value))
      }}
      onBlur={() => {
        const parsed = format.parse(typed)
        if (parsed !== null) setTyped(shown(parsed))
      }}
    />
  )
}

const CLOCK: Format = {
  native: "time",
  agrees: () => nativeClockAgrees(),
  parse: parseClock,
  show: (hhmm) => clockTime(hhmm),
  example: "21:30"
}

const CALENDAR: Format = {
  native: "date",
  agrees: () => nativeDateAgrees(),
  parse: (typed) => parseDate(typed),
  show: (isoDate) => calendarDate(isoDate),
  example: "2026-12-31"
}

/** A time of day on the page's clock: `21:30` on a German page, `9:30 PM` on an en-US one, whatever the browser's. */
export const ClockField = (props: FieldProps) => <TypedField format={CLOCK} {...props} />

/** A date in the page's order: `27.11.2026` on a German page, `11/27/2026` on an en-US one, whatever the browser's. */
export const DateField = (props: FieldProps) => <TypedField format={CALENDAR} {...props} />
