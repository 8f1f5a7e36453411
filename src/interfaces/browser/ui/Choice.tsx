import type { ReactNode } from "react"
import { useId } from "react"

// Radio buttons and a checkbox in the kit's look: native controls, each with its label, the
// browser's focus ring, arrow keys between radios (the browser's own).

const focus = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"

export interface RadioOption<T extends string> {
  readonly value: T
  readonly label: string
  readonly hint?: string
}

/** A fieldset of radio buttons, its legend the group's label. */
export const RadioGroup = <T extends string>({
  legend,
  name,
  value,
  options,
  onChange
}: {
  readonly legend: string
  readonly name: string
  readonly value: T
  readonly options: ReadonlyArray<RadioOption<T>>
  readonly onChange: (value: T) => void
}) => {
  const id = useId()
  return (
    <fieldset>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row sm:gap-6">
        {options.map((option) => (
          <div key={option.value} className="flex items-start gap-2">
            <input
              type="radio"
              id={`${id}-${option.value}`}
              name={name}
              value={option.value}
              checked={value === option.value}
              onChange={() => onChange(option.value)}
              aria-describedby={option.hint === undefined ? undefined : `${id}-${option.value}-hint`}
              className={`mt-1 h-4 w-4 accent-sky-700 ${focus}`}
            />
            <div>
              <label htmlFor={`${id}-${option.value}`} className="text-sm text-slate-900">
                {option.label}
              </label>
              {option.hint === undefined ? null : (
                <p id={`${id}-${option.value}-hint`} className="text-xs text-slate-600">
                  {option.hint}
                </p>
              )}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  )
}

/** A checkbox with its label and an explanation tied to it. */
export const Checkbox = ({
  label,
  hint,
  checked,
  onChange,
  disabled = false
}: {
  readonly label: string
  readonly hint?: ReactNode
  readonly checked: boolean
  readonly onChange: (checked: boolean) => void
  /** greyed out (the hint then says why) */
  readonly disabled?: boolean
}) => {
  const id = useId()
  return (
    <div className="flex items-start gap-2">
      <input
        type="checkbox"
        id={id}
        checked={checked}
        disabled={disabled}
        onChange={(e) => onChange(e.target.checked)}
        aria-describedby={hint === undefined ? undefined : `${id}-hint`}
        className={`mt-1 h-4 w-4 accent-sky-700 ${focus}`}
      />
      <div>
        <label htmlFor={id} className={`text-sm font-medium ${disabled ? "text-slate-500" : "text-slate-800"}`}>
          {label}
        </label>
        {hint === undefined ? null : (
          <p id={`${id}-hint`} className="text-sm text-slate-600">
            {hint}
          </p>
        )}
      </div>
    </div>
  )
}
