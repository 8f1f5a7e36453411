import { Effect } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/** user.getSessionStatus: the gateway's status; a session the gateway no longer has is STOPPED. */
export const getSessionStatus = Effect.fn("getSessionStatus")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const remote = yield* (yield* GatewayPort).getSession(session.sessionName)
  return { status: remote?.status ?? "STOPPED" }
})
