import process from "node:process"
import { Logger } from "effect"
import { oneLine } from "../../application/text/oneLine.ts"

const text = (message: unknown): string =>
  Array.isArray(message) ? message.map((m) => (typeof m === "string" ? m : String(m))).join(" ") : String(message)

/** Lines logged and not yet written: runs of consecutive lines of one stream, in the order logged. */
let pending: Array<{ readonly toStderr: boolean; text: string }> = []
let scheduled = false

/**
 * Writes the lines logged so far. Called once per turn of the event loop that logged, and at
 * exit: a burst of sends logs three lines a message, and a write per line (synchronous on a
 * pipe, as under systemd) cost a tenth of the scheduler's CPU (docs/scaling.md#sizing).
 */
export const flushLogLines = () => {
  scheduled = false
  const runs = pending
  pending = []
  for (const run of runs) (run.toStderr ? process.stderr : process.stdout).write(run.text)
}

process.on("exit", flushLogLines)

const writeLine = (toStderr: boolean, line: string) => {
  const last = pending.at(-1)
  if (last !== undefined && last.toStderr === toStderr) last.text += `${line}\n`
  else pending.push({ toStderr, text: `${line}\n` })
  if (scheduled) return
  scheduled = true
  setImmediate(flushLogLines)
}

/**
 * Log lines exactly as written (docs/architecture.md#logging): info to stdout, warnings and errors to stderr.
 * One record is one line: what would break it (a value holding CR/LF, a multi-line stack) is
 * escaped here too, so a line that forgot oneLine still cannot forge another. The lines of one
 * turn of the event loop go out together, in the order they were logged (flushLogLines).
 */
export const plainLogger = Logger.make(({ message, logLevel }) => {
  writeLine(logLevel === "Error" || logLevel === "Fatal" || logLevel === "Warn", oneLine(text(message)))
})

export const PlainLogger = Logger.layer([plainLogger])
