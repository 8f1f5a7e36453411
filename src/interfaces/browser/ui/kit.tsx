import i18next from "i18next"
import type {
  ButtonHTMLAttributes,
  InputHTMLAttributes,
  ReactNode,
  SelectHTMLAttributes,
  TextareaHTMLAttributes
} from "react"
import { useId } from "react"
import { usePageHeading } from "./pageHeading.ts"

// The app's few building blocks, styled once. Native controls (input, select, textarea) with a
// visible label each; every interactive element keeps the browser's focus ring (keyboard users).

const focus = "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-700"

export const Button = ({
  variant = "primary",
  className = "",
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { readonly variant?: "primary" | "secondary" | "danger" }) => {
  const look =
    variant === "primary"
      ? "bg-sky-700 text-white hover:bg-sky-800 disabled:bg-slate-400"
      : variant === "danger"
        ? "bg-red-700 text-white hover:bg-red-800 disabled:bg-slate-400"
        : "bg-white text-slate-900 border border-slate-300 hover:bg-slate-100 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-100 disabled:text-slate-500"
  return (
    <button
      type="button"
      className={`inline-flex items-center justify-center gap-2 rounded-md px-4 py-2 text-sm font-medium ${look} ${focus} ${className}`}
      {...props}
    />
  )
}

interface FieldProps {
  readonly label: string
  readonly error?: string | null | undefined
  readonly hint?: ReactNode
}

const fieldLook = (error: string | null | undefined) =>
  `mt-1 block w-full rounded-md border px-3 py-2 text-base bg-white ${error ? "border-red-700" : "border-slate-400"} ${focus}`

/** What every field's control gets: its id, its error state and the note it is described by. */
interface ControlProps {
  readonly id: string
  readonly "aria-invalid": true | undefined
  readonly "aria-describedby": string | undefined
  readonly className: string
}

/** A label over one control, and its error or hint announced and tied to it (aria-describedby). */
const Field = ({
  label,
  error,
  hint,
  control
}: FieldProps & { readonly control: (props: ControlProps) => ReactNode }) => {
  const id = useId()
  const note = `${id}-note`
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {control({
        id,
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error || hint ? note : undefined,
        className: fieldLook(error)
      })}
      <FieldNote id={note} error={error} hint={hint} />
    </div>
  )
}

/** Free text (a name, a title, a search) takes its direction from what is typed: Arabic runs right to left. */
const FREE_TEXT: ReadonlySet<string | undefined> = new Set([undefined, "text", "search"])

export const TextField = ({ label, error, hint, ...props }: FieldProps & InputHTMLAttributes<HTMLInputElement>) => (
  <Field
    label={label}
    error={error}
    hint={hint}
    control={(control) => <input {...control} dir={FREE_TEXT.has(props.type) ? "auto" : undefined} {...props} />}
  />
)

export const TextArea = ({
  label,
  error,
  hint,
  ...props
}: FieldProps & TextareaHTMLAttributes<HTMLTextAreaElement>) => (
  <Field
    label={label}
    error={error}
    hint={hint}
    control={(control) => <textarea {...control} dir="auto" {...props} />}
  />
)

export const SelectField = ({
  label,
  error,
  hint,
  children,
  ...props
}: FieldProps & SelectHTMLAttributes<HTMLSelectElement>) => (
  <Field
    label={label}
    error={error}
    hint={hint}
    control={(control) => (
      <select {...control} {...props}>
        {children}
      </select>
    )}
  />
)

const FieldNote = ({
  id,
  error,
  hint
}: {
  readonly id: string
  readonly error?: string | null | undefined
  readonly hint?: ReactNode
}) =>
  error ? (
    <p id={id} className="mt-1 text-sm text-red-800">
      {error}
    </p>
  ) : hint ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null

/** An error (role=alert, read out when it appears) or a notice. */
export const Alert = ({
  kind = "error",
  children
}: {
  readonly kind?: "error" | "info" | "success" | "warning"
  readonly children: ReactNode
}) => {
  const look =
    kind === "error"
      ? "border-red-300 bg-red-50 text-red-900"
      : kind === "success"
        ? "border-green-300 bg-green-50 text-green-900"
        : kind === "warning"
          ? "border-amber-300 bg-amber-50 text-amber-900"
          : "border-sky-300 bg-sky-50 text-sky-900"
  return (
    <div role={kind === "error" ? "alert" : "status"} className={`rounded-md border px-4 py-3 text-sm ${look}`}>
      {children}
    </div>
  )
}

export const Loading = ({ label }: { readonly label?: string }) => (
  <LoadingWords label={label ?? i18next.t("common.loading")} />
)

const LoadingWords = ({ label }: { readonly label: string }) => (
  <p role="status" className="py-6 text-center text-slate-600">
    {label}
  </p>
)

export const Card = ({ children, className = "" }: { readonly children: ReactNode; readonly className?: string }) => (
  <section className={`rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-6 ${className}`}>
    {children}
  </section>
)

/** The screen's one <h1>: also the tab's title, and where the focus goes after an in-app navigation (pageHeading.ts). */
/** The screen's heading; `dir="auto"` when it is text someone wrote (a campaign's title), which may read right to left. */
export const PageTitle = ({
  children,
  dir,
  title
}: {
  readonly children: ReactNode
  readonly dir?: "auto"
  /** the tab's title when `children` is more than plain text (a campaign's title with its names isolated) */
  readonly title?: string
}) => {
  const heading = usePageHeading(title ?? (typeof children === "string" ? children : null))
  return (
    <h1 ref={heading} tabIndex={-1} dir={dir} className="mb-4 text-2xl font-semibold tracking-tight focus:outline-none">
      {children}
    </h1>
  )
}

/** An in-app link styled as a link; `href` is handled by the router (wouter's Link). */
export const linkLook = `text-sky-800 underline underline-offset-2 hover:text-sky-950 ${focus}`

/** A link that is the page's next step, looking like the primary button (it goes somewhere; it does nothing here). */
export const buttonLinkLook = `inline-flex items-center justify-center gap-2 rounded-md bg-sky-700 px-4 py-2 text-sm font-medium text-white no-underline hover:bg-sky-800 ${focus}`

/**
 * A file picker that looks like the app's other buttons: the native <input type="file"> stays in
 * the page (visually hidden, still focusable: Tab reaches it, Enter or Space opens the chooser) and
 * its <label> is the visible button, outlined when the input has the keyboard focus. The chosen
 * file's name (or "No file chosen yet") is shown next to it and read out with the control.
 */
export const FilePicker = ({
  label,
  chosen,
  chosenNote,
  hint,
  ...props
}: {
  /** the button's words, e.g. "Choose a CSV file…"; may hold an sr-only part naming what it is for */
  readonly label: ReactNode
  /** the file's name once chosen (shown isolated: it may be Arabic) */
  readonly chosen: string | null
  /** said instead of the bare name while something happens to it ("Uploading poster.png…") */
  readonly chosenNote?: ReactNode
  readonly hint?: ReactNode
} & Omit<InputHTMLAttributes<HTMLInputElement>, "type" | "id" | "className">) => {
  const id = useId()
  return (
    <div>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <input id={id} type="file" className="peer sr-only" aria-describedby={`${id}-chosen`} {...props} />
        <label
          htmlFor={id}
          className="inline-flex cursor-pointer items-center justify-center gap-2 rounded-md border border-slate-400 bg-white px-4 py-2 text-sm font-medium text-slate-900 hover:bg-slate-100 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-sky-700 peer-disabled:cursor-not-allowed peer-disabled:text-slate-500"
        >
          {/* one flex item: an sr-only part of the words leaves no gap */}
          <span>{label}</span>
        </label>
        <span id={`${id}-chosen`} className="break-all text-sm text-slate-700" data-testid="file-chosen">
          {chosenNote ?? (chosen === null ? i18next.t("common.noFile") : <bdi>{chosen}</bdi>)}
        </span>
      </div>
      {hint === undefined ? null : <p className="mt-1 text-sm text-slate-600">{hint}</p>}
    </div>
  )
}
