import { Logger } from "effect"

/** The messages logged while `layer` is provided, one string each, in order. */
export const capturedLog = () => {
  const lines: Array<string> = []
  const layer = Logger.layer([
    Logger.make(
      ({ message }) => void lines.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
    )
  ])
  return { lines, layer }
}
