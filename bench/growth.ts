/**
 * npm run bench:growth [-- --sizes 10000,100000,1000000 --stores sqlite,ferretdb]: what a store
 * full of future messages costs (issue 13). One user plans the messages through the use case
 * campaign.create runs (planCampaign, campaigns of 1,000 messages a minute apart, from a month
 * ahead), in this process, on the store a real process then opens. The sizes grow in one store:
 * 10k is planned, measured, then topped up to 100k, and so on. A baseline with no message comes
 * first. On SQLite each size planned is kept under .cache/growth/ and later runs copy it
 * (plannedStores.ts), settled: as it is a day after its plan, its events behind the projection
 * checkpoint and older than the failure alerts' day, so what is measured is a store with that
 * much history, not the hour after a bulk plan. For each size:
 *  - standalone (src/interfaces/standalone/main.ts, its own OS process, sandbox gateway): time
 *    from spawn to its first scheduler cycle (its first "No pending messages" line), resident
 *    memory then (VmRSS; VmHWM is the peak), campaign.list and campaign.get p50 and p99 over HTTP
 *    as the signed-in user (sequential calls after a warm-up, from a client process of its own:
 *    httpLatency.ts), resident memory after them; the same start and calls again with
 *    NODE_OPTIONS=PROPOSED_NODE_OPTIONS (V8's young generation bounded), as `npm start` launches
 *    it: its latencies are the ones held to the target, the machine's load printed beside them;
 *  - the cycle time: the same process again with SCHEDULER_POLL_INTERVAL_MS=100 (on FerretDB a
 *    catch-up margin after the planning), the median and largest gap between its passes (a cycle
 *    shorter than 100 ms shows as ~100 ms);
 *  - the scheduler alone, against a fake WAHA, polling every 100 ms: on FerretDB the scheduler
 *    process (src/interfaces/scheduler/main.ts); on SQLite, which that process does not open, its
 *    layers on the SQLite store (schedulerOnSqlite.ts). Start to first cycle, cycle time, resident
 *    memory after the first cycle and after the passes watched, as launched and with
 *    PROPOSED_NODE_OPTIONS;
 *  - on FerretDB, the bundled scheduler too (dist/scheduler.mjs, npm run build:scheduler, built
 *    here), as docs/operations.md's service unit runs it (SCHEDULER_NODE_OPTIONS, SERVICE_ENV), the same figures;
 *  - the store on disk: SQLite's file, WAL and shared memory; FerretDB's data folder.
 * Issue 13's targets (at 1M messages: first cycle ≤ 2 s, campaign.list p99 ≤ 20 ms, standalone
 * ≤ 200 MB, scheduler alone ≤ 100 MB; a memory target holds when every figure taken of the
 * process is within it) are printed as PASS/FAIL lines at every size. It exits 0 either way: it
 * reports, CI does not run it.
 * Planning on SQLite uses synchronous=NORMAL in this process (the processes measured use FULL,
 * as standalone does): fsyncs would only make the planning slower, not the store different.
 */

import { execFileSync } from "node:child_process"
import { mkdtemp, readdir, readFile, rm, stat } from "node:fs/promises"
import { createServer } from "node:net"
import { cpus, tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Effect, Layer, Logger } from "effect"
import { CampaignQuota } from "../src/application/campaign/CampaignQuota.ts"
import { planCampaign } from "../src/application/campaign/planCampaign.ts"
import { CLOCK_SKEW_MARGIN_MS } from "../src/application/scheduler/catchUpFromCheckpoint.ts"
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
import type { GetLatency } from "./httpLatency.ts"
import { measureGets, queryPath } from "./httpLatency.ts"
import { keepPlanned, restorePlanned } from "./plannedStores.ts"
import { listOption, mongoLayer, sqliteLayer, startFerret } from "./stores.ts"

const CAMPAIGN_SIZE = 1_000
const SESSION_NAME = "bench"
const EMAIL = "admin@herald.bench"
const PASSWORD = "correct horse battery"
/** HTTP calls measured per procedure, after WARM_UP unmeasured ones */
const CALLS = 200
/**
 * campaign.list's: the p99 of 200 calls is the second slowest, one GC pause or a moment of the
 * shared cores given to another process; of 1,000 (a few seconds) it is the tenth
 */
const LIST_CALLS = 1_000
const WARM_UP = 20
/** passes watched for the cycle time */
const PASSES = 20

const TARGET = { firstCycleMs: 2_000, listP99Ms: 20, standaloneMb: 200, schedulerMb: 100 }

/**
 * How the processes are also measured: V8's heap bounded. Left to itself V8 grows the young
 * generation to 64 MB per semi-space under a burst of allocation (a catch-up, a page of requests)
 * and lets garbage pile up in the old generation (each campaign.get answer of 1,000 messages is a
 * large string, collected only by a full GC) far past the live heap (~45 MB, whatever the
 * history), and keeps what it took. The entry files cannot set this themselves (V8 reads it when
 * the heap is made, before any code runs): it comes from the command line or NODE_OPTIONS.
 * Measured on 200 campaign.list and 200 campaign.get at 100k messages: resident 158 → 142 MB
 * after start and ~365 → 160 MB after the calls, the same server CPU; a semi-space of 2 MB
 * instead of 8 costs ~30% more CPU there (more objects promoted, more full GCs) for ~12 MB.
 * npm start, npm run web / scheduler, the deno tasks and docs/operations.md's service units launch with them.
 */
const PROPOSED_NODE_OPTIONS = "--max-semi-space-size=8 --max-old-space-size=256"
/** the scheduler's own: a smaller young generation (docs/scaling.md, "Sizing"; bench:scheduler-memory) */
const SCHEDULER_NODE_OPTIONS = "--max-semi-space-size=4 --max-old-space-size=256"
/** the scheduler service unit's environment (docs/operations.md) */
const SERVICE_ENV = { MALLOC_ARENA_MAX: "2" }
const NO_LATENCY: GetLatency = { p50: NaN, p99: NaN, calls: 0, load: NaN }
const schedulerOnSqliteEntry = "bench/schedulerOnSqlite.ts"
const bundledEntry = "dist/scheduler.mjs"

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
 * Latency of sequential GETs of `paths` in turn, from a client process of its own
 * (httpLatency.ts): `calls` of them (CALLS unless told) after WARM_UP, or fewer (at least
 * WARM_UP) when they take more than a minute in all, as a slow read at a large size would.
 */
const timed = (baseUrl: string, cookie: string, paths: ReadonlyArray<string>, calls = CALLS) =>
  measureGets({ baseUrl, cookie, paths, calls, warmUp: WARM_UP, budgetMs: 60_000 })

interface Row {
  readonly size: number
  readonly standalone: {
    readonly firstCycleMs: number
    readonly rss: number
    readonly peak: number
    readonly rssAfterQueries: number
    /** launched without V8 flags */
    readonly list: GetLatency
    readonly get: GetLatency
    readonly cycle: { median: number; max: number; passes: number }
    /** the same start and queries with PROPOSED_NODE_OPTIONS, as `npm start` launches it */
    readonly tuned: {
      readonly rss: number
      readonly rssAfterQueries: number
      readonly list: GetLatency
      readonly get: GetLatency
    }
  }
  readonly scheduler: {
    readonly label: string
    readonly firstCycleMs: number
    readonly rss: number
    readonly peak: number
    /** after the passes watched for the cycle time */
    readonly rssAfterCycles: number
    readonly cycle: { median: number; max: number; passes: number }
    readonly tuned: { readonly rss: number; readonly rssAfterCycles: number }
    /** dist/scheduler.mjs with SCHEDULER_NODE_OPTIONS (FerretDB only: the scheduler process runs on MongoDB) */
    readonly bundled: {
      readonly firstCycleMs: number
      readonly rss: number
      readonly rssAfterCycles: number
      readonly peak: number
    } | null
  }
  readonly diskBytes: number
  readonly planMsPerMessage: number | null
}

const mb = (n: number) => `${n.toFixed(0)} MB`
const msOf = (n: number) => (Number.isNaN(n) ? "n/a" : `${n.toFixed(n < 10 ? 1 : 0)} ms`)
const verdict = (ok: boolean) => (ok ? "PASS" : "FAIL")
/** a memory target holds when the process stays within it at every moment measured */
const memoryVerdict = (what: string, values: ReadonlyArray<number>, target: number) => {
  const most = Math.max(...values)
  return `    ${verdict(most <= target)} ${what} resident ${mb(most)} <= ${target} MB`
}

const report = (store: GrowthStore, row: Row) => {
  const s = row.standalone
  const c = row.scheduler
  const lines = [
    `\n${store}, ${row.size.toLocaleString("en-US")} future messages${row.planMsPerMessage === null ? "" : ` (planned at ${row.planMsPerMessage.toFixed(2)} ms per message)`}`,
    `  standalone: start to first cycle ${msOf(s.firstCycleMs)}   cycle ${msOf(s.cycle.median)} median, ${msOf(s.cycle.max)} max over ${s.cycle.passes} passes at poll 100 ms`,
    `              resident ${mb(s.rss)} after the first cycle (peak ${mb(s.peak)}), ${mb(s.rssAfterQueries)} after the queries`,
    `              with NODE_OPTIONS=${PROPOSED_NODE_OPTIONS}: ${mb(s.tuned.rss)} after the first cycle, ${mb(s.tuned.rssAfterQueries)} after the queries`,
    `              as npm start launches it: campaign.list p50 ${msOf(s.tuned.list.p50)} p99 ${msOf(s.tuned.list.p99)}   campaign.get p50 ${msOf(s.tuned.get.p50)} p99 ${msOf(s.tuned.get.p99)}   (${s.tuned.list.calls} and ${s.tuned.get.calls} sequential calls; load ${s.tuned.list.load.toFixed(2)})`,
    `              without V8 flags: campaign.list p50 ${msOf(s.list.p50)} p99 ${msOf(s.list.p99)}   campaign.get p50 ${msOf(s.get.p50)} p99 ${msOf(s.get.p99)}   (load ${s.list.load.toFixed(2)})`,
    `  scheduler alone (${c.label}): start to first cycle ${msOf(c.firstCycleMs)}   cycle ${msOf(c.cycle.median)} median, ${msOf(c.cycle.max)} max`,
    `              resident ${mb(c.rss)} after the first cycle, ${mb(c.rssAfterCycles)} after ${c.cycle.passes} more (peak ${mb(c.peak)}); with NODE_OPTIONS=${PROPOSED_NODE_OPTIONS}: ${mb(c.tuned.rss)}, ${mb(c.tuned.rssAfterCycles)}`,
    ...(c.bundled === null
      ? []
      : [
          `  bundled scheduler (${bundledEntry}, NODE_OPTIONS=${SCHEDULER_NODE_OPTIONS}, MALLOC_ARENA_MAX=2): start to first cycle ${msOf(c.bundled.firstCycleMs)}`,
          `              resident ${mb(c.bundled.rss)} after the first cycle, ${mb(c.bundled.rssAfterCycles)} after ${c.cycle.passes} more (peak ${mb(c.bundled.peak)})`
        ]),
    `  store on disk: ${(row.diskBytes / 1024 / 1024).toFixed(1)} MB${row.size > 0 ? ` (${(row.diskBytes / row.size).toFixed(0)} bytes per message)` : ""}`,
    `  targets (issue 13, stated for 1M messages):`,
    `    ${verdict(s.firstCycleMs <= TARGET.firstCycleMs)} standalone start to first cycle ${msOf(s.firstCycleMs)} <= ${TARGET.firstCycleMs} ms`,
    `    ${verdict(s.tuned.list.p99 <= TARGET.listP99Ms)} campaign.list p99 ${msOf(s.tuned.list.p99)} <= ${TARGET.listP99Ms} ms (as npm start launches it; load ${s.tuned.list.load.toFixed(2)} on ${cpus().length} cores)`,
    memoryVerdict("standalone without V8 flags", [s.rss, s.rssAfterQueries], TARGET.standaloneMb),
    memoryVerdict(
      `standalone with NODE_OPTIONS=${PROPOSED_NODE_OPTIONS}`,
      [s.tuned.rss, s.tuned.rssAfterQueries],
      TARGET.standaloneMb
    ),
    `    ${verdict(c.firstCycleMs <= TARGET.firstCycleMs)} scheduler alone start to first cycle ${msOf(c.firstCycleMs)} <= ${TARGET.firstCycleMs} ms`,
    memoryVerdict("scheduler alone without V8 flags", [c.rss, c.rssAfterCycles], TARGET.schedulerMb),
    memoryVerdict(
      `scheduler alone with NODE_OPTIONS=${PROPOSED_NODE_OPTIONS}`,
      [c.tuned.rss, c.tuned.rssAfterCycles],
      TARGET.schedulerMb
    ),
    ...(c.bundled === null
      ? []
      : [
          memoryVerdict(
            `bundled scheduler with NODE_OPTIONS=${SCHEDULER_NODE_OPTIONS}`,
            [c.bundled.rss, c.bundled.rssAfterCycles],
            TARGET.schedulerMb
          )
        ])
  ]
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
    const signedUp = await client.api.auth.signUp.mutate({ email: EMAIL, password: PASSWORD, name: "Bench" })
    await stop(first.proc)
    if (signedUp.user === null) throw new Error("sign-up: the account waits for a confirmation")
    let userId = signedUp.user.id

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

    let campaignIds: Array<string> = []
    let planned = 0
    let lastPlanned = 0
    // a month ahead, so that a store kept in .cache holds no due message for weeks (plannedStores.ts)
    let from = Date.now() + 30 * 86_400_000
    const planUpTo = (size: number) =>
      Effect.gen(function* () {
        if (planned === 0) yield* createMessagingSession(userId, SESSION_NAME)
        const started = performance.now()
        const count = size - planned
        while (planned < size) {
          const n = Math.min(CAMPAIGN_SIZE, size - planned)
          const offset = planned
          const created = yield* planCampaign(userId, {
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
      // on SQLite, a store of this size planned by an earlier run is copied rather than planned again
      const kept = store === "sqlite" && size > 0 ? await restorePlanned(size, dataDir) : null
      if (kept !== null) {
        userId = kept.userId
        campaignIds = [...kept.campaignIds]
        planned = size
        from = kept.planStartsAt
      }
      const planMsPerMessage =
        size === 0 || kept !== null ? null : await Effect.runPromise(planUpTo(size).pipe(Effect.provide(layer)))
      // kept settled (plannedStores.ts)
      if (store === "sqlite" && size > 0 && kept === null)
        await keepPlanned(size, dataDir, { userId, planStartsAt: from, campaignIds })

      // standalone, the default poll interval: start, memory, the API; launched as it is today,
      // then with the young generation bounded (NODE_OPTIONS, see PROPOSED_NODE_OPTIONS)
      const queries = async (pid: number | undefined, signIn: boolean) => {
        // a copied store has the user, not this client's sign-in
        if (signIn) await client.api.auth.signIn.mutate({ email: EMAIL, password: PASSWORD })
        // once through the typed client: the answer is what the measured calls get
        await client.api.campaign.list.query({ limit: 20 })
        const cookie = `${client.cookieName}=${client.cookie ?? ""}`
        const list = await timed(baseUrl, cookie, [queryPath("campaign.list", { limit: 20 })], LIST_CALLS)
        const get =
          campaignIds.length === 0
            ? NO_LATENCY
            : await timed(
                baseUrl,
                cookie,
                campaignIds.slice(0, WARM_UP + CALLS).map((id) => queryPath("campaign.get", { id }))
              )
        return { list, get, rssAfterQueries: (await memoryOf(pid)).rss }
      }
      const a = await startUntilFirstCycle(standaloneEntry, standaloneEnv(null), startTimeout)
      const measured = await queries(a.proc.child.pid, kept !== null).finally(() => stop(a.proc))
      const t = await startUntilFirstCycle(
        standaloneEntry,
        { ...standaloneEnv(null), NODE_OPTIONS: PROPOSED_NODE_OPTIONS },
        startTimeout
      )
      const tunedQueries = await queries(t.proc.child.pid, false).finally(() => stop(t.proc))
      // standalone again, polling every 100 ms: the cycle time. Each cycle's catch-up looks at the
      // events of the last minutes (a margin for clocks behind): on FerretDB, whose store is not
      // settled, the planning must be older.
      const quiet = store === "sqlite" ? 0 : lastPlanned + CLOCK_SKEW_MARGIN_MS + 1_000 - Date.now()
      if (quiet > 0) await new Promise((r) => setTimeout(r, quiet))
      const b = await startUntilFirstCycle(standaloneEntry, standaloneEnv(100), startTimeout)
      const cycle = await cyclePeriods(b.proc, 120_000).finally(() => stop(b.proc))

      // the scheduler alone: the scheduler process on MongoDB; on SQLite, which that process does
      // not open, its layers on the SQLite store (bench/schedulerOnSqlite.ts)
      const schedulerAlone = async (
        nodeOptions: string | null,
        entry?: string,
        extraEnv: Record<string, string> = {}
      ) => {
        const env = {
          GATEWAY_API_URL: fake.url,
          GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
          SCHEDULER_POLL_INTERVAL_MS: "100",
          ...(databaseUrl === null ? { HERALD_SQLITE_PATH: sqlitePath } : { DATABASE_URL: databaseUrl }),
          ...(nodeOptions === null ? {} : { NODE_OPTIONS: nodeOptions }),
          ...extraEnv
        }
        const c = await startUntilFirstCycle(
          entry ?? (databaseUrl === null ? schedulerOnSqliteEntry : schedulerEntry),
          env,
          startTimeout
        )
        const schedulerCycle = await cyclePeriods(c.proc, 120_000)
        const after = await memoryOf(c.proc.child.pid)
        await stop(c.proc)
        return {
          firstCycleMs: c.firstCycleMs,
          rss: c.memory.rss,
          peak: after.peak,
          rssAfterCycles: after.rss,
          cycle: schedulerCycle
        }
      }
      const scheduler: Row["scheduler"] = {
        ...(await schedulerAlone(null)),
        tuned: await schedulerAlone(PROPOSED_NODE_OPTIONS).then(({ rss, rssAfterCycles }) => ({ rss, rssAfterCycles })),
        bundled: databaseUrl === null ? null : await schedulerAlone(SCHEDULER_NODE_OPTIONS, bundledEntry, SERVICE_ENV),
        label:
          databaseUrl === null
            ? "the scheduler's layers on SQLite (bench/schedulerOnSqlite.ts)"
            : "src/interfaces/scheduler/main.ts"
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
          rssAfterQueries: measured.rssAfterQueries,
          list: measured.list,
          get: measured.get,
          cycle,
          tuned: {
            rss: t.memory.rss,
            rssAfterQueries: tunedQueries.rssAfterQueries,
            list: tunedQueries.list,
            get: tunedQueries.get
          }
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
  execFileSync(process.execPath, [fileURLToPath(new URL("../tools/buildScheduler.ts", import.meta.url))], {
    stdio: "inherit"
  })
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
