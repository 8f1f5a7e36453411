import { Data, Effect } from "effect"
import nodemailer from "nodemailer"
import MailComposer from "nodemailer/lib/mail-composer"
import { DeadlinePassed, fetchWithDeadline, squeezed, truncate } from "../http/fetchWithDeadline.ts"

/**
 * Sending one plain-text e-mail. Two implementations: the mail provider's HTTP API (Mailgun-style,
 * MAIL_API_KEY / MAIL_DOMAIN / FROM_EMAIL) and SMTP (an `smtp://` or `smtps://` URL). Both build the
 * message with nodemailer, so headers are encoded (RFC 2047 for non-ASCII subjects and names), lines
 * folded, the body transfer-encoded, and Date / Message-ID / MIME-Version set, none of it by hand.
 */

export interface Mail {
  readonly to: string
  readonly subject: string
  readonly text: string
}

/**
 * Why a mail was not sent. `Unreachable`: connection refused, DNS, TLS; `Timeout`: no answer in time;
 * `Rejected`: the provider answered with an error (`status` is the HTTP status or the SMTP reply code);
 * `Invalid`: the message could not be built (e.g. a malformed address).
 * `message` names what happened and never carries the API key or the SMTP password.
 */
export type MailFailure = "Unreachable" | "Timeout" | "Rejected" | "Invalid"

export class MailError extends Data.TaggedError("MailError")<{
  readonly reason: MailFailure
  readonly message: string
  readonly status?: number
}> {}

export interface MailSender {
  readonly send: (mail: Mail) => Effect.Effect<void, MailError>
}

const DEFAULT_TIMEOUT_MS = 30_000
const SNIPPET_MAX = 200

/** Replaces every secret (and its URL-encoded form) in text that came from outside. */
const scrubber = (secrets: ReadonlyArray<string>) => {
  const all = [...new Set(secrets.flatMap((s) => [s, encodeURIComponent(s)]).filter((s) => s.length > 0))].sort(
    (a, b) => b.length - a.length
  )
  return (text: string): string => all.reduce((acc, secret) => acc.split(secret).join("***"), text)
}

interface ErrorLike {
  readonly code?: unknown
  readonly message?: unknown
  readonly cause?: unknown
  readonly errors?: unknown
  readonly responseCode?: unknown
  readonly response?: unknown
}
const asErrorLike = (u: unknown): ErrorLike | undefined =>
  typeof u === "object" && u !== null ? (u as ErrorLike) : undefined

/** `<code> <message>` of the innermost network error (undici wraps it as `TypeError("fetch failed", { cause })`). */
const describeCause = (u: unknown): string => {
  let e = asErrorLike(u)
  for (let depth = 0; depth < 4 && e?.cause !== undefined && asErrorLike(e.cause) !== undefined; depth++)
    e = asErrorLike(e.cause)
  if (e === undefined) return String(u)
  const code = typeof e.code === "string" ? e.code : ""
  let message = typeof e.message === "string" ? e.message : ""
  if (message === "" && Array.isArray(e.errors)) {
    message = e.errors
      .map((inner) => asErrorLike(inner)?.message)
      .filter((m) => typeof m === "string")
      .join(", ")
  }
  if (code !== "" && message.includes(code)) return squeezed(message)
  return squeezed(`${code} ${message}`) || String(u)
}

const compose = (from: string, mail: Mail): Promise<Buffer> =>
  new MailComposer({ from, to: mail.to, subject: squeezed(mail.subject), text: mail.text, newline: "\r\n" })
    .compile()
    .build()

export const composeEffect = (from: string, mail: Mail, scrub: (s: string) => string) =>
  Effect.tryPromise({
    try: () => compose(from, mail),
    catch: (cause) =>
      new MailError({
        reason: "Invalid",
        message: `failed to build mail to ${mail.to}: ${truncate(scrub(describeCause(cause)), SNIPPET_MAX)}`
      })
  })

// ---------------------------------------------------------------------------
// HTTP API (Mailgun-style)

export interface HttpApiMailSenderOptions {
  /** MAIL_API_KEY; sent as HTTP basic auth `api:<key>`, never in a message or log. */
  readonly apiKey: string
  /** MAIL_DOMAIN */
  readonly domain: string
  /** FROM_EMAIL */
  readonly from: string
  /** Default `https://api.mailgun.net`; `https://api.eu.mailgun.net` for the EU region, a local sink in tests. */
  readonly baseUrl?: string
  /** Whole-call deadline (connect, upload, answer). Default 30000. */
  readonly timeoutMs?: number
}

export const DEFAULT_MAIL_API_URL = "https://api.mailgun.net"

/**
 * POST `{base}/v3/{domain}/messages.mime` as multipart/form-data with `to` and `message` (the MIME
 * message nodemailer built). Success on any 2xx.
 */
export const makeHttpApiMailSender = (options: HttpApiMailSenderOptions): MailSender => {
  const baseUrl = (options.baseUrl ?? DEFAULT_MAIL_API_URL).replace(/\/+$/, "")
  const endpoint = `${baseUrl}/v3/${encodeURIComponent(options.domain)}/messages.mime`
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const authorization = `Basic ${Buffer.from(`api:${options.apiKey}`).toString("base64")}`
  const scrub = scrubber([options.apiKey, Buffer.from(`api:${options.apiKey}`).toString("base64")])

  const post = (mail: Mail, mime: Buffer) =>
    Effect.tryPromise({
      try: async (interrupt): Promise<{ status: number; text: string }> => {
        const form = new FormData()
        form.append("to", mail.to)
        form.append("message", new Blob([new Uint8Array(mime)], { type: "message/rfc822" }), "message.mime")
        return fetchWithDeadline(
          endpoint,
          { method: "POST", headers: { authorization, accept: "application/json" }, body: form },
          timeoutMs,
          interrupt
        )
      },
      catch: (cause) =>
        cause instanceof DeadlinePassed
          ? new MailError({ reason: "Timeout", message: `failed to send mail to ${mail.to}: ${cause.message}` })
          : new MailError({
              reason: "Unreachable",
              message: `failed to send mail to ${mail.to}: ${truncate(scrub(describeCause(cause)), SNIPPET_MAX)}`
            })
    })

  return {
    send: (mail) =>
      Effect.gen(function* () {
        const mime = yield* composeEffect(options.from, mail, scrub)
        const response = yield* post(mail, mime)
        if (response.status >= 200 && response.status < 300) return
        const snippet = truncate(scrub(squeezed(response.text)), SNIPPET_MAX)
        return yield* new MailError({
          reason: "Rejected",
          status: response.status,
          message: `failed to send mail to ${mail.to}: mail API answered ${response.status}${snippet === "" ? "" : `: ${snippet}`}`
        })
      })
  }
}

// ---------------------------------------------------------------------------
// SMTP

export interface SmtpMailSenderOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when offered) or `smtps://user:pass@host:465` (TLS from the start); user and password URL-encoded. */
  readonly url: string
  /** FROM_EMAIL */
  readonly from: string
  /** Connect, greeting and socket-inactivity timeouts. Default 30000. */
  readonly timeoutMs?: number
}

/** The password (and user) of an SMTP URL, decoded, for scrubbing. */
const urlSecrets = (url: string): Array<string> => {
  try {
    const parsed = new URL(url)
    return [parsed.password, decodeURIComponent(parsed.password)]
  } catch {
    return []
  }
}

export const makeSmtpMailSender = (options: SmtpMailSenderOptions): MailSender => {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(options.url)?.[1]?.toLowerCase()
  if (scheme !== "smtp" && scheme !== "smtps") {
    throw new Error("the SMTP URL must start with smtp:// or smtps://")
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const scrub = scrubber(urlSecrets(options.url))
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs
  })

  const classify = (mail: Mail, cause: unknown): MailError => {
    const e = asErrorLike(cause)
    const code = typeof e?.code === "string" ? e.code : ""
    const responseCode = typeof e?.responseCode === "number" ? e.responseCode : undefined
    const detail = truncate(scrub(describeCause(cause)), SNIPPET_MAX)
    const message = `failed to send mail to ${mail.to}: ${detail}`
    if (responseCode !== undefined) return new MailError({ reason: "Rejected", status: responseCode, message })
    if (code === "ETIMEDOUT") return new MailError({ reason: "Timeout", message })
    if (code === "EENVELOPE" || code === "EMESSAGE") return new MailError({ reason: "Invalid", message })
    return new MailError({ reason: "Unreachable", message })
  }

  return {
    send: (mail) =>
      Effect.gen(function* () {
        // Built once here, so the same bytes would go through either sender.
        const mime = yield* composeEffect(options.from, mail, scrub)
        yield* Effect.tryPromise({
          try: () => transport.sendMail({ envelope: { from: options.from, to: [mail.to] }, raw: mime }),
          catch: (cause) => classify(mail, cause)
        })
      })
  }
}
