/**
 * npm run bench:scheduler: N messages due at once across S sessions, sent by the real
 * scheduler loop (memory store, WAHA adapter over loopback HTTP to the fake gateway), at 0 ms
 * and 50 ms gateway latency. Each figure is compared, in the same run, with (a) the same
 * scheduler forced to one send at a time (a sequential dispatcher) and (b) a bare loop of
 * fetch POSTs to the same fake at the same concurrency: the bound for the send path.
 * Messages are planned 2 s ahead, so the scheduler knows them one wake-up before they are due.
 * The fake gateway runs in a process of its own (bench/fakeGatewayProcess.ts) and keeps
 * connections alive, as WAHA does. Both contenders are warmed up first and the warm-up discarded.
 */

import { fork } from "node:child_process"
import { Effect, Fiber, Layer, Logger } from "effect"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { Dispatcher } from "../src/application/scheduler/Dispatcher.ts"
import { runScheduler } from "../src/application/scheduler/runScheduler.ts"
import { SchedulerSettings } from "../src/application/scheduler/SchedulerSettings.ts"
import { makeMemoryDatabase } from "../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../src/infrastructure/memory/MemoryStore.ts"
import { FAKE_WAHA_API_KEY } from "../tests/support/FakeWahaServer.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { schedulerClient } from "../tests/support/schedulerHarness.ts"

const LEAD_MS = 2_000
/** the scheduler's default number of sessions sending at once */
const CONCURRENCY = SchedulerSettings.defaultValue().sessionConcurrency

interface Result {
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  /** CPU time of this process (user + system) per message sent */
  readonly cpuMs: number
}

const cpuMsSince = (start: NodeJS.CpuUsage, count: number) => {
  const used = process.cpuUsage(start)
  return (used.user + used.system) / 1000 / count
}

const percentile = (sorted: ReadonlyArray<number>, p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN

/** The fake gateway process, driven over IPC. */
const startGateway = async () => {
  const child = fork(new URL("./fakeGatewayProcess.ts", import.meta.url), [], {
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  })
  let nextId = 1
  const pending = new Map<number, (value: unknown) => void>()
  const ready = new Promise<string>((resolve) => pending.set(0, (url) => resolve(url as string)))
  child.on("message", (m: { id: number; value: unknown }) => {
    pending.get(m.id)?.(m.value)
    pending.delete(m.id)
  })
  const call = <A>(command: Record<string, unknown>) =>
    new Promise<A>((resolve) => {
      const id = nextId++
      pending.set(id, (v) => resolve(v as A))
      child.send({ ...command, id })
    })
  const url = await ready
  return {
    url,
    reset: (latency: number) => call<null>({ cmd: "reset" }).then(() => call<null>({ cmd: "latency", ms: latency })),
    count: () => call<number>({ cmd: "count" }),
    received: () => call<Array<[string, number]>>({ cmd: "received" }),
    waitFor: async (count: number) => {
      const deadline = Date.now() + 600_000
      while ((await call<number>({ cmd: "count" })) < count) {
        if (Date.now() > deadline) throw new Error("benchmark did not finish in 10 minutes")
        await new Promise((r) => setTimeout(r, 5))
      }
    },
    close: () => child.disconnect()
  }
}
type Gateway = Awaited<ReturnType<typeof startGateway>>

const summarise = async (
  gateway: Gateway,
  startAt: number,
  scheduledAt: (text: string) => number,
  cpuMs: number
): Promise<Result> => {
  const received = await gateway.received()
  const lags = received.map(([text, at]) => at - scheduledAt(text)).sort((a, b) => a - b)
  const last = Math.max(...received.map(([, at]) => at))
  return {
    perSecond: received.length / ((last - startAt) / 1000),
    p50: percentile(lags, 50),
    p99: percentile(lags, 99),
    cpuMs
  }
}

const runHerald = async (
  gateway: Gateway,
  latency: number,
  messages: number,
  sessions: number,
  sessionConcurrency: number
): Promise<Result> => {
  await gateway.reset(latency)
  const db = makeMemoryDatabase()
  const layer = schedulerClient(MemoryStore.layer(db), gateway.url, { sessionConcurrency }, 30_000).pipe(
    Layer.provideMerge(Logger.layer([]))
  )
  const startAt = Date.now() + LEAD_MS
  const times = new Map<string, number>()
  const perSession = Math.ceil(messages / sessions)
  let cpu = process.cpuUsage()
  await Effect.runPromise(
    Effect.gen(function* () {
      for (let s = 0; s < sessions; s++) {
        const session = yield* createMessagingSession("bench", `bench-${s}`)
        const planned = Array.from({ length: perSession }, (_, i) => ({ content: `s${s}m${i}`, scheduledAt: startAt }))
        for (const m of planned) times.set(m.content, m.scheduledAt)
        yield* createCampaign({
          userId: "bench",
          sessionId: session.id,
          group: { groupId: `g${s}@g.us`, groupName: `G${s}` },
          title: "bench",
          messages: planned
        })
      }
      cpu = process.cpuUsage()
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      yield* Effect.promise(() => gateway.waitFor(perSession * sessions))
      yield* Fiber.interrupt(loop)
      yield* (yield* Dispatcher).awaitIdle
    }).pipe(Effect.provide(layer))
  )
  const cpuMs = cpuMsSince(cpu, perSession * sessions)
  const failed = [...db.messages.values()].filter((m) => m.status !== "SENT")
  if (failed.length > 0) console.log(`  (${failed.length} messages not sent: ${failed[0]?.failureReason})`)
  return summarise(gateway, startAt, (text) => times.get(text)!, cpuMs)
}

const runBareFetch = async (
  gateway: Gateway,
  latency: number,
  messages: number,
  concurrency: number
): Promise<Result> => {
  await gateway.reset(latency)
  const startAt = Date.now()
  const cpu = process.cpuUsage()
  const perWorker = Math.ceil(messages / concurrency)
  await Promise.all(
    Array.from({ length: concurrency }, async (_, w) => {
      for (let i = 0; i < perWorker; i++) {
        const response = await fetch(`${gateway.url}/api/sendText`, {
          method: "POST",
          headers: { accept: "application/json", "X-Api-Key": FAKE_WAHA_API_KEY, "Content-Type": "application/json" },
          body: JSON.stringify({
            chatId: `g${w}@g.us`,
            text: `w${w}m${i}`,
            linkPreview: true,
            linkPreviewHighQuality: false,
            session: `bench-${w}`
          })
        })
        await response.arrayBuffer()
      }
    })
  )
  return summarise(gateway, startAt, () => startAt, cpuMsSince(cpu, perWorker * concurrency))
}

const fmt = (r: Result) =>
  `${r.perSecond.toFixed(0).padStart(6)} msg/s   lag p50 ${String(r.p50).padStart(5)} ms   p99 ${String(r.p99).padStart(5)} ms   cpu ${r.cpuMs.toFixed(2)} ms/msg`

const main = async () => {
  const gateway = await startGateway()
  const only = process.env.BENCH_ONLY
  const scenarios = [
    { latency: 0, messages: Number(process.env.BENCH_MESSAGES_0MS ?? 2_000), sequential: 300, sessions: 100 },
    { latency: 50, messages: Number(process.env.BENCH_MESSAGES_50MS ?? 1_000), sequential: 60, sessions: 100 }
  ]
  console.log(
    `Herald scheduler benchmark (memory store, fake WAHA in its own process on loopback, node ${process.version})`
  )
  // Warm-up, discarded: whichever runs first would otherwise pay for the JIT and undici's first sockets.
  await runBareFetch(gateway, 0, 500, CONCURRENCY)
  await runHerald(gateway, 0, 500, 100, CONCURRENCY)
  for (const s of scenarios.filter((x) => only === undefined || String(x.latency) === only)) {
    const herald = await runHerald(gateway, s.latency, s.messages, s.sessions, CONCURRENCY)
    const sequential = await runHerald(gateway, s.latency, s.sequential, Math.min(s.sessions, s.sequential), 1)
    const bare = await runBareFetch(gateway, s.latency, s.messages, CONCURRENCY)
    console.log(
      `\ngateway latency ${s.latency} ms, ${s.messages} messages across ${s.sessions} sessions, ${CONCURRENCY} sessions at once`
    )
    console.log(`  herald scheduler       ${fmt(herald)}`)
    console.log(`  sequential dispatcher  ${fmt(sequential)}   (${s.sequential} messages, one send at a time)`)
    console.log(`  bare fetch loop        ${fmt(bare)}   (${CONCURRENCY} concurrent POST loops)`)
    console.log(
      `  ratio vs sequential: ${(herald.perSecond / sequential.perSecond).toFixed(1)}x   share of bare fetch: ${((herald.perSecond / bare.perSecond) * 100).toFixed(0)}%`
    )
  }
  gateway.close()
}

await main()
