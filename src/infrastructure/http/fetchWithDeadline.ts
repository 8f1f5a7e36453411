import { oneLine } from "../../application/text/oneLine.ts"

/** The deadline passed before the answer (not thrown when the caller itself interrupted). */
export class DeadlinePassed extends Error {
  readonly timeoutMs: number
  constructor(timeoutMs: number) {
    super(`timed out after ${timeoutMs} ms`)
    this.timeoutMs = timeoutMs
  }
}

/**
 * One HTTP exchange read to the end, aborted at `timeoutMs` or when `interrupt` fires. Any
 * status is an answer; network failures are thrown. One controller and one timer serve both:
 * `Effect.timeout` on the fiber's own signal (it races two fibers per call) cost 9–54 µs, +6–28 %,
 * more CPU per exchange than this in four runs of bench/fetchDeadline.ts (Node 24, loopback
 * server); in bench:scheduler the difference hides in the run-to-run noise of ~1 ms CPU per
 * message. AbortSignal.any with AbortSignal.timeout measured within a few percent of this.
 */
export const fetchWithDeadline = async (
  url: string | URL,
  init: Omit<RequestInit, "signal">,
  timeoutMs: number,
  interrupt: AbortSignal
): Promise<{ readonly status: number; readonly text: string }> => {
  const abort = new AbortController()
  let timedOut = false
  const timer = setTimeout(() => {
    timedOut = true
    abort.abort()
  }, timeoutMs)
  const onInterrupt = () => abort.abort()
  interrupt.addEventListener("abort", onInterrupt, { once: true })
  try {
    const response = await fetch(url, { ...init, signal: abort.signal })
    return { status: response.status, text: await response.text() }
  } catch (cause) {
    if (timedOut && !interrupt.aborted) throw new DeadlinePassed(timeoutMs)
    throw cause
  } finally {
    clearTimeout(timer)
    interrupt.removeEventListener("abort", onInterrupt)
  }
}

/**
 * Text from outside (a response body, an error), on one line, for a log or an error message: runs of
 * whitespace as one space (a pretty-printed body reads as one line), any other control escaped.
 */
export const squeezed = (s: string): string => oneLine(s.replace(/\s+/g, " ").trim())
export const truncate = (s: string, max: number): string => (s.length <= max ? s : `${s.slice(0, max - 1)}…`)
