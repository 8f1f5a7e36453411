import { Clock, Effect, Ref } from "effect"
import { z } from "zod"
import type { MessageByIdLookup, MessageByIdQuery, SentText } from "../../application/ports/GatewayPort.ts"
import { GatewayError } from "../../application/ports/GatewayPort.ts"
import { oneLine } from "../../application/text/oneLine.ts"
import { gatewayMessageKey } from "../../domain/message/Message.ts"
import type { WahaHttp } from "./WahaChatHistory.ts"
import { meaningOfWahaAnswer } from "./wahaAnswers.ts"
import { WahaId } from "./wahaId.ts"

/**
 * Client-chosen message ids over WAHA (docs/outcome-unknown.md, "Client-chosen message ids"):
 * - `GET /api/{session}/new-message-id` (2026.4.3 on) answers `{id}` on NOWEB and GOWS; WEBJS
 *   answers "The method is not implemented by … engine" (501 in WAHA since 2025, 422 before);
 *   an older WAHA has no such route (NestJS's 404 "Cannot GET …"). Both mean "no ids": null.
 * - `GET /api/{session}/chats/{chatId}/messages/{id}` answers the WAMessage, 404 "Message not
 *   found", or on NOWEB without its store 400 "Enable NOWEB store …". GOWS does not check the chat
 *   in the path, so the answer's chat, `fromMe` and id are checked here.
 */

/** How long a session without ids is remembered, at most: a process that did not see the session restart, or a WAHA upgraded meanwhile, asks again. */
export const NO_IDS_REMEMBERED_MS = 60 * 60 * 1000

/** A send waits this long for its id (the claim's own deadline, takeMessageId.ts, is a little longer). */
export const NEW_ID_DEADLINE_MS = 1_500
/** After no id in time or a failed answer, the session's sends go without ids this long: a stalled WAHA costs one wait, not one per message. */
export const IDS_BACKOFF_MS = 30_000

const NewMessageIdBody = z.object({ id: z.string().min(1) })

/** WAHA's WAMessage, only the fields read here. `timestamp` in seconds. */
const ChatMessage = z.object({
  id: WahaId,
  timestamp: z.number(),
  fromMe: z.boolean(),
  to: z.string().nullish().catch(undefined),
  ack: z.number().nullish().catch(undefined)
})

/** A route this WAHA does not have (NestJS's answer to an unknown path, or the plain "Not Found" of the same). */
const NO_SUCH_ROUTE = /Cannot (GET|POST) |^\s*\{\s*"message"\s*:\s*"Not Found"\s*\}\s*$/
const MESSAGE_NOT_FOUND = /Message not found/i
const NOWEB_STORE_OFF = /Enable NOWEB store/i

/** `<digits>@s.whatsapp.net` (NOWEB's JID) is `<digits>@c.us` (WAHA's chat id). */
const sameChat = (a: string, b: string) => {
  const plain = (chat: string) => chat.replace(/@s\.whatsapp\.net$/, "@c.us")
  return plain(a) === plain(b)
}

/** The chat and the key a WAMessage's id names: `<fromMe>_<chat>_<key>[_<participant>]`, or a bare key (its chat then from `to`). */
const chatAndKey = (id: string, to: string | null | undefined) => {
  const [fromMe, chat, key] = id.split("_")
  return key !== undefined && chat !== undefined && (fromMe === "true" || fromMe === "false")
    ? { chat, key }
    : { chat: to ?? null, key: id }
}

/** Why a session gives no ids: the gateway has none, a send ignored the one it was given, or it failed to give one lately. */
type NoIds = { readonly until: number; readonly why: "none" | "ignored" | "failing" }

export const makeMessageIds = (http: WahaHttp) => {
  const seg = encodeURIComponent
  const noIdsBySession = Ref.makeUnsafe<ReadonlyMap<string, NoIds>>(new Map())

  /** Remembers that `session` gives no ids; true when it was not remembered so before. */
  const remember = (session: string, why: NoIds["why"], forMs = NO_IDS_REMEMBERED_MS) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Ref.modify(noIdsBySession, (map): readonly [boolean, ReadonlyMap<string, NoIds>] => {
        const known = map.get(session)
        const fresh = known === undefined || known.until <= now || (why === "ignored" && known.why !== "ignored")
        return [fresh, new Map(map).set(session, { until: now + forMs, why })]
      })
    )

  /** Forgets what was remembered of `session`: it was created, started or restarted, perhaps on another engine. */
  const forget = (session: string) =>
    Ref.update(noIdsBySession, (map) => {
      if (!map.has(session)) return map
      const next = new Map(map)
      next.delete(session)
      return next
    })

  const remembered = (session: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(Ref.get(noIdsBySession), (map) => {
        const known = map.get(session)
        return known !== undefined && known.until > now
      })
    )

  const withoutIds = (session: string) =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      Effect.map(Ref.get(noIdsBySession), (map) => {
        const known = map.get(session)
        return known !== undefined && known.until > now ? known.why : null
      })
    )

  const newMessageId = (session: string) =>
    Effect.flatMap(remembered(session), (known) =>
      known
        ? Effect.succeed(null)
        : askNewMessageId(session).pipe(
            Effect.tapError((error) =>
              Effect.flatMap(remember(session, "failing", IDS_BACKOFF_MS), (fresh) =>
                fresh
                  ? Effect.logWarning(
                      `Session ${oneLine(session)}: no message id from the gateway (${oneLine(error.message)}): its sends go without ids for ${IDS_BACKOFF_MS / 1000} s`
                    )
                  : Effect.void
              )
            )
          )
    )

  const askNewMessageId = Effect.fnUntraced(function* (session: string) {
    const prefix = "failed to take a new message id"
    const response = yield* http.call(prefix, "GET", `/api/${seg(session)}/new-message-id`).pipe(
      Effect.timeoutOrElse({
        duration: NEW_ID_DEADLINE_MS,
        orElse: () =>
          Effect.fail(
            new GatewayError({ reason: "Timeout", message: `${prefix}: no answer within ${NEW_ID_DEADLINE_MS} ms` })
          )
      })
    )
    const noRoute = response.status === 404 && NO_SUCH_ROUTE.test(response.text)
    const engineCannot =
      (response.status === 422 || response.status === 501) &&
      meaningOfWahaAnswer(response.status, response.text).reason === "FeatureUnsupported"
    if (noRoute || engineCannot) {
      if (yield* remember(session, "none")) {
        yield* Effect.logInfo(
          `Session ${oneLine(session)}: the gateway gives no message ids (${noRoute ? "WAHA before 2026.4.3" : "its engine cannot"}): a send cut off there is settled from the chat's history only`
        )
      }
      return null
    }
    const body = yield* http
      .ok(prefix)(response)
      .pipe(Effect.flatMap(http.parse(prefix, NewMessageIdBody)))
    return body.id
  })

  /**
   * After a send made with `chosen`: when the answer names another id, the gateway ignored the
   * chosen one (WEBJS, or a WAHA that does not read `id`). Said once per session; the session
   * then gets no ids until it restarts. An answer without an id tells nothing.
   */
  const checkHonoured = (session: string, chosen: string | undefined, sent: SentText) =>
    chosen === undefined || sent.messageId === null || gatewayMessageKey(sent.messageId) === chosen
      ? Effect.void
      : Effect.flatMap(remember(session, "ignored"), (fresh) =>
          fresh
            ? Effect.logWarning(
                `Session ${oneLine(session)}: the gateway ignored the message id Herald chose (${oneLine(chosen)}; it answered ${oneLine(sent.messageId ?? "")}): its sends are made without ids until the session restarts, and a cut-off send is settled from the chat's history only`
              )
            : Effect.void
        )

  const findMessageById = Effect.fnUntraced(function* (query: MessageByIdQuery) {
    const prefix = "failed to look the message up by its id"
    const response = yield* http.call(
      prefix,
      "GET",
      `/api/${seg(query.session)}/chats/${seg(query.chatId)}/messages/${seg(query.id)}`,
      { query: { downloadMedia: "false" } }
    )
    if (response.status === 404 && MESSAGE_NOT_FOUND.test(response.text)) {
      const notFound: MessageByIdLookup = { _tag: "NotFound" }
      return notFound
    }
    if (response.status === 404 && NO_SUCH_ROUTE.test(response.text)) {
      return yield* new GatewayError({
        reason: "FeatureUnsupported",
        message: `${prefix}: the gateway has no such route (an older WAHA)`,
        status: 404
      })
    }
    if (response.status === 400 && NOWEB_STORE_OFF.test(response.text)) {
      const unsure: MessageByIdLookup = {
        _tag: "Unsure",
        reason:
          "the session's NOWEB store is off, so the gateway cannot look messages up (link the number again to turn it on)"
      }
      return unsure
    }
    const m = yield* http
      .ok(prefix)(response)
      .pipe(Effect.flatMap(http.parse(prefix, ChatMessage)))
    const { chat, key } = chatAndKey(m.id, m.to)
    const problem = !m.fromMe
      ? "the message with that id is not from this session"
      : key !== query.id
        ? `the gateway answered another message (${m.id})`
        : chat === null
          ? "the gateway's answer does not say the message's chat"
          : !sameChat(chat, query.chatId)
            ? "the message with that id is in another chat"
            : null
    const lookup: MessageByIdLookup =
      problem === null
        ? { _tag: "Found", messageId: m.id, timestamp: m.timestamp * 1000, ack: m.ack ?? null }
        : { _tag: "Unsure", reason: problem }
    return lookup
  })

  return { newMessageId, withoutIds, findMessageById, checkHonoured, forget }
}
