import { Logger } from "effect"

const text = (message: unknown): string =>
  Array.isArray(message) ? message.map((m) => (typeof m === "string" ? m : String(m))).join(" ") : String(message)

/** Log lines exactly as written (SPEC's shapes): info to stdout, warnings and errors to stderr. */
export const plainLogger = Logger.make(({ message, logLevel }) => {
  const line = text(message)
  if (logLevel === "Error" || logLevel === "Fatal" || logLevel === "Warn") console.error(line)
  else console.log(line)
})

export const PlainLogger = Logger.layer([plainLogger])
