import { Clock, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { MessagingSessionNotFound } from "./SessionErrors.ts"

/** user.updateSessionPhone, by the session's database id. */
export const updateSessionPhone = Effect.fn("updateSessionPhone")(function* (
  userId: string,
  sessionId: string,
  phoneNumber: string
) {
  const session = yield* (yield* SessionRepository).get(sessionId)
  if (session === null || session.userId !== userId || !session.active) return yield* new MessagingSessionNotFound()
  const now = yield* Clock.currentTimeMillis
  // the owner never changes, so the read model's owner is the stream's
  const outcome = yield* execute(SessionAggregate)(sessionId, { type: "UpdatePhone", phoneNumber, now })
  if (outcome._tag === "Rejected") return yield* new MessagingSessionNotFound()
})
