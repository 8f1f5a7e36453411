import { createHmac, timingSafeEqual } from "node:crypto"
import { Effect } from "effect"
import { afterEach, beforeEach, describe, expect, it } from "vitest"
import { AuthSettings } from "../../../src/application/auth/AuthSettings.ts"
import { attemptWebhook } from "../../../src/application/webhook/attemptWebhook.ts"
import { sealWebhookSecret } from "../../../src/application/webhook/webhookSecrets.ts"
import { HttpWebhookTransport, postWebhook } from "../../../src/infrastructure/webhooks/HttpWebhookTransport.ts"
import { capturedLog } from "../../support/capturedLog.ts"
import type { WebhookReceiver } from "../../support/WebhookReceiver.ts"
import { startWebhookReceiver } from "../../support/WebhookReceiver.ts"

/** The receiver's check exactly as docs/api.md#webhooks shows it. */
const verify = (secret: string, headers: Record<string, string | string[] | undefined>, rawBody: string): boolean => {
  const timestamp = String(headers["herald-timestamp"])
  const signature = String(headers["herald-signature"])
  const expected = `sha256=${createHmac("sha256", secret).update(`${timestamp}.${rawBody}`).digest("hex")}`
  const fresh = Math.abs(Date.now() / 1000 - Number(timestamp)) < 5 * 60
  return fresh && signature.length === expected.length && timingSafeEqual(Buffer.from(signature), Buffer.from(expected))
}

const AUTH_SECRET = "a-test-auth-secret-of-at-least-32-characters"

describe("the signed webhook sender over real HTTP", () => {
  let receiver: WebhookReceiver
  let log = capturedLog()
  beforeEach(async () => {
    log = capturedLog()
    receiver = await startWebhookReceiver()
  })
  afterEach(async () => {
    await receiver.close()
  })

  const attempt = (url: string, body: string, secret: string, allowPrivateTargets = true) =>
    Effect.runPromise(
      attemptWebhook(
        { id: "w1", url, secret: sealWebhookSecret(AUTH_SECRET, "w1", secret) },
        "message-m1.4",
        body
      ).pipe(
        Effect.provide(HttpWebhookTransport.layer({ allowPrivateTargets })),
        Effect.provide(log.layer),
        Effect.provideService(AuthSettings, { ...AuthSettings.defaultValue(), tokenKey: AUTH_SECRET })
      )
    )

  it("posts the body signed as documented: the receiver's check passes, and fails for another secret or body", async () => {
    const body = JSON.stringify({ id: "message-m1.4", type: "message.sent", data: { groupName: "Café ☕" } })
    const result = await attempt(receiver.url(), body, "whsec_test")
    expect(result).toEqual({ delivered: true, outcome: "Delivered: the endpoint answered 204.", responseStatus: 204 })
    const [got] = receiver.received
    expect(got?.body).toBe(body)
    expect(got?.headers["content-type"]).toBe("application/json")
    expect(got?.headers["user-agent"]).toMatch(/^Herald-Webhooks\//)
    expect(got?.headers["herald-event-id"]).toBe("message-m1.4")
    expect(got?.headers["herald-signature"]).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(verify("whsec_test", got?.headers ?? {}, got?.body ?? "")).toBe(true)
    expect(verify("whsec_other", got?.headers ?? {}, got?.body ?? "")).toBe(false)
    expect(verify("whsec_test", got?.headers ?? {}, `${got?.body} `)).toBe(false)
  })

  it("a 500 is a failed attempt saying so", async () => {
    receiver.answerWith((_req, res) => res.writeHead(500).end("oops"))
    expect(await attempt(receiver.url(), "{}", "s")).toEqual({
      delivered: false,
      outcome: "The endpoint answered 500, not a success.",
      responseStatus: 500
    })
  })

  it("a redirect is not followed: a failed attempt saying so, the other address never called", async () => {
    receiver.answerWith((req, res) =>
      req.url === "/hook"
        ? res.writeHead(307, { Location: receiver.url("/elsewhere") }).end()
        : res.writeHead(200).end()
    )
    const result = await attempt(receiver.url(), "{}", "s")
    expect(result.delivered).toBe(false)
    expect(result.responseStatus).toBe(307)
    expect(result.outcome).toMatch(/redirect \(307\); Herald does not follow redirects/)
    expect(receiver.received.map((r) => r.path)).toEqual(["/hook"])
  })

  it("a huge answer is read no further than 64 KiB: the status decides", async () => {
    let written = 0
    let finished = false
    receiver.answerWith((_req, res) => {
      res.writeHead(200, { "Content-Type": "text/plain" })
      const chunk = Buffer.alloc(64 * 1024, 120)
      const pump = () => {
        // 64 MiB unless the client hangs up first
        while (written < 64 * 1024 * 1024) {
          written += chunk.length
          if (!res.write(chunk)) return void res.once("drain", pump)
        }
        finished = true
        res.end()
      }
      res.on("close", () => undefined)
      pump()
    })
    const result = await postWebhook({ allowPrivateTargets: true }, receiver.url(), "{}", {})
    expect(result).toEqual({ _tag: "Answered", status: 200 })
    expect(finished).toBe(false)
  })

  it("an answer that never comes is cut at the deadline", async () => {
    receiver.answerWith(() => undefined)
    expect(await postWebhook({ allowPrivateTargets: true, timeoutMs: 300 }, receiver.url(), "{}", {})).toEqual({
      _tag: "TimedOut",
      afterMs: 300
    })
  })

  it("a status that comes with a body that never ends stands: the body is not waited for past the deadline", async () => {
    receiver.answerWith((_req, res) => {
      res.writeHead(202)
      res.write("still going")
    })
    expect(await postWebhook({ allowPrivateTargets: true, timeoutMs: 300 }, receiver.url(), "{}", {})).toEqual({
      _tag: "Answered",
      status: 202
    })
  })

  it("without the setting a private or loopback target is refused, nothing sent; plain http is refused too", async () => {
    const local = `https://127.0.0.1:${receiver.port}/hook`
    const refused = await attempt(local, "{}", "s", false)
    expect(refused.delivered).toBe(false)
    // the page says what kind of address, not which: the log has it under the error id
    expect(refused.outcome).toMatch(
      /^Not sent: the address leads to a private or local address \(error id ([0-9a-f]{8})\)\. Herald does not call such addresses unless the administrator allows it\.$/
    )
    const errorId = /error id ([0-9a-f]{8})/.exec(refused.outcome)?.[1]
    expect(log.lines).toEqual([`[error ${errorId}] webhook endpoint w1: 127.0.0.1 leads to 127.0.0.1`])
    expect(
      await postWebhook({ allowPrivateTargets: false }, `https://localhost:${receiver.port}/`, "{}", {})
    ).toMatchObject({
      _tag: "Refused"
    })
    expect(
      await postWebhook({ allowPrivateTargets: false }, `https://[::ffff:127.0.0.1]:${receiver.port}/`, "{}", {})
    ).toMatchObject({
      _tag: "Refused"
    })
    expect(await postWebhook({ allowPrivateTargets: false }, receiver.url(), "{}", {})).toMatchObject({
      _tag: "Refused",
      why: "notHttps"
    })
    expect(receiver.received).toEqual([])
  })

  it("a closed port is unreachable, in words", async () => {
    await receiver.close()
    const result = await attempt(receiver.url(), "{}", "s")
    expect(result.delivered).toBe(false)
    expect(result.outcome).toMatch(/^The endpoint could not be reached \(error id [0-9a-f]{8}\)\.$/)
    expect(log.lines.join("\n")).toMatch(/^\[error [0-9a-f]{8}\] webhook endpoint w1: .*ECONNREFUSED/)
  })

  it("a TLS failure is a TLS problem in words, its code only in the log", async () => {
    // https spoken to a plain http server: the handshake fails (EPROTO)
    const result = await attempt(`https://127.0.0.1:${receiver.port}/hook`, "{}", "s")
    expect(result.outcome).toMatch(
      /^The endpoint's secure connection could not be set up; check its certificate \(error id [0-9a-f]{8}\)\.$/
    )
    expect(log.lines.join("\n")).toMatch(/webhook endpoint w1: .*(EPROTO|SSL)/)
  })

  it("a secret sealed under another AUTH_SECRET is not used", async () => {
    const result = await Effect.runPromise(
      attemptWebhook(
        {
          id: "w1",
          url: receiver.url(),
          secret: sealWebhookSecret("another-secret-of-at-least-32-chars!!", "w1", "s")
        },
        "e",
        "{}"
      ).pipe(
        Effect.provide(HttpWebhookTransport.layer({ allowPrivateTargets: true })),
        Effect.provideService(AuthSettings, { ...AuthSettings.defaultValue(), tokenKey: AUTH_SECRET })
      )
    )
    expect(result.delivered).toBe(false)
    expect(result.outcome).toMatch(/secret can no longer be read/)
    expect(receiver.received).toEqual([])
  })
})
