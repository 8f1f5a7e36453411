/**
 * Polls `read` until `holds` accepts its value, or fails at the deadline naming `what` and the
 * last value: for conditions outside a page or an Effect (a process's files, a database, an API).
 */
export const eventually = async <A>(
  what: string,
  read: () => Promise<A> | A,
  holds: (a: A) => boolean,
  timeoutMs = 30_000
): Promise<A> => {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await read()
    if (holds(value)) return value
    if (Date.now() > deadline)
      throw new Error(`${what}: not within ${timeoutMs} ms; last value: ${JSON.stringify(value)}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}
