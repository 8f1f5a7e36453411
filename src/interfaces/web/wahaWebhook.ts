import { hmac } from "@oslojs/crypto/hmac"
import { SHA512 } from "@oslojs/crypto/sha2"
import { constantTimeEqual } from "@oslojs/crypto/subtle"
import { decodeHex } from "@oslojs/encoding"
import type { ManagedRuntime } from "effect"
import { Effect } from "effect"
import type { Context as HonoContext } from "hono"
import { z } from "zod"
import type { AckOutcome } from "../../application/delivery/recordMessageAck.ts"
import { recordMessageAck } from "../../application/delivery/recordMessageAck.ts"
import { recordSessionStatus } from "../../application/session/recordSessionStatus.ts"
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
 * as JSON, and changes nothing; without a secret every call is refused.
 */
export const WAHA_WEBHOOK_PATH = "/api/webhooks/waha"

/** The events Herald subscribes to (message.ack.group exists from WAHA 2025.12.2). */
export const WAHA_WEBHOOK_EVENTS = ["message.ack", "message.ack.group", "session.status"] as const

/** Whether `signature` (hex) is the HMAC-SHA512 of `body` under `secret`, in constant time. */
export const validWahaSignature = (secret: string, body: Uint8Array, signature: string): boolean => {
  if (!/^[0-9a-fA-F]{128}$/.test(signature)) return false
  const expected = hmac(SHA512, new TextEncoder().encode(secret), body)
  return constantTimeEqual(expected, decodeHex(signature.toLowerCase()))
}

/** The envelope every WAHA event shares (only what Herald reads; more fields are ignored). */
const WebhookBody = z.object({
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
  readonly status: 200 | 400 | 401 | 503
  readonly body: Record<string, unknown>
  readonly refusal?: string
}

const refused = (message: string): Reply => ({
  status: 401,
  body: { error: { message, code: "UNAUTHORIZED" } },
  refusal: message
})
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

/** The Hono handler; `secret` null (GATEWAY_WEBHOOK_SECRET unset) refuses every call. */
export const wahaWebhookHandler =
  (runtime: ManagedRuntime.ManagedRuntime<WebServices, never>, secret: string | null) => async (c: HonoContext) => {
    const reply = async (): Promise<Reply> => {
      if (secret === null) return refused("webhooks are not enabled on this server: GATEWAY_WEBHOOK_SECRET is not set")
      const algorithm = c.req.header("x-webhook-hmac-algorithm")
      const signature = c.req.header("x-webhook-hmac")
      if (signature === undefined || algorithm === undefined)
        return refused("unsigned webhook: X-Webhook-Hmac and X-Webhook-Hmac-Algorithm are required")
      if (algorithm.trim().toLowerCase() !== "sha512")
        return refused("unsupported X-Webhook-Hmac-Algorithm: only sha512 is accepted")
      const raw = new Uint8Array(await c.req.arrayBuffer())
      if (!validWahaSignature(secret, raw, signature.trim())) return refused("bad webhook signature")
      let json: unknown
      try {
        json = JSON.parse(new TextDecoder().decode(raw))
      } catch {
        return invalid("the body is not JSON")
      }
      const body = WebhookBody.safeParse(json)
      if (!body.success)
        return invalid(body.error.issues.map((i) => `${i.path.join(".") || "body"}: ${i.message}`).join("; "))
      return runtime.runPromise(handleEvent(body.data))
    }
    const { status, body, refusal } = await reply()
    if (refusal !== undefined) runtime.runFork(Effect.logWarning(`Refused a WAHA webhook call: ${refusal}`))
    return c.json(body, status)
  }
