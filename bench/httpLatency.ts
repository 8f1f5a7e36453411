/**
 * Latency of sequential GETs over real HTTP, as the server answers them: measured from a child
 * process of its own (this file, forked), with a lean client (node:http, one keep-alive socket)
 * sending what the browser app sends for a query (GET /api/trpc/<procedure>?input=…, the session
 * cookie). The benchmark's own process may hold a large heap (bench:growth plans a million
 * messages in it), and a full GC there, or the tRPC client's and fetch's work per call (~2.5 ms
 * at p50 on the 2-core machine, and their garbage), was measured as the server's latency. Each
 * call is timed from the request's start to the last byte of its answer; every answer must be a
 * 200, or the measurement fails.
 */

import { fork } from "node:child_process"
import { Agent, request } from "node:http"
import { loadavg } from "node:os"
import { percentile } from "./stats.ts"

export interface GetLatencyOptions {
  readonly baseUrl: string
  /** the paths called in turn (`/api/trpc/campaign.list?input=…`) */
  readonly paths: ReadonlyArray<string>
  /** the Cookie header sent with every call */
  readonly cookie: string
  /** calls measured, after `warmUp` unmeasured ones */
  readonly calls: number
  readonly warmUp: number
  /** fewer calls (at least `warmUp`) when they take longer than this in all */
  readonly budgetMs: number
}

export interface GetLatency {
  readonly p50: number
  readonly p99: number
  readonly calls: number
  /** the machine's 1-minute load average when the calls ended: how busy the 2 shared cores were */
  readonly load: number
}

/** The path of a tRPC query as the browser app's httpLink sends it. */
export const queryPath = (procedure: string, input: unknown): string =>
  `/api/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`

/** Runs the calls in a child process and answers their p50 and p99. */
export const measureGets = (options: GetLatencyOptions): Promise<GetLatency> =>
  new Promise((resolve, reject) => {
    const child = fork(new URL(import.meta.url), ["measure"], { stdio: ["ignore", "inherit", "inherit", "ipc"] })
    child.once("message", (message) => {
      const answer = message as { readonly times: ReadonlyArray<number> } | { readonly error: string }
      child.disconnect()
      if ("error" in answer) return reject(new Error(answer.error))
      const sorted = [...answer.times].sort((a, b) => a - b)
      resolve({
        p50: percentile(sorted, 50),
        p99: percentile(sorted, 99),
        calls: sorted.length,
        load: loadavg()[0] ?? Number.NaN
      })
    })
    child.once("exit", (code) => reject(new Error(`the latency client exited (${code}) without an answer`)))
    child.send(options)
  })

// ---- child: the calls ------------------------------------------------------------------------

const run = async (options: GetLatencyOptions): Promise<ReadonlyArray<number>> => {
  const { hostname, port } = new URL(options.baseUrl)
  const agent = new Agent({ keepAlive: true, maxSockets: 1 })
  const get = (path: string) =>
    new Promise<void>((done, fail) => {
      const req = request({ host: hostname, port, path, agent, headers: { cookie: options.cookie } }, (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => {
          // the body is kept only to explain a refusal
          if (res.statusCode !== 200) chunks.push(chunk)
        })
        res.on("end", () =>
          res.statusCode === 200
            ? done()
            : fail(new Error(`GET ${path}: ${res.statusCode} ${Buffer.concat(chunks).toString().slice(0, 300)}`))
        )
        res.on("error", fail)
      })
      req.on("error", fail)
      req.end()
    })
  const times: Array<number> = []
  const budgetEnds = performance.now() + options.budgetMs
  try {
    for (let i = 0; i < options.warmUp + options.calls; i++) {
      const started = performance.now()
      await get(options.paths[i % options.paths.length] ?? "/")
      if (i >= options.warmUp) times.push(performance.now() - started)
      if (times.length >= options.warmUp && performance.now() > budgetEnds) break
    }
  } finally {
    agent.destroy()
  }
  return times
}

if (process.argv[2] === "measure") {
  process.once("message", (options: GetLatencyOptions) => {
    run(options).then(
      (times) => process.send?.({ times }),
      (error: unknown) => process.send?.({ error: error instanceof Error ? error.message : String(error) })
    )
  })
}
