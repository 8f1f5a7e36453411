import { Clock, Effect } from "effect"
import { SessionAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { findOwnedSession } from "./findOwnedSession.ts"
import { MessagingSessionNotFound } from "./SessionErrors.ts"

/**
 * session.setTyping: whether the caller's session marks the chat seen and shows "typing…" for a
 * few seconds before each send (docs/architecture.md#pacing). Off by default; the same value again
 * records nothing.
 */
export const setSessionTyping = Effect.fn("setSessionTyping")(function* (
  userId: string,
  sessionName: string,
  on: boolean
) {
  const session = yield* findOwnedSession(userId, sessionName)
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(SessionAggregate)(session.id, { type: "SetTyping", on, now })
  if (outcome._tag === "Accepted") return
  // logged out since the read model was read
  return yield* new MessagingSessionNotFound()
})

/** session.getTyping: whether the caller's session shows "typing…" before each send. */
export const getSessionTyping = Effect.fn("getSessionTyping")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  return { on: session.typingBeforeSend }
})
