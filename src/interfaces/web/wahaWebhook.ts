import { decodeHex } from "@oslojs/encoding"
import type { ManagedRuntime } from "effect"
import { Clock, Effect } from "effect"
import type { Context as HonoContext, MiddlewareHandler } from "hono"
import { bodyLimit } from "hono/body-limit"
import { createMiddleware } from "hono/factory"
import { z } from "zod"
import type { AckOutcome } from "../../application/delivery/recordMessageAck.ts"
import { recordMessageAck } from "../../application/delivery/recordMessageAck.ts"
import type { PollVoteOutcome } from "../../application/poll/recordPollVote.ts"
import { recordPollVote } from "../../application/poll/recordPollVote.ts"
import { recordSessionStatus } from "../../application/session/recordSessionStatus.ts"
import type { RefusedKind } from "../../application/shared/RefusalLog.ts"
import { RefusalLog } from "../../application/shared/RefusalLog.ts"
import type { LimitRule } from "../../application/shared/RequestLimits.ts"
import { RequestLimits } from "../../application/shared/RequestLimits.ts"
import { SeenEvents } from "../../application/shared/SeenEvents.ts"
import { TrustedSenders } from "../../application/shared/TrustedSenders.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import type { AckLevel } from "../../domain/message/Message.ts"
import { WahaId } from "../../infrastructure/gateway/wahaId.ts"
import { addressBlock } from "./clientAddress.ts"
import type { WebServices } from "./WebServices.ts"

/**
 * WAHA's webhooks at `/api/webhooks/waha` (docs/architecture.md#the-web-contract). Herald registers this URL on every
 * session it creates (`config.webhooks`, see WahaGateway) with `hmac.key` =
 * GATEWAY_WEBHOOK_SECRET. WAHA then signs each call: `X-Webhook-Hmac` is the hex HMAC of the
 * raw body and `X-Webhook-Hmac-Algorithm` names the hash, `sha512` (WAHA's docs, "Events" →
 * "HMAC authentication"). A call without a valid signature is refused before its body is read
 * as JSON, and changes nothing; without a secret every call is refused. What strangers can make
 * the server do is bounded (docs/security.md#webhooks): the headers, the caller's refusal
 * allowance and the unverified bodies in flight are checked before any byte of the body is read,
 * the body is capped at WAHA_WEBHOOK_MAX_BYTES, and the HMAC is the platform's (WebCrypto), not
 * JavaScript's. An address that sent a correctly signed call lately is WAHA's and is spared the
 * allowance and the in-flight bounds (TrustedSenders).
 */
export const WAHA_WEBHOOK_PATH = "/api/webhooks/waha"

/**
 * The events Herald subscribes to (message.ack.group exists from WAHA 2025.12.2; poll.vote and
 * poll.vote.failed from 2023.9, docs/reach.md#3-poll-results).
 */
export const WAHA_WEBHOOK_EVENTS = [
  "message.ack",
  "message.ack.group",
  "session.status",
  "poll.vote",
  "poll.vote.failed"
] as const

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
 * 401s (unsigned, wrong algorithm, bad signature) an untrusted client (an IPv4 address or an
 * IPv6 /64, see addressBlock) may cause in a minute; past them it gets 429 before its body is read. A 413 is
 * not counted: the size cap bounds its cost already, and WAHA's own oversized events would count.
 */
export const WAHA_WEBHOOK_REFUSALS: LimitRule = { limit: 10, windowMs: 60_000 }

/**
 * How long an address that sent a correctly signed call stays trusted (each signed call renews
 * it): its 401s are not counted nor is it refused 429, so sessions still signing with a rotated-out
 * secret cannot get WAHA's good receipts from newer sessions refused.
 */
export const WAHA_WEBHOOK_TRUST_MS = 10 * 60_000

/**
 * Bodies of untrusted callers being read before their signature is known: at most 4 per client
 * (an IPv6 /64), 32 in all (8 MiB at 256 KiB each). Past either, 429 before the body is read, so
 * slow senders in parallel cannot hold more. Trusted addresses are not counted.
 */
export const WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT = 4
export const WAHA_WEBHOOK_UNVERIFIED_OVERALL = 32

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

/** Generous bounds on a vote's options, whoever's poll it answers (a body is capped anyway). */
const MAX_LOOSE_OPTION_LENGTH = 10_000
const MAX_LOOSE_OPTIONS = 1_000

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

/** `MessageDestination`: a message's serialized id, its chat, sender and the group member. */
const VoteDestination = z.object({
  id: SerializedId,
  to: z.string().max(200).nullish().catch(null),
  from: z.string().max(200).nullish().catch(null),
  fromMe: z.boolean().nullish().catch(null),
  participant: z.string().max(200).nullish().catch(null)
})

const AltId = z.string().max(200).nullish().catch(null)

/**
 * `poll.vote` / `poll.vote.failed` (WAHA's PollVotePayload): `vote` names the voter and holds every
 * option they hold now (`selectedOptions`; [] on a failed one) and when (`timestamp`: ms, but
 * seconds on NOWEB's failed votes); `poll` is the poll message. Each engine names the voter
 * differently (docs/reach.md#3-poll-results): see votersOf. The options are read loosely (any
 * strings, a generous cap): a vote on a poll that is not Herald's (its options longer or more
 * than Herald's polls allow) is answered "unknown", not refused, so WAHA does not retry it;
 * Herald's own poll checks them against its options (PollVotesDecider).
 */
const PollVotePayload = z.object({
  vote: VoteDestination.extend({
    selectedOptions: z.array(z.string().max(MAX_LOOSE_OPTION_LENGTH)).max(MAX_LOOSE_OPTIONS).nullish(),
    timestamp: z.number().nonnegative().nullish().catch(null)
  }),
  poll: VoteDestination,
  /**
   * the engine's own data: a `pushName` there is the voter's name (not every engine has one); the
   * voter's other id, when the engine knows both their number and their hidden id: NOWEB's message
   * key (`participantAlt` in a group, `remoteJidAlt` one to one), GOWS's `Info.SenderAlt`
   */
  _data: z
    .object({
      pushName: z.string().max(200).nullish().catch(null),
      key: z.object({ participantAlt: AltId, remoteJidAlt: AltId }).nullish().catch(null),
      Info: z.object({ SenderAlt: AltId }).nullish().catch(null)
    })
    .nullish()
    .catch(null)
})

/** `123@c.us` for `123@s.whatsapp.net` or `123:4@s.whatsapp.net` (a device of the number). */
const plainId = (id: string): string => id.replace(/:\d+@/, "@").replace(/@s\.whatsapp\.net$/, "@c.us")

const isPerson = (id: string | null | undefined): id is string =>
  typeof id === "string" && id !== "" && id !== "me" && !id.endsWith("@g.us") && !id.endsWith("@newsletter")

/**
 * Who voted: "me" for the organiser's own phone; else the group member (`participant`: GOWS,
 * where `from` is the group), else `from` (NOWEB, WEBJS), else `to` when `from` is a group. Where
 * the payload names the voter both by number and by hidden id (`@lid`: `participant` and `from`
 * differing, or the engine's other id in `_data`), the number is the voter and the hidden id kept
 * beside it (`lid`), so one person is counted once whichever id a later vote carries.
 */
export const votersOf = (
  vote: z.infer<typeof VoteDestination>,
  data?: z.infer<typeof PollVotePayload>["_data"]
): { readonly voter: string; readonly lid: string | null } | null => {
  if (vote.fromMe === true) return { voter: "me", lid: null }
  const named = [vote.participant, vote.from, data?.key?.participantAlt, data?.key?.remoteJidAlt, data?.Info?.SenderAlt]
    .filter(isPerson)
    .map(plainId)
  const ids = named.length > 0 ? named : [vote.to].filter(isPerson).map(plainId)
  const first = ids[0]
  if (first === undefined) return null
  const number = ids.find((id) => !id.endsWith("@lid"))
  const lid = ids.find((id) => id.endsWith("@lid"))
  return number === undefined ? { voter: first, lid: null } : { voter: number, lid: lid ?? null }
}

/** Who voted, by one id (votersOf's `voter`). */
export const voterOf = (vote: z.infer<typeof VoteDestination>): string | null => votersOf(vote)?.voter ?? null

/**
 * A vote's time in ms: WAHA's ms, or seconds (NOWEB's failed votes: a number below 1e12), else the
 * envelope's; null when neither says (then a retry of it cannot be told from a newer vote).
 */
const votedAtOf = (timestamp: number | null | undefined, envelope: number | undefined): number | null =>
  typeof timestamp === "number" && timestamp > 0
    ? timestamp < 1e12
      ? timestamp * 1000
      : timestamp
    : (envelope ?? null)

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
    case "poll.vote":
    case "poll.vote.failed": {
      const payload = PollVotePayload.safeParse(body.payload)
      if (!payload.success) return Effect.succeed(invalid(issuesOf(body.event, payload.error)))
      const { vote, poll } = payload.data
      const voter = votersOf(vote, payload.data._data)
      if (voter === null) return Effect.succeed({ status: 200, body: { result: "ignored" } })
      const readable = body.event === "poll.vote"
      return Effect.gen(function* () {
        const votedAt = votedAtOf(vote.timestamp, body.timestamp)
        const now = yield* Clock.currentTimeMillis
        const outcome: PollVoteOutcome = yield* recordPollVote({
          sessionName: body.session,
          pollMessageId: poll.id,
          vote: {
            ...voter,
            voterName: payload.data._data?.pushName ?? null,
            options: readable ? (vote.selectedOptions ?? []) : [],
            votedAt: votedAt ?? now,
            readable
          },
          dated: votedAt !== null
        })
        if (outcome.result === "ignored")
          yield* (yield* RefusalLog).record(
            FOREIGN_VOTES,
            outcome.reason,
            `${oneLine(body.event)} ${oneLine(body.id ?? "without id")} on ${oneLine(poll.id)}: ${outcome.reason}, not recorded`
          )
        return { status: 200, body: { result: outcome.result } } satisfies Reply
      }).pipe(Effect.catch(unavailable(body.event)))
    }
    default:
      return Effect.succeed({ status: 200, body: { result: "ignored" } })
  }
}

/** Signed votes Herald does not keep: on a poll not its own in that chat, or with options the poll has not. */
const FOREIGN_VOTES: RefusedKind = {
  one: "a poll vote that does not fit Herald's poll",
  many: "poll votes that do not fit Herald's polls"
}

const REFUSED: RefusedKind = {
  one: "a WAHA webhook call",
  many: "WAHA webhook calls"
}

/** Stale events have lines of their own: they point at a clock, not at a stranger. */
const STALE: RefusedKind = {
  one: "a stale WAHA webhook event",
  many: "stale WAHA webhook events"
}

/** A refusal: its status, the label it is counted under, and what the caller is told. */
interface Refusal {
  readonly status: 401 | 413 | 429
  readonly reason: string
  readonly message: string
  readonly retryAfterMs?: number
}

const CODES = { 401: "UNAUTHORIZED", 413: "PAYLOAD_TOO_LARGE", 429: "TOO_MANY_REQUESTS" } as const

const refusalKey = (client: string) => `waha-webhook-refusals:${addressBlock(client)}`

/**
 * When the event is too old or too far ahead to be news, a label to count it by and how far off
 * it is; null when it is fresh or undated (an undated event is taken, and is never newer than what is stored).
 */
const staleness = (
  timestamp: number | undefined,
  now: number
): { readonly reason: string; readonly detail: string } | null => {
  if (timestamp === undefined) return null
  const seconds = Math.round(Math.abs(now - timestamp) / 1000)
  if (timestamp < now - WAHA_EVENT_MAX_AGE_MS)
    return { reason: "too old", detail: `dated ${seconds} s before this server's clock` }
  if (timestamp > now + WAHA_EVENT_MAX_AHEAD_MS)
    return { reason: "dated ahead", detail: `dated ${seconds} s ahead of this server's clock` }
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
      // a signed event, so WAHA's: the likely cause is a clock, said once an interval (RefusalLog)
      yield* (yield* RefusalLog).record(
        STALE,
        stale.reason,
        `from ${oneLine(client)}: ${oneLine(body.event)} ${oneLine(body.id ?? "without id")} ${stale.detail}, ` +
          "answered stale and not recorded; the gateway's clock or Herald's may be wrong (keep both on NTP)"
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
 * Unverified bodies in flight, per client and in all (a plain count: the route runs on one event
 * loop). `enter` takes a place or says there is none; each place taken is given back once.
 */
export const unverifiedBodies = (perClient: number, overall: number) => {
  const held = new Map<string, number>()
  let total = 0
  return {
    enter: (client: string): boolean => {
      const mine = held.get(client) ?? 0
      if (mine >= perClient || total >= overall) return false
      held.set(client, mine + 1)
      total += 1
      return true
    },
    leave: (client: string): void => {
      const mine = held.get(client) ?? 0
      if (mine <= 1) held.delete(client)
      else held.set(client, mine - 1)
      total -= 1
    }
  }
}

/**
 * The route's handlers, in order: the guard (the caller's refusal allowance, the headers, a place
 * among the unverified bodies in flight: nothing of the body is read), the body limit, and the
 * handler (signature, envelope, event). A refusal before the body is read closes the connection,
 * as the 1 MiB limit does: the unread rest would otherwise be taken for the next request on a
 * kept-alive connection.
 */
export const wahaWebhookRoute = ({
  runtime,
  secret,
  clientOf
}: WahaWebhookOptions): readonly [MiddlewareHandler, MiddlewareHandler, (c: HonoContext) => Promise<Response>] => {
  const verify = secret === null ? null : wahaSignatureCheck(secret)
  const inFlight = unverifiedBodies(WAHA_WEBHOOK_UNVERIFIED_PER_CLIENT, WAHA_WEBHOOK_UNVERIFIED_OVERALL)
  const isTrusted = (client: string) => runtime.runPromise(TrustedSenders.use((t) => t.isTrusted(client)))
  const refuse = async (c: HonoContext, client: string, refusal: Refusal, bodyUnread: boolean) => {
    await runtime.runPromise(
      Effect.gen(function* () {
        // only 401s count, and not from an address WAHA signed from lately: a 413's cost is bounded
        // by the cap, and a 429 comes from a window used up already or from the in-flight bound
        if (refusal.status === 401 && !(yield* (yield* TrustedSenders).isTrusted(client)))
          yield* (yield* RequestLimits).count(refusalKey(client), WAHA_WEBHOOK_REFUSALS)
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
    if (await isTrusted(client)) {
      const refusal = headerRefusal(c)
      return refusal === null ? next() : refuse(c, client, refusal, true)
    }
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
    const block = addressBlock(client)
    if (!inFlight.enter(block))
      return refuse(
        c,
        client,
        { status: 429, reason: "too many in flight", message: "too many webhook calls in progress; try again later" },
        true
      )
    try {
      return await next()
    } finally {
      // on every path: answered, refused later, failed, or the connection dropped mid-body
      inFlight.leave(block)
    }
  })

  const cap = bodyLimit({
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

  /** A body that could not be read: its sender dropped the connection; nobody gets this answer. */
  const unreadable = (c: HonoContext) => {
    const { status, body } = invalid("the request body could not be read")
    return c.json(body, status, { Connection: "close" })
  }

  // the cap reads a chunked body itself: a failure before it hands over is a dropped sender, not a fault
  const limit: MiddlewareHandler = async (c, next) => {
    let handedOver = false
    try {
      return await cap(c, () => {
        handedOver = true
        return next()
      })
    } catch (error) {
      if (handedOver) throw error
      return unreadable(c)
    }
  }

  const handler = async (c: HonoContext): Promise<Response> => {
    const client = clientOf(c)
    const raw = await c.req.arrayBuffer().then(
      (bytes) => new Uint8Array(bytes),
      () => null
    )
    if (raw === null) return unreadable(c)
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
    // Only the secret's holder can sign a new event: this address is WAHA's. Not on a stale or
    // already-seen one: whoever captured a signed call could replay it from anywhere.
    if (status === 200 && body["result"] !== "stale" && body["result"] !== "duplicate")
      await runtime.runPromise(TrustedSenders.use((t) => t.trust(client)))
    return c.json(body, status)
  }

  return [guard, limit, handler] as const
}
