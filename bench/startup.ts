/**
 * node bench/startup.ts: start to first cycle of a fresh scheduler on SQLite with a history of
 * BENCH_MESSAGES (default 20 000) planned messages. The messages are planned through the use
 * cases an hour "ago" (a test clock set back), then a scheduler runs one cycle now, as the
 * process that ran until a restart would have; then a fresh scheduler (a new connection to the
 * file) is started BENCH_RUNS times and each run timed from opening the file to the end of its
 * first dispatch pass (recovery, missed messages, dispatch; the catch-up runs beside it since it
 * no longer holds the first pass back: bench/firstCycle.ts measures a restart whose catch-up is long).
 * The messages are due a day later, so nothing is sent.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Deferred, Effect, Fiber, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { Dispatcher } from "../src/application/scheduler/Dispatcher.ts"
import { runScheduler } from "../src/application/scheduler/runScheduler.ts"
import { SqliteDatabase } from "../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../src/infrastructure/sqlite/SqliteStore.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { schedulerClient } from "../tests/support/schedulerHarness.ts"

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 20_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 3)
const PER_CAMPAIGN = 500
const SESSIONS = 10
const HOUR = 60 * 60 * 1000
const DAY = 24 * HOUR

/** One scheduler "process": its own connection to the file; nothing is sent, so no gateway answers. */
const scheduler = (path: string) =>
  schedulerClient(SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path }))), "http://127.0.0.1:9").pipe(
    Layer.provideMerge(Logger.layer([]))
  )

const plan = (path: string) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(Date.now() - HOUR)
    const dueAt = Date.now() + DAY
    const sessions = yield* Effect.forEach(
      Array.from({ length: SESSIONS }, (_, s) => s),
      (s) => createMessagingSession("bench", `bench-${s}`)
    )
    for (let c = 0; c * PER_CAMPAIGN < MESSAGES; c++) {
      const count = Math.min(PER_CAMPAIGN, MESSAGES - c * PER_CAMPAIGN)
      const session = sessions[c % SESSIONS]!
      // a second per campaign: the events of one campaign share an instant, as a fast plan's would
      yield* TestClock.adjust(1_000)
      yield* createCampaign({
        userId: "bench",
        sessionId: session.id,
        group: { groupId: `g${c}@g.us`, groupName: `G${c}` },
        title: `bench ${c}`,
        messages: Array.from({ length: count }, (_, i) => ({ content: `c${c}m${i}`, scheduledAt: dueAt + i * 60_000 }))
      })
    }
  }).pipe(Effect.provide(scheduler(path)), Effect.provide(TestClock.layer()))

/** Milliseconds from opening the file to the end of the first cycle's dispatch pass. */
const firstCycle = (path: string) =>
  Effect.gen(function* () {
    const started = performance.now()
    const elapsed = yield* Effect.gen(function* () {
      const dispatcher = yield* Dispatcher
      const done = yield* Deferred.make<void>()
      const watched = {
        ...dispatcher,
        dispatchDueMessages: dispatcher.dispatchDueMessages.pipe(Effect.tap(() => Deferred.succeed(done, undefined)))
      }
      const loop = yield* Effect.forkChild(
        runScheduler({ pollIntervalMs: 30_000 }).pipe(Effect.provideService(Dispatcher, watched))
      )
      yield* Deferred.await(done)
      const ms = performance.now() - started
      yield* Fiber.interrupt(loop)
      return ms
    }).pipe(Effect.provide(scheduler(path)))
    return elapsed
  })

const main = async () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-startup-"))
  const path = join(folder, "herald.db")
  try {
    const planStart = performance.now()
    await Effect.runPromise(plan(path))
    const planned = performance.now() - planStart
    console.log(
      `Herald start to first cycle (SQLite, node ${process.version}): ${MESSAGES} messages planned in ${(planned / 1000).toFixed(1)} s, file ${(statSync(path).size / 1e6).toFixed(1)} MB`
    )
    // the scheduler that ran before the restart
    const before = await Effect.runPromise(firstCycle(path))
    console.log(`  scheduler before the restart, first cycle: ${before.toFixed(0)} ms`)
    for (let run = 1; run <= RUNS; run++) {
      const ms = await Effect.runPromise(firstCycle(path))
      console.log(`  fresh scheduler ${run}, start to first cycle: ${ms.toFixed(0)} ms`)
    }
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}

await main()
