import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { HttpApiMailSenderOptions, Mail, MailSender } from "../../../src/infrastructure/mail/MailSender.ts"
import { MailError, makeHttpApiMailSender, makeSmtpMailSender } from "../../../src/infrastructure/mail/MailSender.ts"
import type { MailSink } from "../../support/MailSink.ts"
import { startMailSink } from "../../support/MailSink.ts"
import { closedPort } from "../../support/net.ts"
import type { SmtpSink } from "../../support/SmtpSink.ts"
import { startSmtpSink } from "../../support/SmtpSink.ts"

const API_KEY = "key-Th4t-Must-N3ver-Leak-0123456789"
const DOMAIN = "mg.example.test"
const FROM = "herald@mg.example.test"
const SMTP_USER = "mailer@example.test"
const SMTP_PASSWORD = "s3cret/p@ss:word"

/** non-ASCII subject and body, and a line longer than 78 characters: the MIME has to encode and fold */
const MAIL: Mail = {
  to: "zoe@example.test",
  subject: "Kampagne fehlgeschlagen: Grüße an Zoë — « test »",
  text: `Hello Zoë,\n\nThe campaign “Soirée d'été” failed.\n${"A long line that keeps going. ".repeat(6)}\n=== the end ===`
}

const failure = async (effect: Effect.Effect<unknown, MailError>): Promise<MailError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(effect))
  if (Exit.isFailure(exit)) throw new Error(`expected a MailError, got ${String(exit.cause)}`)
  expect(exit.value).toBeInstanceOf(MailError)
  return exit.value
}

const expectSameMail = (parsed: { to: string; from: string; subject: string; text: string }, mail: Mail) => {
  expect(parsed.to).toBe(mail.to)
  expect(parsed.from).toBe(FROM)
  expect(parsed.subject).toBe(mail.subject)
  expect(parsed.text).toBe(mail.text)
}

describe("HTTP API mail sender (Mailgun-style)", () => {
  let sink: MailSink
  const sender = (overrides: Partial<HttpApiMailSenderOptions> = {}): MailSender =>
    makeHttpApiMailSender({
      apiKey: API_KEY,
      domain: DOMAIN,
      from: FROM,
      baseUrl: sink.url,
      timeoutMs: 5_000,
      ...overrides
    })

  beforeAll(async () => {
    sink = await startMailSink({ apiKey: API_KEY })
  })
  afterEach(() => sink.reset())
  afterAll(() => sink.close())

  it("posts the MIME message to /v3/{domain}/messages.mime with basic auth, as multipart/form-data", async () => {
    await Effect.runPromise(sender().send(MAIL))

    expect(sink.requests).toHaveLength(1)
    const request = sink.requests[0]!
    expect(request.method).toBe("POST")
    expect(request.path).toBe(`/v3/${DOMAIN}/messages.mime`)
    expect(request.basicAuth).toBe(`api:${API_KEY}`)
    expect(request.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/)

    expect(sink.received).toHaveLength(1)
    const got = sink.received[0]!
    expect(got.domain).toBe(DOMAIN)
    expect(got.to).toBe(MAIL.to)
    expectSameMail(got.mail, MAIL)
    expect(got.mail.headers["mime-version"]).toBe("1.0")
    expect(got.mail.headers["date"]).toBeDefined()
    expect(got.mail.headers["message-id"]).toMatch(/^<.+@.+>$/)
    expect(got.mail.headers["content-type"]).toMatch(/^text\/plain; charset=utf-8/i)
    // encoded, not raw 8-bit, and folded to legal line lengths
    expect(got.raw).not.toContain("Zoë")
    for (const line of got.raw.split("\r\n")) expect(line.length).toBeLessThanOrEqual(998)
    expect(got.raw).toContain("\r\n")
  })

  it("ignores a trailing slash on the base URL", async () => {
    await Effect.runPromise(sender({ baseUrl: `${sink.url}/` }).send(MAIL))
    expect(sink.requests[0]!.path).toBe(`/v3/${DOMAIN}/messages.mime`)
    expect(sink.received).toHaveLength(1)
  })

  it("a wrong key is a MailError with the status, and the key is not in it", async () => {
    const wrongKey = "key-wrong-but-still-secret-987654321"
    const error = await failure(sender({ apiKey: wrongKey }).send(MAIL))
    expect(error.reason).toBe("Rejected")
    expect(error.status).toBe(401)
    expect(error.message).toContain("401")
    expect(error.message).toContain(MAIL.to)
    expect(error.message).not.toContain(wrongKey)
    expect(error.message).not.toContain(Buffer.from(`api:${wrongKey}`).toString("base64"))
    expect(sink.received).toHaveLength(0)
  })

  it("an error body that echoes the key is scrubbed", async () => {
    sink.respondWith(500, JSON.stringify({ message: `upstream rejected key ${API_KEY} (api:${API_KEY})` }))
    const error = await failure(sender().send(MAIL))
    expect(error.reason).toBe("Rejected")
    expect(error.status).toBe(500)
    expect(error.message).toContain("upstream rejected key ***")
    expect(error.message).not.toContain(API_KEY)
  })

  it("a refused connection is Unreachable", async () => {
    const port = await closedPort()
    const error = await failure(sender({ baseUrl: `http://127.0.0.1:${port}` }).send(MAIL))
    expect(error.reason).toBe("Unreachable")
    expect(error.message).toContain("ECONNREFUSED")
    expect(error.message).not.toContain(API_KEY)
  })

  it("an API that never answers is a Timeout", async () => {
    sink.hang()
    const error = await failure(sender({ timeoutMs: 50 }).send(MAIL))
    expect(error.reason).toBe("Timeout")
    expect(error.message).toContain("timed out after 50 ms")
  })
})

describe("SMTP mail sender", () => {
  let sink: SmtpSink

  beforeAll(async () => {
    sink = await startSmtpSink({ user: SMTP_USER, password: SMTP_PASSWORD })
  })
  afterEach(() => {
    sink.received.length = 0
  })
  afterAll(() => sink.close())

  it("delivers the message with the URL's credentials", async () => {
    await Effect.runPromise(makeSmtpMailSender({ url: sink.url, from: FROM, timeoutMs: 5_000 }).send(MAIL))

    expect(sink.received).toHaveLength(1)
    const got = sink.received[0]!
    expect(got.user).toBe(SMTP_USER)
    expect(got.envelopeFrom).toBe(FROM)
    expect(got.envelopeTo).toEqual([MAIL.to])
    expectSameMail(got.mail, MAIL)
    expect(got.mail.headers["message-id"]).toMatch(/^<.+@.+>$/)
  })

  it("a wrong password is a MailError with the SMTP code, and the password is not in it", async () => {
    const wrong = "wr0ng/p@ss:word"
    const url = `smtp://${encodeURIComponent(SMTP_USER)}:${encodeURIComponent(wrong)}@127.0.0.1:${sink.port}`
    const error = await failure(makeSmtpMailSender({ url, from: FROM, timeoutMs: 5_000 }).send(MAIL))
    expect(error.reason).toBe("Rejected")
    expect(error.status).toBe(535)
    expect(error.message).not.toContain(wrong)
    expect(error.message).not.toContain(encodeURIComponent(wrong))
    expect(sink.received).toHaveLength(0)
  })

  it("a refused connection is Unreachable", async () => {
    const port = await closedPort()
    const error = await failure(
      makeSmtpMailSender({ url: `smtp://127.0.0.1:${port}`, from: FROM, timeoutMs: 5_000 }).send(MAIL)
    )
    expect(error.reason).toBe("Unreachable")
    expect(error.message).toContain("ECONNREFUSED")
  })

  it("only smtp:// and smtps:// URLs are accepted", () => {
    expect(() => makeSmtpMailSender({ url: "http://127.0.0.1:25", from: FROM })).toThrow(/smtp:\/\/ or smtps:\/\//)
  })
})
