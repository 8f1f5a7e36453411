import { Effect } from "effect"
import { z } from "zod"
import type { GatewayError, SentMessageLookup, SentMessageQuery } from "../../application/ports/GatewayPort.ts"
import { WahaId } from "./wahaId.ts"

/**
 * {@link GatewayPort.findSentMessage} over WAHA: reads the chat's recent messages from this session
 * (`GET /api/{session}/chats/{chatId}/messages`) and looks for the text. What WAHA can and cannot
 * tell, engine by engine, is in docs/outcome-unknown.md; in short:
 * - WAHA's `POST /api/sendText` takes no client-chosen message id on any engine, so the text, the
 *   chat, `fromMe` and the time are the only things to match on.
 * - Only a message that WhatsApp's server acknowledged (`ack` ≥ 1, SERVER) counts as sent. WEBJS
 *   lists a message the moment it is queued in WhatsApp Web (`ack` 0, PENDING), and NOWEB stores it
 *   PENDING once written to the socket: those may still leave, or never.
 * - The filters are sent, but applied again here: an engine that ignores them (or returns other
 *   chats' messages) can then only make the answer NotFound, never a false Found.
 */

/** What the adapter's HTTP helpers give this function (see makeWahaGateway). */
export interface WahaHttp {
  readonly call: (
    prefix: string,
    method: string,
    path: string,
    opts?: { readonly query?: Record<string, string | number> }
  ) => Effect.Effect<{ readonly status: number; readonly text: string }, GatewayError>
  readonly ok: (
    prefix: string
  ) => (response: {
    readonly status: number
    readonly text: string
  }) => Effect.Effect<{ readonly status: number; readonly text: string }, GatewayError>
  readonly parse: <T>(
    prefix: string,
    schema: z.ZodType<T>
  ) => (response: { readonly status: number; readonly text: string }) => Effect.Effect<T, GatewayError>
}

/** How many of the chat's latest messages from this session are read: ours is among them unless many followed it. */
export const HISTORY_PAGE = 100

/** WAHA's WAMessage, only the fields read here. `timestamp` is in seconds. */
const ChatMessage = z.object({
  id: WahaId,
  timestamp: z.number(),
  fromMe: z.boolean(),
  body: z.string().nullish(),
  ack: z.number().nullish()
})
type ChatMessage = z.infer<typeof ChatMessage>

/** The answer must be an array; an entry that is not a message (a notification, an unknown shape) is skipped. */
const ChatMessages = z.array(z.unknown())

/** WAMessageAck.SERVER: WhatsApp's server has the message. */
const ACK_SERVER = 1

export const makeFindSentMessage = (http: WahaHttp) =>
  Effect.fnUntraced(function* (query: SentMessageQuery) {
    const prefix = "failed to read the chat's messages"
    const sinceSeconds = Math.floor(query.since / 1000)
    const response = yield* http.call(
      prefix,
      "GET",
      `/api/${encodeURIComponent(query.session)}/chats/${encodeURIComponent(query.chatId)}/messages`,
      {
        query: {
          limit: HISTORY_PAGE,
          offset: 0,
          downloadMedia: "false",
          "filter.fromMe": "true",
          "filter.timestamp.gte": sinceSeconds
        }
      }
    )
    const items = yield* http
      .ok(prefix)(response)
      .pipe(Effect.flatMap(http.parse(prefix, ChatMessages)))
    const matches: Array<ChatMessage> = []
    for (const item of items) {
      const parsed = ChatMessage.safeParse(item)
      if (!parsed.success) continue
      const m = parsed.data
      if (m.fromMe && m.timestamp >= sinceSeconds && m.body === query.text) matches.push(m)
    }
    const acknowledged = matches.find((m) => (m.ack ?? -Infinity) >= ACK_SERVER)
    const lookup: SentMessageLookup =
      acknowledged !== undefined
        ? { _tag: "Found", messageId: acknowledged.id, timestamp: acknowledged.timestamp * 1000 }
        : matches.length > 0
          ? {
              _tag: "Unsure",
              reason: `the chat holds the text, not yet acknowledged by WhatsApp (ack ${matches.map((m) => m.ack ?? "none").join(", ")})`
            }
          : { _tag: "NotFound" }
    return lookup
  })
