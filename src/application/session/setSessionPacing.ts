import { Clock, Effect } from "effect"
import type { SessionPacing } from "../../domain/session/MessagingSession.ts"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { findOwnedSession } from "./findOwnedSession.ts"
import { InvalidSessionPacing, MessagingSessionNotFound } from "./SessionErrors.ts"

/**
 * user.setSessionPacing: the least time between two sends of the caller's session, and a random
 * part on top (docs/architecture.md#pacing). 0 and 0 turn it off. The session's stream decides
 * (bounds, jitter needs a gap); one event, so nothing is half-saved.
 */
export const setSessionPacing = Effect.fn("setSessionPacing")(function* (
  userId: string,
  sessionName: string,
  pacing: SessionPacing
) {
  const session = yield* findOwnedSession(userId, sessionName)
  const now = yield* Clock.currentTimeMillis
  // the owner never changes, so the read model's owner is the stream's
  const outcome = yield* execute(SessionAggregate)(session.id, { type: "SetPacing", pacing, now })
  if (outcome._tag === "Accepted") return
  const rejection = outcome.rejection
  if (rejection._tag === "InvalidPacing") {
    const [first] = rejection.problems
    if (first !== undefined)
      return yield* new InvalidSessionPacing({ field: first.field, message: first.message, code: first.code })
  }
  // logged out since the read model was read
  return yield* new MessagingSessionNotFound()
})
