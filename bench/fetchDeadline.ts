/**
 * node bench/fetchDeadline.ts [requests per round] [rounds]: what a deadline costs per HTTP
 * exchange, as the WAHA adapter and the mail API sender make them (src/infrastructure/http/
 * fetchWithDeadline.ts). Four ways of making the same GET to a node:http server in a process of
 * its own (keep-alive, as WAHA), each inside Effect.tryPromise as the adapters call it:
 *   bare        no deadline at all: the bound, what fetch itself costs
 *   handWritten one AbortController, a setTimeout and a listener on the fiber's signal
 *   library     the fiber's own signal, and Effect.timeout
 *   anySignal   AbortSignal.any([fiber's signal, AbortSignal.timeout(ms)])
 * at concurrency 1 and 100 (the scheduler's sessions sending at once). The rounds alternate the
 * contenders, so a machine busy with something else slows them alike; each figure is the median
 * of the rounds: CPU time of this process per request (user + system) and wall time per request.
 * The last lines compare each deadline with `bare` and `library` with `handWritten`.
 */
import { fork } from "node:child_process"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import { Effect } from "effect"

if (process.argv[2] === "--server") {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/json" })
    res.end('{"id":"true_123@c.us_ABC"}')
  })
  server.keepAliveTimeout = 60_000
  server.listen(0, "127.0.0.1", () => process.send?.((server.address() as AddressInfo).port))
  process.on("disconnect", () => process.exit(0))
} else {
  const REQUESTS = Number(process.argv[2] ?? 4_000)
  const ROUNDS = Number(process.argv[3] ?? 7)
  const TIMEOUT_MS = 30_000
  /** `library` may cost this much more CPU per request than `handWritten` and still be taken */
  const BOUND = 0.05

  const child = fork(new URL(import.meta.url), ["--server"], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
  const port = await new Promise<number>((resolve) => child.once("message", (p) => resolve(Number(p))))
  const url = `http://127.0.0.1:${port}/api/sendText`

  type Answer = { readonly status: number; readonly text: string }
  const read = async (response: Response): Promise<Answer> => ({ status: response.status, text: await response.text() })
  const failed = (cause: unknown) => new Error(String(cause))

  const contenders: Record<string, () => Effect.Effect<Answer, unknown>> = {
    bare: () => Effect.tryPromise({ try: () => fetch(url).then(read), catch: failed }),
    handWritten: () =>
      Effect.tryPromise({
        try: async (interrupt) => {
          const abort = new AbortController()
          let timedOut = false
          const timer = setTimeout(() => {
            timedOut = true
            abort.abort()
          }, TIMEOUT_MS)
          const onInterrupt = () => abort.abort()
          interrupt.addEventListener("abort", onInterrupt, { once: true })
          try {
            return await read(await fetch(url, { signal: abort.signal }))
          } catch (cause) {
            if (timedOut && !interrupt.aborted) throw new Error(`timed out after ${TIMEOUT_MS} ms`)
            throw cause
          } finally {
            clearTimeout(timer)
            interrupt.removeEventListener("abort", onInterrupt)
          }
        },
        catch: failed
      }),
    library: () =>
      Effect.tryPromise({ try: (signal) => fetch(url, { signal }).then(read), catch: failed }).pipe(
        Effect.timeout(TIMEOUT_MS)
      ),
    anySignal: () =>
      Effect.tryPromise({
        try: (interrupt) =>
          fetch(url, { signal: AbortSignal.any([interrupt, AbortSignal.timeout(TIMEOUT_MS)]) }).then(read),
        catch: failed
      })
  }

  const run = async (make: () => Effect.Effect<Answer, unknown>, concurrency: number) => {
    const cpu = process.cpuUsage()
    const start = performance.now()
    await Effect.runPromise(Effect.forEach(Array.from({ length: REQUESTS }), make, { concurrency, discard: true }))
    const wallUs = ((performance.now() - start) * 1000) / REQUESTS
    const used = process.cpuUsage(cpu)
    return { cpuUs: (used.user + used.system) / REQUESTS, wallUs }
  }
  const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
  const pct = (a: number, b: number) => `${a >= b ? "+" : ""}${((a / b - 1) * 100).toFixed(1)}%`

  console.log(`${REQUESTS} requests × ${ROUNDS} rounds per contender, Node ${process.version}`)
  let verdict = true
  for (const concurrency of [1, 100]) {
    for (const make of Object.values(contenders)) await run(make, concurrency) // warm-up, discarded
    const samples = new Map(
      Object.keys(contenders).map((name) => [name, { cpu: [] as Array<number>, wall: [] as Array<number> }])
    )
    for (let round = 0; round < ROUNDS; round++) {
      // a different order each round, so no contender always runs right after the same other
      const names = Object.keys(contenders)
      const order = [...names.slice(round % names.length), ...names.slice(0, round % names.length)]
      for (const name of order) {
        const r = await run(contenders[name]!, concurrency)
        samples.get(name)!.cpu.push(r.cpuUs)
        samples.get(name)!.wall.push(r.wallUs)
      }
    }
    const cpu = (name: string) => median(samples.get(name)!.cpu)
    const wall = (name: string) => median(samples.get(name)!.wall)
    console.log(`\nconcurrency ${concurrency}: median per request (CPU µs, wall µs), against bare`)
    for (const name of Object.keys(contenders)) {
      console.log(
        `  ${name.padEnd(12)} cpu ${cpu(name).toFixed(1).padStart(7)} µs (${pct(cpu(name), cpu("bare")).padStart(7)})   wall ${wall(
          name
        )
          .toFixed(1)
          .padStart(7)} µs (${pct(wall(name), wall("bare")).padStart(7)})`
      )
    }
    for (const other of ["library", "anySignal"]) {
      const within = cpu(other) / cpu("handWritten") - 1 <= BOUND
      if (other === "library") verdict &&= within
      console.log(
        `  ${other} vs handWritten: cpu ${pct(cpu(other), cpu("handWritten"))} (${(cpu(other) - cpu("handWritten")).toFixed(1)} µs), ` +
          `wall ${pct(wall(other), wall("handWritten"))} (bound +${BOUND * 100}% cpu): ${within ? "within" : "OVER"}`
      )
    }
  }
  console.log(`\nlibrary: ${verdict ? "within the bound at every concurrency" : "over the bound at some concurrency"}`)
  child.disconnect()
}
