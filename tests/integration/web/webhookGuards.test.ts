import { createHmac } from "node:crypto"
import { request } from "node:http"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { WAHA_WEBHOOK_MAX_BYTES, WAHA_WEBHOOK_REFUSALS } from "../../../src/interfaces/web/wahaWebhook.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { startTestWeb } from "../../support/webHarness.ts"

const SECRET = "whsec-guards-0123456789abcdef0123456789abcdef"
const PATH = "/api/webhooks/waha"
const FORGED = "ab".repeat(64)

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

  /**
   * Sends headers announcing `length` bytes and none of the body, and resolves with the answer:
   * an answer proves the server did not wait for (so never read, nor hashed) the body.
   */
  const answerWithoutBody = (client: string, length: number) =>
    new Promise<{ status: number; connection: string | undefined; retryAfter: string | undefined }>(
      (resolve, reject) => {
        const url = new URL(`${web.url}${PATH}`)
        const req = request({
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: "POST",
          headers: {
            "content-type": "application/json",
            "content-length": String(length),
            "x-forwarded-for": client,
            "x-webhook-hmac": FORGED,
            "x-webhook-hmac-algorithm": "sha512"
          }
        })
        // a deadline, not a synchronisation: a server waiting for the body would never answer
        const deadline = setTimeout(() => {
          req.destroy()
          reject(new Error("no answer before the body was sent: the server waited for the body"))
        }, 10_000)
        req.on("response", (res) => {
          clearTimeout(deadline)
          res.resume()
          resolve({
            status: res.statusCode ?? 0,
            connection: res.headers.connection,
            retryAfter: res.headers["retry-after"]
          })
          req.destroy()
        })
        req.on("error", (error) => {
          clearTimeout(deadline)
          reject(error)
        })
        req.flushHeaders()
      }
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
})
