/**
 * npm run bench:scheduler-memory [-- --variants src-flags,bundle-service --passes 50]:
 * the scheduler process's resident memory (issue 24 item 3: the scheduler alone ≤ 100 MB), idle on
 * FerretDB against a fake WAHA, polling every 100 ms. Issue 13 found it the same at 0 and at 1M
 * future messages (bench:growth): what it holds is code, not data, so an empty store shows it in
 * seconds where bench:growth takes an hour. Each variant is one way to launch it:
 *  - sqlite-src-flags: the scheduler's layers on SQLite (bench/schedulerOnSqlite.ts, as bench:growth
 *    measures it: the scheduler process itself runs on MongoDB only), with the flags;
 *  - src: node src/interfaces/scheduler/main.ts, as `npm run scheduler` without its flags;
 *  - src-flags: the same with web's flags (--max-semi-space-size=8 --max-old-space-size=256), which
 *    the scheduler had too before issue 24;
 *  - src-scheduler-flags: with the scheduler's own (--max-semi-space-size=4, npm run scheduler);
 *  - bundle, bundle-flags, bundle-scheduler-flags: node dist/scheduler.mjs (npm run
 *    build:scheduler), without flags, with web's, with the scheduler's;
 *  - bundle-service: as the service unit of docs/operations.md runs it, the scheduler's flags and
 *    MALLOC_ARENA_MAX=2 (it shows over a long run, --passes 1500: with --max-semi-space-size=2, 102 → 95 MB);
 *  - custom: the bundle with the flags given as --node-args "--a --b" (V8's --lite-mode shows 75 MB
 *    here but is no option: it leaves Node without WebAssembly, which fetch needs, so the gateway
 *    cannot be reached; BENCH_LOG=1 shows the process's output).
 * VmRSS after the first cycle and after the passes watched, VmHWM (the peak), each against the
 * bound, PASS/FAIL. It exits 0 either way: it reports, CI does not run it.
 */

import { execFileSync } from "node:child_process"
import { mkdtemp, readFile, rm } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../tests/support/FakeWahaServer.ts"
import { withDatabase } from "../tests/support/mongo.ts"
import { schedulerEntry, startProcess } from "../tests/support/processes.ts"
import { listOption, startFerret } from "./stores.ts"

const BOUND_MB = 100
/** the flags web and standalone run with, and the scheduler did before issue 24 */
const FLAGS = ["--max-semi-space-size=8", "--max-old-space-size=256"]
/** the scheduler's: a smaller young generation (docs/scaling.md, "Sizing") */
const SCHEDULER_FLAGS = ["--max-semi-space-size=4", "--max-old-space-size=256"]
const bundleEntry = "dist/scheduler.mjs"
/** the service unit's environment (docs/operations.md): glibc's malloc in two arenas, not one per thread */
const SERVICE_ENV = { MALLOC_ARENA_MAX: "2" }
const VARIANTS: Record<
  string,
  { entry: string; args: ReadonlyArray<string>; sqlite?: true; env?: Record<string, string> }
> = {
  "sqlite-src-flags": { entry: "bench/schedulerOnSqlite.ts", args: FLAGS, sqlite: true },
  src: { entry: schedulerEntry, args: [] },
  "src-flags": { entry: schedulerEntry, args: FLAGS },
  "src-scheduler-flags": { entry: schedulerEntry, args: SCHEDULER_FLAGS },
  bundle: { entry: bundleEntry, args: [] },
  "bundle-flags": { entry: bundleEntry, args: FLAGS },
  "bundle-scheduler-flags": { entry: bundleEntry, args: SCHEDULER_FLAGS },
  "bundle-service": { entry: bundleEntry, args: SCHEDULER_FLAGS, env: SERVICE_ENV },
  // any flags to try: --node-args "--flag1 --flag2" (space-separated)
  custom: { entry: bundleEntry, args: (listOption("node-args", [""])[0] ?? "").split(" ").filter((a) => a !== "") }
}
const PASS_LINE = /^\[[^\]]+\] (No pending messages|Found \d+ messages? to send)/gm

const memoryOf = async (pid: number | undefined) => {
  const status = pid === undefined ? "" : await readFile(`/proc/${pid}/status`, "utf8").catch(() => "")
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN)
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 }
}

const variants = listOption("variants", [
  "sqlite-src-flags",
  "src",
  "src-flags",
  "src-scheduler-flags",
  "bundle",
  "bundle-flags",
  "bundle-scheduler-flags",
  "bundle-service"
])
const passes = Number(listOption("passes", ["50"])[0])
// --child-env "MALLOC_ARENA_MAX=2,…": variables for every process measured
const childEnv = Object.fromEntries(
  listOption("child-env", []).map((pair) => [pair.slice(0, pair.indexOf("=")), pair.slice(pair.indexOf("=") + 1)])
)
const root = fileURLToPath(new URL("..", import.meta.url))
if (variants.some((v) => VARIANTS[v]?.entry === bundleEntry))
  execFileSync(process.execPath, [`${root}tools/buildScheduler.ts`], { stdio: "inherit" })

console.log(
  `Scheduler memory (FerretDB unless named sqlite, idle, poll 100 ms, ${passes} passes; node ${process.version}; noisy machine)`
)
const fake = await startFakeWaha()
const ferret = await startFerret()
const sqliteDir = await mkdtemp(join(tmpdir(), "herald-memory-"))
try {
  for (const [i, name] of variants.entries()) {
    const variant = VARIANTS[name]
    if (variant === undefined) throw new Error(`--variants: ${name} is not one of ${Object.keys(VARIANTS).join(", ")}`)
    const proc = startProcess(
      variant.entry,
      {
        ...(variant.sqlite === true
          ? { HERALD_SQLITE_PATH: join(sqliteDir, `herald-${i}.db`) }
          : { DATABASE_URL: withDatabase(ferret.url, `herald_memory_${i}`) }),
        GATEWAY_API_URL: fake.url,
        GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
        SCHEDULER_POLL_INTERVAL_MS: "100",
        ...variant.env,
        ...childEnv
      },
      "node",
      variant.args
    )
    try {
      const started = performance.now()
      await proc.waitForOutput(/\] (No pending messages|Found \d+ messages? to send)/, 120_000)
      const firstCycleMs = performance.now() - started
      const first = await memoryOf(proc.child.pid)
      const deadline = Date.now() + 120_000
      while ([...proc.output().matchAll(PASS_LINE)].length < passes + 1 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50))
      const after = await memoryOf(proc.child.pid)
      const most = Math.max(first.rss, after.rss)
      console.log(
        `  ${name.padEnd(13)} node ${[...variant.args, variant.entry].join(" ")}\n` +
          `                first cycle after ${firstCycleMs.toFixed(0)} ms, resident ${first.rss.toFixed(1)} MB then, ` +
          `${after.rss.toFixed(1)} MB after ${passes} passes (peak ${after.peak.toFixed(1)} MB)\n` +
          `                ${most <= BOUND_MB ? "PASS" : "FAIL"} scheduler alone resident ${most.toFixed(0)} MB <= ${BOUND_MB} MB`
      )
      // BENCH_LOG=1: the process's own output too (a --import'ed probe's lines, say)
      if (process.env.BENCH_LOG === "1") console.log(proc.output())
    } finally {
      proc.child.kill("SIGTERM")
      await proc.exited
    }
  }
} finally {
  await ferret.stop()
  await fake.close()
  await rm(sqliteDir, { recursive: true, force: true })
}
