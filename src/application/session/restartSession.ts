import { Effect } from "effect"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/** SPEC user.restartSession: stop, then start. */
export const restartSession = Effect.fn("restartSession")(function*(userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const gateway = yield* GatewayPort
  yield* gateway.stopSession(session.sessionName)
  yield* gateway.startSession(session.sessionName)
  return { success: true }
})
