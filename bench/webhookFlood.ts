/**
 * npm run bench:webhook-flood: what forged webhook calls cost everyone else (issue 21, item 1).
 * The real standalone process (`npm start`'s entry: web and scheduler in one process, SQLite)
 * runs over real HTTP with a WAHA gateway (the fake, in a process of its own) and
 * GATEWAY_WEBHOOK_SECRET set, so the webhook route checks signatures. /health is sampled every
 * 20 ms, first at rest for BENCH_SECONDS (default 10), then for as long while BENCH_POSTS
 * (default 20) forged 1 MiB posts arrive, spread evenly: a 128-hex X-Webhook-Hmac that is not
 * the body's, a stranger's address each (TRUST_PROXY=1 and X-Forwarded-For, so no post meets
 * another's refusal allowance: the worst case for the route), sent chunked (no Content-Length,
 * so the route cannot refuse from the headers and reads up to its limit). In each phase one
 * message is due half-way through; its lateness is when the gateway received it minus its due
 * time.
 * Bounds, measured in the same run: /health p99 during the flood at most 20 ms over its p99 at
 * rest, and the message due during the flood no later than 100 ms beyond the one due at rest.
 * Issue 21 measured, before the fix: one 1 MiB post 1.1–1.8 s of CPU, /health stalled 1.3–1.6 s
 * by two, a due message 1.4 s late under six. Prints figures and PASS/FAIL; exits 0 either way.
 */

import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { FAKE_WAHA_API_KEY } from "../tests/support/FakeWahaServer.ts"
import { closedPort } from "../tests/support/net.ts"
import type { RunningProcess } from "../tests/support/processes.ts"
import { standaloneEntry, startProcess } from "../tests/support/processes.ts"
import { WebClient } from "../tests/support/webClient.ts"
import { startGateway } from "./fakeGateway.ts"
import { percentile } from "./stats.ts"

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const POSTS = Number(process.env.BENCH_POSTS ?? 20)
const SAMPLE_EVERY_MS = 20
const POST_BYTES = 1024 * 1024
const P99_BOUND_MS = 20
const LATE_BOUND_MS = 100
const SECRET = "bench-webhook-secret-0123456789abcdef0123456789"

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)))

/** /health latencies, one call every SAMPLE_EVERY_MS (or right after a slower one) until `until`. */
const sampleHealth = async (base: string, until: number) => {
  const times: Array<number> = []
  while (Date.now() < until) {
    const started = performance.now()
    const answer = await fetch(`${base}/health`)
    await answer.arrayBuffer()
    if (answer.status !== 200) throw new Error(`/health answered ${answer.status}`)
    const took = performance.now() - started
    times.push(took)
    await sleep(SAMPLE_EVERY_MS - took)
  }
  return times.sort((a, b) => a - b)
}

/** One forged 1 MiB post, chunked, from `client`: the status it got, or how the connection ended. */
const forgedPost = async (base: string, client: string): Promise<string> => {
  const chunk = new Uint8Array(64 * 1024).fill(0x20)
  let sent = 0
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= POST_BYTES) return controller.close()
      sent += chunk.length
      controller.enqueue(chunk)
    }
  })
  try {
    const answer = await fetch(`${base}/api/webhooks/waha`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": client,
        "x-webhook-hmac": "0f".repeat(64),
        "x-webhook-hmac-algorithm": "sha512"
      },
      body,
      duplex: "half"
    } as RequestInit)
    await answer.arrayBuffer().catch(() => undefined)
    return String(answer.status)
  } catch {
    // the server answered and closed before the whole body was sent
    return "closed"
  }
}

interface Phase {
  readonly p50: number
  readonly p99: number
  readonly max: number
  readonly samples: number
  readonly lateMs: number
  readonly answers: Record<string, number>
}

const main = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "herald-webhook-flood-"))
  const gateway = await startGateway()
  const port = await closedPort()
  const base = `http://127.0.0.1:${port}`
  let proc: RunningProcess | null = null
  try {
    proc = startProcess(standaloneEntry, {
      HERALD_DATA_DIR: dataDir,
      PORT: String(port),
      GATEWAY_API_URL: gateway.url,
      GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
      GATEWAY_WEBHOOK_SECRET: SECRET,
      TRUST_PROXY: "1"
    })
    await proc.waitForOutput(/Herald is running/, 60_000)
    const owner = new WebClient(base, { origin: `http://localhost:${port}` })
    await owner.api.auth.signUp.mutate({ email: "bench@example.org", password: "correct horse battery", name: "B" })
    const { sessionName } = await owner.api.user.initiateMessagingSession.mutate()
    await gateway.status(sessionName, "WORKING")
    // the fake gateway takes a send to any chat
    const group = { groupId: "120363000000000042@g.us", groupName: "Bench" }
    /** plans one message due `inMs` from now; resolves with its text and due time */
    const plan = async (text: string, inMs: number) => {
      const dueAt = Date.now() + inMs
      await owner.api.campaign.create.mutate({
        sessionName,
        groupId: group.groupId,
        groupName: group.groupName,
        messages: [{ content: text, scheduledAt: new Date(dueAt).toISOString() }]
      })
      return { text, dueAt }
    }
    const lateness = async (due: { readonly text: string; readonly dueAt: number }) => {
      const deadline = due.dueAt + 60_000
      for (;;) {
        const found = (await gateway.received()).find(([text]) => text === due.text)
        if (found !== undefined) return found[1] - due.dueAt
        if (Date.now() > deadline) return Number.POSITIVE_INFINITY
        await sleep(20)
      }
    }
    const phase = async (name: string, flood: boolean): Promise<Phase> => {
      const durationMs = SECONDS * 1000
      const due = await plan(`due ${name}`, durationMs / 2)
      const started = Date.now()
      const answers: Record<string, number> = {}
      const posts = flood
        ? Promise.all(
            Array.from({ length: POSTS }, async (_, i) => {
              await sleep((i * durationMs) / POSTS - (Date.now() - started))
              const answer = await forgedPost(base, `198.51.100.${i + 1}`)
              answers[answer] = (answers[answer] ?? 0) + 1
            })
          )
        : Promise.resolve([])
      const times = await sampleHealth(base, started + durationMs)
      await posts
      return {
        p50: percentile(times, 50),
        p99: percentile(times, 99),
        max: times.at(-1) ?? Number.NaN,
        samples: times.length,
        lateMs: await lateness(due),
        answers
      }
    }
    // warm-up: JIT, the store, the first send (discarded)
    await sampleHealth(base, Date.now() + 2_000)
    await lateness(await plan("warm-up", 1_000))

    const rest = await phase("at rest", false)
    const flood = await phase("during the flood", true)
    const row = (label: string, p: Phase) =>
      `  ${label.padEnd(18)} /health p50 ${p.p50.toFixed(1)} ms, p99 ${p.p99.toFixed(1)} ms, max ${p.max.toFixed(1)} ms (${p.samples} calls); due message sent ${p.lateMs.toFixed(0)} ms after its time`
    console.log(
      `Herald webhook flood (standalone, node ${process.version}): ${POSTS} forged ${POST_BYTES / 1024} KiB posts in ${SECONDS} s, each from its own address, chunked`
    )
    console.log(row("at rest", rest))
    console.log(row("during the flood", flood))
    console.log(
      `  the flood's answers: ${Object.entries(flood.answers)
        .map(([answer, n]) => `${answer} ×${n}`)
        .join(", ")}`
    )
    const added = flood.p99 - rest.p99
    console.log(
      `${added <= P99_BOUND_MS ? "PASS" : "FAIL"} /health p99 during the flood: +${added.toFixed(1)} ms over rest (bound +${P99_BOUND_MS} ms)`
    )
    const later = flood.lateMs - rest.lateMs
    console.log(
      `${later <= LATE_BOUND_MS ? "PASS" : "FAIL"} the message due during the flood: ${later.toFixed(0)} ms later than the one due at rest (bound ${LATE_BOUND_MS} ms)`
    )
  } finally {
    if (proc !== null) {
      proc.child.kill("SIGTERM")
      await proc.exited
    }
    gateway.close()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

await main()
