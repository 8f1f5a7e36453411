import { createHmac } from "node:crypto"
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import {
  WAHA_WEBHOOK_MAX_BYTES,
  WAHA_WEBHOOK_REFUSALS,
  WAHA_WEBHOOK_UNVERIFIED_OVERALL,
  WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT
} from "../../../src/interfaces/web/wahaWebhook.ts"
import { eventually } from "../../support/eventually.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { startTestWeb } from "../../support/webHarness.ts"

const SECRET = "whsec-guards-0123456789abcdef0123456789abcdef"
const PATH = "/api/webhooks/waha"
const FORGED = "ab".repeat(64)
const OLD_SECRET = "whsec-rotated-out-0123456789abcdef0123456789ab"

/** A promise that fails after `ms` naming `what`: a deadline, not a synchronisation. */
const deadline = (what: string, ms = 10_000) =>
  new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms).unref())

/**
 * What a stranger without the secret can make the webhook route do (issue 21, items 1 and 5),
 * over real HTTP behind one trusted proxy, so each test is its own client (X-Forwarded-For).
 */
describe("WAHA webhook route: refusals are cheap, bounded per client, and counted in the log", () => {
  let web: TestWeb
  beforeAll(async () => {
    web = await startTestWeb({ kind: "memory" }, {}, { webhookSecret: SECRET, trustProxy: 1 })
  })
  afterAll(() => web.close())

  const post = (client: string, body: string | Uint8Array, signature = FORGED) =>
    fetch(`${web.url}${PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": client,
        "x-webhook-hmac": signature,
        "x-webhook-hmac-algorithm": "sha512"
      },
      body
    })
  const signed = (body: string) => createHmac("sha512", SECRET).update(body).digest("hex")
  const envelope = JSON.stringify({ event: "session.status", session: "nobody_here", payload: { status: "WORKING" } })

  interface Answer {
    readonly status: number
    readonly connection: string | undefined
    readonly retryAfter: string | undefined
    readonly code: string | undefined
  }
  /**
   * A post that sends its headers (announcing `length` bytes) and holds its body back, as a slow
   * sender does: `answer` settles when the server answers (or the connection ends), `abort` drops
   * the connection mid-body.
   */
  const slowPost = (client: string, length = 4_096) => {
    const url = new URL(`${web.url}${PATH}`)
    const req = request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: "POST",
      agent: false,
      headers: {
        "content-type": "application/json",
        "content-length": String(length),
        "x-forwarded-for": client,
        "x-webhook-hmac": FORGED,
        "x-webhook-hmac-algorithm": "sha512"
      }
    })
    const answer = new Promise<Answer>((resolve, reject) => {
      req.on("response", (res) => {
        const chunks: Array<Buffer> = []
        res.on("data", (chunk: Buffer) => chunks.push(chunk))
        res.on("end", () => {
          const text = Buffer.concat(chunks).toString()
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            retryAfter: res.headers["retry-after"],
            code: text.startsWith("{") ? JSON.parse(text).error?.code : undefined
          })
          req.destroy()
        })
      })
      req.on("error", reject)
    })
    // an aborted post's answer is its error: nobody waits for it
    answer.catch(() => undefined)
    req.flushHeaders()
    return { answer, abort: () => req.destroy() }
  }

  /**
   * Sends headers announcing `length` bytes and none of the body, and resolves with the answer:
   * an answer proves the server did not wait for (so never read, nor hashed) the body.
   */
  const answerWithoutBody = async (client: string, length: number) => {
    const held = slowPost(client, length)
    try {
      // a deadline, not a synchronisation: a server waiting for the body would never answer
      return await Promise.race([held.answer, deadline("an answer before the body was sent")])
    } finally {
      held.abort()
    }
  }

  type SlowPost = ReturnType<typeof slowPost>
  /** The first of `posts` to be answered, with its index: the others are still being read. */
  const firstAnswered = (posts: ReadonlyArray<SlowPost>) =>
    Promise.race([
      ...posts.map((post, index) => post.answer.then((answer) => ({ index, answer }))),
      deadline("an answer to one of the posts held open")
    ])
  /** A signed call from `client`, repeated until it is handled (200), up to a deadline. */
  const eventuallyHandled = (client: string) =>
    eventually(
      `a signed call from ${client} to be handled`,
      async () => {
        const answer = await post(client, envelope, signed(envelope))
        await answer.body?.cancel()
        return answer.status
      },
      (status) => status === 200,
      10_000
    )

  it("a forged 1 MiB post is answered 413 with Connection: close, before any byte of it is read or hashed", async () => {
    const big = new Uint8Array(1024 * 1024).fill(0x20)
    const answer = await post("10.0.1.1", big)
    expect(answer.status).toBe(413)
    expect(answer.headers.get("connection")).toBe("close")
    expect(await answer.json()).toMatchObject({ error: { code: "PAYLOAD_TOO_LARGE" } })
    // announced by Content-Length and never sent: answered from the headers alone
    expect(await answerWithoutBody("10.0.1.2", 1024 * 1024)).toMatchObject({ status: 413, connection: "close" })
    // one byte over the route's limit without a Content-Length (chunked): cut off while reading
    const chunked = await fetch(`${web.url}${PATH}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": "10.0.1.3",
        "x-webhook-hmac": FORGED,
        "x-webhook-hmac-algorithm": "sha512"
      },
      body: new ReadableStream({
        start(controller) {
          controller.enqueue(new Uint8Array(WAHA_WEBHOOK_MAX_BYTES + 1).fill(0x20))
          controller.close()
        }
      }),
      duplex: "half"
    } as RequestInit)
    expect(chunked.status).toBe(413)
    await chunked.body?.cancel()
  })

  it("a body within the limit is taken and its signature checked: a forged one is 401, a signed one is handled", async () => {
    const padded = JSON.stringify({
      event: "session.status",
      session: "nobody_here",
      payload: { status: "WORKING", pad: "x".repeat(WAHA_WEBHOOK_MAX_BYTES - 200) }
    })
    expect(new TextEncoder().encode(padded).length).toBeLessThanOrEqual(WAHA_WEBHOOK_MAX_BYTES)
    const forged = await post("10.0.2.1", padded)
    expect(forged.status).toBe(401)
    await forged.body?.cancel()
    const answer = await post("10.0.2.1", padded, signed(padded))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ result: "unknown" })
  })

  it("the call after a client's allowance of refusals is 429 before its body is read, even signed; another client still gets through", async () => {
    const client = "10.0.3.1"
    for (let i = 0; i < WAHA_WEBHOOK_REFUSALS.limit; i++) {
      const refused = await post(client, envelope)
      expect(refused.status).toBe(401)
      await refused.body?.cancel()
    }
    const over = await answerWithoutBody(client, 4_096)
    expect(over).toMatchObject({ status: 429, connection: "close" })
    expect(Number(over.retryAfter)).toBeGreaterThan(0)
    expect(Number(over.retryAfter)).toBeLessThanOrEqual(WAHA_WEBHOOK_REFUSALS.windowMs / 1000)
    const signedButOver = await post(client, envelope, signed(envelope))
    expect(signedButOver.status).toBe(429)
    expect(await signedButOver.json()).toMatchObject({ error: { code: "TOO_MANY_REQUESTS" } })
    // another address has its own allowance
    const other = await post("10.0.3.2", envelope, signed(envelope))
    expect(other.status).toBe(200)
    expect(await other.json()).toEqual({ result: "unknown" })
  })

  it("1,000 refused calls write a bounded number of log lines, and none holds the secret or a body", async () => {
    const lines = () => web.logs.filter((l) => l.text.includes("WAHA webhook call")).length
    const before = lines()
    const body = JSON.stringify({ event: "message.ack", session: "s", payload: { secretish: "do-not-log-me" } })
    const clients = Array.from({ length: 10 }, (_, i) => `10.0.4.${i}`)
    for (let round = 0; round < 100; round++) {
      const answers = await Promise.all(clients.map((client) => post(client, body)))
      for (const answer of answers) {
        expect([401, 429]).toContain(answer.status)
        await answer.body?.cancel()
      }
    }
    // the interval's first refusal had its line already (an earlier test's); a summary comes once a minute
    expect(lines() - before).toBeLessThanOrEqual(2)
    expect(web.logs.some((l) => l.text.includes(SECRET) || l.text.includes("do-not-log-me"))).toBe(false)
  })

  it("a 413 is not counted: after many oversized events (WAHA's own, retried) the address's signed call is handled", async () => {
    const client = "10.0.5.1"
    const big = JSON.stringify({
      event: "message.ack",
      session: "s",
      payload: { _data: "x".repeat(WAHA_WEBHOOK_MAX_BYTES) }
    })
    for (let i = 0; i < WAHA_WEBHOOK_REFUSALS.limit * 2; i++) {
      const answer = await post(client, big, signed(big))
      expect(answer.status).toBe(413)
      await answer.body?.cancel()
    }
    const answer = await post(client, envelope, signed(envelope))
    expect(answer.status).toBe(200)
    expect(await answer.json()).toEqual({ result: "unknown" })
  })

  it("an address that sent a signed call lately is trusted: its 401s (sessions on a rotated-out secret) neither count nor lead to 429", async () => {
    const waha = "10.0.6.1"
    const first = await post(waha, envelope, signed(envelope))
    expect(first.status).toBe(200)
    await first.body?.cancel()
    const oldKey = createHmac("sha512", OLD_SECRET).update(envelope).digest("hex")
    for (let i = 0; i < WAHA_WEBHOOK_REFUSALS.limit * 3; i++) {
      const refused = await post(waha, envelope, oldKey)
      expect(refused.status).toBe(401)
      await refused.body?.cancel()
    }
    const unsigned = await fetch(`${web.url}${PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": waha },
      body: envelope
    })
    expect(unsigned.status).toBe(401)
    await unsigned.body?.cancel()
    const next = await post(waha, envelope, signed(envelope))
    expect(next.status).toBe(200)
    expect(await next.json()).toEqual({ result: "unknown" })
    // trust is the address's own: a stranger next door is still refused past its allowance
    for (let i = 0; i < WAHA_WEBHOOK_REFUSALS.limit; i++) {
      const refused = await post("10.0.6.2", envelope, oldKey)
      expect(refused.status).toBe(401)
      await refused.body?.cancel()
    }
    expect(await answerWithoutBody("10.0.6.2", 4_096)).toMatchObject({ status: 429 })
  })

  it("a replayed signed event (already seen, or stale) earns its sender no trust: only a new one does", async () => {
    const event = JSON.stringify({
      id: "evt_replayedone",
      timestamp: Date.now(),
      event: "session.status",
      session: "nobody_here",
      payload: { status: "WORKING" }
    })
    const first = await post("10.0.11.1", event, signed(event))
    expect(await first.json()).toEqual({ result: "unknown" })
    const stale = JSON.stringify({
      id: "evt_staleone",
      timestamp: Date.now() - 60 * 60_000,
      event: "session.status",
      session: "nobody_here",
      payload: { status: "WORKING" }
    })
    const replayer = "10.0.11.2"
    const replayed = await post(replayer, event, signed(event))
    expect(await replayed.json()).toEqual({ result: "duplicate" })
    const old = await post(replayer, stale, signed(stale))
    expect(await old.json()).toEqual({ result: "stale" })
    for (let i = 0; i < WAHA_WEBHOOK_REFUSALS.limit; i++) {
      const refused = await post(replayer, envelope)
      expect(refused.status).toBe(401)
      await refused.body?.cancel()
    }
    expect(await answerWithoutBody(replayer, 4_096)).toMatchObject({ status: 429 })
  })

  it("IPv6 clients are counted by their /64: another address in it shares the allowance, another /64 does not", async () => {
    for (let i = 1; i <= WAHA_WEBHOOK_REFUSALS.limit; i++) {
      const refused = await post(`2001:db8:7:1::${i.toString(16)}`, envelope)
      expect(refused.status).toBe(401)
      await refused.body?.cancel()
    }
    expect(await answerWithoutBody("2001:db8:7:1:ffff:ffff:ffff:ffff", 4_096)).toMatchObject({
      status: 429,
      connection: "close"
    })
    const next = await post("2001:db8:7:2::1", envelope)
    expect(next.status).toBe(401)
    await next.body?.cancel()
  })

  it("an untrusted client gets 429 with Connection: close, before its body is read, past 4 unverified bodies in flight; places come back when posts end or drop", async () => {
    const client = "10.0.8.1"
    const posts = Array.from({ length: WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT + 1 }, () => slowPost(client))
    // the one past the bound is answered at once; the others wait for their bodies
    const first = await firstAnswered(posts)
    expect(first.answer).toEqual({ status: 429, connection: "close", code: "TOO_MANY_REQUESTS" })
    const held = posts.filter((_, i) => i !== first.index)
    expect(await answerWithoutBody(client, 4_096)).toMatchObject({ status: 429, connection: "close" })
    // another client is not affected
    const other = await post("10.0.8.2", envelope, signed(envelope))
    expect(other.status).toBe(200)
    await other.body?.cancel()
    // dropped mid-body: their places come back
    for (const p of held) p.abort()
    await eventuallyHandled(client)
  })

  it("at most 32 unverified bodies are read at once from untrusted clients; a trusted address is not bounded", async () => {
    const trusted = "10.0.9.250"
    const first = await post(trusted, envelope, signed(envelope))
    expect(first.status).toBe(200)
    await first.body?.cancel()
    const clients = WAHA_WEBHOOK_UNVERIFIED_OVERALL / WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT
    const posts = Array.from({ length: WAHA_WEBHOOK_UNVERIFIED_OVERALL + 1 }, (_, i) =>
      slowPost(`10.0.9.${i % (clients + 1)}`)
    )
    const refused = await firstAnswered(posts)
    expect(refused.answer).toEqual({ status: 429, connection: "close", code: "TOO_MANY_REQUESTS" })
    expect(await answerWithoutBody("10.0.9.200", 4_096)).toMatchObject({ status: 429, connection: "close" })
    // WAHA, trusted, gets through while strangers hold every place, even with bodies of its own in flight
    const wahaSlow = Array.from({ length: WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT + 1 }, () => slowPost(trusted))
    const handled = await post(trusted, envelope, signed(envelope))
    expect(handled.status).toBe(200)
    expect(await handled.json()).toEqual({ result: "unknown" })
    for (const p of [...posts, ...wahaSlow]) p.abort()
    await eventuallyHandled("10.0.9.201")
  })
})
