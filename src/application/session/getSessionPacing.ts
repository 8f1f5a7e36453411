import { Effect } from "effect"
import type { SessionPacing } from "../../domain/session/MessagingSession.ts"
import { findOwnedSession } from "./findOwnedSession.ts"

/** user.getSessionPacing: the caller's session's pacing, 0 and 0 when off (docs/architecture.md#pacing). */
export const getSessionPacing = Effect.fn("getSessionPacing")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  return { minGapSeconds: session.minGapSeconds, jitterSeconds: session.jitterSeconds } satisfies SessionPacing
})
