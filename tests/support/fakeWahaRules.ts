/**
 * WAHA's session rules and error bodies, for the fake gateway. Taken from WAHA's source
 * (github.com/devlikeapro/waha: src/api/sessions.controller.ts, src/core/manager.core.ts,
 * src/core/abc/manager.abc.ts, src/nestjs/BufferResponseInterceptor.ts) and docs; NestJS writes an
 * HttpException built from a string as {statusCode, message, error} and one built from an object
 * as that object.
 */

export interface FakeServerVersion {
  readonly version: string
  readonly engine: string
  /** CORE or PLUS */
  readonly tier: string
  readonly browser: string
}

/** A WAHA that allows named sessions (2026.6.1 put every Plus feature in Core). */
export const DEFAULT_FAKE_VERSION: FakeServerVersion = {
  version: "2026.7.1",
  engine: "WEBJS",
  tier: "CORE",
  browser: "/usr/bin/chromium"
}

/** How long WAHA waits for a session to reach the status a call needs before it answers 422 (WAIT_STATUS_TIMEOUT). */
export const WAHA_STATUS_WAIT_MS = 5_000

const versionParts = (version: string): ReadonlyArray<number> | null => {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version)
  return m === null ? null : [Number(m[1]), Number(m[2]), Number(m[3])]
}

/** WAHA Core before 2026.6.1 throws OnlyDefaultSessionIsAllowed for any session but `default`. */
export const onlyDefaultSession = (v: FakeServerVersion): boolean => {
  if (v.tier !== "CORE") return false
  const parts = versionParts(v.version)
  if (parts === null) return false
  const [y = 0, m = 0, b = 0] = parts
  return y < 2026 || (y === 2026 && (m < 6 || (m === 6 && b < 1)))
}

/** sendPoll: NOWEB always, GOWS since 2025.5.5, WEBJS since 2025.12.2 (WAHA's changelog); other engines never. */
export const pollsSupported = (v: FakeServerVersion): boolean => {
  const since: Record<string, readonly [number, number, number]> = {
    NOWEB: [0, 0, 0],
    GOWS: [2025, 5, 5],
    WEBJS: [2025, 12, 2]
  }
  const need = since[v.engine.toUpperCase()]
  const have = versionParts(v.version)
  if (need === undefined) return false
  if (have === null) return true
  const [y = 0, m = 0, b = 0] = have
  return y !== need[0] ? y > need[0] : m !== need[1] ? m > need[1] : b >= need[2]
}

/** NotImplementedByEngineError (src/core/exceptions.ts): 501 since 2025 */
export const notImplementedBy = (engine: string) => ({
  statusCode: 501,
  message: `The method is not implemented by '${engine}' engine. Check the docs and try another engine: https://waha.devlike.pro/`,
  error: "Not Implemented"
})

export const notFound = (message: string) => ({ statusCode: 404, message, error: "Not Found" })
export const unprocessable = (message: string) => ({ statusCode: 422, message, error: "Unprocessable Entity" })

export const sessionNotFound = () => notFound("Session not found")
/** SessionManager.getSession for a session that is not running (stopped or unknown). */
export const startItFirst = (name: string) =>
  notFound(
    `We didn't find a session with name '${name}'.\nPlease start it first by using POST /api/sessions/${name}/start request`
  )
export const alreadyExists = (name: string) => unprocessable(`Session '${name}' already exists. Use PUT to update it.`)
export const alreadyStarted = (name: string) => unprocessable(`Session '${name}' is already started.`)
export const onlyDefaultAllowed = (name: string) =>
  unprocessable(
    `WAHA Core support only 'default' session. You tried to access '${name}' session (base64: ${Buffer.from(name, "utf8").toString("base64")}). ` +
      "If you want to run more then one WhatsApp account - please get WAHA PLUS version. Check this out: https://waha.devlike.pro/"
  )
/** SessionManager.waitUntilStatus once its wait is over. */
export const statusNotExpected = (session: string, status: string, expected: ReadonlyArray<string>) => ({
  error: "Session status is not as expected. Try again later or restart the session",
  session,
  status,
  expected
})

/**
 * Resolves true as soon as `ready()` holds, false once `timeoutMs` passed without it, as WAHA's
 * waitUntil does (it polls every 500 ms; the fake looks more often so tests stay quick).
 */
export const waitUntil = (ready: () => boolean, timeoutMs: number): Promise<boolean> =>
  new Promise((resolve) => {
    const deadline = Date.now() + timeoutMs
    const look = () => {
      if (ready()) return resolve(true)
      if (Date.now() >= deadline) return resolve(false)
      setTimeout(look, Math.min(10, Math.max(0, deadline - Date.now())))
    }
    look()
  })

/**
 * WAHA's answer to `mentions: ["all"]` on a chat that is not a group (src/core/utils/mentions.all.ts,
 * an UnprocessableEntityException built from a string, so NestJS's {statusCode, message, error}).
 */
export const mentionsAllOnlyInGroups = (chatId: string) => ({
  statusCode: 422,
  message: `"mentions":["all"] can be used only in group chats, not in '${chatId}'`,
  error: "Unprocessable Entity"
})

/** sendImage / sendFile: only in Plus before 2026.6.1 (AvailableInPlusVersion on every engine), in Core since. */
export const mediaOnlyInPlus = (v: FakeServerVersion): boolean =>
  v.tier.toUpperCase() !== "PLUS" && onlyDefaultSession(v)

/** AvailableInPlusVersion (src/core/exceptions.ts), as quoted in waha#1580 */
export const availableOnlyInPlus = (engine: string) => ({
  message: `The feature is available only in Plus version for '${engine}' engine. Check this out: https://waha.devlike.pro/`,
  error: "Unprocessable Entity",
  statusCode: 422
})

/**
 * The webhook event names WAHA knows (WAHAEvents in src/structures/enums.dto.ts, checked by
 * class-validator's IsEnum on WebhookConfig.events): these were there before 2025.12.2, which
 * added `message.ack.group` (group receipts, until then carried by `message.ack`).
 */
const WEBHOOK_EVENTS_BEFORE_ACK_GROUP = [
  "session.status",
  "message",
  "message.reaction",
  "message.any",
  "message.ack",
  "message.waiting",
  "message.revoked",
  "state.change",
  "group.join",
  "group.leave",
  "presence.update",
  "poll.vote",
  "poll.vote.failed",
  "chat.archive",
  "call.received",
  "call.accepted",
  "call.rejected",
  "label.upsert",
  "label.deleted",
  "label.chat.added",
  "label.chat.deleted"
]

/** The event names this version accepts in a session's webhooks. */
export const knownWebhookEvents = (v: FakeServerVersion): ReadonlyArray<string> => {
  const parts = versionParts(v.version)
  const [y = 0, m = 0, b = 0] = parts ?? [9999]
  const beforeAckGroup = y < 2025 || (y === 2025 && (m < 12 || (m === 12 && b < 2)))
  return beforeAckGroup ? WEBHOOK_EVENTS_BEFORE_ACK_GROUP : [...WEBHOOK_EVENTS_BEFORE_ACK_GROUP, "message.ack.group"]
}

/** NestJS's ValidationPipe answer to an event name WAHA does not know, the nested path first. */
export const unknownWebhookEvent = (index: number, known: ReadonlyArray<string>) => ({
  statusCode: 400,
  message: [`config.webhooks.${index}.each value in events must be one of the following values: ${known.join(", ")}`],
  error: "Bad Request"
})

/** `version` is `need` or later; a version that is not a number (e.g. "fake") counts as the latest. */
const atLeast = (version: string, need: readonly [number, number, number]): boolean => {
  const have = versionParts(version)
  if (have === null) return true
  const [y = 0, m = 0, b = 0] = have
  return y !== need[0] ? y > need[0] : m !== need[1] ? m > need[1] : b >= need[2]
}

/** GET /api/{session}/new-message-id came in 2026.4.3 (changelog: "generate message ID before sending"). */
export const hasNewMessageIdRoute = (v: FakeServerVersion): boolean => atLeast(v.version, [2026, 4, 3])

/**
 * Whether the engine gives and uses a chosen message id (2026.4.3: "NOWEB, GOWS - Provide message ID
 * in send request"); WEBJS answers NotImplementedByEngineError and drops a send's `id`.
 */
export const messageIdsSupported = (v: FakeServerVersion): boolean =>
  hasNewMessageIdRoute(v) && ["NOWEB", "GOWS"].includes(v.engine.toUpperCase())

/** An id as whatsmeow's GenerateMessageID makes it (GOWS) and as Baileys' looks: "3EB0" and 18 upper-case hex digits. */
export const newWahaMessageId = (): string => {
  let hex = ""
  for (let i = 0; i < 18; i++) hex += Math.floor(Math.random() * 16).toString(16)
  return `3EB0${hex.toUpperCase()}`
}

/** NestJS's answer to a path no controller has (an older WAHA asked for a newer route). */
export const cannotRoute = (method: string, path: string) => ({
  message: `Cannot ${method} ${path}`,
  error: "Not Found",
  statusCode: 404
})

/** ChatsController.getChatMessage when the engine finds no message with that id. */
export const messageNotFound = () => notFound("Message not found")

/** NowebInMemoryStore without the store (config.noweb.store.enabled off): a BadRequestException built from a string. */
export const nowebStoreOff = () => ({
  statusCode: 400,
  message:
    'Enable NOWEB store "config.noweb.store.enabled=True" and "config.noweb.store.full_sync=True" when starting a new session.',
  error: "Bad Request"
})

/** A channel as a test gives it to the fake (WAHA's `Channel`, docs/reach.md "Listing the channels a number can post to"). */
export interface FakeChannel {
  readonly id: string
  readonly name: string
  /** OWNER, ADMIN, SUBSCRIBER or GUEST (WEBJS's VIEWER is GUEST) */
  readonly role: string
  readonly verified?: boolean
  readonly subscribersCount?: number | null
}

/** GET /api/{session}/channels came with WAHA's channels API in 2024.7.5 (changelog: "📰 WhatsApp Channels"). */
export const hasChannelsRoute = (v: FakeServerVersion): boolean => atLeast(v.version, [2024, 7, 5])

/**
 * GET /api/{session}/channels[?role=] as each engine answers it: NOWEB and GOWS list every channel
 * the number follows, GUEST among them, and filter by `role` afterwards; WEBJS leaves GUEST out
 * ("Exclude GUEST, browser saves the data"), answers `subscribersCount: null`, and before 2026.3.3
 * answered an empty list even to an owner (#1800 on 2026.1.2, "fix channels list", #1959).
 */
export const channelsAnswer = (
  v: FakeServerVersion,
  channels: ReadonlyArray<FakeChannel>,
  role: string | undefined
): ReadonlyArray<Record<string, unknown>> => {
  const webjs = v.engine.toUpperCase() === "WEBJS"
  if (webjs && !atLeast(v.version, [2026, 3, 3])) return []
  return channels
    .filter((c) => !(webjs && c.role === "GUEST"))
    .filter((c) => role === undefined || c.role === role)
    .map((c) => ({
      id: c.id,
      name: c.name,
      invite: `https://whatsapp.com/channel/${c.id.split("@")[0] ?? ""}`,
      preview: null,
      picture: null,
      role: c.role,
      description: "",
      verified: c.verified ?? false,
      subscribersCount: webjs ? null : (c.subscribersCount ?? null)
    }))
}

/**
 * WEBJS from 2026.1.0 to before 2026.2.1 answered sendText and sendImage to a `…@newsletter` chat
 * with 201 and an empty body, and delivered nothing (#1800 on 2026.1.2, #1863; fixed in 2026.2.1).
 */
export const channelSendsVanish = (v: FakeServerVersion, chatId: string): boolean =>
  chatId.endsWith("@newsletter") &&
  v.engine.toUpperCase() === "WEBJS" &&
  atLeast(v.version, [2026, 1, 0]) &&
  !atLeast(v.version, [2026, 2, 1])
