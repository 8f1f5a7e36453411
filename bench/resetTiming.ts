/**
 * node bench/resetTiming.ts (npm run bench:reset-timing): can the answer's timing of
 * auth.requestPasswordReset tell which addresses have accounts (issue 21, item 3)?
 *
 * Starts the real standalone process (`npm start`: SQLite, mail as files) on a fresh data folder
 * with TRUST_PROXY=1, signs up KNOWN accounts, then sends BENCH_PAIRS pairs of requests over
 * real HTTP, one for a known address and one for an unknown one, in random order within each pair,
 * one request at a time and BENCH_GAP_MS (25) apart, and times each answer as a client does (from
 * the request to the whole body). Each request names another client in X-Forwarded-For and the addresses take turns, so
 * the throttle neither refuses nor slows any of them (5 per address and client; past 50 on one
 * address it would slow them). The first BENCH_WARM_UP pairs are not counted.
 *
 * Prints the median of (known − unknown) over the pairs, the share of pairs in which the known
 * one was slower, and PASS when both are within noise:
 * - |median difference| < 0.5 ms: the review measured 1.7–6.8 ms, so a fix that left any of the
 *   work before the answer (a store read alone is a few tenths of a millisecond) would show; with
 *   nothing systematic, the median of a few hundred differences lies within a few hundredths of a
 *   millisecond of zero, far inside the bound, so it does not fail on an idle machine's jitter;
 * - the known one slower in 40–60 % of the pairs: with no difference each pair is a coin toss, and
 *   400 tosses fall outside 40–60 % with a probability of about 1 in 16 000 (4 standard deviations:
 *   sd = √(400 × ¼) = 10 pairs = 2.5 %); the review saw 82–99 %.
 * The sign test's z (how many standard deviations the count lies from half) is printed too.
 *
 * Then, for information and not judged, the carry-over: the answer to a request sent at once after
 * a known address's answer, against one sent after an unknown address's. The work still happens,
 * after the answer, and a request arriving while it runs waits for it; that is what remains of
 * the difference, for whoever can time the requests that follow their own.
 */

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { closedPort } from "../tests/support/net.ts"
import { standaloneEntry, startProcess } from "../tests/support/processes.ts"

const PAIRS = Number(process.env.BENCH_PAIRS ?? 400)
const WARM_UP = Number(process.env.BENCH_WARM_UP ?? 50)
/** accounts (and unknown and probe addresses) taking turns: each sees fewer than the throttle's 50 requests, past which it slows them */
const KNOWN = Math.max(20, Math.ceil((WARM_UP + 2 * PAIRS) / 40))
/**
 * Pause before each timed request of the pairs (BENCH_GAP_MS): a known address's work after the
 * answer (store writes, two mail files) must be over before the next request, or it slows that
 * one: with 5 ms the unknown addresses, more often right after a known one, came out slower.
 */
const GAP_MS = Number(process.env.BENCH_GAP_MS ?? 25)
const MEDIAN_BOUND_MS = 0.5
const SHARE_BOUNDS = [0.4, 0.6] as const

const median = (values: ReadonlyArray<number>): number => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 === 1 ? (sorted[mid] ?? NaN) : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2
}

let clientCounter = 0
/** a new client address for each request, so no client's allowance runs out */
const nextClient = () => {
  clientCounter += 1
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`
}

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "herald-reset-timing-"))
  const port = await closedPort()
  const base = `http://localhost:${port}`
  const proc = startProcess(standaloneEntry, {
    HERALD_DATA_DIR: dataDir,
    PORT: String(port),
    TRUST_PROXY: "1",
    // every account ACTIVE at once: a known address is as known as it gets
    REQUIRE_APPROVAL: "false"
  })
  try {
    await proc.waitForOutput(/Herald is running/, 60_000)
    const call = async (procedure: string, input: unknown): Promise<number> => {
      const started = performance.now()
      const response = await fetch(`${base}/api/trpc/${procedure}`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: base, "x-forwarded-for": nextClient() },
        body: JSON.stringify(input)
      })
      const body = await response.text()
      const elapsed = performance.now() - started
      if (response.status !== 200) throw new Error(`${procedure} answered ${response.status}: ${body}`)
      return elapsed
    }
    const known = Array.from({ length: KNOWN }, (_, i) => `known-${i}@example.com`)
    const unknown = Array.from({ length: KNOWN }, (_, i) => `unknown-${i}@example.com`)
    const probes = Array.from({ length: KNOWN }, (_, i) => `probe-${i}@example.com`)
    for (const email of known)
      await call("auth.signUp", { email, password: "a long enough password", name: email.split("@")[0] })

    const reset = (email: string) => call("auth.requestPasswordReset", { email })
    const paced = async (email: string) => {
      // the previous request's background work (a known address's stored link and mail) is done
      // by then, so each answer is timed on its own; the carry-over is measured apart below
      await new Promise((resolve) => setTimeout(resolve, GAP_MS))
      return reset(email)
    }
    const diffs: Array<number> = []
    const knownTimes: Array<number> = []
    const unknownTimes: Array<number> = []
    let turn = 0
    const nextPair = () => {
      turn += 1
      return { k: known[turn % KNOWN]!, u: unknown[turn % KNOWN]! }
    }
    for (let i = 0; i < WARM_UP + PAIRS; i++) {
      const { k, u } = nextPair()
      // random order: whatever one request leaves behind (a GC, a timer) lands on either side
      let kt: number
      let ut: number
      if (Math.random() < 0.5) {
        kt = await paced(k)
        ut = await paced(u)
      } else {
        ut = await paced(u)
        kt = await paced(k)
      }
      if (i < WARM_UP) continue
      knownTimes.push(kt)
      unknownTimes.push(ut)
      diffs.push(kt - ut)
    }

    // The carry-over: a request sent right after a known address's answer meets that request's
    // background work; one right after an unknown address's meets only a lookup.
    const probeAfterKnown: Array<number> = []
    const probeAfterUnknown: Array<number> = []
    for (let i = 0; i < PAIRS; i++) {
      const { k, u } = nextPair()
      const afterKnown = Math.random() < 0.5
      await paced(afterKnown ? k : u)
      const probe = await reset(probes[i % KNOWN]!)
      ;(afterKnown ? probeAfterKnown : probeAfterUnknown).push(probe)
    }

    const medianDiff = median(diffs)
    const knownSlower = diffs.filter((d) => d > 0).length
    const share = knownSlower / diffs.length
    const z = (knownSlower - diffs.length / 2) / Math.sqrt(diffs.length / 4)
    const pass = Math.abs(medianDiff) < MEDIAN_BOUND_MS && share >= SHARE_BOUNDS[0] && share <= SHARE_BOUNDS[1]
    console.log(
      `auth.requestPasswordReset over HTTP against the standalone process: ${diffs.length} pairs (after ${WARM_UP} warm-up), ${KNOWN} known and ${KNOWN} unknown addresses, ${GAP_MS} ms between requests`
    )
    console.log(
      `  median answer: known ${median(knownTimes).toFixed(3)} ms, unknown ${median(unknownTimes).toFixed(3)} ms`
    )
    console.log(
      `  median difference (known − unknown): ${medianDiff.toFixed(3)} ms (bound: |d| < ${MEDIAN_BOUND_MS} ms)`
    )
    console.log(
      `  known slower in ${knownSlower} of ${diffs.length} pairs (${(share * 100).toFixed(1)} %; bounds ${SHARE_BOUNDS[0] * 100}–${SHARE_BOUNDS[1] * 100} %; sign test z = ${z.toFixed(2)})`
    )
    console.log(
      `  info, not judged: a request sent at once after the answer takes ${median(probeAfterKnown).toFixed(3)} ms after a known address's, ${median(probeAfterUnknown).toFixed(3)} ms after an unknown one's (median of ${probeAfterKnown.length} and ${probeAfterUnknown.length})`
    )
    console.log(
      pass
        ? "PASS: the answer's timing does not tell known from unknown addresses"
        : "FAIL: known addresses answer measurably differently"
    )
    process.exitCode = pass ? 0 : 1
  } finally {
    proc.child.kill("SIGTERM")
    await proc.exited
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
