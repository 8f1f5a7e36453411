import { useMutation } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import { useEffect, useId, useState } from "react"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { Alert, Button, FilePicker } from "../ui/kit.tsx"
import { formatInZone } from "./zoneFormat.ts"

export type CsvReading = inferRouterOutputs<AppRouter>["campaign"]["importCsv"]
export type CsvRow = CsvReading["messages"][number]

/**
 * What a file may weigh as sent: every request body is at most 1 MiB of bytes (the web
 * process's bound), and the text travels as JSON, where non-ASCII letters take 2–4 bytes and
 * quotes and line breaks are escaped; a little room is left for the rest of the request.
 */
const MAX_SENT_BYTES = 1_000_000
const sentBytes = (text: string, timeZone: string): number =>
  new TextEncoder().encode(JSON.stringify({ csv: text, timeZone })).length

/**
 * "Import from CSV…": a file of `date,time,text` rows read by the server (campaign.importCsv) in
 * the campaign's zone, and shown before anything is added: every good row with its send time
 * (the zone named), every bad row by its line in the file and why. Rows are added only when
 * none is bad, or when the user chooses to add the good rows only, told which lines that skips;
 * or the user fixes the file and chooses it again. No row is left out unnoticed.
 * Nothing is saved until the form's own Save. Changing the zone reads the file again.
 */
export const CsvImport = ({
  timeZone,
  onAdd
}: {
  readonly timeZone: string
  readonly onAdd: (rows: ReadonlyArray<CsvRow>) => void
}) => {
  const trpc = useTRPC()
  const inputId = useId()
  const [file, setFile] = useState<{ readonly name: string; readonly text: string } | null>(null)
  // the last file chosen (still shown after its rows were added, or when it could not be read)
  const [chosenName, setChosenName] = useState<string | null>(null)
  // what the last Add did, said until another file is chosen
  const [added, setAdded] = useState<string | null>(null)
  const [readError, setReadError] = useState<string | null>(null)
  const read = useMutation(trpc.campaign.importCsv.mutationOptions())
  const { mutate, reset } = read

  // the server's reading of the file in the zone now chosen
  useEffect(() => {
    if (file === null) reset()
    else mutate({ csv: file.text, timeZone })
  }, [file, timeZone, mutate, reset])

  const choose = async (chosen: File | undefined) => {
    setReadError(null)
    setAdded(null)
    if (chosen === undefined) return
    setChosenName(chosen.name)
    try {
      const text = await chosen.text()
      if (sentBytes(text, timeZone) > MAX_SENT_BYTES) {
        // and the previous file's reading goes: it is not this file's
        setFile(null)
        setReadError(`${chosen.name} is larger than 1 MB: split it into smaller files.`)
        return
      }
      setFile({ name: chosen.name, text })
    } catch {
      setReadError(`${chosen.name} could not be read.`)
    }
  }

  const reading = read.data
  const good = reading?.messages ?? []
  const bad = reading?.problems ?? []
  const add = () => {
    onAdd(good)
    const skipped = [...new Set(bad.map((p) => p.line))].sort((a, b) => a - b)
    setAdded(
      `Added ${good.length} ${good.length === 1 ? "message" : "messages"} from ${file?.name ?? "the file"}` +
        (skipped.length === 0
          ? "."
          : `; ${linesText(skipped)} of the file ${skipped.length === 1 ? "was" : "were"} skipped.`)
    )
    setFile(null)
  }
  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3 rounded-md border border-slate-200 p-3">
      <h3 id={`${inputId}-heading`} className="text-base font-semibold">
        Import from CSV…
      </h3>
      <p className="text-sm text-slate-600">
        One message a row: <code>date,time,text</code> (a header row of those names is optional), the date as
        YYYY-MM-DD, the time as HH:MM (24-hour) on the {timeZone} clock. Put a text with commas or line breaks in double
        quotes, and write a quote inside it as two ("").
      </p>
      <FilePicker
        label="Choose a CSV file…"
        chosen={chosenName}
        accept=".csv,text/csv,text/plain"
        onChange={(e) => {
          void choose(e.target.files?.[0])
          // the same file, fixed, can be chosen again
          e.target.value = ""
        }}
      />
      {readError === null ? null : <Alert>{readError}</Alert>}
      {added === null ? null : (
        <p role="status" className="text-sm text-slate-700" data-testid="csv-added">
          {added}
        </p>
      )}
      {file === null || readError !== null ? null : read.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          Reading {file.name}…
        </p>
      ) : read.isError ? (
        <Alert>
          {file.name} could not be read: {errorText(read.error)}
        </Alert>
      ) : reading === undefined ? null : (
        <div className="space-y-3" data-testid="csv-reading">
          <p className="text-sm" role="status">
            {file.name}: {good.length} {good.length === 1 ? "message" : "messages"} to add
            {bad.length > 0 ? `, ${bad.length} ${bad.length === 1 ? "row" : "rows"} to fix` : ""}. Times in {timeZone}.
          </p>
          {bad.length === 0 ? null : (
            <div className="rounded-md border border-red-300 bg-red-50 p-3">
              <p className="text-sm font-medium text-red-900">
                Fix {bad.length === 1 ? "this row" : "these rows"} in the file and choose it again
                {good.length > 0 ? ", or add the good rows without " + (bad.length === 1 ? "it" : "them") : ""}:
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm text-red-900" aria-label="Rows to fix">
                {bad.map((p) => (
                  <li key={`${p.line}:${p.message}`} data-testid="csv-problem">
                    {p.line === 0 ? "The file" : `Line ${p.line}`}: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {good.length === 0 ? null : (
            <table className="w-full text-left text-sm" aria-label="Messages read from the file">
              <thead>
                <tr className="border-b border-slate-200">
                  <th className="py-1 pr-2 font-medium">Line</th>
                  <th className="py-1 pr-2 font-medium">Sent ({timeZone})</th>
                  <th className="py-1 font-medium">Text</th>
                </tr>
              </thead>
              <tbody>
                {good.map((m) => (
                  <tr key={m.line} className="border-b border-slate-100 align-top" data-testid="csv-message">
                    <td className="py-1 pr-2">{m.line}</td>
                    <td className="py-1 pr-2">
                      <time dateTime={m.scheduledAt}>{formatInZone(m.scheduledAt, timeZone)}</time>
                      {m.note === null ? null : <p className="text-amber-900">{m.note}</p>}
                    </td>
                    <td className="whitespace-pre-wrap break-words py-1">{m.content}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <AddRows good={good.length} bad={bad} onAdd={add} />
        </div>
      )}
    </section>
  )
}

/** "Line 4", "lines 4 and 7", "lines 4, 7 and 9"; "the file" for a problem with the whole file. */
const linesText = (lines: ReadonlyArray<number>): string => {
  const named = lines.map((l) => (l === 0 ? "the file" : String(l)))
  if (named.length === 1) return named[0] === "the file" ? "the file" : `line ${named[0]}`
  return `lines ${named.slice(0, -1).join(", ")} and ${named.at(-1)}`
}

/**
 * The way to add what was read, honest about what it does: every row when all are good; the good
 * rows only, naming the lines left out, when some are bad; nothing (a disabled button and why) when
 * none is good.
 */
const AddRows = ({
  good,
  bad,
  onAdd
}: {
  readonly good: number
  readonly bad: ReadonlyArray<{ readonly line: number }>
  readonly onAdd: () => void
}) => {
  const reasonId = useId()
  if (good === 0)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled aria-describedby={reasonId}>
          Add messages
        </Button>
        <p id={reasonId} className="text-sm text-slate-700">
          No row of this file can be added: fix it and choose it again.
        </p>
      </div>
    )
  if (bad.length === 0)
    return (
      <Button variant="secondary" onClick={onAdd}>
        Add {good} {good === 1 ? "message" : "messages"}
      </Button>
    )
  const skipped = [...new Set(bad.map((p) => p.line))].sort((a, b) => a - b)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={onAdd} aria-describedby={reasonId}>
        Add the {good} good {good === 1 ? "row" : "rows"}
      </Button>
      <p id={reasonId} className="text-sm text-slate-700" data-testid="csv-skipped">
        Skips {linesText(skipped)} of the file.
      </p>
    </div>
  )
}
