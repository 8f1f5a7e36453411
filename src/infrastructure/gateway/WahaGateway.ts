import { Cache, Duration, Effect, Exit, Layer, Semaphore } from "effect"
import { z } from "zod"
import type {
  ChatPresenceRequest,
  GatewayContact,
  GatewayFailure,
  GatewayGroup,
  GatewayQr,
  GatewayServerVersion,
  GatewaySession,
  Page,
  PageOf,
  SendMediaRequest,
  SendPollRequest,
  SendStatusRequest,
  SendTextRequest,
  SentText
} from "../../application/ports/GatewayPort.ts"
import { GatewayError, GatewayPort } from "../../application/ports/GatewayPort.ts"
import { DIRECTORY_TTL_MS } from "../../application/session/GatewayDirectory.ts"
import { walkPages } from "../../application/session/walkPages.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { DeadlinePassed, fetchWithDeadline, squeezed, truncate } from "../http/fetchWithDeadline.ts"
import { jsonWithBase64 } from "./jsonWithBase64.ts"
import { makeFindSentMessage } from "./WahaChatHistory.ts"
import { makeMessageIds } from "./WahaMessageIds.ts"
import { meaningOfWahaAnswer } from "./wahaAnswers.ts"
import { ChannelsBody, readChannels } from "./wahaChannels.ts"
import { WahaId } from "./wahaId.ts"
import {
  ContactsBody,
  GroupsBody,
  isLidContact,
  LidsBody,
  mappedContact,
  readContacts,
  readGroups
} from "./wahaListing.ts"

/** WAHA HTTP API adapter for {@link GatewayPort} (docs/architecture.md#the-gateway; the send request: docs/operations.md#running-the-scheduler). */

export interface WahaGatewayOptions {
  /** e.g. `http://127.0.0.1:3000` (GATEWAY_API_URL); a trailing slash is ignored. */
  readonly baseUrl: string
  /** Sent as `X-Api-Key` (GATEWAY_API_KEY; empty string when unset). Never appears in an error message. */
  readonly apiKey: string
  /** Whole-call deadline (connect, headers and body); the fetch is aborted when it passes. Default 30000. */
  readonly timeoutMs?: number
  /** The deadline of sendImage / sendFile (at least `timeoutMs`). Default 120000. */
  readonly mediaTimeoutMs?: number
  /**
   * Where WAHA should post the events of the sessions Herald creates, and the key it signs them
   * with (GATEWAY_WEBHOOK_SECRET): registered as the session's `config.webhooks` on create.
   * Absent: sessions are created without webhooks.
   */
  readonly webhook?: WahaWebhookRegistration
}

export interface WahaWebhookRegistration {
  /** `${AUTH_URL}/api/webhooks/waha` */
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly hmacKey: string
}

export type WahaGatewayService = GatewayPort["Service"]

const DEFAULT_TIMEOUT_MS = 30_000
/**
 * sendImage / sendFile: up to 16 MB, ~21 MB as base64, which the gateway then uploads to WhatsApp
 * before it answers: 30 s would cut off a large file on a slow uplink (16 MB at 4 Mbit/s is 32 s).
 * Two minutes stays well inside the scheduler's claim lease (5 min), so a send cut off by it is a
 * failure, never an outcome-unknown.
 */
export const DEFAULT_MEDIA_TIMEOUT_MS = 120_000
const BODY_SNIPPET_MAX = 200

// ---------------------------------------------------------------------------
// Response shapes (only the fields we read; unknown keys are stripped)

const SessionBody = z.object({
  name: z.string(),
  status: z.string(),
  me: z
    .object({
      id: z.string(),
      pushName: z.string().nullish(),
      // WAHA 2026.7.2 on; its shape is read leniently (reachoutTimelockOf)
      reachoutTimelock: z.unknown().optional()
    })
    .nullish(),
  // the session's webhooks as WAHA keeps them (WebhookConfig); only url and events are read, and a
  // shape this does not know reads as not reported (the hmac key, if WAHA shows it, is never read)
  config: z
    .object({ webhooks: z.array(z.object({ url: z.string(), events: z.array(z.string()) })).nullish() })
    .nullish()
    .catch(undefined)
})

/** An instant as WAHA or WhatsApp may give it: ISO text, or seconds or milliseconds since 1970. */
const Instant = z.union([
  z.number().transform((n) => (n < 1e12 ? n * 1000 : n)),
  z.string().transform((text) => (/^\d+$/.test(text) ? Number(text) * (text.length < 13 ? 1000 : 1) : Date.parse(text)))
])

/**
 * `me.reachoutTimelock` (WAHA 2026.7.2 on). Its documented fields were not at hand (docs/waha.md,
 * "When WhatsApp limits a number"); WhatsApp's own state, as Baileys names it, is `{isActive,
 * timeEnforcementEnds, enforcementType}`, so those and plainer names are read. An object without
 * `isActive` counts as active when it names an end still ahead; null or absent: none shown.
 */
const Timelock = z.object({
  isActive: z.boolean().nullish(),
  active: z.boolean().nullish(),
  timeEnforcementEnds: Instant.nullish().catch(null),
  enforcementEnds: Instant.nullish().catch(null),
  until: Instant.nullish().catch(null),
  endsAt: Instant.nullish().catch(null),
  expiresAt: Instant.nullish().catch(null)
})

export const reachoutTimelockOf = (value: unknown, now: number): GatewaySession["reachoutTimelock"] => {
  if (value === null || value === undefined) return undefined
  const parsed = Timelock.safeParse(value)
  if (!parsed.success) return undefined
  const lock = parsed.data
  const ends = [lock.timeEnforcementEnds, lock.enforcementEnds, lock.until, lock.endsAt, lock.expiresAt].find(
    (at): at is number => typeof at === "number" && Number.isFinite(at)
  )
  const said = lock.isActive ?? lock.active
  const active = said ?? (ends !== undefined && ends > now)
  return ends === undefined ? { active } : { active, until: ends }
}

/** Webhook events that carry delivery receipts: group messages' (2025.12.2 on), or all of them before. */
const RECEIPT_EVENTS = ["message.ack", "message.ack.group", "*"]
/** Webhook events that carry votes on polls. */
const POLL_VOTE_EVENTS = ["poll.vote", "*"]

/**
 * WAHA checks a session's webhook events against the names it knows (class-validator's IsEnum on
 * WebhookConfig.events), so a version older than an event Herald asks for (message.ack.group came
 * in 2025.12.2) answers session creation with 400 "config.webhooks.0.each value in events must be
 * one of the following values: session.status, message, …". The names it lists; null for any
 * other answer.
 */
export const knownWebhookEvents = (text: string): ReadonlyArray<string> | null => {
  const listed = /each value in events must be one of the following values: ([^"\]]+)/.exec(text)?.[1]
  if (listed === undefined) return null
  const names = listed
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "")
  return names.length === 0 ? null : names
}

/**
 * sendText's answer names the message in each engine's own shape (WAHA's source and issues
 * #407, #760, #1615, #1778): WEBJS `id: {_serialized}`, NOWEB the Baileys key
 * `key: {remoteJid, fromMe, id}`, GOWS and WAMessage-shaped answers `id: "<fromMe>_<chat>_<key>"`
 * (GOWS also `_data.Info.ID`). Some versions answer an empty body (#1087): no id then.
 */
const SentBody = z.object({
  id: WahaId.optional().catch(undefined),
  key: z
    .object({ id: z.string().min(1) })
    .optional()
    .catch(undefined),
  _data: z
    .object({ Info: z.object({ ID: z.string().min(1) }) })
    .optional()
    .catch(undefined)
})
/** The gateway's id of a sent message, or null: a 2xx is a sent message whatever its body says. */
const sentMessageId = (text: string): string | null => {
  let json: unknown
  try {
    json = JSON.parse(text)
  } catch {
    return null
  }
  const body = SentBody.safeParse(json)
  if (!body.success) return null
  const id = body.data.id ?? ""
  if (id !== "") return id
  return body.data.key?.id ?? body.data._data?.Info.ID ?? null
}

const QrBody = z.object({ mimetype: z.string(), data: z.string() })

// groups, contacts and lids of each engine: wahaListing.ts

// WAHA 2023 answered no engine
const ServerVersionBody = z.object({
  version: z.string(),
  engine: z
    .string()
    .optional()
    .transform((e) => e ?? "unknown"),
  tier: z.string()
})

/** Lid table pages (WAHA's default is 100), and a bound on the table. */
const LID_PAGE = 500
const MAX_LIDS = 100_000
const LID_TABLE_TTL_MS = DIRECTORY_TTL_MS
type LidTable = ReadonlyMap<string, string | null | undefined>
const NO_LIDS: LidTable = new Map()
const countOf = (n: number) => (n === 1 ? "1 contact" : `${n} contacts`)

// ---------------------------------------------------------------------------
// Error helpers

interface ErrnoLike {
  readonly code?: unknown
  readonly message?: unknown
  readonly address?: unknown
  readonly port?: unknown
  readonly errors?: unknown
  readonly cause?: unknown
}
const asErrno = (u: unknown): ErrnoLike | undefined =>
  typeof u === "object" && u !== null ? (u as ErrnoLike) : undefined

/**
 * The `<host>:<port>` of a refused connection, "" when refused without a known address, undefined when not refused.
 * undici: `TypeError("fetch failed", { cause })` with cause an Error `{code: "ECONNREFUSED", address, port,
 * message: "connect ECONNREFUSED 127.0.0.1:3000"}`, or — when a host resolves to several addresses
 * (autoSelectFamily) — an AggregateError `{code: "ECONNREFUSED", message: "", errors: [<one such Error per address>]}`.
 */
const refusedAddress = (u: unknown, depth = 0): string | undefined => {
  const e = asErrno(u)
  if (e === undefined || depth > 4) return undefined
  if (Array.isArray(e.errors)) {
    for (const inner of e.errors) {
      const found = refusedAddress(inner, depth + 1)
      if (found) return found
    }
  }
  if (e.code === "ECONNREFUSED") {
    if (typeof e.address === "string") {
      return typeof e.port === "number" ? `${e.address}:${e.port}` : e.address
    }
    const m = typeof e.message === "string" ? /ECONNREFUSED\s+(\S+)/.exec(e.message) : null
    return m?.[1] ?? ""
  }
  return e.cause !== undefined ? refusedAddress(e.cause, depth + 1) : undefined
}

/** A short description of any other network failure: `<code> <message>` (e.g. `getaddrinfo ENOTFOUND host`). */
const describeNetworkFailure = (u: unknown): string => {
  const outer = asErrno(u)
  const e = asErrno(outer?.cause) ?? outer
  if (e === undefined) return String(u)
  const code = typeof e.code === "string" ? e.code : ""
  let message = typeof e.message === "string" ? e.message : ""
  if (message === "" && Array.isArray(e.errors)) {
    message = e.errors
      .map((inner) => asErrno(inner)?.message)
      .filter((m) => typeof m === "string")
      .join(", ")
  }
  if (code !== "" && message.includes(code)) return message
  return squeezed(`${code} ${message}`) || String(u)
}

// ---------------------------------------------------------------------------

interface RawResponse {
  readonly status: number
  readonly text: string
}

interface CallOptions {
  readonly query?: Record<string, string | number>
  readonly body?: unknown
  /** a JSON body already encoded (a file's base64 inside: jsonWithBase64) */
  readonly encodedBody?: Uint8Array
  /** leave X-Api-Key out (acceptsRequestsWithoutKey: does the gateway answer anyone?) */
  readonly withoutKey?: boolean
}

/**
 * Image and file sends in flight at once, per process: each holds its file and its ~21 MB body
 * outside the heap until the gateway answers (it uploads the file to WhatsApp first), and a
 * hundred sessions sending a 16 MB file at 09:00 must not take 4 GB. Other sends are not held.
 */
const MEDIA_SENDS_AT_ONCE = 2

export const makeWahaGateway = (options: WahaGatewayOptions): WahaGatewayService => {
  const baseUrl = options.baseUrl.replace(/\/+$/, "")
  const apiKey = options.apiKey
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const mediaTimeoutMs = options.mediaTimeoutMs ?? DEFAULT_MEDIA_TIMEOUT_MS

  /** Removes the API key and the webhook key from text that came from outside (response bodies, network error messages). */
  const secrets = [apiKey, options.webhook?.hmacKey ?? ""].filter((secret) => secret !== "")
  const scrub = (s: string): string => secrets.reduce((text, secret) => text.split(secret).join("***"), s)

  const fail = (prefix: string, reason: GatewayFailure, detail: string, status?: number): GatewayError =>
    new GatewayError({ reason, message: `${prefix}: ${detail}`, ...(status === undefined ? {} : { status }) })

  const networkError = (prefix: string, cause: unknown): GatewayError => {
    const refused = refusedAddress(cause)
    if (refused !== undefined) {
      return fail(prefix, "Unreachable", scrub(squeezed(`connect ECONNREFUSED ${refused}`)))
    }
    return fail(prefix, "Unreachable", truncate(scrub(describeNetworkFailure(cause)), BODY_SNIPPET_MAX))
  }

  const statusError = (prefix: string, response: RawResponse): GatewayError => {
    const { status } = response
    const meaning = meaningOfWahaAnswer(status, response.text)
    const snippet = truncate(scrub(squeezed(response.text)), BODY_SNIPPET_MAX)
    return new GatewayError({
      reason: meaning.reason,
      message: `${prefix}: gateway answered ${status}${snippet === "" ? "" : `: ${snippet}`}`,
      status,
      ...(meaning.sessionStatus === undefined ? {} : { sessionStatus: meaning.sessionStatus })
    })
  }

  /** One HTTP exchange; any status is a success here. Network failures and the deadline become GatewayErrors. */
  const call = (prefix: string, method: string, path: string, opts: CallOptions = {}, deadlineMs = timeoutMs) =>
    Effect.tryPromise({
      try: async (interrupt): Promise<RawResponse> => {
        const url = new URL(`${baseUrl}${path}`)
        for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v))
        const headers: Record<string, string> =
          opts.withoutKey === true
            ? { accept: "application/json" }
            : { accept: "application/json", "X-Api-Key": apiKey }
        const body = opts.encodedBody ?? (opts.body === undefined ? undefined : JSON.stringify(opts.body))
        if (body !== undefined) headers["Content-Type"] = "application/json"
        return fetchWithDeadline(
          url,
          { method, headers, ...(body === undefined ? {} : { body }) },
          deadlineMs,
          interrupt
        )
      },
      catch: (cause) =>
        cause instanceof DeadlinePassed ? fail(prefix, "Timeout", cause.message) : networkError(prefix, cause)
    })

  const ok =
    (prefix: string) =>
    (response: RawResponse): Effect.Effect<RawResponse, GatewayError> =>
      response.status >= 200 && response.status < 300
        ? Effect.succeed(response)
        : Effect.fail(statusError(prefix, response))

  const parse =
    <T>(prefix: string, schema: z.ZodType<T>) =>
    (response: RawResponse): Effect.Effect<T, GatewayError> => {
      let json: unknown
      try {
        json = JSON.parse(response.text)
      } catch {
        const snippet = truncate(scrub(squeezed(response.text)), BODY_SNIPPET_MAX)
        return Effect.fail(
          fail(prefix, "BadResponse", `invalid JSON from gateway (${response.status}): ${snippet}`, response.status)
        )
      }
      const result = schema.safeParse(json)
      if (result.success) return Effect.succeed(result.data)
      const issues = result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")
      return Effect.fail(
        fail(
          prefix,
          "BadResponse",
          `unexpected response shape: ${truncate(scrub(squeezed(issues)), BODY_SNIPPET_MAX)}`,
          response.status
        )
      )
    }

  const seg = encodeURIComponent

  const command = (prefix: string, method: string, path: string, body?: unknown): Effect.Effect<void, GatewayError> =>
    call(prefix, method, path, body === undefined ? {} : { body }).pipe(Effect.flatMap(ok(prefix)), Effect.asVoid)

  const messageIds = makeMessageIds({ call, ok, parse })
  /** WAHA's `id` (2026.4.3 on, NOWEB and GOWS): the message's id chosen before the send; left out when none was chosen. */
  const chosenId = (id: string | undefined) => (id === undefined ? {} : { id })
  /** The send's answer, and a warning when the gateway ignored the chosen id (WahaMessageIds.checkHonoured). */
  const sentWith = (request: { readonly session: string; readonly id?: string }, response: RawResponse) => {
    const sent: SentText = { messageId: sentMessageId(response.text) }
    return Effect.as(messageIds.checkHonoured(request.session, request.id, sent), sent)
  }

  const sendText = Effect.fnUntraced(function* (request: SendTextRequest) {
    const prefix = "failed to send message"
    const response = yield* call(prefix, "POST", "/api/sendText", {
      body: {
        chatId: request.chatId,
        text: request.text,
        linkPreview: true,
        linkPreviewHighQuality: false,
        session: request.session,
        // waha#1377, changelog 2025.11.1: the gateway resolves "all" to the group's participants
        ...(request.mentionAll === true ? { mentions: ["all"] } : {}),
        ...chosenId(request.id)
      }
    }).pipe(Effect.flatMap(ok(prefix)))
    return yield* sentWith(request, response)
  })

  // body as WAHA's docs (how-to/polls): poll.name is the question; reply_to left out (null there)
  const sendPoll = Effect.fnUntraced(function* (request: SendPollRequest) {
    const prefix = "failed to send poll"
    const response = yield* call(prefix, "POST", "/api/sendPoll", {
      body: {
        session: request.session,
        chatId: request.chatId,
        poll: { name: request.question, options: [...request.options], multipleAnswers: request.multipleAnswers },
        ...chosenId(request.id)
      }
    }).pipe(Effect.flatMap(ok(prefix)))
    return yield* sentWith(request, response)
  })

  // body as WAHA's docs (how-to/send-messages): the bytes as base64 `file.data`, not `file.url`
  // (the gateway may not reach Herald's address); a deadline of its own, as the gateway uploads
  // the file to WhatsApp before it answers (docs/architecture.md#media)
  const mediaSends = Semaphore.makeUnsafe(MEDIA_SENDS_AT_ONCE)
  const sendMedia = (request: SendMediaRequest) =>
    mediaSends.withPermits(1)(
      Effect.gen(function* () {
        const prefix = `failed to send ${request.kind === "image" ? "image" : "file"}`
        const response = yield* call(
          prefix,
          "POST",
          request.kind === "image" ? "/api/sendImage" : "/api/sendFile",
          {
            encodedBody: jsonWithBase64(
              {
                session: request.session,
                chatId: request.chatId,
                file: { mimetype: request.mimetype, filename: request.filename, data: "" },
                caption: request.caption,
                ...(request.mentionAll === true ? { mentions: ["all"] } : {}),
                ...chosenId(request.id)
              },
              request.bytes
            )
          },
          Math.max(timeoutMs, mediaTimeoutMs)
        ).pipe(Effect.flatMap(ok(prefix)))
        return yield* sentWith(request, response)
      })
    )

  // body as WAHA's TextStatus / ImageStatus (how-to/status; docs/reach.md "2. Status"): `contacts`
  // left out for all contacts (WEBJS refuses any list); no `id` (Herald takes none for a Status).
  // In the media sends' slots (two at once in this process, all sessions together) and under
  // their deadline: a Status to thousands is many requests inside WAHA. The scheduler takes its
  // own slot for a Status before the claim (Dispatcher), so a claimed Status never waits here.
  const sendStatus = (request: SendStatusRequest) =>
    mediaSends.withPermits(1)(
      Effect.gen(function* () {
        const prefix = "failed to post status"
        const path = `/api/${seg(request.session)}/status/${request.kind}`
        const contacts = request.contacts === null ? {} : { contacts: [...request.contacts] }
        const deadline = Math.max(timeoutMs, mediaTimeoutMs)
        const sending =
          request.kind === "text"
            ? call(
                prefix,
                "POST",
                path,
                {
                  body: {
                    text: request.text,
                    backgroundColor: request.backgroundColor,
                    font: request.font,
                    linkPreview: true,
                    linkPreviewHighQuality: false,
                    ...contacts
                  }
                },
                deadline
              )
            : call(
                prefix,
                "POST",
                path,
                {
                  encodedBody: jsonWithBase64(
                    {
                      file: { mimetype: request.mimetype, filename: request.filename, data: "" },
                      caption: request.caption,
                      ...contacts
                    },
                    request.bytes
                  )
                },
                deadline
              )
        const response = yield* sending.pipe(Effect.flatMap(ok(prefix)))
        return { messageId: sentMessageId(response.text) } satisfies SentText
      })
    )

  /**
   * NOWEB keeps no messages unless its store is on, and then only from the session's creation: the
   * lookups by id and the chat's history need it (docs/outcome-unknown.md, "What the NOWEB store
   * costs"). `fullSync: false` keeps about 3 months, enough for Herald. Other engines ignore it.
   */
  const NOWEB_STORE = { store: { enabled: true, fullSync: false } }
  /**
   * WEBJS since WAHA 2025.8.3 reports receipts of group messages only with its "tag events" on,
   * off by default for their cost (maintainer on waha#1311): Herald's receipts need them. A WAHA
   * without the field drops it (WAHAValidationPipe's whitelist); other engines ignore it.
   */
  const WEBJS_RECEIPTS = { tagsEventsOn: true }

  // WAHA's WebhookConfig (src/structures/webhooks.config.dto.ts): url, events, hmac.key, retries
  const sessionBody = (name: string, events: ReadonlyArray<string>) =>
    options.webhook === undefined || events.length === 0
      ? { name, start: true, config: { noweb: NOWEB_STORE } }
      : {
          name,
          start: true,
          config: {
            noweb: NOWEB_STORE,
            webjs: WEBJS_RECEIPTS,
            webhooks: [
              {
                url: options.webhook.url,
                events: [...events],
                hmac: { key: options.webhook.hmacKey },
                retries: { policy: "exponential", delaySeconds: 2, attempts: 5 }
              }
            ]
          }
        }

  /**
   * Creates the session with Herald's webhook. A WAHA too old for one of its events refuses the
   * whole session (400, knownWebhookEvents): it is created again with the events that WAHA knows, and
   * the log says which are missing (before 2025.12.2 `message.ack` carries group receipts too, so
   * receipts still come; session.getReceipts tells the page when they do not).
   */
  const createSession = Effect.fn("WahaGateway.createSession")(function* (name: string) {
    const prefix = "failed to create session"
    const wanted = options.webhook?.events ?? []
    // a session made anew may run on another engine: whether it gives ids is asked again
    yield* messageIds.forget(name)
    const first = yield* call(prefix, "POST", "/api/sessions", { body: sessionBody(name, wanted) })
    const known = first.status === 400 ? knownWebhookEvents(first.text) : null
    const refused = known === null ? [] : wanted.filter((event) => !known.includes(event))
    if (refused.length === 0) return yield* ok(prefix)(first).pipe(Effect.asVoid)
    const accepted = wanted.filter((event) => !refused.includes(event))
    yield* Effect.logWarning(
      `the gateway does not know the webhook events ${refused.join(", ")} (an older WAHA): session ${name} ` +
        (accepted.length === 0
          ? "is created without a webhook (no delivery receipts, no session alerts)"
          : `is registered for ${accepted.join(", ")} only` +
            (accepted.some((event) => RECEIPT_EVENTS.includes(event)) ? "" : " (no delivery receipts)"))
    )
    yield* command(prefix, "POST", "/api/sessions", sessionBody(name, accepted))
  })

  const getSession = Effect.fn("WahaGateway.getSession")(function* (name: string) {
    const prefix = "failed to get session status"
    const response = yield* call(prefix, "GET", `/api/sessions/${seg(name)}`)
    if (response.status === 404) return null
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, SessionBody)))
    const receipts = reportedOf(body.config, RECEIPT_EVENTS)
    const pollVotes = reportedOf(body.config, POLL_VOTE_EVENTS)
    const timelock = reachoutTimelockOf(body.me?.reachoutTimelock, Date.now())
    const session: GatewaySession = {
      name: body.name,
      status: body.status,
      ...(body.me?.id ? { meId: body.me.id } : {}),
      ...(body.me?.id && body.me.pushName ? { meName: body.me.pushName } : {}),
      ...(receipts === undefined ? {} : { receipts }),
      ...(pollVotes === undefined ? {} : { pollVotes }),
      ...(timelock === undefined ? {} : { reachoutTimelock: timelock })
    }
    return session
  })

  /**
   * Whether this session's events of a kind (receipts, poll votes) reach Herald, from its webhooks
   * at WAHA; undefined when WAHA shows none of its config.
   */
  const reportedOf = (
    config: z.infer<typeof SessionBody>["config"],
    events: ReadonlyArray<string>
  ): GatewaySession["receipts"] => {
    if (options.webhook === undefined) return "NOT_CONFIGURED"
    if (config === undefined || config === null) return undefined
    const url = options.webhook.url
    return (config.webhooks ?? []).some(
      (hook) => hook.url === url && hook.events.some((event) => events.includes(event))
    )
      ? "ON"
      : "NOT_REGISTERED"
  }

  const startSession = Effect.fn("WahaGateway.startSession")(function* (name: string) {
    yield* messageIds.forget(name)
    yield* command("failed to start session", "POST", `/api/sessions/${seg(name)}/start`)
  })

  const restartSession = Effect.fn("WahaGateway.restartSession")(function* (name: string) {
    yield* messageIds.forget(name)
    yield* command("failed to restart session", "POST", `/api/sessions/${seg(name)}/restart`)
  })

  const serverVersion = Effect.fn("WahaGateway.serverVersion")(function* () {
    const prefix = "failed to read the gateway's version"
    const response = yield* call(prefix, "GET", "/api/server/version")
    const version: GatewayServerVersion = yield* ok(prefix)(response).pipe(
      Effect.flatMap(parse(prefix, ServerVersionBody))
    )
    return version
  })

  const acceptsRequestsWithoutKey = Effect.fn("WahaGateway.acceptsRequestsWithoutKey")(function* () {
    const prefix = "failed to ask the gateway without its API key"
    const response = yield* call(prefix, "GET", "/api/sessions", { withoutKey: true })
    if (response.status === 401 || response.status === 403) return false
    yield* ok(prefix)(response)
    return true
  })

  const stopSession = Effect.fn("WahaGateway.stopSession")(function* (name: string) {
    yield* command("failed to stop session", "POST", `/api/sessions/${seg(name)}/stop`)
  })

  const logoutSession = Effect.fn("WahaGateway.logoutSession")(function* (name: string) {
    yield* command("failed to log out session", "POST", `/api/sessions/${seg(name)}/logout`)
  })

  const deleteSession = Effect.fn("WahaGateway.deleteSession")(function* (name: string) {
    yield* messageIds.forget(name)
    yield* command("failed to delete session", "DELETE", `/api/sessions/${seg(name)}`)
  })

  const getQr = Effect.fn("WahaGateway.getQr")(function* (name: string) {
    const prefix = "failed to get QR code"
    const response = yield* call(prefix, "GET", `/api/${seg(name)}/auth/qr`, { query: { format: "image" } })
    const qr: GatewayQr = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, QrBody)))
    return qr
  })

  // Without sortBy, WAHA pages in the engine's own order (WEBJS: recent activity), which moves between calls.
  // WAHA sorts by id every list but WEBJS groups (it reads the path "id._serialized" as one key there), so
  // pages of those may still shift; the directory reads 500 at a time. Participant lists are the bulk of a
  // group and Herald needs none of them. A WAHA without paging ignores all of these.
  const LIST_ORDER = { sortBy: "id", sortOrder: "asc" } as const

  /** More than asked for: the gateway ignored paging and served the whole list, so this page is the last. */
  const moreAfter = (served: number, page: Page) => served === page.limit

  const listGroups = Effect.fn("WahaGateway.listGroups")(function* (name: string, page: Page) {
    const prefix = "failed to list groups"
    const response = yield* call(prefix, "GET", `/api/${seg(name)}/groups`, {
      query: { limit: page.limit, offset: page.offset, ...LIST_ORDER, exclude: "participants" }
    })
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, GroupsBody)))
    const read = readGroups(body)
    if (!read.ok)
      return yield* Effect.fail(
        fail(prefix, "BadResponse", `unexpected response shape: ${read.problem}`, response.status)
      )
    const served = read.groups.map((g) => g.groupId)
    const result: PageOf<GatewayGroup> = { items: read.groups, more: moreAfter(served.length, page), served }
    return result
  })

  // one call, no paging (WAHA has none for channels) and no role filter (it takes one role only)
  const listChannels = Effect.fn("WahaGateway.listChannels")(function* (name: string) {
    const prefix = "failed to list channels"
    const response = yield* call(prefix, "GET", `/api/${seg(name)}/channels`)
    // NestJS's answer to a route it does not have: a WAHA before channels (2024.7.5)
    if (response.status === 404 && /Cannot GET/i.test(response.text)) {
      return yield* Effect.fail(
        fail(prefix, "FeatureUnsupported", "the gateway has no channels route (WAHA before 2024.7.5)", 404)
      )
    }
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, ChannelsBody)))
    return readChannels(body)
  })

  /** The whole lid table (lid → `<digits>@c.us`), read page after page. */
  const lidTable = (name: string) =>
    walkPages(
      { pageSize: LID_PAGE, maxEntries: MAX_LIDS, keyOf: (entry: { readonly lid: string }) => entry.lid, what: "lids" },
      (page) =>
        Effect.gen(function* () {
          const prefix = "failed to read the lid table"
          const response = yield* call(prefix, "GET", `/api/${seg(name)}/lids`, {
            query: { limit: page.limit, offset: page.offset }
          })
          const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, LidsBody)))
          return { items: body, more: moreAfter(body.length, page), served: body.map((entry) => entry.lid) }
        })
    ).pipe(Effect.map((entries): LidTable => new Map(entries.map((entry) => [entry.lid, entry.pn]))))

  // a walk over many contact pages, each with lids in it, reads the table once; kept as long as
  // GatewayDirectory keeps a list; a failed read is not kept (the next page asks again)
  const lidTables = Effect.runSync(
    Cache.makeWith(lidTable, {
      capacity: 1_000,
      timeToLive: (exit) => (Exit.isSuccess(exit) ? Duration.millis(LID_TABLE_TTL_MS) : Duration.zero)
    })
  )
  const lidTableOf = (name: string) => Cache.get(lidTables, name)

  const listContacts = Effect.fn("WahaGateway.listContacts")(function* (name: string, page: Page) {
    const prefix = "failed to list contacts"
    const response = yield* call(prefix, "GET", "/api/contacts/all", {
      query: { session: name, limit: page.limit, offset: page.offset, ...LIST_ORDER }
    })
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, ContactsBody)))
    const read = readContacts(body)
    const lids = read.entries.filter(isLidContact)
    // NOWEB and GOWS list more and more people by lid only; their number comes from WAHA's lid table
    const table =
      lids.length === 0
        ? NO_LIDS
        : yield* lidTableOf(name).pipe(
            Effect.catch((error) =>
              Effect.as(
                Effect.logWarning(
                  `Session ${oneLine(name)}: ${countOf(lids.length)} listed by @lid left out, no phone number for them: ${error.message}`
                ),
                undefined
              )
            )
          )
    const contacts: Array<GatewayContact> = []
    let unmapped = 0
    for (const entry of read.entries) {
      if (!isLidContact(entry)) {
        contacts.push(entry)
        continue
      }
      const contact = table === undefined ? undefined : mappedContact(entry, table.get(entry.lid))
      if (contact === undefined) unmapped += 1
      else contacts.push(contact)
    }
    if (table !== undefined && unmapped > 0) {
      yield* Effect.logWarning(
        `Session ${oneLine(name)}: ${countOf(unmapped)} listed by @lid left out, no phone number for them in the gateway's lid table`
      )
    }
    const result: PageOf<GatewayContact> = {
      items: contacts,
      more: moreAfter(read.served.length, page),
      served: read.served
    }
    return result
  })

  /** POST /api/sendSeen, /api/startTyping or /api/stopTyping with `{session, chatId}` (docs/waha-features.md §4). */
  const chatPresence = Effect.fnUntraced(function* (request: ChatPresenceRequest) {
    const [prefix, path] =
      request.action === "seen"
        ? ["failed to mark the chat seen", "/api/sendSeen"]
        : request.action === "startTyping"
          ? ["failed to start typing", "/api/startTyping"]
          : ["failed to stop typing", "/api/stopTyping"]
    yield* command(prefix, "POST", path, { session: request.session, chatId: request.chatId })
  })

  return GatewayPort.of({
    sendText,
    sendPoll,
    chatPresence,
    sendMedia,
    sendStatus,
    createSession,
    getSession,
    startSession,
    restartSession,
    stopSession,
    logoutSession,
    deleteSession,
    serverVersion,
    acceptsRequestsWithoutKey,
    getQr,
    listGroups,
    listContacts,
    listChannels,
    findSentMessage: makeFindSentMessage({ call, ok, parse }),
    newMessageId: messageIds.newMessageId,
    withoutIds: messageIds.withoutIds,
    findMessageById: messageIds.findMessageById
  })
}

export const WahaGateway = {
  make: makeWahaGateway,
  layer: (options: WahaGatewayOptions): Layer.Layer<GatewayPort> => Layer.succeed(GatewayPort, makeWahaGateway(options))
} as const
