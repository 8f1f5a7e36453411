import type { IncomingMessage } from "node:http"
import { request as httpRequest } from "node:http"
import { request as httpsRequest } from "node:https"
import type { LookupFunction } from "node:net"
import { Effect, Layer } from "effect"
import type { WebhookPostResult } from "../../application/ports/WebhookTransport.ts"
import { WebhookTransport } from "../../application/ports/WebhookTransport.ts"
import { squeezed } from "../http/fetchWithDeadline.ts"
import type { CheckedAddress } from "./targetAddress.ts"
import { checkTarget } from "./targetAddress.ts"

/** The most of an answer read: its status decides, the rest is dropped (docs/security.md#outgoing-webhooks). */
export const WEBHOOK_ANSWER_MAX_BYTES = 64 * 1024
export const WEBHOOK_TIMEOUT_MS = 10_000

export interface HttpWebhookTransportOptions {
  /** WEBHOOKS_ALLOW_PRIVATE_TARGETS: loopback, private and link-local addresses may be called */
  readonly allowPrivateTargets: boolean
  readonly timeoutMs?: number
  readonly maxAnswerBytes?: number
  /** DNS servers to ask instead of the system's (tests) */
  readonly dnsServers?: ReadonlyArray<string>
}

/** A lookup that answers the address already checked, whatever the name: no second resolution to rebind. */
const pinned =
  (target: CheckedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all === true) callback(null, [{ address: target.address, family: target.family }])
    else callback(null, target.address, target.family)
  }

const describeError = (error: unknown): string => {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined
  const message = error instanceof Error ? error.message : String(error)
  return squeezed(typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message)
}

/** Node's certificate and TLS failures (DEPTH_ZERO_SELF_SIGNED_CERT, ERR_TLS_CERT_ALTNAME_INVALID, ERR_SSL_…, EPROTO). */
const isTlsError = (error: unknown): boolean => {
  const code = typeof error === "object" && error !== null ? Reflect.get(error, "code") : undefined
  return typeof code === "string" && /CERT|SSL|TLS|EPROTO|SELF_SIGNED|UNABLE_TO_(VERIFY|GET_ISSUER)/.test(code)
}

/**
 * One POST: the host's addresses checked (checkTarget), the connection made to the checked one,
 * no redirect followed (a 3xx is the answer), at most `maxAnswerBytes` of the answer read, and
 * the whole exchange, the answer's reading included, cut at `timeoutMs`.
 */
export const postWebhook = (
  options: HttpWebhookTransportOptions,
  url: string,
  body: string,
  headers: Readonly<Record<string, string>>,
  interrupt?: AbortSignal
): Promise<WebhookPostResult> => {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS
  const maxBytes = options.maxAnswerBytes ?? WEBHOOK_ANSWER_MAX_BYTES
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return Promise.resolve({ _tag: "Refused", why: "notWebAddress", detail: "not a web address" })
  }
  const secure = parsed.protocol === "https:"
  if (!secure && !(parsed.protocol === "http:" && options.allowPrivateTargets))
    return Promise.resolve({ _tag: "Refused", why: "notHttps", detail: `${parsed.protocol} is not https` })
  const hostname = parsed.hostname.replace(/^\[|\]$/g, "")
  return new Promise<WebhookPostResult>((resolve) => {
    let settled = false
    let status: number | null = null
    const finish = (result: WebhookPostResult) => {
      if (settled) return
      settled = true
      clearTimeout(timer)
      resolve(result)
    }
    // until the request exists, stopping cancels the name's lookup
    const lookupStopped = new AbortController()
    let abort = () => lookupStopped.abort()
    const timer = setTimeout(() => {
      // the status came and the body dragged: the answer stands, the rest is not waited for
      finish(status === null ? { _tag: "TimedOut", afterMs: timeoutMs } : { _tag: "Answered", status })
      abort()
    }, timeoutMs)
    // the caller stopped (the process shuts down): drop the exchange, the lease brings it back later
    interrupt?.addEventListener(
      "abort",
      () => {
        finish({ _tag: "Unreachable", detail: "stopped" })
        abort()
      },
      { once: true }
    )
    checkTarget(hostname, options.allowPrivateTargets, {
      timeoutMs,
      signal: lookupStopped.signal,
      ...(options.dnsServers === undefined ? {} : { servers: options.dnsServers })
    }).then(
      (checked) => {
        if (settled) return
        if (!checked.ok)
          return finish(
            checked.why === "private"
              ? { _tag: "Refused", why: "private", detail: `${hostname} leads to ${checked.address}` }
              : checked.why === "unresolved"
                ? { _tag: "Unreachable", detail: squeezed(checked.detail) }
                : { _tag: "TimedOut", afterMs: timeoutMs }
          )
        const bytes = Buffer.byteLength(body)
        const req = (secure ? httpsRequest : httpRequest)(parsed, {
          method: "POST",
          headers: { ...headers, "Content-Length": String(bytes), Connection: "close" },
          lookup: pinned(checked.target),
          // no pooled socket: each delivery connects to its own checked address
          agent: false
        })
        abort = () => req.destroy()
        req.on("response", (res: IncomingMessage) => {
          status = res.statusCode ?? 0
          let read = 0
          const done = () => {
            finish({ _tag: "Answered", status: status ?? 0 })
            req.destroy()
          }
          res.on("data", (chunk: Buffer) => {
            read += chunk.length
            if (read >= maxBytes) done()
          })
          res.on("end", done)
          res.on("error", done)
          res.on("aborted", done)
        })
        req.on("error", (error) =>
          finish(
            isTlsError(error)
              ? { _tag: "TlsProblem", detail: describeError(error) }
              : { _tag: "Unreachable", detail: describeError(error) }
          )
        )
        req.end(body)
      },
      (error: unknown) => finish({ _tag: "Unreachable", detail: describeError(error) })
    )
  })
}

export const HttpWebhookTransport = {
  layer: (options: HttpWebhookTransportOptions) =>
    Layer.succeed(WebhookTransport, {
      post: (url, body, headers) => Effect.promise((signal) => postWebhook(options, url, body, headers, signal))
    })
}
