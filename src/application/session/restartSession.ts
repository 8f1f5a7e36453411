import { Effect } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/**
 * user.restartSession: stop, then start. WAHA's restart does both in one call, and it is
 * what a FAILED session needs (WAHA answers `start` of a FAILED session 422 "already started").
 */
export const restartSession = Effect.fn("restartSession")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  yield* (yield* GatewayPort).restartSession(session.sessionName)
})
