/**
 * npm run bench:create-storm: does a storm of large campaign.create calls stall other requests?
 *
 * The security review saw ten batched campaign.create calls of 1000 messages each take /health
 * to 558 ms. This starts the web app in a child process of its own (so the client's work is not
 * counted against the server's event loop), signs up one ACTIVE user with a messaging session,
 * then, on each store:
 *
 *   idle:  polls GET /health back to back for BENCH_IDLE_SAMPLES requests;
 *   storm: sends ONE batched POST of BENCH_CALLS campaign.create calls of BENCH_MESSAGES messages
 *          each (default 10 × 1000, the review's storm) and polls /health back to back until it
 *          has answered.
 *
 * It prints /health p50 / p99 / max for both phases and the storm's duration, and compares them
 * in the same run: PASS when storm p99 <= idle p99 + BENCH_BOUND_MS (default 100 ms). Every
 * create must succeed (the storm is exactly the default pending-message limit of 10 000).
 *
 * Env: BENCH_STORES (comma-separated, default "memory,sqlite"; sqlite is `npm start`'s store, a
 * file in a temporary folder, synchronous=FULL), BENCH_CALLS, BENCH_MESSAGES, BENCH_IDLE_SAMPLES
 * (default 300), BENCH_BOUND_MS.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import type { StoreKind } from "../tests/support/webHarness.ts"
import { ADMIN_EMAIL, AUTH_URL, signUp, startTestWeb } from "../tests/support/webHarness.ts"
import type { Latencies } from "./healthLatency.ts"
import { forkServer, healthOnce, healthSamples, summarize, wholeNumberEnv } from "./healthLatency.ts"

type Store = "memory" | "sqlite"
interface Target {
  readonly url: string
  readonly cookie: string
  readonly sessionName: string
}

// ---- child: the web app on one store, with a signed-in user and a session ----------------------

const startServer = async (store: Store): Promise<Target & { close: () => Promise<void> }> => {
  const folder = store === "sqlite" ? mkdtempSync(join(tmpdir(), "herald-storm-")) : null
  const kind: StoreKind = folder === null ? { kind: "memory" } : { kind: "sqlite", path: join(folder, "herald.db") }
  const web = await startTestWeb(kind)
  const client = web.client()
  const user = await signUp(client, ADMIN_EMAIL)
  if (user.status !== "ACTIVE") throw new Error(`expected an ACTIVE user, got ${user.status}`)
  const { sessionName } = await client.api.user.initiateMessagingSession.mutate()
  return {
    url: web.url,
    cookie: `session=${client.cookie}`,
    sessionName,
    close: async () => {
      await web.close()
      if (folder !== null) rmSync(folder, { recursive: true, force: true })
    }
  }
}

if (process.argv[2] === "server") {
  const server = await startServer(process.argv[3] as Store)
  process.on("disconnect", () => {
    void server.close().finally(() => process.exit(0))
  })
  process.send?.({ url: server.url, cookie: server.cookie, sessionName: server.sessionName } satisfies Target)
} else {
  await main()
}

// ---- parent: idle, then storm, per store ------------------------------------------------------

async function main() {
  const stores = (process.env.BENCH_STORES ?? "memory,sqlite").split(",").map((s) => s.trim()) as Array<Store>
  for (const s of stores) if (s !== "memory" && s !== "sqlite") throw new Error(`BENCH_STORES: unknown store ${s}`)
  const calls = wholeNumberEnv("BENCH_CALLS", 10)
  const perCall = wholeNumberEnv("BENCH_MESSAGES", 1_000)
  const idleSamples = wholeNumberEnv("BENCH_IDLE_SAMPLES", 300)
  const boundMs = wholeNumberEnv("BENCH_BOUND_MS", 100)
  console.log(
    `bench:create-storm  ${calls} batched campaign.create × ${perCall} messages, /health polled back to back; bound: storm p99 <= idle p99 + ${boundMs} ms`
  )
  let allPassed = true

  for (const store of stores) {
    const { target, stop } = await forkServer<Target>(new URL(import.meta.url), store)
    try {
      // warm-up, discarded
      await healthSamples(target.url, 50)
      const idle = await healthSamples(target.url, idleSamples)

      const at = Date.now() + 24 * 60 * 60 * 1000
      const input = (call: number) => ({
        sessionName: target.sessionName,
        groupId: `12036300000000${String(call).padStart(4, "0")}@g.us`,
        groupName: `Storm ${call}`,
        messages: Array.from({ length: perCall }, (_, i) => ({
          content: `storm ${call}.${i}`,
          scheduledAt: new Date(at + i * 1_000).toISOString()
        }))
      })
      const body = JSON.stringify(Object.fromEntries(Array.from({ length: calls }, (_, i) => [String(i), input(i)])))
      const path = Array.from({ length: calls }, () => "campaign.create").join(",")
      const storm: Array<number> = []
      const started = performance.now()
      let done = false
      const create = fetch(`${target.url}/api/trpc/${path}?batch=1`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: new URL(AUTH_URL).origin, cookie: target.cookie },
        body
      })
        .then(async (response) => {
          const results = (await response.json()) as Array<{ result?: unknown; error?: { message?: string } }>
          done = true
          return {
            status: response.status,
            failed: results.filter((r) => r.error !== undefined).map((r) => r.error?.message ?? "?"),
            ms: performance.now() - started
          }
        })
        .finally(() => {
          done = true
        })
      while (!done) storm.push(await healthOnce(target.url))
      const created = await create
      if (created.failed.length > 0)
        throw new Error(`${store}: ${created.failed.length} of ${calls} creates failed: ${created.failed[0]}`)

      const i = summarize(idle)
      const s = summarize(storm)
      const pass = s.p99 <= i.p99 + boundMs
      allPassed &&= pass
      const row = (name: string, l: Latencies) =>
        `  ${name.padEnd(6)} /health p50 ${l.p50.toFixed(1).padStart(7)} ms   p99 ${l.p99.toFixed(1).padStart(7)} ms   max ${l.max.toFixed(1).padStart(7)} ms   (${l.count} requests)`
      console.log(
        `${store}: ${calls * perCall} messages created in ${(created.ms / 1000).toFixed(2)} s (${((calls * perCall) / (created.ms / 1000)).toFixed(0)} messages/s)`
      )
      console.log(row("idle", i))
      console.log(row("storm", s))
      console.log(
        `  ${pass ? "PASS" : "FAIL"}: storm p99 ${s.p99.toFixed(1)} ms ${pass ? "<=" : ">"} idle p99 ${i.p99.toFixed(1)} ms + ${boundMs} ms`
      )
    } finally {
      await stop()
    }
  }
  if (!allPassed) process.exitCode = 1
}
