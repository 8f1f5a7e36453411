/**
 * node bench/schedulerChaos.ts [--ferretdb-backend sqlite|postgresql] [--rounds 1]: issue 24's chaos
 * run on FerretDB (docs/scaling.md, "MongoDB"). Three scheduler processes run on one database;
 * 20 campaigns of 20 messages, each on a session of its own, are created one after the other
 * (createCampaign, as campaign.create runs it, from this process), their messages due over 15 s
 * from 5 s after the first create; a scheduler is SIGKILLed every 2.5 s (in turn) and started
 * again at once. Prints the creates' time (all 20, the slowest) and how long after the first
 * create every message was settled (sent, or reported with a reason), against the 2-minute
 * window: PASS/FAIL lines, the load average beside. The fake WAHA answers in BENCH_LATENCY_MS
 * (default 50 ms) with NOWEB's ids, so a send cut off by a kill is settled by its id; the lease
 * is BENCH_LEASE_MS (default 5 s, as tests/e2e/schedulerChaos.test.ts), so a crashed claim is
 * recovered within the window. BENCH_KILL_EVERY_MS=0 runs the same without kills.
 */

import { loadavg } from "node:os"
import { Effect } from "effect"
import { MongoClient } from "mongodb"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../tests/support/FakeWahaServer.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { withDatabase } from "../tests/support/mongo.ts"
import type { RunningProcess } from "../tests/support/processes.ts"
import { schedulerEntry, startProcess } from "../tests/support/processes.ts"
import { withMongoStore } from "../tests/support/withMongoStore.ts"
import { listOption, startFerret } from "./stores.ts"

const CAMPAIGNS = 20
const PER_CAMPAIGN = 20
const FIRST_DUE_MS = 5_000
const SPREAD_MS = 15_000
const WINDOW_MS = 120_000
const CREATES_BOUND_MS = 5_000
const SCHEDULERS = 3
const OPEN = ["NEW", "SCHEDULED", "PICKED", "PAUSED"]

const numberEnv = (name: string, fallback: number): number => {
  const raw = process.env[name]
  const value = raw === undefined || raw === "" ? fallback : Number(raw)
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} must be a number of ms`)
  return value
}
const LATENCY_MS = numberEnv("BENCH_LATENCY_MS", 50)
const LEASE_MS = numberEnv("BENCH_LEASE_MS", 5_000)
// the cycle that recovers expired claims: a killed scheduler's claims wait for the lease and then for it
const POLL_MS = numberEnv("BENCH_POLL_MS", 30_000)
/** 0: no kills, to tell what the kills cost from what the database does */
const KILL_EVERY_MS = numberEnv("BENCH_KILL_EVERY_MS", 2_500)
const ROUNDS = Number(listOption("rounds", ["1"])[0] ?? "1")

const load = () =>
  loadavg()
    .map((l) => l.toFixed(1))
    .join(" ")

const round = async (baseUrl: string, r: number) => {
  const url = withDatabase(baseUrl, `herald_chaos_${process.pid}_${r}`)
  const fake = await startFakeWaha()
  fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
  fake.latency(LATENCY_MS)
  const env = {
    DATABASE_URL: url,
    GATEWAY_API_URL: fake.url,
    GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
    SCHEDULER_LEASE_MS: String(LEASE_MS),
    SCHEDULER_POLL_INTERVAL_MS: String(POLL_MS)
  }
  const schedulers: Array<RunningProcess> = Array.from({ length: SCHEDULERS }, () => startProcess(schedulerEntry, env))
  const all: Array<RunningProcess> = [...schedulers]
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 10_000 })
  let killer: NodeJS.Timeout | undefined
  try {
    // the sessions first (the chaos run's users have theirs), then the timed creates
    const sessions = await withMongoStore(
      url,
      Effect.forEach(
        Array.from({ length: CAMPAIGNS }, (_, s) => s),
        (s) => createMessagingSession("user-1", `chaos-${s}`)
      )
    )
    const timings: Array<number> = []
    const startedAt = Date.now()
    const firstDue = startedAt + FIRST_DUE_MS
    await withMongoStore(
      url,
      Effect.gen(function* () {
        for (const [s, session] of sessions.entries()) {
          const t = performance.now()
          yield* createCampaign({
            userId: "user-1",
            sessionId: session.id,
            group: { groupId: `12036300000000${String(s).padStart(4, "0")}@g.us`, groupName: `Group ${s}` },
            title: `chaos ${s}`,
            messages: Array.from({ length: PER_CAMPAIGN }, (_, i) => ({
              content: `chaos ${s}-${i}`,
              scheduledAt: firstDue + Math.round(((s * PER_CAMPAIGN + i) * SPREAD_MS) / (CAMPAIGNS * PER_CAMPAIGN))
            }))
          })
          timings.push(performance.now() - t)
        }
      })
    )
    const createsMs = Date.now() - startedAt
    // a scheduler SIGKILLed every 2.5 s, in turn, and started again at once
    let next = 0
    let kills = 0
    killer = setInterval(() => {
      if (KILL_EVERY_MS === 0) return
      const victim = schedulers[next]
      if (victim === undefined) return
      victim.child.kill("SIGKILL")
      kills++
      const fresh = startProcess(schedulerEntry, env)
      schedulers[next] = fresh
      all.push(fresh)
      next = (next + 1) % SCHEDULERS
    }, KILL_EVERY_MS || 60_000)
    const messages = client.db().collection("messages")
    let open = CAMPAIGNS * PER_CAMPAIGN
    // polled, not waited on a stream: FerretDB v1 has no change streams
    while (Date.now() - startedAt < WINDOW_MS + 60_000) {
      open = await messages.countDocuments({ status: { $in: OPEN } })
      if (open === 0) break
      await new Promise((resolve) => setTimeout(resolve, 250))
    }
    const settledMs = Date.now() - startedAt
    clearInterval(killer)
    const byStatus = await messages.aggregate([{ $group: { _id: "$status", n: { $sum: 1 } } }]).toArray()
    const delivered = fake.sent.length
    const ids = fake.sent.map((s) => s["id"])
    return {
      createsMs,
      slowestMs: Math.max(...timings),
      settledMs: open === 0 ? settledMs : null,
      open,
      kills,
      statuses: byStatus.map((s) => `${String(s._id)} ${String(s.n)}`).join(", "),
      delivered,
      duplicates: ids.length - new Set(ids).size
    }
  } finally {
    if (killer !== undefined) clearInterval(killer)
    for (const proc of all) proc.child.kill("SIGKILL")
    await Promise.all(all.map((proc) => proc.exited))
    await client
      .db()
      .dropDatabase()
      .catch(() => undefined)
    await client.close()
    await fake.close()
  }
}

const main = async () => {
  const ferret = await startFerret()
  console.log(
    `Chaos run on FerretDB v1 (${ferret.backend} backend): ${SCHEDULERS} schedulers, ${CAMPAIGNS} campaigns × ${PER_CAMPAIGN} messages due over ${SPREAD_MS / 1000} s from ${FIRST_DUE_MS / 1000} s after the first create, ${KILL_EVERY_MS === 0 ? "no kills" : `a scheduler SIGKILLed every ${KILL_EVERY_MS / 1000} s`}; gateway ${LATENCY_MS} ms, lease ${LEASE_MS} ms, cycle ${POLL_MS} ms`
  )
  try {
    for (let r = 0; r < ROUNDS; r++) {
      const loadBefore = load()
      const result = await round(ferret.url, r)
      console.log(
        `  round ${r + 1}: creates ${result.createsMs} ms (slowest ${result.slowestMs.toFixed(0)} ms) ${result.createsMs <= CREATES_BOUND_MS ? "PASS" : "FAIL"} (≤ ${CREATES_BOUND_MS} ms); every message settled ${result.settledMs === null ? `NOT within ${WINDOW_MS + 60_000} ms (${result.open} open)` : `${result.settledMs} ms after the first create`} ${result.settledMs !== null && result.settledMs <= WINDOW_MS ? "PASS" : "FAIL"} (≤ ${WINDOW_MS} ms); ${result.kills} kills; ${result.statuses}; ${result.delivered} delivered, ${result.duplicates} twice; load ${loadBefore} → ${load()}`
      )
    }
  } finally {
    await ferret.stop()
  }
}

await main()
