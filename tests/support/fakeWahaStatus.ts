import type { FakeServerVersion } from "./fakeWahaRules.ts"
import {
  availableOnlyInPlus,
  mediaOnlyInPlus,
  newWahaMessageId,
  notImplementedBy,
  nowebStoreOff
} from "./fakeWahaRules.ts"

/**
 * The fake WAHA's Status routes, `POST /api/{session}/status/text` and `/status/image`, as WAHA's
 * source and docs say (docs/reach.md, "2. Status"): which engine and version posts a Status at all
 * and to chosen `contacts`, their refusals in WAHA's words, and each engine's answer with
 * `status@broadcast` as the chat. The server (FakeWahaServer.ts) checks the session first, as
 * `@WorkingSessionParam` does, then asks `answerStatus`.
 */

/** A Status the fake accepted: the route's kind, the session, and the body as received (an image's `file.data` is base64). */
export interface FakeStatus {
  readonly kind: "text" | "image"
  readonly session: string
  readonly body: Record<string, unknown>
  /** the id it answered (NOWEB `key.id`, GOWS and WEBJS the key inside the serialized id) */
  readonly key: string
}

const parts = (version: string): readonly [number, number, number] | null => {
  const m = /^(\d+)\.(\d+)\.(\d+)/.exec(version)
  return m === null ? null : [Number(m[1]), Number(m[2]), Number(m[3])]
}
/** `version` is `need` or later; a version that is not a number ("fake") counts as the latest. */
const atLeast = (version: string, need: readonly [number, number, number]): boolean => {
  const have = parts(version)
  if (have === null) return true
  const [y, m, b] = have
  return y !== need[0] ? y > need[0] : m !== need[1] ? m > need[1] : b >= need[2]
}

/**
 * The Status API per engine (changelog): NOWEB since 2023.8, WEBJS since 2024.11.1, GOWS since 2025.1.5.
 * Before, the route exists (SRC-2024's StatusController) and the engine's session throws "not implemented".
 */
export const statusSupported = (v: FakeServerVersion): boolean => {
  switch (v.engine.toUpperCase()) {
    case "NOWEB":
      return true
    case "WEBJS":
      return atLeast(v.version, [2024, 11, 1])
    case "GOWS":
      return atLeast(v.version, [2025, 1, 5])
    default:
      return false
  }
}

/** WEBJS's checkStatusRequest, and an early GOWS's (IDX 35034545252): a 422 built from a string. */
export const contactsRefused = (engine: "WEBJS" | "GOWS") => ({
  statusCode: 422,
  message: `${engine} doesn't accept 'contacts'. Remove the field to send status to all contacts.`,
  error: "Unprocessable Entity"
})

/** NOWEB with no one to send to (its store holds no contacts, or an empty list). */
export const noParticipants = () => ({
  statusCode: 422,
  message: "No participants to send status",
  error: "Unprocessable Entity"
})

/** NOWEB before 2024.11.4: `contacts` was required (ValidationPipe's answer to a missing array). */
export const contactsRequired = () => ({
  statusCode: 400,
  message: ["contacts must be an array"],
  error: "Bad Request"
})

export interface StatusContext {
  readonly version: FakeServerVersion
  readonly kind: "text" | "image"
  readonly session: string
  readonly body: Record<string, unknown> | undefined
  /** the session's own id (`<digits>@c.us`) */
  readonly meId: string
  /** NOWEB: whether the session was created with its store on (`config.noweb.store.enabled`) */
  readonly nowebStore: boolean
  /** NOWEB: how many contacts its store holds (all contacts = these) */
  readonly storedContacts: number
}

export type StatusAnswer =
  | { readonly _tag: "Refused"; readonly status: number; readonly body: unknown }
  | { readonly _tag: "Posted"; readonly status: 201; readonly body: unknown; readonly posted: FakeStatus }

const refused = (status: number, body: unknown): StatusAnswer => ({ _tag: "Refused", status, body })

/** What WAHA answers a Status post on a WORKING session. */
export const answerStatus = (ctx: StatusContext): StatusAnswer => {
  const { version, kind, body } = ctx
  const engine = version.engine.toUpperCase()
  if (body === undefined) return refused(400, { statusCode: 400, message: "body required", error: "Bad Request" })
  if (kind === "text" && typeof body["text"] !== "string")
    return refused(400, { statusCode: 400, message: ["text must be a string"], error: "Bad Request" })
  if (kind === "image") {
    const file = body["file"] as Record<string, unknown> | undefined
    if (typeof file?.["mimetype"] !== "string" || (typeof file["data"] !== "string" && typeof file["url"] !== "string"))
      return refused(400, { statusCode: 400, message: ["file must be an object"], error: "Bad Request" })
  }
  if (!statusSupported(version)) return refused(501, notImplementedBy(version.engine))
  // image Status: only Plus sessions override sendImageStatus before 2026.6.1
  if (kind === "image" && mediaOnlyInPlus(version)) return refused(422, availableOnlyInPlus(version.engine))
  const contacts = body["contacts"]
  const hasContacts = Array.isArray(contacts)
  if (hasContacts && engine === "WEBJS") return refused(422, contactsRefused("WEBJS"))
  if (hasContacts && engine === "GOWS" && !atLeast(version.version, [2025, 3, 2]))
    return refused(422, contactsRefused("GOWS"))
  if (engine === "NOWEB") {
    if (!hasContacts && !atLeast(version.version, [2024, 11, 4])) return refused(400, contactsRequired())
    if (!hasContacts && !ctx.nowebStore) return refused(400, nowebStoreOff())
    if ((hasContacts ? contacts.length : ctx.storedContacts) === 0) return refused(422, noParticipants())
  }
  const key = newWahaMessageId()
  const posted: FakeStatus = { kind, session: ctx.session, body, key }
  switch (engine) {
    case "NOWEB":
      return {
        _tag: "Posted",
        status: 201,
        posted,
        body: {
          key: { remoteJid: "status@broadcast", fromMe: true, id: key },
          message:
            kind === "text"
              ? { extendedTextMessage: { text: body["text"], backgroundArgb: 0, font: body["font"] ?? 0 } }
              : { imageMessage: { caption: body["caption"] ?? "" } },
          messageTimestamp: String(Math.floor(Date.now() / 1000)),
          status: "PENDING"
        }
      }
    case "GOWS":
      return {
        _tag: "Posted",
        status: 201,
        posted,
        body: { id: `true_status@broadcast_${key}_${ctx.meId}`, _data: { Info: { ID: key } } }
      }
    default:
      return {
        _tag: "Posted",
        status: 201,
        posted,
        body: {
          id: { fromMe: true, remote: "status@broadcast", id: key, _serialized: `true_status@broadcast_${key}` },
          body: kind === "text" ? body["text"] : (body["caption"] ?? "")
        }
      }
  }
}

/**
 * A Status view as WAHA reports it (docs/reach.md, "Receipts ("views")"): a `message.ack.group`
 * READ receipt from the viewer, the Status's serialized id with the viewer appended (WEBJS's
 * shape, as for a group member's receipt).
 */
export const statusViewPayload = (key: string, viewer: string) => ({
  id: `true_status@broadcast_${key}_${viewer}`,
  from: "status@broadcast",
  participant: viewer,
  fromMe: true,
  ack: 3,
  ackName: "READ"
})
