import { decodeHex } from "@oslojs/encoding"
import type { ManagedRuntime } from "effect"
import { Clock, Effect } from "effect"
import type { Context as HonoContext, MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { createMiddleware } from "hono/factory"
import { z } from "zod"
import type { AckOutcome } from "../../application/delivery/recordMessageAck.ts"
import { recordMessageAck } from "../../application/delivery/recordMessageAck.ts"
import { recordSessionStatus } from "../../application/session/recordSessionStatus.ts"
import type { RefusedKind } from "../../application/shared/RefusalLog.ts"
import { RefusalLog } from "../../application/shared/RefusalLog.ts"
import type { LimitRule } from "../../application/shared/RequestLimits.ts"
import { RequestLimits } from "../../application/shared/RequestLimits.ts"
import { SeenEvents } from "../../application/shared/SeenEvents.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import type { AckLevel } from "../../domain/message/Message.ts"
import { WahaId } from "../../infrastructure/gateway/wahaId.ts"
import type { WebServices } from "./WebServices.ts"

/**
 * WAHA's webhooks at `/api/webhooks/waha` (docs/architecture.md#the-web-contract). Herald registers this URL on every
 * session it creates (`config.webhooks`, see WahaGateway) with `hmac.key` =
 * GATEWAY_WEBHOOK_SECRET. WAHA then signs each call: `X-Webhook-Hmac` is the hex HMAC of the
 * raw body and `X-Webhook-Hmac-Algorithm` names the hash, `sha512` (WAHA's docs, "Events" →
 * "HMAC authentication"). A call without a valid signature is refused before its body is read
 * as JSON, and changes nothing; without a secret every call is refused. What strangers can make
 * the server do is bounded (docs/security.md#webhooks): the headers are checked and the caller's
 * refusal allowance counted before any byte of the body is read, the body is capped at
 * WAHA_WEBHOOK_MAX_BYTES, and the HMAC is the platform's (WebCrypto), not JavaScript's.
 */
export const WAHA_WEBHOOK_PATH = "/api/webhooks/waha"

/** The events Herald subscribes to (message.ack.group exists from WAHA 2025.12.2). */
export const WAHA_WEBHOOK_EVENTS = ["message.ack", "message.ack.group", "session.status"] as const

/**
 * The largest body taken. session.status is under 2 KiB; the largest event Herald subscribes to
 * is a WEBJS receipt, which carries the whole message twice (`body` and the engine's `_data`):
 * a text of MAX_CONTENT_LENGTH (4,096) characters is at most 32 KiB so, plus a link-preview or
 * image thumbnail, plus, for "mention everyone", the mentioned members (a group's 1,024 at
 * about 80 bytes each). 256 KiB holds that with room; with native HMAC it costs well under a
 * millisecond, off the main thread.
 */
export const WAHA_WEBHOOK_MAX_BYTES = 256 * 1024

/**
 * Refusals (401, 413) a client may cause in a minute; past them it gets 429 before its body is
 * read. WAHA itself is never refused while its secret is right, so only strangers (or a WAHA with
 * the wrong secret, refused anyway) meet this.
 */
export const WAHA_WEBHOOK_REFUSALS: LimitRule = { limit: 10, windowMs: 60_000 }

/**
 * The freshness window (item 7 of issue 21). WAHA dates each event once, when the session emits
 * it (`timestamp`, ms, beside its id `evt_<ulid>`), and sends the same body again on each retry
 * (Herald registers 5 exponential attempts from 2 s: the last about a minute after the first).
 * An event dated more than 10 minutes ago, or more than 2 minutes ahead (clocks that disagree),
 * is answered 200 `stale` (a retry could not make it fresher) and changes nothing.
 */
export const WAHA_EVENT_MAX_AGE_MS = 10 * 60_000
export const WAHA_EVENT_MAX_AHEAD_MS = 2 * 60_000
/**
 * How long a handled event's id is kept: past that it is refused as stale anyway. Each web
 * process keeps its own, so a replay sent to another process within the window gets as far as
 * the store, whose own idempotency (a receipt counts once; a status is ordered by its date, and
 * an undated one is never newer) makes it change nothing and mail nobody.
 */
export const WAHA_EVENT_REMEMBER_MS = WAHA_EVENT_MAX_AGE_MS + WAHA_EVENT_MAX_AHEAD_MS

const SHA512_HEX = /^[0-9a-fA-F]{128}$/

/**
 * Checks signatures under `secret` with the platform's HMAC-SHA512 (WebCrypto, on Node and
 * Deno alike; its verify compares in constant time). JavaScript's own SHA-512 took over a
 * second of the event loop per MiB.
 */
export const wahaSignatureCheck = (secret: string) => {
  const key = crypto.subtle.importKey(
    "raw",
    new TextEncoder().encode(secret),
    { name: "HMAC", hash: "SHA-512" },
    false,
    ["verify"]
  )
  /** whether `signature` (hex) is the HMAC-SHA512 of `body` */
  return async (body: Uint8Array<ArrayBuffer>, signature: string): Promise<boolean> => {
    if (!SHA512_HEX.test(signature)) return false
    return crypto.subtle.verify("HMAC", await key, new Uint8Array(decodeHex(signature.toLowerCase())), body)
  }
}

/** The envelope every WAHA event shares (only what Herald reads; more fields are ignored). */
const WebhookBody = z.object({
  /** the event's id, the same on every retry (`evt_<ulid>`; newer versions) */
  id: z.string().min(1).max(128).optional().catch(undefined),
  event: z.string().min(1),
  session: z.string().min(1),
  /** when WAHA emitted the event (ms; newer versions) */
  timestamp: z.number().int().positive().optional().catch(undefined),
  payload: z.unknown()
})

/** `session.status`: `status`, and `statuses` (the recent ones, each with its `timestamp` in ms). */
const StatusPayload = z.object({
  status: z.string().min(1).max(64),
  statuses: z
    .array(z.object({ status: z.string(), timestamp: z.number() }))
    .nullish()
    .catch(null)
})

const SerializedId = WahaId.pipe(z.string().min(1))

/**
 * `message.ack` / `message.ack.group`: `id` (serialized), `ack` (-1 ERROR, 0 PENDING, 1 SERVER,
 * 2 DEVICE, 3 READ, 4 PLAYED), `ackName`, `participant` (the group member, null otherwise).
 */
const AckPayload = z.object({
  id: SerializedId,
  ack: z.number().int().nullish(),
  ackName: z.string().nullish(),
  participant: z.string().nullish()
})

/** A store that cannot be reached: 503, so WAHA's retries try again later. */
const unavailable = (event: string) => (error: { readonly message: string }) =>
  Effect.logWarning(`WAHA webhook ${event} not recorded: ${oneLine(error.message)}`).pipe(
    Effect.as<Reply>({
      status: 503,
      body: { error: { message: "the database is unavailable; try again", code: "SERVICE_UNAVAILABLE" } }
    })
  )

const issuesOf = (event: string, error: z.ZodError) =>
  `${event}: ${error.issues.map((i) => `${i.path.join(".") || "payload"}: ${i.message}`).join("; ")}`

/** DEVICE: reached a phone; READ and PLAYED: read there. SERVER, PENDING and ERROR say nothing about delivery. */
const ackLevel = (ack: number | null | undefined, ackName: string | null | undefined): AckLevel | null => {
  switch (ackName) {
    case "DEVICE":
      return "DELIVERED"
    case "READ":
    case "PLAYED":
      return "READ"
    case "ERROR":
    case "PENDING":
    case "SERVER":
      return null
  }
  if (ack === 2) return "DELIVERED"
  if (ack === 3 || ack === 4) return "READ"
  return null
}

type Reply = {
  readonly status: 200 | 400 | 503
  readonly body: Record<string, unknown>
}

const invalid = (message: string): Reply => ({ status: 400, body: { error: { message, code: "BAD_REQUEST" } } })

/** What one signed call means to Herald; a store that cannot be reached answers 503, so WAHA's retries try again. */
const handleEvent = (body: z.infer<typeof WebhookBody>): Effect.Effect<Reply, never, WebServices> => {
  switch (body.event) {
    case "message.ack":
    case "message.ack.group": {
      const payload = AckPayload.safeParse(body.payload)
      if (!payload.success) return Effect.succeed(invalid(issuesOf(body.event, payload.error)))
      const level = ackLevel(payload.data.ack, payload.data.ackName)
      if (level === null) return Effect.succeed({ status: 200, body: { result: "ignored" } })
      return recordMessageAck({
        sessionName: body.session,
        gatewayMessageId: payload.data.id,
        participant: payload.data.participant ?? null,
        level
      }).pipe(
        Effect.map((result: AckOutcome): Reply => ({ status: 200, body: { result } })),
        Effect.catch(unavailable(body.event))
      )
    }
    case "session.status": {
      const payload = StatusPayload.safeParse(body.payload)
      if (!payload.success) return Effect.succeed(invalid(issuesOf(body.event, payload.error)))
      // when it happened: the envelope's timestamp, else that of the newest matching entry in `statuses`
      const listed = payload.data.statuses?.filter((s) => s.status === payload.data.status).at(-1)?.timestamp
      return recordSessionStatus({
        sessionName: body.session,
        status: payload.data.status,
        reportedAt: body.timestamp ?? listed ?? null
      }).pipe(
        Effect.map((result): Reply => ({ status: 200, body: { result } })),
        Effect.catch(unavailable(body.event))
      )
    }
    default:
      return Effect.succeed({ status: 200, body: { result: "ignored" } })
  }
}

const REFUSED: RefusedKind = {
  one: "a WAHA webhook call",
  many: "WAHA webhook calls"
}

/** A refusal: its status, the label it is counted under, and what the caller is told. */
interface Refusal {
  readonly status: 401 | 413 | 429
  readonly reason: string
  readonly message: string
  readonly retryAfterMs?: number
}

const CODES = { 401: "UNAUTHORIZED", 413: "PAYLOAD_TOO_LARGE", 429: "TOO_MANY_REQUESTS" } as const

const refusalKey = (client: string) => `waha-webhook-refusals:${client}`

/**
 * When the event is too old or too far ahead to be news, a reason; null when it is fresh or
 * undated (an undated event is taken, and is never newer than what is stored).
 */
const staleness = (timestamp: number | undefined, now: number): string | null => {
  if (timestamp === undefined) return null
  if (timestamp < now - WAHA_EVENT_MAX_AGE_MS) return "older than the freshness window"
  if (timestamp > now + WAHA_EVENT_MAX_AHEAD_MS) return "dated ahead of this server's clock"
  return null
}

/**
 * A signed event: refused as stale outside the freshness window, answered `duplicate` when its
 * id was handled already (a retry whose answer was lost, or a replay), else handled, and its id
 * kept once it is recorded (a 503 is not: WAHA's retry must get through).
 */
const handleFresh = (body: z.infer<typeof WebhookBody>, client: string): Effect.Effect<Reply, never, WebServices> =>
  Effect.gen(function* () {
    const stale = staleness(body.timestamp, yield* Clock.currentTimeMillis)
    if (stale !== null) {
      yield* (yield* RefusalLog).record(
        REFUSED,
        "stale",
        `from ${oneLine(client)}: ${body.event} ${oneLine(body.id ?? "without id")} ${stale}`
      )
      return { status: 200, body: { result: "stale" } } satisfies Reply
    }
    const seen = yield* SeenEvents
    if (body.id !== undefined && (yield* seen.seen(body.id))) return { status: 200, body: { result: "duplicate" } }
    const reply = yield* handleEvent(body)
    if (body.id !== undefined && reply.status === 200) yield* seen.remember(body.id)
    return reply
  })

interface WahaWebhookOptions {
  readonly runtime: ManagedRuntime.ManagedRuntime<WebServices, never>
  /** GATEWAY_WEBHOOK_SECRET; null (unset) refuses every call */
  readonly secret: string | null
  /** the caller's address (TRUST_PROXY aware) */
  readonly clientOf: (c: HonoContext) => string
}

/**
 * The route's handlers, in order: the guard (the caller's refusal allowance, then the headers:
 * nothing of the body is read), the body limit, and the handler (signature, envelope, event).
 * A refusal before the body is read closes the connection, as the 1 MiB limit does: the unread
 * rest would otherwise be taken for the next request on a kept-alive connection.
 */
export const wahaWebhookRoute = ({
  runtime,
  secret,
  clientOf
}: WahaWebhookOptions): readonly [MiddlewareHandler, MiddlewareHandler, (c: HonoContext) => Promise<Response>] => {
  const verify = secret === null ? null : wahaSignatureCheck(secret)
  const refuse = async (c: HonoContext, client: string, refusal: Refusal, bodyUnread: boolean) => {
    await runtime.runPromise(
      Effect.gen(function* () {
        // a 429 is not counted: its window is used up already, and a fixed window ends on time anyway
        if (refusal.status !== 429) yield* (yield* RequestLimits).count(refusalKey(client), WAHA_WEBHOOK_REFUSALS)
        yield* (yield* RefusalLog).record(REFUSED, refusal.reason, `from ${oneLine(client)}: ${refusal.message}`)
      })
    )
    const headers: Record<string, string> = bodyUnread ? { Connection: "close" } : {}
    if (refusal.retryAfterMs !== undefined) headers["Retry-After"] = String(Math.ceil(refusal.retryAfterMs / 1000))
    return c.json({ error: { message: refusal.message, code: CODES[refusal.status] } }, refusal.status, headers)
  }

  const headerRefusal = (c: HonoContext): Refusal | null => {
    if (verify === null)
      return {
        status: 401,
        reason: "not enabled",
        message: "webhooks are not enabled on this server: GATEWAY_WEBHOOK_SECRET is not set"
      }
    const algorithm = c.req.header("x-webhook-hmac-algorithm")
    const signature = c.req.header("x-webhook-hmac")
    if (signature === undefined || algorithm === undefined)
      return {
        status: 401,
        reason: "unsigned",
        message: "unsigned webhook: X-Webhook-Hmac and X-Webhook-Hmac-Algorithm are required"
      }
    if (algorithm.trim().toLowerCase() !== "sha512")
      return {
        status: 401,
        reason: "unsupported algorithm",
        message: "unsupported X-Webhook-Hmac-Algorithm: only sha512 is accepted"
      }
    if (!SHA512_HEX.test(signature.trim()))
      return { status: 401, reason: "bad signature", message: "bad webhook signature" }
    return null
  }

  const guard = createMiddleware(async (c, next) => {
    const client = clientOf(c)
    const over = await runtime.runPromise(
      RequestLimits.use((limits) => limits.check(refusalKey(client), WAHA_WEBHOOK_REFUSALS)).pipe(
        Effect.match({ onFailure: (over) => over, onSuccess: () => null })
      )
    )
    if (over !== null)
      return refuse(
        c,
        client,
        {
          status: 429,
          reason: "over the allowance",
          message: "too many refused webhook calls from this address; try again later",
          retryAfterMs: over.retryAfterMs
        },
        true
      )
    const refusal = headerRefusal(c)
    if (refusal !== null) return refuse(c, client, refusal, true)
    return next()
  })

  const limit = bodyLimit({
    maxSize: WAHA_WEBHOOK_MAX_BYTES,
    onError: (c) =>
      refuse(
        c,
        clientOf(c),
        {
          status: 413,
          reason: "too large",
          message: `request body larger than ${WAHA_WEBHOOK_MAX_BYTES / 1024} KiB: no WAHA event Herald takes is`
        },
        true
      )
  })

  const handler = async (c: HonoContext): Promise<Response> => {
    const client = clientOf(c)
    const raw = new Uint8Array(await c.req.arrayBuffer())
    // the guard let only a sha512 signature of the right form through, with a secret set
    if (verify === null || !(await verify(raw, (c.req.header("x-webhook-hmac") ?? "").trim())))
      return refuse(c, client, { status: 401, reason: "bad signature", message: "bad webhook signature" }, false)
    let json: unknown
    try {
      json = JSON.parse(new TextDecoder().decode(raw))
    } catch {
      const { status, body } = invalid("the body is not JSON")
      return c.json(body, status)
    }
    const parsed = WebhookBody.safeParse(json)
    const { status, body } = parsed.success
      ? await runtime.runPromise(handleFresh(parsed.data, client))
      : invalid(parsed.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "))
    return c.json(body, status)
  }

  return [guard, limit, handler] as const
}
