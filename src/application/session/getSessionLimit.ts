import { Clock, Effect } from "effect"
import { findOwnedSession } from "./findOwnedSession.ts"
import { heldAt } from "./liftEndedHold.ts"

/**
 * session.getLimit: whether the caller's session's sends are held because WhatsApp limits its
 * number (docs/architecture.md, "When WhatsApp limits a number"): since and until when (ISO), and
 * whether the end is WhatsApp's (`untilKnown`) or Herald's own wait. A hold whose time passed
 * reads as none, though the scheduler may not have recorded its end yet.
 */
export const getSessionLimit = Effect.fn("getSessionLimit")(function* (userId: string, sessionName: string) {
  const session = yield* findOwnedSession(userId, sessionName)
  const now = yield* Clock.currentTimeMillis
  if (!heldAt(session, now) || session.limitedSince === null || session.limitedUntil === null)
    return { held: false, since: null, until: null, untilKnown: false } as const
  return {
    held: true,
    since: new Date(session.limitedSince).toISOString(),
    until: new Date(session.limitedUntil).toISOString(),
    untilKnown: session.limitedUntilKnown
  } as const
})
