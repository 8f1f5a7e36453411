import type { Effect } from "effect"
import { Context, Data } from "effect"
import type { StatusFont } from "../../domain/campaign/StatusPost.ts"
import type { FailureKind } from "../../domain/message/failureKind.ts"
import { failureKindOf } from "../../domain/message/failureKind.ts"
import type { MediaKind } from "../../domain/message/Media.ts"

/**
 * Why a gateway call failed. `Unreachable` covers refused connections and DNS failures,
 * `Timeout` a call that did not answer in time; the others map WAHA's answers: 401 bad key,
 * 404 unknown session, 404 "start it first" (the session exists but is STOPPED: not running),
 * 422 session not in the status the call needs (not WORKING), 422 "already exists" and
 * "already started", 422 OnlyDefaultSessionIsAllowed (WAHA Core before 2026.6.1 has only the
 * session `default`), 422/501 FeatureUnsupported (the engine or version cannot do what was asked:
 * "not implemented by the engine", "only in Plus", `mentions: ["all"]` refused), NumberLimited
 * (WhatsApp limits the number: GOWS's 500 "server returned error 463", a reach-out time-lock, or
 * NOWEB's "rate-overlimit"; docs/waha.md, "When WhatsApp limits a number"), 5xx, anything unexpected.
 */
export type GatewayFailure =
  | "Unreachable"
  | "Timeout"
  | "Unauthorized"
  | "SessionNotFound"
  | "SessionNotRunning"
  | "SessionNotReady"
  | "SessionAlreadyExists"
  | "SessionAlreadyStarted"
  | "NamedSessionsUnsupported"
  | "FeatureUnsupported"
  | "NumberLimited"
  | "ServerError"
  | "BadResponse"

/** What an operator must do when the gateway is WAHA Core before 2026.6.1 (one sentence, used in logs and answers). */
export const NAMED_SESSIONS_UNSUPPORTED =
  "the messaging gateway is WAHA Core before 2026.6.1, which allows only the session 'default'; Herald needs a session per user: upgrade WAHA to 2026.6.1 or later (or use WAHA Plus)"

/**
 * `message` is the detail for the operator's log and the scheduler's recorded reason, e.g.
 * `failed to send message: connect ECONNREFUSED 127.0.0.1:3000`: it may hold the gateway's
 * address and answer, never the API key. `summary` is what an end user may read.
 */
export class GatewayError extends Data.TaggedError("GatewayError")<{
  readonly reason: GatewayFailure
  readonly message: string
  readonly status?: number
  /** the session's status as the gateway reported it in a 422 (e.g. SCAN_QR_CODE, FAILED): upper-case letters and _ only */
  readonly sessionStatus?: string
}> {
  /**
   * The kind of failure in the organiser's terms (domain/message/failureKind.ts), for the plain
   * words: from the reason, and for an unmapped answer (a 400, a 500) from its detail, where WAHA
   * says "Chat not found" or "rate-overlimit".
   */
  // biome-ignore lint/suspicious/useGetterReturn: the switch covers every reason (tsc checks it)
  get kind(): FailureKind {
    switch (this.reason) {
      case "Unreachable":
      case "Unauthorized":
        return "unreachable"
      case "Timeout":
        return "noAnswer"
      case "NumberLimited":
        return "refused"
      case "SessionNotFound":
      case "SessionNotRunning":
      case "SessionNotReady":
        return "session"
      case "SessionAlreadyExists":
      case "SessionAlreadyStarted":
      case "NamedSessionsUnsupported":
      case "FeatureUnsupported":
        return "other"
      case "ServerError":
      case "BadResponse": {
        const kind = failureKindOf(this.message)
        // a timeout's words or a missed send cannot come from an answer
        return kind === "missed" || kind === "noAnswer" ? "other" : kind
      }
    }
  }

  /** What happened in the user's terms: built from the reason and status only, so no address or body can reach it. */
  // biome-ignore lint/suspicious/useGetterReturn: the switch covers every reason (tsc checks it)
  get summary(): string {
    const http = this.status === undefined ? "" : ` (HTTP ${this.status})`
    switch (this.reason) {
      case "Unreachable":
        return "the messaging gateway could not be reached"
      case "Timeout":
        return "the messaging gateway did not answer in time"
      case "Unauthorized":
        return `the messaging gateway rejected Herald's credentials${http}`
      case "SessionNotFound":
        return `the messaging gateway does not know this session${http}`
      case "SessionNotRunning":
        return `the messaging session is stopped on the gateway: reconnect or restart it first${http}`
      case "SessionNotReady":
        return this.sessionStatus === undefined
          ? `the messaging gateway rejected the request: the session is not in a state that allows it${http}`
          : `the messaging gateway rejected the request: the session is ${this.sessionStatus}, not in a state that allows it${http}`
      case "SessionAlreadyExists":
        return `the messaging gateway already has a session of this name${http}`
      case "SessionAlreadyStarted":
        return `the messaging session is already running on the gateway${http}`
      case "NamedSessionsUnsupported":
        return `${NAMED_SESSIONS_UNSUPPORTED}${http}`
      case "FeatureUnsupported":
        return `the messaging gateway cannot do what this asks (its engine or version does not offer it, e.g. mentioning everyone or polls)${http}`
      case "NumberLimited":
        return `WhatsApp is limiting this number for now and did not take the message${http}`
      case "ServerError":
        return `the messaging gateway answered an error${http}`
      case "BadResponse":
        // an unmapped 4xx is a refusal; anything else is an answer that could not be read
        return this.status !== undefined && this.status >= 400 && this.status < 500
          ? `the messaging gateway rejected the request${http}`
          : `the messaging gateway answered in a form Herald could not read${http}`
    }
  }
}

export interface ChatPresenceRequest {
  readonly session: string
  readonly chatId: string
  readonly action: "seen" | "startTyping" | "stopTyping"
}

export interface SendTextRequest {
  readonly session: string
  readonly chatId: string
  readonly text: string
  /**
   * Mention every member of the group: WAHA's `mentions: ["all"]` (2025.11.1 on WEBJS, NOWEB and
   * GOWS; the gateway expands it to the group's participants, the sender left out, and the text
   * needs no @ tokens). Only sent when true; a gateway that cannot answers an error, never a plain send.
   */
  readonly mentionAll?: boolean
  /** the message's id, taken before the send from {@link GatewayPort.newMessageId} (WAHA's body field `id`) */
  readonly id?: string
}

/**
 * POST /api/sendPoll: a poll to a chat (WAHA's `poll: {name, options, multipleAnswers}`; NOWEB
 * since 2023, GOWS since 2025.5.5, WEBJS since 2025.12.2). The options are checked by Herald
 * (2–12, non-empty, distinct): WAHA checks none. No mentions: sendPoll takes none.
 */
export interface SendPollRequest {
  readonly session: string
  readonly chatId: string
  /** the question (WAHA's `poll.name`) */
  readonly question: string
  readonly options: ReadonlyArray<string>
  readonly multipleAnswers: boolean
  /** as SendTextRequest's */
  readonly id?: string
}

/**
 * POST /api/sendImage (kind image) or /api/sendFile (kind file): `file: {mimetype, filename, data}`
 * with the bytes as base64, and the caption (docs/waha-features.md §2). In WAHA's free image since
 * 2026.6.1, before only in Plus; `mentions: ["all"]` on media since 2025.11.2.
 */
export interface SendMediaRequest {
  readonly session: string
  readonly chatId: string
  readonly kind: MediaKind
  readonly mimetype: string
  readonly filename: string
  readonly bytes: Uint8Array
  /** the message's content; may be empty */
  readonly caption: string
  readonly mentionAll?: boolean
  /** as SendTextRequest's (WAHA's schema lists it for texts and polls only; GOWS's source reads it for media too) */
  readonly id?: string
}

/**
 * POST /api/{session}/status/text or /status/image (docs/reach.md, "2. Status"): the number's
 * Status. `contacts` null: all contacts (the field left out); WEBJS refuses any list.
 */
export type SendStatusRequest =
  | {
      readonly kind: "text"
      readonly session: string
      readonly text: string
      /** `#rrggbb` */
      readonly backgroundColor: string
      readonly font: StatusFont
      readonly contacts: ReadonlyArray<string> | null
    }
  | {
      readonly kind: "image"
      readonly session: string
      readonly mimetype: string
      readonly filename: string
      readonly bytes: Uint8Array
      /** may be empty */
      readonly caption: string
      readonly contacts: ReadonlyArray<string> | null
    }

/**
 * What the gateway said about a message it accepted. When the send carried an `id` and the
 * gateway ignored it (WEBJS, a WAHA before 2026.4.3), `messageId` is the gateway's own id, not the
 * chosen one: the caller compares the key (gatewayMessageKey) with the id it chose.
 */
export interface SentText {
  /** its id for the message (WAHA's serialized `<fromMe>_<chatId>_<key>`, or the bare key), null when the answer named none */
  readonly messageId: string | null
}

/** GET /api/server/version: e.g. {version: "2026.6.1", engine: "WEBJS", tier: "CORE"}. */
export interface GatewayServerVersion {
  readonly version: string
  readonly engine: string
  readonly tier: string
}

export interface GatewaySession {
  readonly name: string
  /**
   * WORKING, SCAN_QR_CODE, STOPPED, STARTING, FAILED, PASSKEY_REQUIRED, PASSKEY_CONFIRMATION_REQUIRED
   * (GOWS pairing by passkey), … (open-ended: shown as the gateway says it).
   */
  readonly status: string
  /** `<digits>@c.us` of the connected phone, when WORKING. */
  readonly meId?: string
  /** the connected phone's WhatsApp profile name (WAHA's `me.pushName`), when the gateway says one */
  readonly meName?: string
  /**
   * Whether the session's delivery receipts reach Herald: ON (its webhook to Herald carries them),
   * NOT_CONFIGURED (Herald registers no webhooks: no GATEWAY_WEBHOOK_SECRET), NOT_REGISTERED (the
   * session has no such webhook: created before the secret was set, for another address, or by a
   * gateway that refused the events). Absent: the gateway does not say.
   */
  readonly receipts?: "ON" | "NOT_CONFIGURED" | "NOT_REGISTERED"
  /** Whether votes on the session's polls reach Herald (`poll.vote` in its webhook), as `receipts`. */
  readonly pollVotes?: "ON" | "NOT_CONFIGURED" | "NOT_REGISTERED"
  /**
   * WhatsApp's reach-out time-lock on the number as the gateway shows it (WAHA 2026.7.2 on:
   * `me.reachoutTimelock`): `active`, and until when (epoch ms) when it says. Absent: the gateway
   * shows none (older WAHA, or no time-lock; WAHA may show none while it still answers 463, waha#2219).
   */
  readonly reachoutTimelock?: { readonly active: boolean; readonly until?: number }
}

export interface GatewayQr {
  readonly mimetype: string
  /** base64 of the image */
  readonly data: string
}

export interface GatewayGroup {
  readonly groupId: string
  readonly groupName: string
}

/** WAHA's `Channel.role`; GUEST also stands for any role WAHA does not name. */
export type ChannelRole = "OWNER" | "ADMIN" | "SUBSCRIBER" | "GUEST"

/** A WhatsApp Channel the session follows or runs (docs/reach.md, "Listing the channels a number can post to"). */
export interface GatewayChannel {
  /** `<digits>@newsletter` */
  readonly channelId: string
  readonly name: string
  readonly role: ChannelRole
  readonly verified: boolean
  /** null where the engine does not say (WEBJS's list) */
  readonly subscribers: number | null
}

export interface GatewayContact {
  readonly groupId: string
  readonly groupName: string
  readonly number: string
  readonly isContact: true
}

export interface Page {
  readonly limit: number
  readonly offset: number
}

/**
 * One page as the gateway served it. `more` is whether the gateway may have more after it
 * (its page was exactly full): the adapter drops entries that are not contacts, so fewer items than
 * asked for does not mean the end; more than asked for means the gateway ignored paging and
 * served everything. `served` holds the id of every entry the gateway served on this page, kept
 * or dropped, so a reader can tell a page that only repeats earlier ones (a gateway that ignores
 * offset) from a new one.
 */
export interface PageOf<T> {
  readonly items: ReadonlyArray<T>
  readonly more: boolean
  readonly served: ReadonlyArray<string>
}

/** Where to look for a text this session may have sent: `since` in ms, the earliest time the send could have happened. */
export interface SentMessageQuery {
  readonly session: string
  readonly chatId: string
  readonly text: string
  readonly since: number
}

/**
 * What the chat's own history says about a send (see docs/outcome-unknown.md).
 * - `Found`: a message from this session in that chat, with exactly that text, timestamped at or
 *   after `since`, that WhatsApp's server acknowledged (ack SERVER or later). `timestamp` in ms.
 * - `NotFound`: the history was read and holds no such message. This is NOT proof that the message
 *   was never sent: the engine may keep no or partial history, or still hold the send in a queue.
 * - `Unsure`: a matching message is there but not acknowledged (PENDING, ERROR or no ack): it may
 *   still leave, or may never have left.
 */
export type SentMessageLookup =
  | { readonly _tag: "Found"; readonly messageId: string; readonly timestamp: number }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Unsure"; readonly reason: string }

/** Which message to look up: one this session sent to `chatId` with the id it chose (the bare key, as newMessageId gave it). */
export interface MessageByIdQuery {
  readonly session: string
  readonly chatId: string
  readonly id: string
}

/**
 * What the gateway says about a message looked up by its id (docs/outcome-unknown.md,
 * "Client-chosen message ids").
 * - `Found`: the gateway holds a message from this session (`fromMe`) in that chat with that id.
 *   `timestamp` in ms; `ack` as WAHA gives it (−1 ERROR, 0 PENDING, 1 SERVER, 2 DEVICE, 3 READ,
 *   4 PLAYED), null when it gives none. Only an ack of 1 or more says WhatsApp's server has it.
 * - `NotFound`: the gateway holds no message with that id (404 "Message not found"). Not proof
 *   that it was never sent: a send may still be inside the engine.
 * - `Unsure`: the gateway answered, but not about this session's message in this chat (another
 *   chat, not `fromMe`, another id), or it cannot look ids up (NOWEB without its store).
 */
export type MessageByIdLookup =
  | { readonly _tag: "Found"; readonly messageId: string; readonly timestamp: number; readonly ack: number | null }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "Unsure"; readonly reason: string }

/** The messaging gateway (WAHA's HTTP API, docs/architecture.md#the-gateway). */
export class GatewayPort extends Context.Service<
  GatewayPort,
  {
    readonly sendText: (request: SendTextRequest) => Effect.Effect<SentText, GatewayError>
    /** its answer's id read as sendText's (the shapes differ per engine as they do for texts) */
    readonly sendPoll: (request: SendPollRequest) => Effect.Effect<SentText, GatewayError>
    /** its answer's id read as sendText's */
    readonly sendMedia: (request: SendMediaRequest) => Effect.Effect<SentText, GatewayError>
    /**
     * A Status post; its answer's id read as sendText's (NOWEB `key.id`, GOWS
     * `true_status@broadcast_<id>_<me>`, WEBJS `id._serialized`).
     */
    readonly sendStatus: (request: SendStatusRequest) => Effect.Effect<SentText, GatewayError>
    /**
     * What a person does before writing (docs/waha-features.md §4): `seen` marks the chat read
     * (POST /api/sendSeen), `startTyping` / `stopTyping` show and end "typing…" (POST
     * /api/startTyping, /api/stopTyping), each `{session, chatId}`.
     */
    readonly chatPresence: (request: ChatPresenceRequest) => Effect.Effect<void, GatewayError>
    /** POST /api/sessions {name, start: true} */
    readonly createSession: (name: string) => Effect.Effect<void, GatewayError>
    /** null when the gateway does not know the session (404). */
    readonly getSession: (name: string) => Effect.Effect<GatewaySession | null, GatewayError>
    /** POST …/start: a session that runs (FAILED included) answers SessionAlreadyStarted. */
    readonly startSession: (name: string) => Effect.Effect<void, GatewayError>
    /** POST …/restart: stops (if running) and starts again; what a FAILED session needs. */
    readonly restartSession: (name: string) => Effect.Effect<void, GatewayError>
    readonly stopSession: (name: string) => Effect.Effect<void, GatewayError>
    readonly logoutSession: (name: string) => Effect.Effect<void, GatewayError>
    /** DELETE: stops, logs out and deletes; idempotent. */
    readonly deleteSession: (name: string) => Effect.Effect<void, GatewayError>
    /** GET /api/server/version */
    readonly serverVersion: () => Effect.Effect<GatewayServerVersion, GatewayError>
    /**
     * Whether the gateway answers a request that carries no API key: GET /api/sessions without
     * `X-Api-Key` (WAHA_API_KEY guards every /api/ path, this one included; it lists each session's
     * config, the webhook's `hmac.key` with it). true on 2xx, false on 401 or 403; anything else
     * (unreachable, a timeout, another answer) is a GatewayError: nothing is known then.
     */
    readonly acceptsRequestsWithoutKey: () => Effect.Effect<boolean, GatewayError>
    readonly getQr: (name: string) => Effect.Effect<GatewayQr, GatewayError>
    readonly listGroups: (name: string, page: Page) => Effect.Effect<PageOf<GatewayGroup>, GatewayError>
    /**
     * Only real WhatsApp contacts: `@c.us` ids, not groups, not blocked, not me, with a number; a contact
     * the gateway lists by `@lid` comes under the phone number its lid maps to, when the gateway knows it.
     */
    readonly listContacts: (name: string, page: Page) => Effect.Effect<PageOf<GatewayContact>, GatewayError>
    /**
     * GET /api/{session}/channels without `role` (one call; WAHA's filter takes one role only),
     * read leniently per engine: every role, the caller keeps OWNER and ADMIN; entries whose id is
     * not `…@newsletter` are dropped. A WAHA without the route (404 "Cannot GET", before 2024.7.5)
     * and 422/501 "not implemented" are FeatureUnsupported.
     */
    readonly listChannels: (name: string) => Effect.Effect<ReadonlyArray<GatewayChannel>, GatewayError>
    /** GET /api/{session}/chats/{chatId}/messages: did this session's send of `text` reach the chat? */
    readonly findSentMessage: (query: SentMessageQuery) => Effect.Effect<SentMessageLookup, GatewayError>
    /**
     * A message id chosen before sending (WAHA 2026.4.3+ on NOWEB/GOWS: GET /api/{session}/new-message-id);
     * null where the gateway cannot give one (404 older WAHA, 422/501 the engine cannot, or a
     * session whose sends ignored their id). A null is remembered per session until the session is
     * created, started or restarted again through this adapter (or for an hour), so a gateway
     * without ids costs one call.
     */
    readonly newMessageId: (session: string) => Effect.Effect<string | null, GatewayError>
    /**
     * Why the adapter remembers `session` as giving no ids now, asking nothing: `none` (the gateway
     * has none), `ignored` (a send ignored its id), `failing` (no id lately, for a short backoff),
     * or null (it may give ids).
     */
    readonly withoutIds: (session: string) => Effect.Effect<"none" | "ignored" | "failing" | null>
    /** Looks up a message this session sent by the id it was sent with (GET /api/{session}/chats/{chatId}/messages/{id}). */
    readonly findMessageById: (query: MessageByIdQuery) => Effect.Effect<MessageByIdLookup, GatewayError>
  }
>()("herald/application/ports/GatewayPort") {}
