import { Logger } from "effect"
import { oneLine } from "../../application/text/oneLine.ts"

const text = (message: unknown): string =>
  Array.isArray(message) ? message.map((m) => (typeof m === "string" ? m : String(m))).join(" ") : String(message)

/**
 * Log lines exactly as written (docs/architecture.md#logging): info to stdout, warnings and errors to stderr.
 * One record is one line: what would break it (a value holding CR/LF, a multi-line stack) is
 * escaped here too, so a line that forgot oneLine still cannot forge another.
 */
export const plainLogger = Logger.make(({ message, logLevel }) => {
  const line = oneLine(text(message))
  if (logLevel === "Error" || logLevel === "Fatal" || logLevel === "Warn") console.error(line)
  else console.log(line)
})

export const PlainLogger = Logger.layer([plainLogger])
