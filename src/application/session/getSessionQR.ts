import { Effect } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/** user.getSessionQR: the QR code as base64 PNG (usable as a data URL). */
export const getSessionQR = Effect.fn("getSessionQR")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const qr = yield* (yield* GatewayPort).getQr(session.sessionName)
  return { qr: qr.data }
})
