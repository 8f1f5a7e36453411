/**
 * npm run bench:standalone-burst: issue 24's burst measured from outside. 1,000 messages over 100
 * sessions (10 each) due at once, sent by the real standalone process (`npm start`'s entry and
 * flags, SQLite, synchronous FULL) over HTTP to the fake WAHA (its own process, keep-alive,
 * bench/fakeGateway.ts) answering each send in 50 ms. The floor, in the same run: a bare loop of
 * the same shape (100 lanes × 10 sequential fetch POSTs) from a fresh Node process
 * (bench/bareLoopProcess.ts) to the same fake. A second floor, the durable one: the bare loop plus
 * the least durable work Herald's guarantee needs, per message a claim row committed and synced
 * before the send and a record row after, with group commit across lanes
 * (bench/durableLoopProcess.ts, on a fresh SQLite file). All are fresh processes, started before
 * their due time; the fake stamps each send when it arrives.
 *
 * Each round plans the burst into a fresh SQLite file in this process (through the use cases, the
 * messages due BENCH_DUE_AFTER_MS after the planning starts), starts standalone on it, waits for
 * every send to arrive and stops it; the bare loop and the durable floor run just before it.
 * Printed per round and as the median of BENCH_ROUNDS rounds (default 3): makespan (due time to the
 * last send's arrival), lag p99 (arrival − scheduledAt) and the CPU time each process spent on the
 * burst (standalone's from just before the due time, from /proc), the ratios Herald / bare loop and
 * Herald / durable floor, and PASS/FAIL against 1.25 × the bare loop (issue 24's bound) for makespan
 * and lag p99. The load average is printed beside (2 shared cores: figures move).
 * BENCH_CPU_PROF=<dir> starts standalone with --cpu-prof into that folder; BENCH_NODE_FLAGS (space
 * separated) adds Node or V8 flags after `npm start`'s, for an experiment. Exits 0 either way.
 */

import { spawn } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { loadavg, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Layer, Logger } from "effect"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { FAKE_WAHA_API_KEY } from "../tests/support/FakeWahaServer.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { closedPort } from "../tests/support/net.ts"
import { standaloneEntry, startProcess } from "../tests/support/processes.ts"
import { schedulerClient } from "../tests/support/schedulerHarness.ts"
import { startGateway } from "./fakeGateway.ts"
import { percentile } from "./stats.ts"
import { sqliteLayer } from "./stores.ts"

const SESSIONS = 100
const PER_SESSION = 10
const LATENCY_MS = 50
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
/** the planned messages are due this long after their planning starts (planning + start-up fit well inside) */
const DUE_AFTER_MS = Number(process.env.BENCH_DUE_AFTER_MS ?? 12_000)
/** the bare loop process starts its sends this long after it is spawned */
const BARE_LEAD_MS = 1_500
const BOUND = 1.25
/** `npm start`'s flags (package.json) */
const START_FLAGS = [
  "--max-semi-space-size=8",
  "--max-old-space-size=256",
  ...(process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter((flag) => flag !== "")
]

const root = fileURLToPath(new URL("../", import.meta.url))

type Gateway = Awaited<ReturnType<typeof startGateway>>

interface Figures {
  readonly makespan: number
  readonly p99: number
  readonly sent: number
  /** CPU time (user + system) the process spent on the burst */
  readonly cpuMs: number
}

const figures = async (gateway: Gateway, dueAt: number, prefix: string) => {
  const received = (await gateway.received()).filter(([text]) => text.startsWith(prefix))
  const lags = received.map(([, at]) => at - dueAt).sort((a, b) => a - b)
  return { makespan: Math.max(...lags), p99: percentile(lags, 99), sent: received.length }
}

/** CPU time (user + system, ms) a process has used so far, from /proc (NaN elsewhere). */
const cpuMsOf = async (pid: number | undefined): Promise<number> => {
  const stat = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => "")
  // the fields after the command's closing parenthesis: utime and stime are the 12th and 13th
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ")
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND
}
const TICKS_PER_SECOND = 100

const load = () => `load ${loadavg()[0]?.toFixed(2)}`

/** A floor of the same shape from a fresh process (its script prints the CPU time its sends took). */
const floorLoop = async (gateway: Gateway, script: string, prefix: string): Promise<Figures> => {
  await gateway.reset(LATENCY_MS)
  const dir = await mkdtemp(join(tmpdir(), "herald-floor-"))
  try {
    const startAt = Date.now() + BARE_LEAD_MS
    const child = spawn(
      process.execPath,
      [script, gateway.url, String(SESSIONS), String(PER_SESSION), String(startAt), join(dir, "floor.db")],
      { cwd: root, stdio: ["ignore", "pipe", "inherit"] }
    )
    let printed = ""
    child.stdout.on("data", (chunk: Buffer) => {
      printed += chunk.toString()
    })
    await new Promise((resolve) => child.on("exit", resolve))
    return { ...(await figures(gateway, startAt, prefix)), cpuMs: Number(printed.trim()) }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}
const bareLoop = (gateway: Gateway) => floorLoop(gateway, "bench/bareLoopProcess.ts", "bare-")
const durableLoop = (gateway: Gateway) => floorLoop(gateway, "bench/durableLoopProcess.ts", "durable-")

/** The burst planned into a fresh SQLite file; the due time. */
const plan = (path: string, gatewayUrl: string) =>
  Effect.gen(function* () {
    const sessions = yield* Effect.forEach(
      Array.from({ length: SESSIONS }, (_, s) => s),
      (s) => createMessagingSession("bench", `burst-${s}`)
    )
    const dueAt = Date.now() + DUE_AFTER_MS
    for (const [s, session] of sessions.entries()) {
      yield* createCampaign({
        userId: "bench",
        sessionId: session.id,
        group: { groupId: `g${s}@g.us`, groupName: `G${s}` },
        title: "burst",
        messages: Array.from({ length: PER_SESSION }, (_, i) => ({ content: `s${s}m${i}`, scheduledAt: dueAt }))
      })
    }
    return dueAt
  }).pipe(
    Effect.provide(schedulerClient(sqliteLayer(path, "NORMAL"), gatewayUrl).pipe(Layer.provideMerge(Logger.layer([]))))
  )

const standalone = async (gateway: Gateway): Promise<Figures & { readonly readyBeforeDue: number }> => {
  await gateway.reset(LATENCY_MS)
  const dir = await mkdtemp(join(tmpdir(), "herald-burst-"))
  try {
    const dueAt = await Effect.runPromise(plan(join(dir, "herald.db"), gateway.url))
    const profile = process.env.BENCH_CPU_PROF
    const proc = startProcess(
      standaloneEntry,
      {
        HERALD_DATA_DIR: dir,
        PORT: String(await closedPort()),
        GATEWAY_API_URL: gateway.url,
        GATEWAY_API_KEY: FAKE_WAHA_API_KEY
      },
      "node",
      [...START_FLAGS, ...(profile === undefined ? [] : ["--cpu-prof", `--cpu-prof-dir=${profile}`])]
    )
    try {
      await proc.waitForOutput(/\] (No pending messages|Found \d+ messages? to send)/, 30_000)
      const readyBeforeDue = dueAt - Date.now()
      // the burst's CPU alone: from just before the due time (the start-up and the catch-up are over)
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, dueAt - 50 - Date.now())))
      const cpuBefore = await cpuMsOf(proc.child.pid)
      await gateway.waitFor(SESSIONS * PER_SESSION, dueAt)
      const cpuMs = (await cpuMsOf(proc.child.pid)) - cpuBefore
      return { ...(await figures(gateway, dueAt, "s")), cpuMs, readyBeforeDue }
    } finally {
      proc.child.kill("SIGTERM")
      await proc.exited
    }
  } finally {
    await rm(dir, { recursive: true, force: true })
  }
}

const median = (values: ReadonlyArray<number>) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50
  )
const ms = (n: number) => `${n.toFixed(0).padStart(5)} ms`

const main = async () => {
  const gateway = await startGateway()
  console.log(
    `Standalone burst (issue 24): ${SESSIONS * PER_SESSION} messages over ${SESSIONS} sessions due at once, fake WAHA at ${LATENCY_MS} ms (own process, keep-alive), node ${process.version}, ${ROUNDS} rounds`
  )
  try {
    // the fake's own JIT and sockets, discarded
    await bareLoop(gateway)
    const bare: Array<Figures> = []
    const durable: Array<Figures> = []
    const herald: Array<Figures> = []
    for (let round = 1; round <= ROUNDS; round++) {
      const floor = await bareLoop(gateway)
      bare.push(floor)
      console.log(
        `  round ${round} bare loop   makespan ${ms(floor.makespan)}   lag p99 ${ms(floor.p99)}   cpu ${ms(floor.cpuMs)}   (${floor.sent} sent, ${load()})`
      )
      const synced = await durableLoop(gateway)
      durable.push(synced)
      console.log(
        `  round ${round} durable     makespan ${ms(synced.makespan)}   lag p99 ${ms(synced.p99)}   cpu ${ms(synced.cpuMs)}   (${synced.sent} sent, ${load()})`
      )
      const run = await standalone(gateway)
      herald.push(run)
      console.log(
        `  round ${round} standalone  makespan ${ms(run.makespan)}   lag p99 ${ms(run.p99)}   cpu ${ms(run.cpuMs)}   (${run.sent} sent, first pass ${(run.readyBeforeDue / 1000).toFixed(1)} s before due, ${load()})`
      )
    }
    const medians = (runs: ReadonlyArray<Figures>) => ({
      makespan: median(runs.map((r) => r.makespan)),
      p99: median(runs.map((r) => r.p99)),
      cpuMs: median(runs.map((r) => r.cpuMs))
    })
    const floor = medians(bare)
    const guarantee = medians(durable)
    const ours = medians(herald)
    console.log(
      `median of ${ROUNDS}: standalone makespan ${ours.makespan} ms, lag p99 ${ours.p99} ms, cpu ${ours.cpuMs.toFixed(0)} ms; bare loop makespan ${floor.makespan} ms, lag p99 ${floor.p99} ms, cpu ${floor.cpuMs.toFixed(0)} ms; durable floor makespan ${guarantee.makespan} ms, lag p99 ${guarantee.p99} ms, cpu ${guarantee.cpuMs.toFixed(0)} ms (${load()})`
    )
    // what the guarantee itself costs, and what is Herald's own: not bounded, printed
    console.log(
      `standalone / durable floor: makespan ${(ours.makespan / guarantee.makespan).toFixed(2)}, lag p99 ${(ours.p99 / guarantee.p99).toFixed(2)}, cpu ${(ours.cpuMs / guarantee.cpuMs).toFixed(2)}; durable floor / bare loop: makespan ${(guarantee.makespan / floor.makespan).toFixed(2)}, cpu ${(guarantee.cpuMs / floor.cpuMs).toFixed(2)}`
    )
    for (const [label, mine, base] of [
      ["makespan", ours.makespan, floor.makespan],
      ["lag p99", ours.p99, floor.p99]
    ] as const) {
      const ratio = mine / base
      console.log(
        `${ratio <= BOUND ? "PASS" : "FAIL"} ${label}: standalone / bare loop = ${mine} / ${base} = ${ratio.toFixed(2)} (bound ${BOUND})`
      )
    }
  } finally {
    gateway.close()
  }
}

await main()
