/**
 * node bench/firstCycle.ts (npm run bench:first-cycle): a scheduler restarted right after a large
 * plan, on SQLite (standalone's store). BENCH_MESSAGES (default 100 000) messages are planned
 * through the use cases with the real clock, all due a day later; a scheduler runs its catch-up
 * (the process that ran before the restart: the checkpoint is now five minutes behind, so the
 * whole plan is in the margin a new process re-reads). Then, BENCH_RUNS times (default 2), a
 * campaign of DUE messages due one to four seconds later is planned and at once a fresh
 * scheduler is started (its own connection to the file), timed from opening the file to the end
 * of its first dispatch pass and to the end of its catch-up, and each due message's lateness is
 * taken at the fake gateway (its own process, bench/fakeGateway.ts): received less scheduledAt.
 * PASS when every run's first pass ends within FIRST_CYCLE_BOUND_MS of the start and no due
 * message is more than LATE_BOUND_MS late.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Deferred, Effect, Fiber, Layer, Logger } from "effect"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { ProjectionCheckpoint } from "../src/application/ports/ProjectionCheckpoint.ts"
import { catchUpFromCheckpoint } from "../src/application/scheduler/catchUpFromCheckpoint.ts"
import { Dispatcher } from "../src/application/scheduler/Dispatcher.ts"
import { runScheduler } from "../src/application/scheduler/runScheduler.ts"
import { SqliteDatabase } from "../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../src/infrastructure/sqlite/SqliteStore.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { schedulerClient } from "../tests/support/schedulerHarness.ts"
import { startGateway } from "./fakeGateway.ts"
import { percentile } from "./stats.ts"

const MESSAGES = Number(process.env.BENCH_MESSAGES ?? 100_000)
const RUNS = Number(process.env.BENCH_RUNS ?? 2)
const PER_CAMPAIGN = 1_000
const SESSIONS = 10
/** messages due in the first seconds after the restart, one every QUARTER from 1 s on */
const DUE = 12
const QUARTER = 250
const FIRST_CYCLE_BOUND_MS = 1_000
const LATE_BOUND_MS = 1_000
const DAY = 24 * 60 * 60 * 1000

type Gateway = Awaited<ReturnType<typeof startGateway>>

/** One process's connection to the file, with the scheduler's adapters (nothing is logged). */
const connection = (path: string, gatewayUrl: string) =>
  schedulerClient(SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path }))), gatewayUrl).pipe(
    Layer.provideMerge(Logger.layer([]))
  )

const plan = Effect.gen(function* () {
  const sessions = yield* Effect.forEach(
    Array.from({ length: SESSIONS }, (_, s) => s),
    (s) => createMessagingSession("bench", `bench-${s}`)
  )
  const dueAt = Date.now() + DAY
  for (let c = 0; c * PER_CAMPAIGN < MESSAGES; c++) {
    const count = Math.min(PER_CAMPAIGN, MESSAGES - c * PER_CAMPAIGN)
    yield* createCampaign({
      userId: "bench",
      sessionId: sessions[c % SESSIONS]!.id,
      group: { groupId: `g${c}@g.us`, groupName: `G${c}` },
      title: `bench ${c}`,
      messages: Array.from({ length: count }, (_, i) => ({ content: `c${c}m${i}`, scheduledAt: dueAt + i * 60_000 }))
    })
  }
})

/** The messages due in the first seconds of run `run`: their texts and due times. */
const planDue = (run: number) =>
  Effect.gen(function* () {
    const session = yield* createMessagingSession("bench", `due-${run}`)
    const start = Date.now() + 1_000
    const messages = Array.from({ length: DUE }, (_, i) => ({
      content: `due${run}m${i}`,
      scheduledAt: start + i * QUARTER
    }))
    yield* createCampaign({
      userId: "bench",
      sessionId: session.id,
      group: { groupId: `due${run}@g.us`, groupName: `Due ${run}` },
      title: `due ${run}`,
      messages
    })
    return new Map(messages.map((m) => [m.content, m.scheduledAt]))
  })

interface Run {
  readonly firstCycleMs: number
  readonly catchUpMs: number
  readonly late: ReadonlyArray<number>
}

/** A fresh scheduler: from opening the file to its first dispatch pass, to its catch-up's end, to the last due send. */
const restart = (path: string, gateway: Gateway, due: ReadonlyMap<string, number>, sentBefore: number) =>
  Effect.gen(function* () {
    const started = performance.now()
    let firstCycleMs = Number.NaN
    let catchUpMs = Number.NaN
    yield* Effect.gen(function* () {
      const dispatcher = yield* Dispatcher
      const checkpoints = yield* ProjectionCheckpoint
      const firstPass = yield* Deferred.make<void>()
      const caughtUp = yield* Deferred.make<void>()
      const watchedDispatcher = Dispatcher.of({
        ...dispatcher,
        dispatchDueMessages: dispatcher.dispatchDueMessages.pipe(
          Effect.tap(() =>
            Deferred.succeed(firstPass, undefined).pipe(
              Effect.tap((first) =>
                Effect.sync(() => {
                  if (first) firstCycleMs = performance.now() - started
                })
              )
            )
          )
        )
      })
      const watchedCheckpoints = ProjectionCheckpoint.of({
        ...checkpoints,
        advance: (name, position) =>
          checkpoints.advance(name, position).pipe(
            Effect.tap(() =>
              Effect.sync(() => {
                if (name === "projections" && Number.isNaN(catchUpMs)) catchUpMs = performance.now() - started
              })
            ),
            Effect.andThen(Deferred.succeed(caughtUp, undefined))
          )
      })
      const loop = yield* Effect.forkChild(
        runScheduler({ pollIntervalMs: 30_000 }).pipe(
          Effect.provideService(Dispatcher, watchedDispatcher),
          Effect.provideService(ProjectionCheckpoint, watchedCheckpoints)
        )
      )
      yield* Deferred.await(firstPass)
      yield* Effect.promise(() => gateway.waitFor(sentBefore + due.size, Math.max(...due.values())))
      yield* Deferred.await(caughtUp)
      yield* Fiber.interrupt(loop)
      yield* (yield* Dispatcher).awaitIdle
    }).pipe(Effect.provide(connection(path, gateway.url)))
    const received = yield* Effect.promise(() => gateway.received())
    const late = received
      .filter(([text]) => due.has(text))
      .map(([text, at]) => at - due.get(text)!)
      .sort((a, b) => a - b)
    return { firstCycleMs, catchUpMs, late } satisfies Run
  })

const main = async () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-first-cycle-"))
  const path = join(folder, "herald.db")
  const gateway = await startGateway()
  await gateway.reset(0)
  try {
    const planStart = performance.now()
    await Effect.runPromise(plan.pipe(Effect.provide(connection(path, gateway.url))))
    const planned = performance.now() - planStart
    console.log(
      `Herald restart right after a large plan (SQLite, node ${process.version}): ${MESSAGES} messages planned in ${(planned / 1000).toFixed(1)} s, file ${(statSync(path).size / 1e6).toFixed(1)} MB`
    )
    // the scheduler that ran before the restart: its pass leaves the checkpoint five minutes behind
    const before = performance.now()
    const rebuilt = await Effect.runPromise(catchUpFromCheckpoint().pipe(Effect.provide(connection(path, gateway.url))))
    console.log(
      `  scheduler before the restart, catch-up: ${(performance.now() - before).toFixed(0)} ms (${rebuilt} views rebuilt)`
    )
    const runs: Array<Run> = []
    for (let run = 1; run <= RUNS; run++) {
      const due = await Effect.runPromise(planDue(run).pipe(Effect.provide(connection(path, gateway.url))))
      const r = await Effect.runPromise(restart(path, gateway, due, (run - 1) * DUE))
      runs.push(r)
      console.log(
        `  fresh scheduler ${run}: start to first dispatch pass ${r.firstCycleMs.toFixed(0)} ms, catch-up done at ${r.catchUpMs.toFixed(0)} ms; ${r.late.length}/${DUE} messages due 1-${((QUARTER * (DUE - 1) + 1_000) / 1000).toFixed(2)} s after start: late p50 ${percentile(r.late, 50).toFixed(0)} ms, max ${Math.max(...r.late).toFixed(0)} ms`
      )
    }
    const worstCycle = Math.max(...runs.map((r) => r.firstCycleMs))
    const worstLate = Math.max(...runs.flatMap((r) => r.late))
    const allSent = runs.every((r) => r.late.length === DUE)
    const pass = worstCycle <= FIRST_CYCLE_BOUND_MS && worstLate <= LATE_BOUND_MS && allSent
    console.log(
      `${pass ? "PASS" : "FAIL"}: first dispatch pass within ${worstCycle.toFixed(0)} ms of start (bound ${FIRST_CYCLE_BOUND_MS} ms), due messages at most ${worstLate.toFixed(0)} ms late (bound ${LATE_BOUND_MS} ms)${allSent ? "" : ", and some due messages were not sent"}`
    )
    if (!pass) process.exitCode = 1
  } finally {
    gateway.close()
    rmSync(folder, { recursive: true, force: true })
  }
}

await main()
