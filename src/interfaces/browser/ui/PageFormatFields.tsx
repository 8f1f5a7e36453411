import { type ReactNode, useEffect, useState } from "react"
import { useTranslation } from "react-i18next"
import { clockTime } from "../campaign/planWords.ts"
import {
  calendarDate,
  clockExample,
  clockInWords,
  dateExample,
  dateInWords,
  nativeClockAgrees,
  nativeDateAgrees,
  parseClock,
  parseDate,
  unreadableClock,
  unreadableDate
} from "./fieldText.ts"
import { TextField } from "./kit.tsx"

// Time and date fields in the page's own format (formattingLocale). The browser draws its native
// time and date inputs in the browser's locale, not the page's: where the two agree (12 or 24 hours;
// day, month and year in the same order) the native input stays, with its picker; else a text field
// shows the value as the page writes it and reads what is typed that way. Its hint, tied to it by
// aria-describedby, says how to write it while it is empty and what it read ("Read as Friday, 3 April
// 2026", "Read as 3:00 AM") once it can, so a swapped day and month or a missing PM shows. The value
// is the native input's either way (`HH:MM`, `YYYY-MM-DD`); what cannot be read is passed on as
// typed, and once the field is left it says so itself (unreadableClock / unreadableDate, which the
// forms also check before sending anything).

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
  /** while typing */
  readonly parse: (typed: string) => string | null
  /** once the field is left (a two-digit year becomes 20xx only then) */
  readonly settle: (typed: string) => string | null
  readonly show: (value: string) => string
  readonly inWords: (value: string) => string
  readonly example: () => string
  readonly unreadable: (value: string) => string | null
}

const TypedField = ({ format, label, value, onChange, error, hint, disabled }: FieldProps & { format: Format }) => {
  const { t } = useTranslation()
  const shown = (v: string) => (v === "" ? "" : format.show(v))
  const [typed, setTyped] = useState(() => shown(value))
  // left since the last keystroke: only then does it say it cannot read what is typed
  const [left, setLeft] = useState(false)
  // a value set from outside (a reset, a copied plan) shows in the page's format
  // biome-ignore lint/correctness/useExhaustiveDependencies: the format is fixed per field; only a new value matters
  useEffect(() => {
    setTyped((current) => ((format.parse(current) ?? current.trim()) === value ? current : shown(value)))
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
  const read = value === "" ? null : format.unreadable(value) === null ? value : null
  const own =
    read === null
      ? t("field.writeLike", { example: format.example() })
      : t("field.readAs", { reading: format.inWords(read) })
  return (
    <TextField
      label={label}
      type="text"
      autoComplete="off"
      value={typed}
      error={error || (left ? format.unreadable(value) : null)}
      hint={
        hint === undefined ? (
          own
        ) : (
          <>
            {hint} {own}
          </>
        )
      }
      disabled={disabled}
      onChange={(e) => {
        setTyped(e.target.value)
        setLeft(false)
        onChange(e.target.value.trim() === "" ? "" : (format.parse(e.target.value) ?? e.target.value.trim()))
      }}
      onBlur={() => {
        setLeft(true)
        const settled = format.settle(typed)
        if (settled === null) return
        setTyped(shown(settled))
        if (settled !== value) onChange(settled)
      }}
    />
  )
}

const CLOCK: Format = {
  native: "time",
  agrees: () => nativeClockAgrees(),
  parse: parseClock,
  settle: parseClock,
  show: (hhmm) => clockTime(hhmm),
  inWords: clockInWords,
  example: clockExample,
  unreadable: unreadableClock
}

const CALENDAR: Format = {
  native: "date",
  agrees: () => nativeDateAgrees(),
  parse: (typed) => parseDate(typed, undefined, { shortYear: false }),
  settle: (typed) => parseDate(typed),
  show: (isoDate) => calendarDate(isoDate),
  inWords: (isoDate) => dateInWords(isoDate),
  example: dateExample,
  unreadable: unreadableDate
}

/** A time of day on the page's clock: `21:30` on a German page, `9:30 PM` on an en-US one, whatever the browser's. */
export const ClockField = (props: FieldProps) => <TypedField format={CLOCK} {...props} />

/** A date in the page's order: `27.11.2026` on a German page, `11/27/2026` on an en-US one, whatever the browser's. */
export const DateField = (props: FieldProps) => <TypedField format={CALENDAR} {...props} />
