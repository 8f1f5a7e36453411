import { type ReactNode, useEffect, useState } from "react"
import { clockTime } from "../campaign/planWords.ts"
import { nativeClockAgrees, parseClock } from "./clockText.ts"
import { TextField } from "./kit.tsx"

/** `HH:MM` as the page writes a time (`21:30`, `9:30 PM`); empty stays empty. */
const shown = (hhmm: string): string => (hhmm === "" ? "" : clockTime(hhmm))

/**
 * A time-of-day field on the page's clock (formattingLocale): the browser's own time input when it
 * reads the same 12 or 24 hours, else a text field that shows `21:30` (or `9:30 PM`) as the page
 * writes times and takes either clock typed. Its value is `HH:MM`, as a native time input's; what
 * cannot be read as a time is passed on as typed, for the form's own check to name.
 */
export const ClockField = ({
  label,
  value,
  onChange,
  error,
  hint,
  disabled
}: {
  readonly label: string
  readonly value: string
  readonly onChange: (value: string) => void
  readonly error?: string | null | undefined
  readonly hint?: ReactNode
  readonly disabled?: boolean
}) => {
  const native = nativeClockAgrees()
  const [typed, setTyped] = useState(() => shown(value))
  // a value set from outside (a reset, a copied plan) shows on the page's clock
  useEffect(() => {
    setTyped((current) => ((parseClock(current) ?? current) === value ? current : shown(value)))
  }, [value])
  if (native)
    return (
      <TextField
        label={label}
        type="time"
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
      inputMode="text"
      autoComplete="off"
      placeholder={clockTime("21:30")}
      value={typed}
      error={error}
      hint={hint}
      disabled={disabled}
      onChange={(e) => {
        setTyped(e.target.value)
        onChange(e.target.value.trim() === "" ? "" : (parseClock(e.target.value) ?? e.target.value))
      }}
      onBlur={() => {
        const parsed = parseClock(typed)
        if (parsed !== null) setTyped(shown(parsed))
      }}
    />
  )
}
