import { setImmediate } from "node:timers"

let queue: Promise<void> = Promise.resolve()

/**
 * tRPC validates every call of a batch back to back, in one go: ten 1000-message plans are tens
 * of milliseconds of zod (hundreds while the code is cold) during which no other request is
 * read. A procedure with a large input awaits its turn first: one at a time, each after the
 * event loop has polled for other requests (an immediate queued from an immediate runs on the
 * next loop iteration).
 */
export const oneLargeInputAtATime = (): Promise<void> => {
  const turn = queue.then(() => new Promise<void>((resolve) => setImmediate(resolve)))
  queue = turn
  return turn
}
