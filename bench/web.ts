/**
 * npm run bench:web: requests/s and p99 latency of the tRPC query user.getMessagingSession
 * (GET /api/trpc/user.getMessagingSession) for a signed-in ACTIVE user with a messaging session,
 * on the memory store, against a bare Hono JSON route (`new Hono()`, one GET returning a small
 * JSON object, served by @hono/node-server like Herald) on the same machine, in one run.
 *
 * Why: the bare route is the ceiling for this stack (Node HTTP + @hono/node-server + Hono);
 * the ratio shows what Herald's own per-request work costs on top of it (cookie session lookup,
 * tRPC routing and serialisation, the Effect runtime, the memory store). Target: >= 50%.
 *
 * Fairness: each contender runs alone in a fresh child process of its own (this file, forked
 * with `server <kind>`), so autocannon's CPU is not counted against the server's event loop and
 * neither contender inherits the other's heap or JIT state. Both get the same connections,
 * warm-up (discarded) and duration, keep-alive, and the same request headers (the bare route
 * ignores the cookie). Every measured response must be 2xx, or the run fails.
 *
 * A third contender, a bare tRPC query behind the same Hono adapter, separates what the
 * framework costs from what Herald adds (auth lookup, Effect runtime, store, serialisation).
 *
 * Env: BENCH_SECONDS (measured seconds per contender, default 10), BENCH_WARMUP_SECONDS
 * (default 2), BENCH_CONNECTIONS (default 50).
 */

import { fork } from "node:child_process"
import type { AddressInfo } from "node:net"
import { serve } from "@hono/node-server"
import { trpcServer } from "@hono/trpc-server"
import { initTRPC } from "@trpc/server"
import autocannon from "autocannon"
import { Hono } from "hono"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../tests/support/webHarness.ts"

type Kind = "bare" | "trpc" | "herald"
/** what a server child reports once it is ready: the URL to load and the cookie to send */
interface Target {
  readonly url: string
  readonly cookie: string
}

const numberEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name] ?? fallback)
  if (!Number.isFinite(value) || value <= 0) throw new Error(`${name} must be a positive number`)
  return value
}

// ---- child: one server, ready on an ephemeral port ------------------------------------------

const startBare = async (): Promise<Target & { close: () => Promise<void> }> => {
  const app = new Hono()
  app.get("/json", (c) => c.json({ message: "Hello, World!" }))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/json`,
    cookie: "session=unused",
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

/** The framework alone: one public tRPC query behind the same Hono adapter, no Effect, no store. */
const startTrpc = async (): Promise<Target & { close: () => Promise<void> }> => {
  const t = initTRPC.create()
  const router = t.router({ hello: t.procedure.query(() => ({ message: "Hello, World!" })) })
  const app = new Hono()
  app.use("/api/trpc/*", trpcServer({ endpoint: "/api/trpc", router }))
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: app.fetch, port: 0, hostname: "127.0.0.1" }, () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}/api/trpc/hello`,
    cookie: "session=unused",
    close: () => new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

const startHerald = async (): Promise<Target & { close: () => Promise<void> }> => {
  const web = await startTestWeb({ kind: "memory" })
  const client = web.client()
  const user = await signUp(client, ADMIN_EMAIL)
  if (user.status !== "ACTIVE") throw new Error(`expected an ACTIVE user, got ${user.status}`)
  await client.api.user.initiateMessagingSession.mutate()
  const got = await client.api.user.getMessagingSession.query()
  if (got.session === null) throw new Error("getMessagingSession: no session after initiateMessagingSession")
  return { url: `${web.url}/api/trpc/user.getMessagingSession`, cookie: `session=${client.cookie}`, close: web.close }
}

if (process.argv[2] === "server") {
  const kind = process.argv[3] as Kind
  const server = kind === "herald" ? await startHerald() : kind === "trpc" ? await startTrpc() : await startBare()
  process.on("disconnect", () => {
    void server.close().finally(() => process.exit(0))
  })
  process.send?.({ url: server.url, cookie: server.cookie } satisfies Target)
} else {
  await main()
}

// ---- parent: load each server in turn --------------------------------------------------------

interface Measured {
  readonly perSecond: number
  readonly p50: number
  readonly p99: number
  readonly bytes: number
}

async function main() {
  const seconds = numberEnv("BENCH_SECONDS", 10)
  const warmup = numberEnv("BENCH_WARMUP_SECONDS", 2)
  const connections = numberEnv("BENCH_CONNECTIONS", 50)
  console.log(
    `bench:web  ${connections} connections, ${warmup} s warm-up (discarded) + ${seconds} s measured per contender, server in its own process`
  )

  const measure = async (kind: Kind): Promise<Measured> => {
    const child = fork(new URL(import.meta.url), ["server", kind], {
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      execArgv: [
        ...process.execArgv,
        ...(process.env.BENCH_SERVER_PROFILE === kind ? ["--cpu-prof", "--cpu-prof-dir=/tmp/webprof"] : [])
      ]
    })
    const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()))
    try {
      const target = await new Promise<Target>((resolve, reject) => {
        child.once("message", (m) => resolve(m as Target))
        child.once("exit", (code) => reject(new Error(`${kind} server exited (${code}) before it was ready`)))
      })
      const headers = { cookie: target.cookie }
      const check = await fetch(target.url, { headers })
      const body = await check.text()
      if (check.status !== 200) throw new Error(`${kind}: GET ${target.url} -> ${check.status} ${body}`)
      const run = async (duration: number) => {
        const result = await autocannon({ url: target.url, connections, duration, headers })
        const failed = result.non2xx + result.errors + result.timeouts
        if (failed > 0)
          throw new Error(`${kind}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`)
        return result
      }
      await run(warmup)
      const result = await run(seconds)
      return {
        perSecond: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        bytes: Buffer.byteLength(body)
      }
    } finally {
      child.disconnect()
      await exited
    }
  }

  const bare = await measure("bare")
  const trpc = await measure("trpc")
  const herald = await measure("herald")
  const row = (name: string, m: Measured) =>
    `${name.padEnd(40)} ${m.perSecond.toFixed(0).padStart(8)} req/s   p50 ${String(m.p50).padStart(4)} ms   p99 ${String(m.p99).padStart(4)} ms   (${m.bytes} B body)`
  console.log(row("bare Hono GET /json", bare))
  console.log(row("bare tRPC query (same adapter)", trpc))
  console.log(row("Herald user.getMessagingSession", herald))
  const ratio = herald.perSecond / bare.perSecond
  console.log(
    `Herald / bare Hono throughput: ${(ratio * 100).toFixed(1)}%  (target >= 50%: ${ratio >= 0.5 ? "met" : "NOT met"})`
  )
  console.log(
    `Herald / bare tRPC throughput: ${((herald.perSecond / trpc.perSecond) * 100).toFixed(1)}%  (what Herald's own work costs on top of the framework)`
  )
}
