/**
 * npm run bench:upload-stall: does an upload stall other requests? (issue 21 item 2)
 *
 * The security review saw POST /api/media stall GET /health for 0.6–2.2 s during an ordinary
 * 16 MB upload and 4.7–8.9 s during a 16 MB form of ~259,000 empty parts, because the whole body
 * was buffered and parsed at once. This starts the web app in a child process of its own (so the
 * client's work is not counted against the server's event loop), signs up one ACTIVE user, then,
 * on each store:
 *
 *   idle:  polls GET /health back to back for BENCH_IDLE_SAMPLES requests;
 *   file:  a second child sends BENCH_UPLOADS ordinary uploads of 16 MB (a PNG's first bytes, then
 *          random ones: detected as an image, stored), one after another, while /health is
 *          polled back to back until the last has answered;
 *   parts: the same with a 16 MB form of empty parts (~259,000), which must be refused (400).
 *
 * It prints /health p50 / p99 / max per phase, with the server's own event-loop delay over the
 * phase (perf_hooks.monitorEventLoopDelay: the longest time it could not answer anything), and
 * PASS when each loaded phase's /health p99 <= idle p99 + BENCH_BOUND_MS (default 50 ms). BENCH_UPLOADS (default 5) times two stays under the per-user
 * upload limit of 20 a minute.
 *
 * Env: BENCH_STORES (comma-separated, default "memory,sqlite"; sqlite is `npm start`'s store, a
 * file in a temporary folder), BENCH_UPLOADS, BENCH_IDLE_SAMPLES (default 300), BENCH_BOUND_MS.
 */
import { fork } from "node:child_process"
import { randomBytes } from "node:crypto"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { monitorEventLoopDelay } from "node:perf_hooks"
import { MAX_MEDIA_BYTES } from "../src/domain/message/Media.ts"
import { MULTIPART_OVERHEAD_BYTES } from "../src/interfaces/web/readUploadForm.ts"
import { PNG_BYTES } from "../tests/support/mediaFixtures.ts"
import type { StoreKind } from "../tests/support/webHarness.ts"
import { ADMIN_EMAIL, AUTH_URL, signUp, startTestWeb } from "../tests/support/webHarness.ts"
import type { Latencies } from "./healthLatency.ts"
import { forkServer, healthOnce, healthSamples, summarize, wholeNumberEnv } from "./healthLatency.ts"

type Store = "memory" | "sqlite"
type Load = "file" | "parts"
interface Target {
  readonly url: string
  readonly cookie: string
}
/** the server's event-loop delay over a phase (perf_hooks.monitorEventLoopDelay) */
interface LoopDelay {
  readonly maxMs: number
  readonly p99Ms: number
}
/** what the uploading child reports: each upload's status (0: the connection failed) and time */
interface Sent {
  readonly statuses: ReadonlyArray<number>
  readonly ms: ReadonlyArray<number>
}

/** 15 characters: a part of the empty form is then 65 bytes, and 16 MB of them ~259,000 parts, as in the review */
const BOUNDARY = "HeraldBenchForm"

/** A chunk of a PNG: length, type, data and a CRC (not checked by a type detector, so left zero). */
const pngChunk = (type: string, data: Uint8Array): Buffer => {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  return Buffer.concat([length, Buffer.from(type, "latin1"), data, Buffer.alloc(4)])
}

/**
 * One file part of 16 MB: a PNG (signature and header of the 1×1 fixture) whose one IDAT chunk is
 * random bytes, so nothing in it looks like a boundary; detected as image/png and stored.
 */
const fileForm = (): Buffer => {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`
  )
  const start = PNG_BYTES.subarray(0, 33)
  const end = pngChunk("IEND", new Uint8Array())
  const data = randomBytes(MAX_MEDIA_BYTES - start.length - end.length - 12)
  return Buffer.concat([head, start, pngChunk("IDAT", data), end, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
}

/** Empty parts up to the upload's whole bound (the file's 16 MB and the form's room): the review's form. */
const partsForm = (): { readonly body: Buffer; readonly parts: number } => {
  const part = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="a"\r\n\r\n\r\n`)
  const parts = Math.floor((MAX_MEDIA_BYTES + MULTIPART_OVERHEAD_BYTES - BOUNDARY.length - 6) / part.length)
  return {
    body: Buffer.concat([...Array.from({ length: parts }, () => part), Buffer.from(`--${BOUNDARY}--\r\n`)]),
    parts
  }
}

// ---- children: the server on one store; the uploader ----------------------------------------

const startServer = async (store: Store): Promise<Target & { close: () => Promise<void> }> => {
  const folder = store === "sqlite" ? mkdtempSync(join(tmpdir(), "herald-upload-")) : null
  const kind: StoreKind = folder === null ? { kind: "memory" } : { kind: "sqlite", path: join(folder, "herald.db") }
  const web = await startTestWeb(kind)
  const client = web.client()
  const user = await signUp(client, ADMIN_EMAIL)
  if (user.status !== "ACTIVE") throw new Error(`expected an ACTIVE user, got ${user.status}`)
  return {
    url: web.url,
    cookie: `${client.cookieName}=${client.cookie}`,
    close: async () => {
      await web.close()
      if (folder !== null) rmSync(folder, { recursive: true, force: true })
    }
  }
}

const upload = async (target: Target, load: Load, count: number): Promise<Sent> => {
  const body = load === "file" ? fileForm() : partsForm().body
  // built before the phase starts: its CPU is not counted in it
  process.send?.("ready")
  const statuses: Array<number> = []
  const ms: Array<number> = []
  for (let i = 0; i < count; i++) {
    const started = performance.now()
    try {
      const response = await fetch(`${target.url}/api/media`, {
        method: "POST",
        headers: {
          cookie: target.cookie,
          origin: new URL(AUTH_URL).origin,
          "content-type": `multipart/form-data; boundary=${BOUNDARY}`
        },
        body
      })
      await response.text()
      statuses.push(response.status)
    } catch {
      // the server answered a refusal and closed before the whole body was sent
      statuses.push(0)
    }
    ms.push(performance.now() - started)
  }
  return { statuses, ms }
}

if (process.argv[2] === "server") {
  const server = await startServer(process.argv[3] as Store)
  // the server's own measure of its event loop: "reset" starts a phase, "report" ends it
  const delay = monitorEventLoopDelay({ resolution: 1 })
  delay.enable()
  process.on("message", (m) => {
    if (m === "reset") delay.reset()
    if (m === "report")
      process.send?.({ maxMs: delay.max / 1e6, p99Ms: delay.percentile(99) / 1e6 } satisfies LoopDelay)
  })
  process.on("disconnect", () => {
    void server.close().finally(() => process.exit(0))
  })
  process.send?.({ url: server.url, cookie: server.cookie } satisfies Target)
} else if (process.argv[2] === "upload") {
  const target: Target = { url: process.argv[4] ?? "", cookie: process.argv[5] ?? "" }
  const sent = await upload(target, process.argv[3] as Load, Number(process.argv[6]))
  process.send?.(sent, () => process.disconnect())
} else {
  await main()
}

// ---- parent: idle, then each load, per store ---------------------------------------------------

/** /health polled back to back while a child sends `count` uploads of `load`. */
async function underLoad(target: Target, load: Load, count: number) {
  const child = fork(new URL(import.meta.url), ["upload", load, target.url, target.cookie, String(count)], {
    stdio: ["ignore", "inherit", "inherit", "ipc"]
  })
  let sent: Sent | null = null
  let failed: Error | null = null
  await new Promise<void>((resolve, reject) => {
    child.once("message", () => resolve())
    child.once("exit", (code) => reject(new Error(`the ${load} uploader exited (${code}) before it was ready`)))
  })
  child.once("message", (m) => {
    sent = m as Sent
  })
  child.once("exit", (code) => {
    if (sent === null) failed = new Error(`the ${load} uploader exited (${code}) without a report`)
  })
  const samples: Array<number> = []
  while (sent === null && failed === null) samples.push(await healthOnce(target.url))
  if (failed !== null) throw failed
  return { samples, sent: sent as Sent | null }
}

async function main() {
  const stores = (process.env.BENCH_STORES ?? "memory,sqlite").split(",").map((s) => s.trim()) as Array<Store>
  for (const s of stores) if (s !== "memory" && s !== "sqlite") throw new Error(`BENCH_STORES: unknown store ${s}`)
  const uploads = wholeNumberEnv("BENCH_UPLOADS", 5)
  const idleSamples = wholeNumberEnv("BENCH_IDLE_SAMPLES", 300)
  const boundMs = wholeNumberEnv("BENCH_BOUND_MS", 50)
  const { parts } = partsForm()
  console.log(
    `bench:upload-stall  ${uploads} uploads of a 16 MB file, then ${uploads} of a form of ${parts.toLocaleString("en")} empty parts, sent from a child process; /health polled back to back; bound: p99 <= idle p99 + ${boundMs} ms`
  )
  let allPassed = true

  for (const store of stores) {
    const { child, target, stop } = await forkServer<Target>(new URL(import.meta.url), store)
    try {
      const loopDelay = () =>
        new Promise<LoopDelay>((resolve) => {
          child.once("message", (m) => resolve(m as LoopDelay))
          child.send("report")
        })
      await healthSamples(target.url, 50)
      child.send("reset")
      const idle = await healthSamples(target.url, idleSamples)
      const i = summarize(idle)
      const row = (name: string, l: Latencies, loop: LoopDelay) =>
        `  ${name.padEnd(6)} /health p50 ${l.p50.toFixed(1).padStart(6)} ms  p99 ${l.p99.toFixed(1).padStart(6)} ms  max ${l.max.toFixed(1).padStart(6)} ms (${l.count} requests); server event loop: longest delay ${loop.maxMs.toFixed(1)} ms, p99 ${loop.p99Ms.toFixed(1)} ms`
      console.log(`${store}:`)
      console.log(row("idle", i, await loopDelay()))
      for (const load of ["file", "parts"] as const) {
        child.send("reset")
        const { samples, sent } = await underLoad(target, load, uploads)
        const loop = await loopDelay()
        const expected = load === "file" ? [201] : [400, 0]
        const statuses = sent?.statuses ?? []
        if (statuses.some((s) => !expected.includes(s))) {
          throw new Error(
            `${store} ${load}: uploads answered ${statuses.join(", ")}, expected ${expected.join(" or ")}`
          )
        }
        const s = summarize(samples)
        const pass = s.p99 <= i.p99 + boundMs
        allPassed &&= pass
        const took = summarize(sent?.ms ?? [])
        console.log(row(load, s, loop))
        console.log(
          `         uploads answered in p50 ${took.p50.toFixed(0)} ms, max ${took.max.toFixed(0)} ms (${statuses.join(" ")}; 0: connection closed after the answer)`
        )
        console.log(
          `  ${pass ? "PASS" : "FAIL"}: ${load} p99 ${s.p99.toFixed(1)} ms ${pass ? "<=" : ">"} idle p99 ${i.p99.toFixed(1)} ms + ${boundMs} ms`
        )
      }
    } finally {
      await stop()
    }
  }
  if (!allPassed) process.exitCode = 1
}
