import { Effect, Layer } from "effect"
import { z } from "zod"
import { GatewayError, GatewayPort } from "../../application/ports/GatewayPort.ts"
import { DeadlinePassed, fetchWithDeadline, squeezed, truncate } from "../http/fetchWithDeadline.ts"
import { meaningOfWahaAnswer } from "./wahaAnswers.ts"
import type {
  GatewayContact,
  PageOf,
  GatewayFailure,
  GatewayGroup,
  GatewayQr,
  GatewayServerVersion,
  GatewaySession,
  Page,
  SendTextRequest
} from "../../application/ports/GatewayPort.ts"

/** WAHA HTTP API adapter for {@link GatewayPort} (DESIGN §5, SPEC "Gateway call made by the scheduler"). */

export interface WahaGatewayOptions {
  /** e.g. `http://127.0.0.1:3000` (GATEWAY_API_URL); a trailing slash is ignored. */
  readonly baseUrl: string
  /** Sent as `X-Api-Key` (GATEWAY_API_KEY; empty string when unset). Never appears in an error message. */
  readonly apiKey: string
  /** Whole-call deadline (connect, headers and body); the fetch is aborted when it passes. Default 30000. */
  readonly timeoutMs?: number
}

export type WahaGatewayService = GatewayPort["Service"]

const DEFAULT_TIMEOUT_MS = 30_000
const BODY_SNIPPET_MAX = 200

// ---------------------------------------------------------------------------
// Response shapes (only the fields we read; unknown keys are stripped)

const SerializedId = z.union([z.string(), z.object({ _serialized: z.string() })])
const idOf = (id: z.infer<typeof SerializedId>): string => typeof id === "string" ? id : id._serialized

const SessionBody = z.object({
  name: z.string(),
  status: z.string(),
  me: z.object({ id: z.string() }).nullish()
})

const QrBody = z.object({ mimetype: z.string(), data: z.string() })

// WAHA 2023 answered no engine
const ServerVersionBody = z.object({ version: z.string(), engine: z.string().optional().transform((e) => e ?? "unknown"), tier: z.string() })

const GroupItem = z.object({
  id: SerializedId.optional(),
  subject: z.string().nullish(),
  name: z.string().nullish()
})
/** WEBJS answers an array, NOWEB an object keyed by group id. */
const GroupsBody = z.union([z.array(GroupItem), z.record(z.string(), GroupItem)])

const ContactItem = z.object({
  id: SerializedId,
  number: z.string().nullish(),
  name: z.string().nullish(),
  pushname: z.string().nullish(),
  shortName: z.string().nullish(),
  isGroup: z.boolean().nullish(),
  isBlocked: z.boolean().nullish(),
  isMe: z.boolean().nullish(),
  isWAContact: z.boolean().nullish()
})
const ContactsBody = z.array(ContactItem)

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
    message = e.errors.map((inner) => asErrno(inner)?.message).filter((m) => typeof m === "string").join(", ")
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
}

export const makeWahaGateway = (options: WahaGatewayOptions): WahaGatewayService => {
  const baseUrl = options.baseUrl.replace(/\/+$/, "")
  const apiKey = options.apiKey
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS

  /** Removes the key from text that came from outside (response bodies, network error messages). */
  const scrub = (s: string): string => apiKey === "" ? s : s.split(apiKey).join("***")

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
  const call = (prefix: string, method: string, path: string, opts: CallOptions = {}) =>
    Effect.tryPromise({
      try: async (interrupt): Promise<RawResponse> => {
        const url = new URL(`${baseUrl}${path}`)
        for (const [k, v] of Object.entries(opts.query ?? {})) url.searchParams.set(k, String(v))
        const headers: Record<string, string> = { "accept": "application/json", "X-Api-Key": apiKey }
        if (opts.body !== undefined) headers["Content-Type"] = "application/json"
        return fetchWithDeadline(url, { method, headers, ...(opts.body === undefined ? {} : { body: JSON.stringify(opts.body) }) }, timeoutMs, interrupt)
      },
      catch: (cause) =>
        cause instanceof DeadlinePassed ? fail(prefix, "Timeout", cause.message) : networkError(prefix, cause)
    })

  const ok = (prefix: string) => (response: RawResponse): Effect.Effect<RawResponse, GatewayError> =>
    response.status >= 200 && response.status < 300
      ? Effect.succeed(response)
      : Effect.fail(statusError(prefix, response))

  const parse = <T>(prefix: string, schema: z.ZodType<T>) => (response: RawResponse): Effect.Effect<T, GatewayError> => {
    let json: unknown
    try {
      json = JSON.parse(response.text)
    } catch {
      const snippet = truncate(scrub(squeezed(response.text)), BODY_SNIPPET_MAX)
      return Effect.fail(fail(prefix, "BadResponse", `invalid JSON from gateway (${response.status}): ${snippet}`, response.status))
    }
    const result = schema.safeParse(json)
    if (result.success) return Effect.succeed(result.data)
    const issues = result.error.issues.map((i) => `${i.path.join(".") || "(root)"}: ${i.message}`).join("; ")
    return Effect.fail(
      fail(prefix, "BadResponse", `unexpected response shape: ${truncate(scrub(squeezed(issues)), BODY_SNIPPET_MAX)}`, response.status)
    )
  }

  const seg = encodeURIComponent

  const command = (prefix: string, method: string, path: string, body?: unknown): Effect.Effect<void, GatewayError> =>
    call(prefix, method, path, body === undefined ? {} : { body }).pipe(Effect.flatMap(ok(prefix)), Effect.asVoid)

  const sendText = Effect.fnUntraced(function*(request: SendTextRequest) {
    yield* command("failed to send message", "POST", "/api/sendText", {
      chatId: request.chatId,
      text: request.text,
      linkPreview: true,
      linkPreviewHighQuality: false,
      session: request.session
    })
  })

  const createSession = Effect.fn("WahaGateway.createSession")(function*(name: string) {
    yield* command("failed to create session", "POST", "/api/sessions", { name, start: true })
  })

  const getSession = Effect.fn("WahaGateway.getSession")(function*(name: string) {
    const prefix = "failed to get session status"
    const response = yield* call(prefix, "GET", `/api/sessions/${seg(name)}`)
    if (response.status === 404) return null
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, SessionBody)))
    const session: GatewaySession = body.me?.id
      ? { name: body.name, status: body.status, meId: body.me.id }
      : { name: body.name, status: body.status }
    return session
  })

  const startSession = Effect.fn("WahaGateway.startSession")(function*(name: string) {
    yield* command("failed to start session", "POST", `/api/sessions/${seg(name)}/start`)
  })

  const restartSession = Effect.fn("WahaGateway.restartSession")(function*(name: string) {
    yield* command("failed to restart session", "POST", `/api/sessions/${seg(name)}/restart`)
  })

  const serverVersion = Effect.fn("WahaGateway.serverVersion")(function*() {
    const prefix = "failed to read the gateway's version"
    const response = yield* call(prefix, "GET", "/api/server/version")
    const version: GatewayServerVersion = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, ServerVersionBody)))
    return version
  })

  const stopSession = Effect.fn("WahaGateway.stopSession")(function*(name: string) {
    yield* command("failed to stop session", "POST", `/api/sessions/${seg(name)}/stop`)
  })

  const logoutSession = Effect.fn("WahaGateway.logoutSession")(function*(name: string) {
    yield* command("failed to log out session", "POST", `/api/sessions/${seg(name)}/logout`)
  })

  const deleteSession = Effect.fn("WahaGateway.deleteSession")(function*(name: string) {
    yield* command("failed to delete session", "DELETE", `/api/sessions/${seg(name)}`)
  })

  const getQr = Effect.fn("WahaGateway.getQr")(function*(name: string) {
    const prefix = "failed to get QR code"
    const response = yield* call(prefix, "GET", `/api/${seg(name)}/auth/qr`, { query: { format: "image" } })
    const qr: GatewayQr = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, QrBody)))
    return qr
  })

  const listGroups = Effect.fn("WahaGateway.listGroups")(function*(name: string, page: Page) {
    const prefix = "failed to list groups"
    const response = yield* call(prefix, "GET", `/api/${seg(name)}/groups`, {
      query: { limit: page.limit, offset: page.offset }
    })
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, GroupsBody)))
    const entries: ReadonlyArray<readonly [string | undefined, z.infer<typeof GroupItem>]> = Array.isArray(body)
      ? body.map((g) => [undefined, g] as const)
      : Object.entries(body)
    const groups: Array<GatewayGroup> = []
    for (const [key, g] of entries) {
      const groupId = g.id !== undefined ? idOf(g.id) : key
      if (groupId === undefined || groupId === "") {
        return yield* Effect.fail(fail(prefix, "BadResponse", "unexpected response shape: group without id", response.status))
      }
      groups.push({ groupId, groupName: g.subject ?? g.name ?? "" })
    }
    const result: PageOf<GatewayGroup> = { items: groups, more: entries.length >= page.limit }
    return result
  })

  const listContacts = Effect.fn("WahaGateway.listContacts")(function*(name: string, page: Page) {
    const prefix = "failed to list contacts"
    const response = yield* call(prefix, "GET", "/api/contacts/all", {
      query: { session: name, limit: page.limit, offset: page.offset }
    })
    const body = yield* ok(prefix)(response).pipe(Effect.flatMap(parse(prefix, ContactsBody)))
    const contacts: Array<GatewayContact> = []
    for (const c of body) {
      const id = idOf(c.id)
      if (!id.endsWith("@c.us") || c.isGroup === true || c.isBlocked === true || c.isMe === true) continue
      if (c.isWAContact === false) continue
      const number = c.number || id.slice(0, -"@c.us".length).replace(/\D/g, "")
      if (number === "") continue
      contacts.push({ groupId: id, groupName: c.name || c.pushname || c.shortName || number, number, isContact: true })
    }
    const result: PageOf<GatewayContact> = { items: contacts, more: body.length >= page.limit }
    return result
  })

  return GatewayPort.of({
    sendText,
    createSession,
    getSession,
    startSession,
    restartSession,
    stopSession,
    logoutSession,
    deleteSession,
    serverVersion,
    getQr,
    listGroups,
    listContacts
  })
}

export const WahaGateway = {
  make: makeWahaGateway,
  layer: (options: WahaGatewayOptions): Layer.Layer<GatewayPort> => Layer.succeed(GatewayPort, makeWahaGateway(options))
} as const
