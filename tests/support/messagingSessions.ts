// For tests and the bench: sessions written straight to the event log, without the gateway
// (user.initiateMessagingSession does both, in src/application/session).
import { Clock, Data, Effect } from "effect"
import { SessionAggregate } from "../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../src/application/eventSourcing/execute.ts"
import { Ids } from "../../src/application/ports/Ids.ts"

export class SessionRejected extends Data.TaggedError("SessionRejected")<{ readonly message: string }> {}

/** Records a new messaging session of a user (the gateway side is the web application's business). */
export const createMessagingSession = Effect.fn("createMessagingSession")(function* (
  userId: string,
  sessionName: string
) {
  const sessionId = (yield* Ids).next()
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(SessionAggregate)(sessionId, { type: "Initiate", sessionId, userId, sessionName, now })
  if (outcome._tag === "Rejected") return yield* new SessionRejected({ message: outcome.rejection._tag })
  return { id: sessionId, sessionName }
})

/** Logs a session out on Herald's side: its pending messages will fail with SessionMissing. */
export const logOutMessagingSession = Effect.fn("logOutMessagingSession")(function* (sessionId: string) {
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(SessionAggregate)(sessionId, { type: "LogOut", now })
  if (outcome._tag === "Rejected") return yield* new SessionRejected({ message: outcome.rejection._tag })
})
