/**
 * npm run bench:growth [-- --sizes 10000,100000,1000000 --stores sqlite,ferretdb]: what a store
 * full of future messages costs (issue 13). One user plans the messages through the use case
 * campaign.create runs (planCampaign, campaigns of 1,000 messages a minute apart, from a day
 * ahead), in this process, on the store a real process then opens. The sizes grow in one store:
 * 10k is planned, measured, then topped up to 100k, and so on. A baseline with no message comes
 * first. For each size:
 *  - standalone (src/interfaces/standalone/main.ts, its own OS process, sandbox gateway): time
 *    from spawn to its first scheduler cycle (its first "No pending messages" line), resident
 *    memory then (VmRSS; VmHWM is the peak), campaign.list and campaign.get p99 over HTTP as the
 *    signed-in user (sequential calls, after a warm-up);
 *  - the cycle time: the same process again with SCHEDULER_POLL_INTERVAL_MS=100, a minute after
 *    the planning (each catch-up looks at the last minute), the median and largest gap between
 *    its passes (a cycle shorter than 100 ms shows as ~100 ms);
 *  - on FerretDB, the scheduler process alone (src/interfaces/scheduler/main.ts, against a fake
 *    WAHA): the same start, memory and cycle figures (it runs on MongoDB only: none on SQLite);
 *  - the store on disk: SQLite's file, WAL and shared memory; FerretDB's data folder.
 * Issue 13's targets (at 1M messages: first cycle ≤ 2 s, campaign.list p99 ≤ 20 ms, standalone
 * ≤ 200 MB, scheduler alone ≤ 100 MB) are printed as PASS/FAIL lines at every size. It exits 0
 * either way: it reports, CI does not run it.
 * Planning on SQLite uses synchronous=NORMAL in this process (the processes measured use FULL,
 * as standalone does): fsyncs would only make the planning slower, not the store different.
 */

import { execFileSync } from "node:child_process"
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Layer, Logger } from "effect"
import { CampaignQuota } from "../src/application/campaign/CampaignQuota.ts"
import { planCampaign } from "../src/application/campaign/planCampaign.ts"
import { KeyedLocks } from "../src/application/shared/KeyedLocks.ts"
import { SandboxGateway } from "../src/infrastructure/gateway/sandbox/SandboxGateway.ts"
import type { FakeWaha } from "../tests/support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../tests/support/FakeWahaServer.ts"
import type { FerretDb } from "../tests/support/ferretdb.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { withDatabase } from "../tests/support/mongo.ts"
import type { RunningProcess } from "../tests/support/processes.ts"
import { schedulerEntry, standaloneEntry, startProcess } from "../tests/support/processes.ts"
import { WebClient } from "../tests/support/webClient.ts"
import { listOption, mongoLayer, sqliteLayer, startFerret } from "./stores.ts"

const CAMPAIGN_SIZE = 1_000
const SESSION_NAME = "bench"
const EMAIL = "admin@herald.bench"
/** HTTP calls measured per procedure, after WARM_UP unmeasured ones */
const CALLS = 200
const WARM_UP = 20
/** passes watched for the cycle time */
const PASSES = 20

const TARGET = { firstCycleMs: 2_000, listP99Ms: 20, standaloneMb: 200, schedulerMb: 100 }

type GrowthStore = "sqlite" | "ferretdb"

const freePort = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const address = server.address()
      const port = typeof address === "object" && address !== null ? address.port : 0
      server.close(() => resolve(port))
    })
  })

const percentile = (values: ReadonlyArray<number>, p: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN
}

/** VmRSS and VmHWM of a process, in MB. */
const memoryOf = async (pid: number | undefined): Promise<{ rss: number; peak: number }> => {
  if (pid === undefined) return { rss: NaN, peak: NaN }
  const status = await readFile(`/proc/${pid}/status`, "utf8").catch(() => "")
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN)
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 }
}

/** Bytes under a path (a file or a folder, recursively). */
const sizeOf = async (path: string): Promise<number> => {
  const info = await stat(path).catch(() => null)
  if (info === null) return 0
  if (!info.isDirectory()) return info.size
  let total = 0
  for (const entry of await readdir(path)) total += await sizeOf(join(path, entry))
  return total
}

const stop = async (proc: RunningProcess) => {
  proc.child.kill("SIGTERM")
  const timer = setTimeout(() => proc.child.kill("SIGKILL"), 30_000)
  await proc.exited
  clearTimeout(timer)
}

const FIRST_PASS = /\] (No pending messages|Found \d+ messages? to send)/
const PASS_STAMP = /^\[([^\]]+)\] (No pending messages|Found \d+ messages? to send)/gm

/** Starts an entry and waits for its first scheduler pass: the time it took and its memory then. */
const startUntilFirstCycle = async (entry: string, env: Record<string, string>, timeoutMs: number) => {
  const started = performance.now()
  const proc = startProcess(entry, env)
  try {
    await proc.waitForOutput(FIRST_PASS, timeoutMs)
  } catch (error) {
    proc.child.kill("SIGKILL")
    throw error
  }
  const firstCycleMs = performance.now() - started
  const memory = await memoryOf(proc.child.pid)
  return { proc, firstCycleMs, memory }
}

/** The gaps between the passes a process logged (poll interval 100 ms): median and largest. */
const cyclePeriods = async (proc: RunningProcess, timeoutMs: number) => {
  const stamps = () => [...proc.output().matchAll(PASS_STAMP)].map((m) => Date.parse(m[1] ?? ""))
  const deadline = Date.now() + timeoutMs
  while (stamps().length < PASSES + 1 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50))
  // the first pass is the start's (the full first catch-up), measured apart
  const all = stamps().slice(1)
  const gaps = all.slice(1).map((t, i) => t - (all[i] ?? t))
  return { median: percentile(gaps, 50), max: Math.max(...gaps), passes: gaps.length }
}

/**
 * Latency of sequential calls: CALLS of them after WARM_UP, or fewer (at least WARM_UP) when they
 * take more than a minute in all, as a slow read at a large size would.
 */
const timed = async (call: () => Promise<unknown>) => {
  const times: Array<number> = []
  const budgetEnds = performance.now() + 60_000
  for (let i = 0; i < WARM_UP + CALLS; i++) {
    const started = performance.now()
    await call()
    if (i >= WARM_UP) times.push(performance.now() - started)
    if (times.length >= WARM_UP && performance.now() > budgetEnds) break
  }
  return { p50: percentile(times, 50), p99: percentile(times, 99), calls: times.length }
}

interface Latency {
  readonly p50: number
  readonly p99: number
  readonly calls: number
}

interface Row {
  readonly size: number
  readonly standalone: {
    readonly firstCycleMs: number
    readonly rss: number
    readonly peak: number
    readonly rssAfterQueries: number
    readonly list: Latency
    readonly get: Latency
    readonly cycle: { median: number; max: number; passes: number }
  }
  readonly scheduler: {
    readonly firstCycleMs: number
    readonly rss: number
    readonly peak: number
    readonly cycle: { median: number; max: number; passes: number }
  } | null
  readonly diskBytes: number
  readonly planMsPerMessage: number | null
}

const mb = (n: number) => `${n.toFixed(0)} MB`
const msOf = (n: number) => (Number.isNaN(n) ? "n/a" : `${n.toFixed(n < 10 ? 1 : 0)} ms`)
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL")

const report = (store: GrowthStore, row: Row) => {
  const s = row.standalone
  const lines = [
    `\n${store}, ${row.size.toLocaleString("en-US")} future messages${row.planMsPerMessage === null ? "" : ` (planned at ${row.planMsPerMessage.toFixed(2)} ms per message)`}`,
    `  standalone: start to first cycle ${msOf(s.firstCycleMs)}   cycle ${msOf(s.cycle.median)} median, ${msOf(s.cycle.max)} max over ${s.cycle.passes} passes at poll 100 ms`,
    `              resident ${mb(s.rss)} after the first cycle (peak ${mb(s.peak)}), ${mb(s.rssAfterQueries)} after the queries`,
    `              campaign.list p50 ${msOf(s.list.p50)} p99 ${msOf(s.list.p99)}   campaign.get p50 ${msOf(s.get.p50)} p99 ${msOf(s.get.p99)}   (${s.list.calls} and ${s.get.calls} sequential calls)`
  ]
  if (row.scheduler !== null) {
    const c = row.scheduler
    lines.push(
      `  scheduler alone: start to first cycle ${msOf(c.firstCycleMs)}   cycle ${msOf(c.cycle.median)} median, ${msOf(c.cycle.max)} max   resident ${mb(c.rss)} (peak ${mb(c.peak)})`
    )
  } else {
    lines.push("  scheduler alone: n/a (the scheduler process runs on MongoDB only)")
  }
  lines.push(
    `  store on disk: ${(row.diskBytes / 1024 / 1024).toFixed(1)} MB${row.size > 0 ? ` (${(row.diskBytes / row.size).toFixed(0)} bytes per message)` : ""}`,
    `  targets (issue 13, stated for 1M messages):`,
    `    ${verdict(s.firstCycleMs <= TARGET.firstCycleMs)} standalone start to first cycle ${msOf(s.firstCycleMs)} <= ${TARGET.firstCycleMs} ms`,
    `    ${verdict(s.list.p99 <= TARGET.listP99Ms)} campaign.list p99 ${msOf(s.list.p99)} <= ${TARGET.listP99Ms} ms`,
    `    ${verdict(s.rss <= TARGET.standaloneMb)} standalone resident ${mb(s.rss)} <= ${TARGET.standaloneMb} MB`
  )
  if (row.scheduler !== null) {
    lines.push(
      `    ${verdict(row.scheduler.firstCycleMs <= TARGET.firstCycleMs)} scheduler alone start to first cycle ${msOf(row.scheduler.firstCycleMs)} <= ${TARGET.firstCycleMs} ms`,
      `    ${verdict(row.scheduler.rss <= TARGET.schedulerMb)} scheduler alone resident ${mb(row.scheduler.rss)} <= ${TARGET.schedulerMb} MB`
    )
  }
  console.log(lines.join("\n"))
}

/** One store growing through the sizes. */
const runStore = async (store: GrowthStore, sizes: ReadonlyArray<number>, fake: FakeWaha) => {
  const dataDir = await mkdtemp(join(tmpdir(), "herald-growth-"))
  let ferret: FerretDb | null = null
  try {
    ferret = store === "ferretdb" ? await startFerret() : null
    const databaseUrl = ferret === null ? null : withDatabase(ferret.url, "herald")
    const sqlitePath = join(dataDir, "herald.db")
    const port = await freePort()
    const baseUrl = `http://127.0.0.1:${port}`
    const standaloneEnv = (pollMs: number | null): Record<string, string> => ({
      HERALD_DATA_DIR: dataDir,
      PORT: String(port),
      ...(databaseUrl === null ? {} : { DATABASE_URL: databaseUrl }),
      ...(pollMs === null ? {} : { SCHEDULER_POLL_INTERVAL_MS: String(pollMs) })
    })
    const startTimeout = 600_000

    // The user: the first account of a fresh install is its admin, confirmed at once (mail as files).
    const client = new WebClient(baseUrl, { origin: baseUrl })
    const first = await startUntilFirstCycle(standaloneEntry, standaloneEnv(null), startTimeout)
    const { user } = await client.api.auth.signUp.mutate({
      email: EMAIL,
      password: "correct horse battery",
      name: "Bench"
    })
    await stop(first.proc)
    if (user === null) throw new Error("sign-up: the account waits for a confirmation")

    const layer = Layer.mergeAll(
      databaseUrl === null ? sqliteLayer(sqlitePath, "NORMAL") : mongoLayer(databaseUrl, 10),
      KeyedLocks.layer,
      // campaign.create asks the gateway only for "mention everyone", which this plan does not use
      SandboxGateway.layer({ dir: join(dataDir, "sandbox") }),
      Layer.succeed(CampaignQuota, {
        maxOpenCampaigns: Number.MAX_SAFE_INTEGER,
        maxPendingMessages: Number.MAX_SAFE_INTEGER
      })
    ).pipe(Layer.provideMerge(Logger.layer([])))

    const campaignIds: Array<string> = []
    let planned = 0
    let lastPlanned = 0
    const from = Date.now() + 86_400_000
    const planUpTo = (size: number) =>
      Effect.gen(function* () {
        if (planned === 0) yield* createMessagingSession(user.id, SESSION_NAME)
        const started = performance.now()
        const count = size - planned
        while (planned < size) {
          const n = Math.min(CAMPAIGN_SIZE, size - planned)
          const offset = planned
          const created = yield* planCampaign(user.id, {
            sessionName: SESSION_NAME,
            groupId: `${campaignIds.length}@g.us`,
            groupName: `Group ${campaignIds.length}`,
            title: `Campaign ${campaignIds.length}`,
            messages: Array.from({ length: n }, (_, i) => ({
              content: `message ${offset + i}`,
              scheduledAt: from + (offset + i) * 60_000
            }))
          })
          campaignIds.push(created.id)
          planned += n
          if (campaignIds.length % 10 === 0)
            process.stderr.write(`\r  ${store}: ${planned.toLocaleString("en-US")} planned   `)
        }
        if (campaignIds.length >= 10) process.stderr.write("\n")
        lastPlanned = Date.now()
        return count > 0 ? (performance.now() - started) / count : null
      })

    for (const size of [0, ...sizes]) {
      const planMsPerMessage = size === 0 ? null : await Effect.runPromise(planUpTo(size).pipe(Effect.provide(layer)))

      // standalone, the default poll interval: start, memory, the API
      const a = await startUntilFirstCycle(standaloneEntry, standaloneEnv(null), startTimeout)
      let list: Latency = { p50: NaN, p99: NaN, calls: 0 }
      let get: Latency = { p50: NaN, p99: NaN, calls: 0 }
      let rssAfterQueries = NaN
      try {
        list = await timed(() => client.api.campaign.list.query({ limit: 20 }))
        let i = 0
        get =
          campaignIds.length === 0
            ? get
            : await timed(() => client.api.campaign.get.query({ id: campaignIds[i++ % campaignIds.length] ?? "" }))
        rssAfterQueries = (await memoryOf(a.proc.child.pid)).rss
      } finally {
        await stop(a.proc)
      }
      // standalone again, polling every 100 ms: the cycle time. Each cycle's catch-up looks at the
      // events of the last minute (a margin for clocks behind), so the planning must be older.
      const quiet = lastPlanned + 61_000 - Date.now()
      if (quiet > 0) await new Promise((r) => setTimeout(r, quiet))
      const b = await startUntilFirstCycle(standaloneEntry, standaloneEnv(100), startTimeout)
      const cycle = await cyclePeriods(b.proc, 120_000).finally(() => stop(b.proc))

      let scheduler: Row["scheduler"] = null
      if (databaseUrl !== null) {
        const c = await startUntilFirstCycle(
          schedulerEntry,
          {
            DATABASE_URL: databaseUrl,
            GATEWAY_API_URL: fake.url,
            GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
            SCHEDULER_POLL_INTERVAL_MS: "100"
          },
          startTimeout
        )
        const schedulerCycle = await cyclePeriods(c.proc, 120_000).finally(() => stop(c.proc))
        scheduler = { firstCycleMs: c.firstCycleMs, rss: c.memory.rss, peak: c.memory.peak, cycle: schedulerCycle }
      }
      const diskBytes =
        ferret === null
          ? (await sizeOf(sqlitePath)) + (await sizeOf(`${sqlitePath}-wal`)) + (await sizeOf(`${sqlitePath}-shm`))
          : await sizeOf(ferret.dataDir)
      report(store, {
        size,
        standalone: {
          firstCycleMs: a.firstCycleMs,
          rss: a.memory.rss,
          peak: a.memory.peak,
          rssAfterQueries,
          list,
          get,
          cycle
        },
        scheduler,
        diskBytes,
        planMsPerMessage
      })
    }
  } finally {
    await ferret?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}

const main = async () => {
  const sizes = listOption("sizes", ["10000", "100000"]).map((v) => {
    const n = Number(v)
    if (!Number.isInteger(n) || n <= 0) throw new Error(`--sizes: ${v} is not a positive whole number`)
    return n
  })
  const stores = listOption("stores", ["sqlite", "ferretdb"]).map((name): GrowthStore => {
    if (name === "sqlite" || name === "ferretdb") return name
    throw new Error(`--stores: ${name} (bench:growth runs on sqlite and ferretdb)`)
  })
  // the processes serve the browser app from dist/browser: build it when stale, as the tests do
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL("../tools/buildBrowserApp.ts", import.meta.url)), "--if-stale"],
    { stdio: "inherit" }
  )
  console.log(
    `Herald growth benchmark (stores: ${stores.join(", ")}; sizes: ${sizes.join(", ")}; node ${process.version}; one shared machine, figures are noisy)`
  )
  const fake = await startFakeWaha()
  try {
    for (const store of stores) {
      await runStore(
        store,
        [...sizes].sort((x, y) => x - y),
        fake
      ).catch((error: unknown) =>
        console.log(`\n${store}: run failed: ${error instanceof Error ? error.message : String(error)}`)
      )
    }
  } finally {
    await fake.close()
  }
}

await main()
