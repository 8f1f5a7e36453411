import { Effect } from "effect"
import { SessionRepository } from "../ports/SessionRepository.ts"
import { MessagingSessionNotFound } from "./SessionErrors.ts"

/** The caller's active session of this name; anyone else's is NOT_FOUND, never shown. */
export const findOwnedSession = Effect.fnUntraced(function* (userId: string, sessionName: string) {
  const session = yield* (yield* SessionRepository).findByName(sessionName)
  if (session === null || session.userId !== userId) return yield* new MessagingSessionNotFound()
  return session
})
