import { Clock, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import type { GatewayError, GatewayFailure } from "../ports/GatewayPort.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { findOwnedSession } from "./findOwnedSession.ts"
import { MessagingSessionNotFound } from "./SessionErrors.ts"

// A session the gateway no longer has is as logged out as it will get.
const unless =
  (...reasons: ReadonlyArray<GatewayFailure>) =>
  (effect: Effect.Effect<void, GatewayError>) =>
    effect.pipe(
      Effect.catchIf(
        (e) => reasons.includes(e.reason),
        () => Effect.void
      )
    )

/**
 * user.logoutSession: logs out and deletes the session on the gateway, then on Herald's
 * side (its pending messages will fail with "session missing" and say so). WAHA's DELETE
 * stops, unpairs, logs out and deletes in one idempotent call (its POST …/logout would start a
 * running session again first). A gateway that cannot be reached fails the call and changes
 * nothing, so it can be retried.
 */
export const logoutSession = Effect.fn("logoutSession")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const gateway = yield* GatewayPort
  yield* unless("SessionNotFound")(gateway.deleteSession(session.sessionName))
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(SessionAggregate)(session.id, { type: "LogOut", now })
  if (outcome._tag === "Rejected") return yield* new MessagingSessionNotFound()
})
