import { z } from "zod"
import type { GatewayFailure } from "../../application/ports/GatewayPort.ts"

/**
 * What a WAHA error answer means. WAHA (NestJS) answers an error built from a string as
 * `{statusCode, message, error}` and one built from an object as that object, e.g. the 422 of
 * SessionManager.waitUntilStatus `{error, session, status, expected}`. The same status code
 * means different things, told apart by the text (WAHA's src/api/sessions.controller.ts,
 * src/core/manager.core.ts, src/core/abc/manager.abc.ts):
 * - 404 "We didn't find a session with name 'x'. Please start it first …": the session exists
 *   but is STOPPED (WAHA cannot tell it from an unknown one there); other 404s: unknown session.
 * - 422 "WAHA Core support only 'default' session …" (OnlyDefaultSessionIsAllowed, Core before 2026.6.1).
 * - 422 "Session 'x' already exists. Use PUT to update it." / "Session 'x' is already started."
 * - 422 `{status: "STOPPED", expected}` (newer WAHA, after its wait): not running;
 *   `{error: 'Session "x" does not exist'}`: unknown; `{status, expected}`: not in the status needed.
 * - 501 "The method is not implemented by '<ENGINE>' engine…" (422 in WAHA 2024), 422 "… only in Plus
 *   version …", 422 `"mentions":["all"] can be used only in group chats…` (src/core/exceptions.ts,
 *   src/core/utils/mentions.all.ts): the engine or version cannot do it.
 */
export interface WahaAnswerMeaning {
  readonly reason: GatewayFailure
  /** the session's status named by a 422, when it is a plain status word */
  readonly sessionStatus?: string
}

const ErrorBody = z.object({
  message: z.union([z.string(), z.array(z.string())]).optional(),
  error: z.string().optional(),
  status: z.string().optional()
})

/** Statuses are upper-case words (WORKING, SCAN_QR_CODE, PASSKEY_REQUIRED…): anything else is not repeated to a user. */
const STATUS_WORD = /^[A-Z][A-Z_]{0,39}$/

/** WAHA's words for "this engine or version cannot do it" (see above) */
const UNSUPPORTED = /not implemented by|only in Plus version|"mentions":\s*\["all"\]/i

const bodyOf = (text: string): z.infer<typeof ErrorBody> | null => {
  try {
    const parsed = ErrorBody.safeParse(JSON.parse(text))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/**
 * WhatsApp limiting the number (docs/waha.md, "When WhatsApp limits a number"): GOWS answers a
 * send with 500 "2 UNKNOWN: server returned error 463" (whatsmeow's nack 463, the reach-out
 * time-lock; waha#1992, #2170, #2219), newer engines may name the time-lock itself; NOWEB (Baileys)
 * fails with "rate-overlimit" (WhatsApp's 429) when it queries too fast.
 */
export const NUMBER_LIMITED = /server returned error 463\b|reach-?out[ _-]?time-?lock|rate-overlimit/i

export const meaningOfWahaAnswer = (status: number, text: string): WahaAnswerMeaning => {
  if (status === 401) return { reason: "Unauthorized" }
  if (status >= 400 && NUMBER_LIMITED.test(text)) return { reason: "NumberLimited" }
  if (status === 501) return { reason: "FeatureUnsupported" }
  if (status >= 500) return { reason: "ServerError" }
  if (status !== 404 && status !== 422) return { reason: "BadResponse" }
  const body = bodyOf(text)
  const message = body === null ? text : [body.message ?? [], body.error ?? ""].flat().join(" ")
  if (status === 422 && UNSUPPORTED.test(message)) return { reason: "FeatureUnsupported" }
  if (status === 404) return { reason: /start it first/i.test(message) ? "SessionNotRunning" : "SessionNotFound" }
  if (/only 'default' session/i.test(message)) return { reason: "NamedSessionsUnsupported" }
  if (/already exists/i.test(message)) return { reason: "SessionAlreadyExists" }
  if (/already started/i.test(message)) return { reason: "SessionAlreadyStarted" }
  if (/does not exist/i.test(message)) return { reason: "SessionNotFound" }
  const sessionStatus = body?.status
  if (sessionStatus === "STOPPED") return { reason: "SessionNotRunning" }
  return sessionStatus !== undefined && STATUS_WORD.test(sessionStatus)
    ? { reason: "SessionNotReady", sessionStatus }
    : { reason: "SessionNotReady" }
}
