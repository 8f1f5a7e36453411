import { useMutation } from "@tanstack/react-query"
import type { inferRouterOutputs } from "@trpc/server"
import i18next from "i18next"
import { useEffect, useId, useState } from "react"
import { Trans, useTranslation } from "react-i18next"
import type { AppRouter } from "../../web/routers/appRouter.ts"
import { errorText, useTRPC } from "../trpc.ts"
import { Alert, Button, FilePicker } from "../ui/kit.tsx"
import { nameListText } from "../ui/nameList.ts"
import { formatInZone } from "./zoneFormat.ts"

/** A file's name in a sentence: isolated, as it may be Arabic or Hebrew. */
const nameIsolated = { name: <bdi /> }

/** What the last Add did: how many rows from which file, and the lines it left out. */
interface Added {
  readonly count: number
  readonly name: string
  readonly skipped: ReadonlyArray<number>
}

/** A file that could not be sent to be read: too large, or not readable at all. */
interface ReadError {
  readonly tooLarge: boolean
  readonly name: string
}

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
  const { t } = useTranslation()
  const trpc = useTRPC()
  const inputId = useId()
  const [file, setFile] = useState<{ readonly name: string; readonly text: string } | null>(null)
  // the last file chosen (still shown after its rows were added, or when it could not be read)
  const [chosenName, setChosenName] = useState<string | null>(null)
  // what the last Add did, said until another file is chosen
  const [added, setAdded] = useState<Added | null>(null)
  const [readError, setReadError] = useState<ReadError | null>(null)
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
        setReadError({ tooLarge: true, name: chosen.name })
        return
      }
      setFile({ name: chosen.name, text })
    } catch {
      setReadError({ tooLarge: false, name: chosen.name })
    }
  }

  const reading = read.data
  const good = reading?.messages ?? []
  const bad = reading?.problems ?? []
  const add = () => {
    onAdd(good)
    const skipped = [...new Set(bad.map((p) => p.line))].sort((a, b) => a - b)
    setAdded({ count: good.length, name: file?.name ?? i18next.t("csv.theFile"), skipped })
    setFile(null)
  }
  return (
    <section aria-labelledby={`${inputId}-heading`} className="space-y-3 rounded-md border border-slate-200 p-3">
      <h3 id={`${inputId}-heading`} className="text-base font-semibold">
        {t("csv.heading")}
      </h3>
      <p className="text-sm text-slate-600">
        <Trans i18nKey="csv.intro" values={{ zone: timeZone }} components={{ code: <code /> }} />
      </p>
      <FilePicker
        label={t("csv.choose")}
        chosen={chosenName}
        accept=".csv,text/csv,text/plain"
        onChange={(e) => {
          void choose(e.target.files?.[0])
          // the same file, fixed, can be chosen again
          e.target.value = ""
        }}
      />
      {readError === null ? null : (
        <Alert>
          {readError.tooLarge ? (
            <Trans i18nKey="csv.tooLarge" values={{ name: readError.name }} components={nameIsolated} />
          ) : (
            <Trans i18nKey="csv.unreadable" values={{ name: readError.name }} components={nameIsolated} />
          )}
        </Alert>
      )}
      {added === null ? null : (
        <p role="status" className="text-sm text-slate-700" data-testid="csv-added">
          {added.skipped.length === 0 ? (
            <Trans i18nKey="csv.added" count={added.count} values={{ name: added.name }} components={nameIsolated} />
          ) : (
            <Trans
              i18nKey="csv.addedSkipping"
              count={added.count}
              values={{ name: added.name, lines: linesText(added.skipped) }}
              components={nameIsolated}
            />
          )}
        </p>
      )}
      {file === null || readError !== null ? null : read.isPending ? (
        <p role="status" className="text-sm text-slate-600">
          <Trans i18nKey="csv.reading" values={{ name: file.name }} components={nameIsolated} />
        </p>
      ) : read.isError ? (
        <Alert>
          <Trans
            i18nKey="csv.readFailed"
            values={{ name: file.name, reason: errorText(read.error) }}
            components={nameIsolated}
          />
        </Alert>
      ) : reading === undefined ? null : (
        <div className="space-y-3" data-testid="csv-reading">
          <p className="text-sm" role="status">
            {bad.length === 0 ? (
              <Trans
                i18nKey="csv.toAdd"
                count={good.length}
                values={{ name: file.name, zone: timeZone }}
                components={nameIsolated}
              />
            ) : (
              <Trans
                i18nKey="csv.toAddFix"
                count={good.length}
                values={{
                  name: file.name,
                  fix: t("csv.rowsToFixCount", { count: bad.length }),
                  zone: timeZone
                }}
                components={nameIsolated}
              />
            )}
          </p>
          {bad.length === 0 ? null : (
            <div className="rounded-md border border-red-300 bg-red-50 p-3">
              <p className="text-sm font-medium text-red-900">
                {good.length > 0 ? t("csv.fixOrAdd", { count: bad.length }) : t("csv.fix", { count: bad.length })}
              </p>
              <ul className="mt-1 list-disc pl-5 text-sm text-red-900" aria-label={t("csv.rowsToFix")}>
                {bad.map((p) => (
                  <li key={`${p.line}:${p.message}`} data-testid="csv-problem">
                    {p.line === 0 ? t("csv.theFileCap") : t("csv.lineN", { n: p.line })}: {p.message}
                  </li>
                ))}
              </ul>
            </div>
          )}
          {good.length === 0 ? null : (
            <table className="w-full text-left text-sm" aria-label={t("csv.readTable")}>
              <thead>
                <tr className="border-b border-slate-200">
                  <th className="py-1 pr-2 font-medium">{t("csv.line")}</th>
                  <th className="py-1 pr-2 font-medium">{t("csv.sent", { zone: timeZone })}</th>
                  <th className="py-1 font-medium">{t("csv.text")}</th>
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
                    <td className="whitespace-pre-wrap break-words py-1" dir="auto">
                      {m.content}
                    </td>
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
  const theFile = i18next.t("csv.theFile")
  const named = lines.map((l) => (l === 0 ? theFile : String(l)))
  if (named.length === 1) return lines[0] === 0 ? theFile : i18next.t("csv.oneLine", { n: named[0] })
  return i18next.t("csv.manyLines", { list: nameListText(named) })
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
  const { t } = useTranslation()
  const reasonId = useId()
  if (good === 0)
    return (
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="secondary" disabled aria-describedby={reasonId}>
          {t("csv.addMessages")}
        </Button>
        <p id={reasonId} className="text-sm text-slate-700">
          {t("csv.noneGood")}
        </p>
      </div>
    )
  if (bad.length === 0)
    return (
      <Button variant="secondary" onClick={onAdd}>
        {t("csv.addAll", { count: good })}
      </Button>
    )
  const skipped = [...new Set(bad.map((p) => p.line))].sort((a, b) => a - b)
  return (
    <div className="flex flex-wrap items-center gap-3">
      <Button variant="secondary" onClick={onAdd} aria-describedby={reasonId}>
        {t("csv.addGood", { count: good })}
      </Button>
      <p id={reasonId} className="text-sm text-slate-700" data-testid="csv-skipped">
        {t("csv.skips", { lines: linesText(skipped) })}
      </p>
    </div>
  )
}
