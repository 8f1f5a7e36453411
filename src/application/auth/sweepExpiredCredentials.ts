import { Clock, Effect } from "effect"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { PasswordResetRepository } from "../ports/PasswordResetRepository.ts"

/**
 * Removes expired sign-in sessions and reset tokens. Expired ones already do nothing (they are
 * checked on use); this keeps the tables from growing for ever (FerretDB v1 has no TTL index).
 */
export const sweepExpiredCredentials = Effect.fn("sweepExpiredCredentials")(function* () {
  const now = yield* Clock.currentTimeMillis
  yield* (yield* AuthSessionRepository).deleteExpired(now)
  yield* (yield* PasswordResetRepository).deleteExpired(now)
})
