import type { IncomingMessage, ServerResponse } from "node:http"
import { createServer } from "node:http"
import type { AddressInfo } from "node:net"
import type { FakeChannel, FakeServerVersion } from "./fakeWahaRules.ts"
import {
  alreadyExists,
  alreadyStarted,
  availableOnlyInPlus,
  cannotRoute,
  channelSendsVanish,
  channelsAnswer,
  DEFAULT_FAKE_VERSION,
  hasChannelsRoute,
  hasNewMessageIdRoute,
  knownWebhookEvents,
  mediaOnlyInPlus,
  mentionsAllOnlyInGroups,
  messageIdsSupported,
  messageNotFound,
  newWahaMessageId,
  notImplementedBy,
  nowebStoreOff,
  onlyDefaultAllowed,
  onlyDefaultSession,
  pollsSupported,
  sessionNotFound,
  startItFirst,
  statusNotExpected,
  unknownWebhookEvent,
  WAHA_STATUS_WAIT_MS,
  waitUntil
} from "./fakeWahaRules.ts"
import type { FakeStatus } from "./fakeWahaStatus.ts"
import { answerStatus } from "./fakeWahaStatus.ts"

/**
 * A WAHA-compatible fake gateway on real HTTP (127.0.0.1, free port). It records every request, keeps
 * sessions in memory, serves group/contact fixtures, and lets a test switch how sendText answers.
 * Sessions follow WAHA's rules (fakeWahaRules.ts: 422 bodies, 404 "start it first" for a stopped
 * session, the wait for a status, idempotent stop/delete, the Core "only default" rule).
 * Everything under /api/ requires `X-Api-Key`; /health does not. Answers carry `Connection: close`, so no
 * keep-alive socket outlives a request and `refuse()` reliably yields ECONNREFUSED on the next call.
 */

export const FAKE_WAHA_API_KEY = "fake-waha-test-key"
/** 1×1 PNG. */
export const FAKE_QR_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=="

export interface RecordedRequest {
  readonly method: string
  readonly path: string
  readonly query: Record<string, string>
  /** lower-cased names */
  readonly headers: Record<string, string>
  /** parsed JSON, else the raw text; undefined when empty */
  readonly body: unknown
  readonly receivedAt: number
  /** true once the client went away before the answer was written (e.g. its timeout aborted the fetch) */
  aborted: boolean
}

export interface FakeSession {
  name: string
  status: string
  me: { id: string; pushName: string } | null
  /** the config it was created with (WAHA shows it in GET /api/sessions/{name}) */
  config?: unknown
}

export interface FakeWahaOptions {
  /** The key the fake expects (default FAKE_WAHA_API_KEY). */
  readonly apiKey?: string
  /** Answer every call whatever X-Api-Key says, as a WAHA started with WAHA_NO_API_KEY=true does (default false; see withoutKey). */
  readonly keyless?: boolean
  /** sendText treats any session it does not know as WORKING (default true). */
  readonly autoSessions?: boolean
  /**
   * Keep connections open between requests, as a real gateway does (default false: tests want
   * `refuse()` to take effect on the very next call; the benchmark wants realistic sockets).
   */
  readonly keepAlive?: boolean
  /** The clock (ms) that stamps accepted sends in the chat history (default Date.now). */
  readonly clock?: () => number
  /** What GET /api/server/version answers (default DEFAULT_FAKE_VERSION); a CORE before 2026.6.1 allows only `default`. */
  readonly serverVersion?: Partial<FakeServerVersion>
  /**
   * How long a call that needs a WORKING (or SCAN_QR_CODE) session waits for it before answering 422,
   * as WAHA does (default WAHA_STATUS_WAIT_MS).
   */
  readonly statusWaitMs?: number
  /** The engine (NOWEB, GOWS, WEBJS) GET /api/server/version names; overrides `serverVersion.engine` (default WEBJS). */
  readonly engine?: "NOWEB" | "GOWS" | "WEBJS"
  /** WAHA's version; overrides `serverVersion.version` (default 2026.7.1). Message ids need NOWEB or GOWS from 2026.4.3. */
  readonly version?: string
  /**
   * Sends drop the body's `id` and make their own, whatever the engine, as a WAHA that does not
   * read the field (default false; WEBJS and versions before 2026.4.3 drop it anyway).
   */
  readonly ignoresIds?: boolean
}

/** WAHA's WAMessage as GET /api/{session}/chats/{chatId}/messages answers it; `timestamp` in seconds. */
export interface FakeChatMessage {
  id: string
  timestamp: number
  from: string
  fromMe: boolean
  to: string
  body: string | null
  hasMedia: boolean
  /** -1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ, 4 PLAYED */
  ack: number
  ackName: string
  replyTo: null
  _data: Record<string, unknown>
}

export const ACK_NAMES: Record<number, string> = {
  [-1]: "ERROR",
  0: "PENDING",
  1: "SERVER",
  2: "DEVICE",
  3: "READ",
  4: "PLAYED"
}

type SendMode =
  | { readonly kind: "normal"; readonly latencyMs: number }
  | { readonly kind: "respond"; readonly status: number; readonly body: unknown }
  | { readonly kind: "hang" }
  | { readonly kind: "deliverThenHang" }
  | { readonly kind: "deliverLater"; readonly ms: number }

/** How every /api/ call is answered when the whole gateway is made to fail (a string body is sent as is, not as JSON). */
type Breakdown =
  | { readonly kind: "respond"; readonly status: number; readonly body: unknown }
  | { readonly kind: "hang" }

export interface FakeWaha {
  readonly url: string
  readonly port: number
  readonly apiKey: string
  readonly requests: Array<RecordedRequest>
  /** bodies of accepted sendText calls */
  readonly sent: Array<{ chatId: string; text: string; session: string; [k: string]: unknown }>
  /** bodies of accepted sendPoll calls (as received) */
  readonly polls: Array<Record<string, unknown>>
  /** accepted sendImage / sendFile calls: the path and the body as received (file.data is base64) */
  readonly media: Array<{ readonly path: string; readonly body: Record<string, unknown> }>
  /** accepted Status posts (POST /api/{session}/status/text|image; fakeWahaStatus.ts) */
  readonly statuses: Array<FakeStatus>
  readonly sessions: Map<string, FakeSession>
  respondWith(status: number, body?: unknown): void
  hang(): void
  /** Sends deliver (record the send and its chat message) but never answer: a crash right after the send. */
  deliverThenHang(): void
  /** Sends are taken and never answered, and nothing is delivered: a crash before the engine sent anything (as hang()). */
  hangWithoutDelivering(): void
  /**
   * Sends are taken and never answered; each is delivered `ms` after it came (recorded, and in the
   * chat's history, stamped then), as a send still queued inside the engine after the client gave
   * up. Tests wait for it with waitFor, never by sleeping.
   */
  deliverLater(ms: number): void
  latency(ms: number): void
  /** Every /api/ call (after the key check) gets this answer, until reset(); a string body is written raw. */
  answerEverythingWith(status: number, body?: unknown): void
  /** Every /api/ call is left unanswered, until reset(). */
  hangEverything(): void
  /**
   * Sends (sendText, sendPoll) to this chat get this answer, until reset(): a group the session
   * left or was removed from, while its other chats still take messages.
   */
  refuseChat(chatId: string, status: number, body?: unknown): void
  /**
   * WhatsApp limits the number (a reach-out time-lock), until reset() or limitNumber(null): every
   * send (sendText, sendPoll, sendImage, sendFile) is answered as GOWS does, 500 "2 UNKNOWN: server
   * returned error 463" (waha#2170), and each session shows `me.reachoutTimelock` (WAHA 2026.7.2)
   * with its end, when `until` is given, as WhatsApp's own state is named (isActive,
   * timeEnforcementEnds); without `until`, `reachoutTimelock: null`, as waha#2219 saw while 463 came.
   */
  limitNumber(limit: { readonly until?: number } | null): void
  /** Marking seen and typing (sendSeen, startTyping, stopTyping) are left unanswered, until reset() or hangPresence(false). */
  hangPresence(on: boolean): void
  /**
   * GET /api/sessions/{name} is answered only once holdSessionInfo(false) is called (then all that
   * waited are answered), until reset(): a gateway slow to say what it knows of a session.
   */
  holdSessionInfo(on: boolean): void
  /** Sends to this chat are taken again (undoes refuseChat). */
  acceptChat(chatId: string): void
  /** Stops listening and drops open connections: new connections are refused. */
  refuse(): Promise<void>
  /** Listens again on the same port. */
  accept(): Promise<void>
  /** Normal behaviour, listening, and empty requests/sent/sessions/fixtures. */
  reset(): Promise<void>
  setSessionStatus(name: string, status: string, meId?: string): void
  /** Changes what GET /api/server/version answers (and so whether named sessions are allowed), until reset(). */
  setServerVersion(version: Partial<FakeServerVersion>): void
  setGroups(session: string, groups: ReadonlyArray<unknown> | Record<string, unknown>): void
  setContacts(session: string, contacts: ReadonlyArray<unknown>): void
  /**
   * The channels this session's number follows or runs; GET /api/{session}/channels answers them in
   * the engine's shape (fakeWahaRules.channelsAnswer). Sends to their `…@newsletter` ids are taken as
   * sends to a group (WEBJS 2026.1.x excepted: channelSendsVanish).
   */
  setChannels(session: string, channels: ReadonlyArray<FakeChannel>): void
  /** The session's lid table (GET /api/{session}/lids), e.g. [{lid: "123@lid", pn: "15551234567@c.us"}]. */
  setLids(session: string, lids: ReadonlyArray<{ readonly lid: string; readonly pn: string | null }>): void
  /**
   * Answer lists as WAHA did before paging (contacts before 2024.10.9, groups before 2024.12.3): the whole
   * list in engine order whatever limit/offset/sortBy/exclude say, and no /lids endpoint (added in 2025.5.4).
   */
  legacy(on: boolean): void
  /**
   * Run as WAHA does when started with WAHA_NO_API_KEY=true: every /api/ call is answered, with or without
   * a key (GET /api/sessions then shows each session's config to anyone), until reset().
   */
  withoutKey(on: boolean): void
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>
  close(): Promise<void>
  /**
   * The chat's history as this session sees it (accepted sendText calls land here with ack SERVER),
   * oldest first; tests may add, change or remove entries.
   */
  chatHistory(session: string, chatId: string): Array<FakeChatMessage>
  /** This session's engine keeps no history: the messages endpoints (the list, and by id) answer 400, as NOWEB without its store does. */
  withoutHistory(session: string): void
  /** The ack this session's sends get in the chat's history (default 1, SERVER), until reset(). */
  setAck(session: string, ack: number): void
  /** Whether sends drop the body's `id` (as the option `ignoresIds`), until reset(). */
  ignoreIds(on: boolean): void
}

const SESSION_NAME = /^[a-zA-Z0-9_-]+$/

export const startFakeWaha = async (options: FakeWahaOptions = {}): Promise<FakeWaha> => {
  const apiKey = options.apiKey ?? FAKE_WAHA_API_KEY
  const autoSessions = options.autoSessions ?? true
  const connection = options.keepAlive === true ? "keep-alive" : "close"
  const requests: Array<RecordedRequest> = []
  const sent: FakeWaha["sent"] = []
  const refusedChats = new Map<string, { readonly status: number; readonly body: unknown }>()
  const polls: FakeWaha["polls"] = []
  const statuses: FakeWaha["statuses"] = []
  const media: FakeWaha["media"] = []
  const sessions = new Map<string, FakeSession>()
  const groups = new Map<string, ReadonlyArray<unknown> | Record<string, unknown>>()
  const contacts = new Map<string, ReadonlyArray<unknown>>()
  const channels = new Map<string, ReadonlyArray<FakeChannel>>()
  const lids = new Map<string, ReadonlyArray<{ readonly lid: string; readonly pn: string | null }>>()
  let legacy = false
  let keyless = options.keyless ?? false
  const histories = new Map<string, Array<FakeChatMessage>>()
  const noHistory = new Set<string>()
  const clock = options.clock ?? Date.now
  const chatHistory = (session: string, chatId: string) => {
    const key = `${session}\u0000${chatId}`
    const found = histories.get(key)
    if (found !== undefined) return found
    const created: Array<FakeChatMessage> = []
    histories.set(key, created)
    return created
  }
  let mode: SendMode = { kind: "normal", latencyMs: 0 }
  let numberLimit: { readonly until?: number } | null = null
  let presenceHangs = false
  let sessionInfoWaiting: Array<() => void> | null = null
  let breakdown: Breakdown | null = null
  let listening = false
  const initialVersion: FakeServerVersion = {
    ...DEFAULT_FAKE_VERSION,
    ...options.serverVersion,
    ...(options.engine === undefined ? {} : { engine: options.engine }),
    ...(options.version === undefined ? {} : { version: options.version })
  }
  let ignoresIds = options.ignoresIds ?? false
  const acks = new Map<string, number>()
  /** deliverLater's pending deliveries, cleared by reset() and close() */
  const later = new Set<ReturnType<typeof setTimeout>>()
  let serverVersion = initialVersion
  const statusWaitMs = options.statusWaitMs ?? WAHA_STATUS_WAIT_MS
  let messageCounter = 0
  const started = Date.now()

  const json = (res: ServerResponse, status: number, body: unknown) => {
    if (res.destroyed || res.writableEnded) return
    const text = body === undefined ? "" : JSON.stringify(body)
    res.writeHead(status, { "content-type": "application/json", connection }).end(text)
  }
  const view = (s: FakeSession) => ({
    name: s.name,
    status: s.status,
    config: s.config ?? {},
    me:
      s.me === null || numberLimit === null
        ? s.me
        : {
            ...s.me,
            reachoutTimelock:
              numberLimit.until === undefined
                ? null
                : {
                    isActive: true,
                    timeEnforcementEnds: new Date(numberLimit.until).toISOString(),
                    enforcementType: "DEFAULT"
                  }
          },
    // one engine per WAHA process: a session reports the server's
    engine: { engine: serverVersion.engine }
  })
  /** A just-started session reports STARTING once, then SCAN_QR_CODE. */
  const observe = (s: FakeSession) => {
    const shown = view(s)
    if (s.status === "STARTING") s.status = "SCAN_QR_CODE"
    return shown
  }
  const page = (items: ReadonlyArray<unknown>, query: Record<string, string>) => {
    if (legacy) return items
    const offset = Number(query["offset"] ?? 0)
    const limit = query["limit"] === undefined ? items.length : Number(query["limit"])
    return items.slice(offset, offset + limit)
  }
  /** WAHA sorts only when asked (PaginatorInMemory); without sortBy the engine's own order stands. */
  const sorted = <T>(
    items: ReadonlyArray<T>,
    query: Record<string, string>,
    field: (item: T, sortBy: string) => string
  ): ReadonlyArray<T> => {
    const sortBy = query["sortBy"]
    if (legacy || sortBy === undefined) return items
    const direction = query["sortOrder"] === "desc" ? -1 : 1
    return [...items].sort(
      (a, b) => direction * (field(a, sortBy) < field(b, sortBy) ? -1 : field(a, sortBy) > field(b, sortBy) ? 1 : 0)
    )
  }
  const text = (value: unknown): string => (typeof value === "string" ? value : "")
  const record = (value: unknown): Record<string, unknown> =>
    typeof value === "object" && value !== null ? (value as Record<string, unknown>) : {}
  /**
   * sortBy=id|subject: NOWEB id / subject, GOWS JID / Name. WEBJS maps them to the paths "id._serialized" /
   * "groupMetadata.subject", which WAHA's PaginatorInMemory reads as single keys (item["id._serialized"]):
   * every WEBJS group compares equal, so its groups stay in the engine's order (recent activity) even when sorted.
   */
  const groupField = (group: unknown, sortBy: string): string => {
    const g = record(group)
    if (g["groupMetadata"] !== undefined) return ""
    if (sortBy === "subject")
      return text(g["subject"]) || text(g["Name"]) || text(record(g["groupMetadata"])["subject"])
    return text(g["id"]) || text(record(g["id"])["_serialized"]) || text(g["JID"])
  }
  /** exclude=participants drops each engine's participant lists (WhatsappSession.filterGroupsFields) */
  const withoutParticipants = (group: unknown): unknown => {
    const { participants: _p, Participants: _P, groupMetadata, ...rest } = record(group)
    if (groupMetadata === undefined) return rest
    const {
      participants: _mp,
      pendingParticipants: _pp,
      pastParticipants: _pa,
      membershipApprovalRequests: _mr,
      ...metadata
    } = record(groupMetadata)
    return { ...rest, groupMetadata: metadata }
  }
  const knows = (name: string) => sessions.has(name) || autoSessions

  /**
   * The key of a message a send makes: the body's `id` where this WAHA uses it (NOWEB and GOWS
   * from 2026.4.3, unless ignoresIds), else the fake's own (`<kind><n>`).
   */
  const keyFor = (body: Record<string, unknown>, kind: string) => {
    messageCounter += 1
    const chosen = body["id"]
    return typeof chosen === "string" && chosen !== "" && !ignoresIds && messageIdsSupported(serverVersion)
      ? chosen
      : `${kind}${messageCounter}`
  }
  /**
   * What a send answers, per engine: NOWEB hands back Baileys' own message (`key.id` is the bare
   * key, `messageTimestamp`, `status` PENDING until the server acknowledges it); the others a
   * WAMessage-like body with the serialized id.
   */
  const sentAnswer = (id: string, timestamp: number, extra: Record<string, unknown> = {}) => {
    if (serverVersion.engine.toUpperCase() !== "NOWEB") return { id, timestamp, ...extra }
    const [, remoteJid, key] = id.split("_")
    return {
      key: { remoteJid, fromMe: true, id: key },
      message: {},
      messageTimestamp: String(timestamp),
      status: "PENDING"
    }
  }
  /** The session's own message as the chat's history and the lookup by id show it; `body` its text or caption. */
  const historyEntry = (
    session: FakeSession | undefined,
    sessionName: string,
    chatId: string,
    id: string,
    text: string | null,
    hasMedia = false
  ): FakeChatMessage => {
    const ack = acks.get(sessionName) ?? 1
    return {
      id,
      timestamp: Math.floor(clock() / 1000),
      from: session?.me?.id ?? "15550000000@c.us",
      fromMe: true,
      to: chatId,
      body: text,
      hasMedia,
      ack,
      ackName: ACK_NAMES[ack] ?? "UNKNOWN",
      replyTo: null,
      _data: {}
    }
  }

  const sendText = (req: RecordedRequest, res: ServerResponse, answer = true) => {
    const body = req.body as Record<string, unknown> | undefined
    if (
      typeof body?.["chatId"] !== "string" ||
      typeof body["text"] !== "string" ||
      typeof body["session"] !== "string"
    ) {
      return json(res, 400, { message: "chatId, text and session are required" })
    }
    const refused = refusedChats.get(body["chatId"])
    if (refused !== undefined) return json(res, refused.status, refused.body)
    // WAHA 2025.11.1+ resolves "all" to the group's participants, and refuses it outside a group
    const mentions = body["mentions"]
    if (Array.isArray(mentions) && mentions.includes("all") && !body["chatId"].endsWith("@g.us")) {
      return json(res, 422, mentionsAllOnlyInGroups(body["chatId"]))
    }
    const session = sessions.get(body["session"])
    if (session === undefined && !autoSessions)
      return json(res, 404, { message: `Session "${body["session"]}" does not exist` })
    if (session !== undefined && session.status !== "WORKING") {
      return json(res, 422, {
        message: `Session status is not as expected`,
        status: session.status,
        expected: ["WORKING"]
      })
    }
    if (channelSendsVanish(serverVersion, body["chatId"])) return answer ? json(res, 201, undefined) : undefined
    sent.push(body as FakeWaha["sent"][number])
    const id = `true_${body["chatId"]}_${keyFor(body, "FAKE")}`
    const entry = historyEntry(session, body["session"], body["chatId"], id, body["text"])
    chatHistory(body["session"], body["chatId"]).push(entry)
    if (answer) json(res, 201, sentAnswer(id, entry.timestamp, { body: body["text"] }))
  }

  /**
   * POST /api/sendPoll as WAHA: no check of the options (WAHA has none), the engine's 501 "not
   * implemented" where its version cannot (pollsUnsupported), the session's status as sendText.
   */
  const sendPoll = (req: RecordedRequest, res: ServerResponse, answer = true) => {
    const body = req.body as Record<string, unknown> | undefined
    const poll = body?.["poll"] as Record<string, unknown> | undefined
    if (
      typeof body?.["chatId"] !== "string" ||
      typeof body["session"] !== "string" ||
      typeof poll?.["name"] !== "string" ||
      !Array.isArray(poll["options"])
    ) {
      return json(res, 400, { message: "chatId, session, poll.name and poll.options are required" })
    }
    const refused = refusedChats.get(body["chatId"])
    if (refused !== undefined) return json(res, refused.status, refused.body)
    if (!pollsSupported(serverVersion)) return json(res, 501, notImplementedBy(serverVersion.engine))
    const session = sessions.get(body["session"])
    if (session === undefined && !autoSessions)
      return json(res, 404, { message: `Session "${body["session"]}" does not exist` })
    if (session !== undefined && session.status !== "WORKING") {
      return json(res, 422, {
        message: "Session status is not as expected",
        status: session.status,
        expected: ["WORKING"]
      })
    }
    polls.push(body)
    const id = `true_${body["chatId"]}_${keyFor(body, "FAKEPOLL")}`
    const entry = historyEntry(session, body["session"], body["chatId"], id, null)
    chatHistory(body["session"], body["chatId"]).push(entry)
    // GOWS/NOWEB answer the message with its id, as for sendText (docs/waha-features.md §3)
    if (answer) json(res, 201, sentAnswer(id, entry.timestamp))
  }

  /**
   * POST /api/sendImage and /api/sendFile as WAHA (chatting.dto.ts, files.dto.ts): `file` is
   * {mimetype, filename?, url} or {mimetype, filename?, data (base64)}, `caption` optional; WAHA
   * Core before 2026.6.1 answers the Plus error (422) on every engine; the session's status as sendText.
   */
  const sendMedia = (req: RecordedRequest, res: ServerResponse, answer = true) => {
    const body = req.body as Record<string, unknown> | undefined
    const file = body?.["file"] as Record<string, unknown> | undefined
    if (
      typeof body?.["chatId"] !== "string" ||
      typeof body["session"] !== "string" ||
      typeof file?.["mimetype"] !== "string" ||
      (typeof file["data"] !== "string" && typeof file["url"] !== "string")
    ) {
      return json(res, 400, { message: "chatId, session, file.mimetype and file.data or file.url are required" })
    }
    if (mediaOnlyInPlus(serverVersion)) return json(res, 422, availableOnlyInPlus(serverVersion.engine))
    const mentions = body["mentions"]
    if (Array.isArray(mentions) && mentions.includes("all") && !body["chatId"].endsWith("@g.us")) {
      return json(res, 422, mentionsAllOnlyInGroups(body["chatId"]))
    }
    const session = sessions.get(body["session"])
    if (session === undefined && !autoSessions)
      return json(res, 404, { message: `Session "${body["session"]}" does not exist` })
    if (session !== undefined && session.status !== "WORKING") {
      return json(res, 422, {
        message: "Session status is not as expected",
        status: session.status,
        expected: ["WORKING"]
      })
    }
    if (req.path === "/api/sendImage" && channelSendsVanish(serverVersion, body["chatId"]))
      return answer ? json(res, 201, undefined) : undefined
    media.push({ path: req.path, body })
    const id = `true_${body["chatId"]}_${keyFor(body, "FAKEMEDIA")}`
    const caption = typeof body["caption"] === "string" ? body["caption"] : null
    const entry = historyEntry(session, body["session"], body["chatId"], id, caption, true)
    chatHistory(body["session"], body["chatId"]).push(entry)
    if (answer) json(res, 201, sentAnswer(id, entry.timestamp))
  }

  /** POST /api/{session}/status/text|image (fakeWahaStatus.ts); `answer` false: posted, never answered. */
  const postStatus = (
    req: RecordedRequest,
    res: ServerResponse,
    name: string,
    kind: "text" | "image",
    answer = true
  ) => {
    const session = sessions.get(name)
    if (session === undefined && !autoSessions) return json(res, 404, { message: `Session "${name}" does not exist` })
    if (session !== undefined && session.status !== "WORKING")
      return json(res, 422, statusNotExpected(name, session.status, ["WORKING"]))
    const config = session?.config as { noweb?: { store?: { enabled?: unknown } } } | undefined
    const reply = answerStatus({
      version: serverVersion,
      kind,
      session: name,
      body: req.body as Record<string, unknown> | undefined,
      meId: session?.me?.id ?? "15550000000@c.us",
      // a session the fake made up (autoSessions) has the store Herald turns on
      nowebStore: session?.config === undefined || config?.noweb?.store?.enabled === true,
      storedContacts: contacts.get(name)?.length ?? 1
    })
    if (reply._tag === "Refused") return json(res, reply.status, reply.body)
    statuses.push(reply.posted)
    const text = kind === "text" ? reply.posted.body["text"] : reply.posted.body["caption"]
    const id = `true_status@broadcast_${reply.posted.key}`
    chatHistory(name, "status@broadcast").push(
      historyEntry(session, name, "status@broadcast", id, typeof text === "string" ? text : null, kind === "image")
    )
    if (answer) json(res, 201, reply.body)
  }

  /** The chats routes' own checks (@WorkingSessionParam, then the engine's store): true when the call may go on, else answered. */
  const historyReadable = (name: string, res: ServerResponse): boolean => {
    const session = sessions.get(name)
    if (session === undefined && !autoSessions) {
      json(res, 404, { message: `Session "${name}" does not exist` })
      return false
    }
    if (session !== undefined && session.status !== "WORKING") {
      json(res, 422, {
        message: "Session status is not as expected",
        status: session.status,
        expected: ["WORKING"]
      })
      return false
    }
    if (noHistory.has(name)) {
      json(res, 400, nowebStoreOff())
      return false
    }
    return true
  }

  /** WAHA: a WORKING session only; filters as query parameters; newest first; `limit` default 100. */
  const chatMessages = (name: string, chatId: string, query: Record<string, string>, res: ServerResponse) => {
    if (!historyReadable(name, res)) return
    const number = (key: string) => (query[key] === undefined ? undefined : Number(query[key]))
    const fromMe = query["filter.fromMe"] === undefined ? undefined : query["filter.fromMe"] === "true"
    const gte = number("filter.timestamp.gte")
    const lte = number("filter.timestamp.lte")
    const matching = chatHistory(name, chatId).filter(
      (m) =>
        (fromMe === undefined || m.fromMe === fromMe) &&
        (gte === undefined || m.timestamp >= gte) &&
        (lte === undefined || m.timestamp <= lte)
    )
    const newestFirst = [...matching].sort((a, b) => b.timestamp - a.timestamp)
    return json(res, 200, page(newestFirst, { limit: "100", ...query }))
  }

  /**
   * GET /api/{session}/chats/{chatId}/messages/{messageId} (ChatsController.getChatMessage): the
   * engines read only the key of the id in the path (parseMessageIdSerialized); GOWS looks it up
   * by the key alone, in any chat (its store's GetMessageById), the others in that chat. The
   * WAMessage, or 404 "Message not found".
   */
  const chatMessage = (name: string, chatId: string, messageId: string, res: ServerResponse) => {
    if (!historyReadable(name, res)) return
    const [fromMe, , serializedKey] = messageId.split("_")
    const key = serializedKey !== undefined && (fromMe === "true" || fromMe === "false") ? serializedKey : messageId
    const keyOf = (m: FakeChatMessage) => m.id.split("_")[2] ?? m.id
    const anyChat = serverVersion.engine.toUpperCase() === "GOWS"
    const prefix = `${name}\u0000`
    const searched = anyChat
      ? [...histories.entries()].filter(([k]) => k.startsWith(prefix)).flatMap(([, messages]) => messages)
      : chatHistory(name, chatId)
    const found = searched.find((m) => keyOf(m) === key)
    return found === undefined ? json(res, 404, messageNotFound()) : json(res, 200, found)
  }

  /**
   * GET /api/{session}/new-message-id (2026.4.3 on): NOWEB and GOWS answer `{id}`; the other
   * engines NotImplementedByEngineError (501 since 2025); an older WAHA has no such route.
   */
  const newMessageId = (req: RecordedRequest, name: string, res: ServerResponse) => {
    if (!hasNewMessageIdRoute(serverVersion)) return json(res, 404, cannotRoute(req.method, req.path))
    if (refusedByCore(name, res)) return
    const session = sessions.get(name)
    if ((session === undefined && !autoSessions) || session?.status === "STOPPED")
      return json(res, 404, startItFirst(name))
    if (!messageIdsSupported(serverVersion)) return json(res, 501, notImplementedBy(serverVersion.engine))
    return json(res, 200, { id: newWahaMessageId() })
  }

  /** deliverThenHang and deliverLater: `deliver` records the send without answering, now or `ms` later. */
  const deliverUnanswered = (deliver: () => void) => {
    if (mode.kind === "deliverThenHang") return deliver()
    if (mode.kind !== "deliverLater") return
    const timer = setTimeout(() => {
      later.delete(timer)
      deliver()
    }, mode.ms)
    later.add(timer)
  }
  const unanswered = () => mode.kind === "deliverThenHang" || mode.kind === "deliverLater"

  /** OnlyDefaultSessionIsAllowed: WAHA Core before 2026.6.1 refuses every session but `default`. */
  const refusedByCore = (name: string, res: ServerResponse): boolean => {
    if (!onlyDefaultSession(serverVersion) || name === "default") return false
    json(res, 422, onlyDefaultAllowed(name))
    return true
  }
  /**
   * WAHA's SessionManager.waitUntilStatus: a session that is not running (unknown or STOPPED) is 404
   * "start it first"; a running one gets until the wait is over to reach `expected`, else 422.
   */
  const whenStatus = (name: string, expected: string, res: ServerResponse, then: () => void) => {
    if (refusedByCore(name, res)) return
    const session = sessions.get(name)
    if (session === undefined)
      return autoSessions && expected === "WORKING" ? then() : json(res, 404, startItFirst(name))
    if (session.status === "STOPPED") return json(res, 404, startItFirst(name))
    if (expected === "SCAN_QR_CODE" && session.status === "STARTING") session.status = "SCAN_QR_CODE"
    const reached = () => sessions.get(name)?.status === expected
    if (reached()) return then()
    void waitUntil(() => reached() || res.destroyed, statusWaitMs).then((ok) => {
      if (ok && reached()) return then()
      json(res, 422, statusNotExpected(name, sessions.get(name)?.status ?? "STOPPED", [expected]))
    })
  }

  const route = (req: RecordedRequest, res: ServerResponse, accept: string) => {
    const { method, path, query } = req
    const parts = path
      .split("/")
      .filter((p) => p !== "")
      .map(decodeURIComponent)
    if (method === "GET" && path === "/health") return json(res, 200, { status: "ok" })
    if (method === "GET" && path === "/api/server/version") return json(res, 200, serverVersion)
    if (method === "GET" && path === "/api/server/status") {
      return json(res, 200, { startTimestamp: started, uptime: Date.now() - started, worker: { id: "fake" } })
    }
    if (numberLimit !== null && method === "POST" && SEND_PATHS.has(path)) return json(res, 500, gowsError463())
    if (method === "POST" && path === "/api/sendText") {
      if (mode.kind === "hang") return
      if (unanswered()) return deliverUnanswered(() => sendText(req, res, false))
      if (mode.kind === "respond") return json(res, mode.status, mode.body)
      const session = (req.body as { session?: unknown } | undefined)?.session
      const send = () =>
        mode.kind === "normal" && mode.latencyMs > 0
          ? void setTimeout(() => sendText(req, res), mode.latencyMs)
          : sendText(req, res)
      return typeof session === "string" ? whenStatus(session, "WORKING", res, send) : send()
    }
    if (method === "POST" && (path === "/api/sendImage" || path === "/api/sendFile")) {
      if (mode.kind === "hang") return
      if (unanswered()) return deliverUnanswered(() => sendMedia(req, res, false))
      if (mode.kind === "respond") return json(res, mode.status, mode.body)
      return mode.kind === "normal" && mode.latencyMs > 0
        ? void setTimeout(() => sendMedia(req, res), mode.latencyMs)
        : sendMedia(req, res)
    }
    if (method === "POST" && path === "/api/sendPoll") {
      if (mode.kind === "hang") return
      if (unanswered()) return deliverUnanswered(() => sendPoll(req, res, false))
      if (mode.kind === "respond") return json(res, mode.status, mode.body)
      return sendPoll(req, res)
    }
    // marking seen and typing (src/api/chatting.controller.ts): `{session, chatId}`, answered as a POST's 201
    if (method === "POST" && PRESENCE_PATHS.has(path)) {
      const body = req.body as Record<string, unknown> | undefined
      if (typeof body?.["chatId"] !== "string" || typeof body["session"] !== "string")
        return json(res, 400, { message: "chatId and session are required" })
      if (mode.kind === "hang" || presenceHangs) return
      if (mode.kind === "respond") return json(res, mode.status, mode.body)
      return json(res, 201, path === "/api/sendSeen" ? {} : { result: true })
    }
    // the number's Status (fakeWahaStatus.ts): the session as @WorkingSessionParam checks it, then the engine
    if (method === "POST" && parts[0] === "api" && parts[2] === "status" && parts.length === 4) {
      const kind = parts[3]
      if (kind === "text" || kind === "image") {
        if (mode.kind === "hang") return
        if (mode.kind === "respond") return json(res, mode.status, mode.body)
        if (unanswered()) return deliverUnanswered(() => postStatus(req, res, parts[1] ?? "", kind, false))
        return mode.kind === "normal" && mode.latencyMs > 0
          ? void setTimeout(() => postStatus(req, res, parts[1] ?? "", kind), mode.latencyMs)
          : postStatus(req, res, parts[1] ?? "", kind)
      }
    }
    if (parts[0] !== "api") return json(res, 404, { message: "Not Found" })
    if (parts[1] === "sessions") {
      const name = parts[2]
      if (name === undefined) {
        if (method === "GET") return json(res, 200, [...sessions.values()].map(observe))
        if (method !== "POST") return json(res, 405, { message: "Method Not Allowed" })
        const body = (req.body ?? {}) as {
          name?: unknown
          start?: unknown
          config?: { webhooks?: ReadonlyArray<{ events?: ReadonlyArray<unknown> }> }
        }
        if (typeof body.name !== "string" || !SESSION_NAME.test(body.name))
          return json(res, 422, { message: "invalid name" })
        // validated before anything else, as WAHA's ValidationPipe does
        const known = knownWebhookEvents(serverVersion)
        const unknown = (body.config?.webhooks ?? []).findIndex((hook) =>
          (hook.events ?? []).some((event) => typeof event !== "string" || !known.includes(event))
        )
        if (unknown >= 0) return json(res, 400, unknownWebhookEvent(unknown, known))
        if (refusedByCore(body.name, res)) return
        if (sessions.has(body.name)) return json(res, 422, alreadyExists(body.name))
        const created: FakeSession = {
          name: body.name,
          status: body.start === true ? "STARTING" : "STOPPED",
          me: null,
          ...(body.config === undefined ? {} : { config: body.config })
        }
        sessions.set(created.name, created)
        return json(res, 201, view(created))
      }
      if (refusedByCore(name, res)) return
      const session = sessions.get(name)
      const action = parts[3]
      // stop and delete are idempotent: an unknown session is no error
      if (action === undefined && method === "DELETE") {
        sessions.delete(name)
        return json(res, 200, undefined)
      }
      if (action === "stop" && method === "POST") {
        if (session !== undefined) session.status = "STOPPED"
        return json(res, 201, session === undefined ? undefined : view(session))
      }
      if (session === undefined) return json(res, 404, sessionNotFound())
      if (action === undefined && method === "GET") {
        if (sessionInfoWaiting !== null) return void sessionInfoWaiting.push(() => json(res, 200, observe(session)))
        return json(res, 200, observe(session))
      }
      if (method === "POST" && action === "start") {
        // the session manager refuses to start a session that runs, FAILED included: that needs restart
        if (session.status !== "STOPPED") return json(res, 422, alreadyStarted(name))
        session.status = "STARTING"
      } else if (method === "POST" && action === "restart") session.status = "STARTING"
      else if (method === "POST" && action === "logout") {
        // logs out, and starts again a session that was running
        session.me = null
        if (session.status !== "STOPPED") session.status = "STARTING"
      } else return json(res, 404, { message: "Not Found" })
      return json(res, 201, view(session))
    }
    if (parts[1] === "contacts" && parts[2] === "all" && method === "GET") {
      const name = query["session"]
      if (name === undefined) return json(res, 400, { message: "session is required" })
      return whenStatus(name, "WORKING", res, () => {
        const fixture = contacts.get(name) ?? []
        if (!Array.isArray(fixture)) return json(res, 200, fixture)
        return json(
          res,
          200,
          page(
            sorted(fixture, query, (c, sortBy) => text(record(c)[sortBy])),
            query
          )
        )
      })
    }
    const name = parts[1]
    if (
      name !== undefined &&
      method === "GET" &&
      parts.length === 5 &&
      parts[2] === "chats" &&
      parts[4] === "messages"
    ) {
      return chatMessages(name, parts[3]!, query, res)
    }
    if (
      name !== undefined &&
      method === "GET" &&
      parts.length === 6 &&
      parts[2] === "chats" &&
      parts[4] === "messages"
    ) {
      return chatMessage(name, parts[3]!, parts[5]!, res)
    }
    if (name !== undefined && method === "GET" && parts.length === 3 && parts[2] === "new-message-id") {
      return newMessageId(req, name, res)
    }
    if (name !== undefined && method === "GET" && parts.length === 3 && parts[2] === "channels") {
      if (!hasChannelsRoute(serverVersion)) return json(res, 404, cannotRoute("GET", path))
      return whenStatus(name, "WORKING", res, () =>
        json(res, 200, channelsAnswer(serverVersion, channels.get(name) ?? [], query["role"]))
      )
    }
    if (name !== undefined && method === "GET" && parts.length === 3 && parts[2] === "groups") {
      return whenStatus(name, "WORKING", res, () => {
        const fixture = groups.get(name) ?? []
        const shown =
          !legacy && query["exclude"]?.split(",").includes("participants") ? withoutParticipants : (g: unknown) => g
        if (Array.isArray(fixture)) return json(res, 200, page(sorted(fixture, query, groupField), query).map(shown))
        const entries = page(
          sorted(Object.entries(fixture), query, ([, g], sortBy) => groupField(g, sortBy)),
          query
        ) as Array<[string, unknown]>
        return json(res, 200, Object.fromEntries(entries.map(([id, g]) => [id, shown(g)])))
      })
    }
    if (name !== undefined && method === "GET" && parts[2] === "lids" && !legacy) {
      if (!knows(name)) return json(res, 404, { message: `Session "${name}" does not exist` })
      const table = [...(lids.get(name) ?? [])].sort((a, b) => (a.lid < b.lid ? -1 : a.lid > b.lid ? 1 : 0))
      if (parts.length === 4 && parts[3] === "count") return json(res, 200, { count: table.length })
      if (parts.length === 3) {
        const offset = Number(query["offset"] ?? 0)
        return json(res, 200, table.slice(offset, offset + Number(query["limit"] ?? 100)))
      }
    }
    if (name !== undefined && method === "GET" && parts[2] === "auth" && parts[3] === "qr") {
      return whenStatus(name, "SCAN_QR_CODE", res, () => {
        // BufferResponseInterceptor: base64 JSON only for exactly `Accept: application/json`, else the PNG itself
        if (accept === "application/json") return json(res, 200, { mimetype: "image/png", data: FAKE_QR_PNG_BASE64 })
        res.writeHead(200, { "content-type": "image/png", connection }).end(Buffer.from(FAKE_QR_PNG_BASE64, "base64"))
      })
    }
    return json(res, 404, { message: "Not Found" })
  }

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Array<Buffer> = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const text = Buffer.concat(chunks).toString("utf8")
    let body: unknown = text === "" ? undefined : text
    try {
      if (text !== "") body = JSON.parse(text)
    } catch {
      /* keep raw */
    }
    const url = new URL(req.url ?? "/", "http://fake")
    const headers: Record<string, string> = {}
    for (const [k, v] of Object.entries(req.headers)) {
      if (v !== undefined) headers[k.toLowerCase()] = Array.isArray(v) ? v.join(", ") : v
    }
    const recorded: RecordedRequest = {
      method: req.method ?? "GET",
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers,
      body,
      receivedAt: Date.now(),
      aborted: false
    }
    requests.push(recorded)
    res.on("close", () => {
      if (!res.writableFinished) recorded.aborted = true
    })
    if (recorded.path.startsWith("/api/") && !keyless && headers["x-api-key"] !== apiKey) {
      return json(res, 401, { message: "Unauthorized", statusCode: 401 })
    }
    if (breakdown !== null && recorded.path.startsWith("/api/")) {
      if (breakdown.kind === "hang") return
      if (typeof breakdown.body !== "string") return json(res, breakdown.status, breakdown.body)
      return void res.writeHead(breakdown.status, { "content-type": "text/plain", connection }).end(breakdown.body)
    }
    route(recorded, res, headers["accept"] ?? "")
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => json(res, 500, { message: String(error) }))
  })
  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject)
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject)
        listening = true
        resolve()
      })
    })
  const stop = () =>
    new Promise<void>((resolve) => {
      if (!listening) return resolve()
      listening = false
      server.close(() => resolve())
      server.closeAllConnections()
    })

  await listen(0)
  const port = (server.address() as AddressInfo).port

  return {
    url: `http://127.0.0.1:${port}`,
    port,
    apiKey,
    requests,
    sent,
    polls,
    media,
    statuses,
    sessions,
    respondWith: (status, body) => {
      mode = { kind: "respond", status, body }
    },
    hang: () => {
      mode = { kind: "hang" }
    },
    deliverThenHang: () => {
      mode = { kind: "deliverThenHang" }
    },
    hangWithoutDelivering: () => {
      mode = { kind: "hang" }
    },
    deliverLater: (ms) => {
      mode = { kind: "deliverLater", ms }
    },
    latency: (ms) => {
      mode = { kind: "normal", latencyMs: ms }
    },
    answerEverythingWith: (status, body) => {
      breakdown = { kind: "respond", status, body }
    },
    hangEverything: () => {
      breakdown = { kind: "hang" }
    },
    refuseChat: (chatId, status, body) => {
      refusedChats.set(chatId, { status, body: body ?? { statusCode: status, message: "Chat not found" } })
    },
    acceptChat: (chatId) => {
      refusedChats.delete(chatId)
    },
    refuse: stop,
    accept: () => (listening ? Promise.resolve() : listen(port)),
    limitNumber: (limit) => {
      numberLimit = limit
    },
    hangPresence: (on) => {
      presenceHangs = on
    },
    holdSessionInfo: (on) => {
      const waiting = sessionInfoWaiting ?? []
      sessionInfoWaiting = on ? waiting : null
      if (!on) for (const answer of waiting.splice(0)) answer()
    },
    reset: async () => {
      mode = { kind: "normal", latencyMs: 0 }
      numberLimit = null
      presenceHangs = false
      sessionInfoWaiting = null
      breakdown = null
      refusedChats.clear()
      requests.length = 0
      sent.length = 0
      polls.length = 0
      media.length = 0
      statuses.length = 0
      sessions.clear()
      groups.clear()
      contacts.clear()
      channels.clear()
      lids.clear()
      legacy = false
      keyless = options.keyless ?? false
      histories.clear()
      noHistory.clear()
      acks.clear()
      ignoresIds = options.ignoresIds ?? false
      for (const timer of later) clearTimeout(timer)
      later.clear()
      serverVersion = initialVersion
      if (!listening) await listen(port)
    },
    setSessionStatus: (name, status, meId) => {
      const session = sessions.get(name) ?? { name, status, me: null }
      session.status = status
      session.me = status === "WORKING" ? { id: meId ?? "15550000000@c.us", pushName: "Fake" } : null
      sessions.set(name, session)
    },
    setServerVersion: (version) => {
      serverVersion = { ...serverVersion, ...version }
    },
    setGroups: (session, fixture) => void groups.set(session, fixture),
    setContacts: (session, fixture) => void contacts.set(session, fixture),
    setChannels: (session, fixture) => void channels.set(session, fixture),
    setLids: (session, table) => void lids.set(session, table),
    legacy: (on) => {
      legacy = on
    },
    withoutKey: (on) => {
      keyless = on
    },
    waitFor: (predicate, timeoutMs = 5_000) =>
      new Promise<void>((resolve, reject) => {
        const deadline = Date.now() + timeoutMs
        const poll = () => {
          if (predicate()) return resolve()
          if (Date.now() > deadline)
            return reject(new Error(`FakeWaha.waitFor: condition not met within ${timeoutMs} ms`))
          setTimeout(poll, 2)
        }
        poll()
      }),
    close: () => {
      for (const timer of later) clearTimeout(timer)
      later.clear()
      return stop()
    },
    chatHistory,
    withoutHistory: (session) => void noHistory.add(session),
    setAck: (session, ack) => void acks.set(session, ack),
    ignoreIds: (on) => {
      ignoresIds = on
    }
  }
}

// ---------------------------------------------------------------------------
// Webhooks: WAHA posting a session's events to the URLs registered on it
//
// Kept apart from the gateway above: it reads the registrations from the recorded
// `POST /api/sessions` bodies (`config.webhooks`, WAHA's WebhookConfig) and posts each event as
// WAHA does (src/core/webhooks.core.ts; docs "Events" → "HMAC authentication"): a JSON envelope
// `{id, timestamp, event, session, me, payload, engine, environment}`, `X-Webhook-Request-Id`,
// `X-Webhook-Timestamp`, and, with `hmac.key`, `X-Webhook-Hmac` = hex HMAC-SHA512 of the raw
// body and `X-Webhook-Hmac-Algorithm: sha512`.

const PRESENCE_PATHS = new Set(["/api/sendSeen", "/api/startTyping", "/api/stopTyping"])
const SEND_PATHS = new Set(["/api/sendText", "/api/sendPoll", "/api/sendImage", "/api/sendFile"])

/** GOWS's answer to a send while WhatsApp time-locks the number (waha#2170, the gRPC error passed on by WAHA). */
export const gowsError463 = () => ({
  statusCode: 500,
  timestamp: new Date().toISOString(),
  exception: {
    message: "2 UNKNOWN: server returned error 463",
    code: 2,
    details: "server returned error 463",
    metadata: {},
    name: "Error"
  }
})

export interface FakeWebhookRegistration {
  readonly url: string
  readonly events: ReadonlyArray<string>
  readonly hmac?: { readonly key?: string } | null
  readonly retries?: unknown
  readonly customHeaders?: unknown
}

/** The webhooks registered on a session when it was created, [] if none. */
export const registeredWebhooks = (fake: FakeWaha, session: string): ReadonlyArray<FakeWebhookRegistration> => {
  // the last: a WAHA that refused the first (an event it does not know) holds the one created after
  const created = fake.requests.findLast(
    (r) =>
      r.method === "POST" &&
      r.path === "/api/sessions" &&
      typeof r.body === "object" &&
      r.body !== null &&
      (r.body as { name?: unknown }).name === session
  )
  const config = (created?.body as { config?: { webhooks?: ReadonlyArray<FakeWebhookRegistration> } } | undefined)
    ?.config
  return config?.webhooks ?? []
}

export interface PostedWebhook {
  readonly status: number
  readonly body: unknown
  /** the exact bytes posted, to replay them */
  readonly raw: string
  readonly headers: Record<string, string>
}

let webhookCounter = 0

/**
 * Posts one event of `session` to every webhook registered on it for that event (answers of
 * each, in order). `deliverTo` replaces the registered URL's origin (the registered one is the
 * public AUTH_URL; the test server listens elsewhere, as behind a reverse proxy). `signature`
 * tampers with the signing: "none" leaves the HMAC headers out, "wrong-key" signs with another
 * key, "sha256" names another algorithm.
 */
export const postWebhook = async (
  fake: FakeWaha,
  options: {
    readonly session: string
    readonly event: string
    readonly payload: unknown
    readonly deliverTo: string
    readonly signature?: "valid" | "none" | "wrong-key" | "sha256"
    /** post these bytes instead of the envelope (a replay, or a body that is not an event) */
    readonly raw?: string
    /** the envelope's `timestamp` (default now; null: none, as older WAHA versions) */
    readonly timestamp?: number | null
    /** the envelope's `engine` (default WEBJS) */
    readonly engine?: string
  }
): Promise<ReadonlyArray<PostedWebhook>> => {
  const { createHmac, randomUUID } = await import("node:crypto")
  const targets = registeredWebhooks(fake, options.session).filter(
    (w) => w.events.includes(options.event) || w.events.includes("*")
  )
  const answers: Array<PostedWebhook> = []
  for (const webhook of targets) {
    webhookCounter += 1
    const raw =
      options.raw ??
      JSON.stringify({
        id: `evt_fake${String(webhookCounter).padStart(22, "0")}`,
        ...(options.timestamp === null ? {} : { timestamp: options.timestamp ?? Date.now() }),
        event: options.event,
        session: options.session,
        metadata: {},
        me: { id: "15550000000@c.us", pushName: "Fake" },
        payload: options.payload,
        engine: options.engine ?? "WEBJS",
        environment: { version: "fake", engine: options.engine ?? "WEBJS", tier: "CORE" }
      })
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "user-agent": "WAHA/fake",
      "x-webhook-request-id": randomUUID(),
      "x-webhook-timestamp": String(Date.now())
    }
    const key = webhook.hmac?.key
    const signing = options.signature ?? "valid"
    if (key !== undefined && signing !== "none") {
      const signingKey = signing === "wrong-key" ? `${key}-not-it` : key
      headers["x-webhook-hmac"] = createHmac("sha512", signingKey).update(raw).digest("hex")
      headers["x-webhook-hmac-algorithm"] = signing === "sha256" ? "sha256" : "sha512"
    }
    const registered = new URL(webhook.url)
    const url = new URL(`${registered.pathname}${registered.search}`, options.deliverTo)
    const response = await fetch(url, { method: "POST", headers, body: raw })
    const text = await response.text()
    let body: unknown = text
    try {
      body = JSON.parse(text)
    } catch {
      /* keep the text */
    }
    answers.push({ status: response.status, body, raw, headers })
  }
  return answers
}

/** The engines whose poll votes the fake posts, each in its own shape (docs/reach.md#3-poll-results). */
export type PollVoteEngine = "NOWEB" | "GOWS" | "WEBJS"

let voteCounter = 0

/**
 * WAHA's `poll.vote` (or, with `failed`, `poll.vote.failed`) for a vote on the poll `pollMessageId`
 * (the id sendPoll answered, `true_<chat>_<key>`) sent to `chatId`, posted as postWebhook does.
 * Each engine's payload as its source builds it (docs/reach.md, "Per engine"):
 * - NOWEB: `vote.id` the vote message's own key, `vote.from` the voter, no `participant`,
 *   `timestamp` in ms (seconds on a failed vote);
 * - GOWS: `vote.from` the group, `vote.participant` (and `vote.to`) the voter, ms;
 * - WEBJS: `vote.id` carries the poll's key (not unique per vote), `vote.from` the voter, ms.
 * `poll` is `{id: true_<chat>_<key>, to: chat, from: me, fromMe: true}`, except on NOWEB in a
 * one-to-one chat: NOWEB mirrors the poll's creation key from the voter's side (GOWS mends it,
 * fixPollCreationKey; NOWEB does not), `{id: false_<me>_<key>, to: me, from: chat, fromMe: false}`.
 * `voterAlt`, the voter's other id (their number beside a hidden id), goes where each engine
 * puts it: NOWEB's `_data.key` (`participantAlt` in a group, `remoteJidAlt` one to one), GOWS's
 * `_data.Info.SenderAlt`; WEBJS has none.
 */
export const postPollVote = (
  fake: FakeWaha,
  options: {
    readonly session: string
    readonly deliverTo: string
    readonly pollMessageId: string
    readonly chatId: string
    /** `<digits>@c.us` or `<id>@lid` */
    readonly voter: string
    readonly options: ReadonlyArray<string>
    readonly engine: PollVoteEngine
    readonly failed?: boolean
    /** when the voter voted (default now), ms */
    readonly votedAtMs?: number
    /** sent as `_data.pushName` */
    readonly pushName?: string
    readonly signature?: "valid" | "none" | "wrong-key" | "sha256"
    /** replaces `poll.id` (a vote naming another chat, or a poll not Herald's) */
    readonly pollIdAs?: string
    /** the voter's other id (see above) */
    readonly voterAlt?: string
    /** no time on the vote nor on the envelope (older WAHA versions) */
    readonly undated?: boolean
  }
): Promise<ReadonlyArray<PostedWebhook>> => {
  voteCounter += 1
  const me = "15550000000@c.us"
  const key = options.pollMessageId.split("_")[2] ?? options.pollMessageId
  const at = options.votedAtMs ?? Date.now()
  const failed = options.failed === true
  const selectedOptions = failed ? [] : [...options.options]
  const stamp = failed && options.engine === "NOWEB" ? Math.floor(at / 1000) : at
  const timestamp = options.undated === true ? null : stamp
  const isGroup = options.chatId.endsWith("@g.us")
  const mirrored = options.engine === "NOWEB" && !isGroup
  const alt =
    options.voterAlt === undefined
      ? {}
      : options.engine === "NOWEB"
        ? { key: isGroup ? { participantAlt: options.voterAlt } : { remoteJidAlt: options.voterAlt } }
        : options.engine === "GOWS"
          ? { Info: { SenderAlt: options.voterAlt } }
          : {}
  const data = { ...alt, ...(options.pushName === undefined ? {} : { pushName: options.pushName }) }
  const vote =
    options.engine === "NOWEB"
      ? {
          id: `false_${options.chatId}_VOTE${voteCounter}${isGroup ? `_${options.voter}` : ""}`,
          to: options.chatId,
          from: options.voter,
          fromMe: false,
          selectedOptions,
          timestamp
        }
      : options.engine === "GOWS"
        ? {
            id: `false_${options.chatId}_VOTE${voteCounter}${isGroup ? `_${options.voter}` : ""}`,
            to: options.voter,
            from: options.chatId,
            fromMe: false,
            participant: options.voter,
            selectedOptions,
            timestamp
          }
        : {
            id: `false_${options.chatId}_${key}${isGroup ? `_${options.voter}` : ""}`,
            to: options.chatId,
            from: options.voter,
            fromMe: false,
            ...(isGroup ? { participant: options.voter } : {}),
            selectedOptions,
            timestamp
          }
  return postWebhook(fake, {
    session: options.session,
    event: failed ? "poll.vote.failed" : "poll.vote",
    deliverTo: options.deliverTo,
    engine: options.engine,
    ...(options.signature === undefined ? {} : { signature: options.signature }),
    ...(options.undated === true ? { timestamp: null } : {}),
    payload: {
      vote,
      poll: mirrored
        ? { id: options.pollIdAs ?? `false_${me}_${key}`, to: me, from: options.chatId, fromMe: false }
        : { id: options.pollIdAs ?? `true_${options.chatId}_${key}`, to: options.chatId, from: me, fromMe: true },
      ...(Object.keys(data).length === 0 ? {} : { _data: data })
    }
  })
}
