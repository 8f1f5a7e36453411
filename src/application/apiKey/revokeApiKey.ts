import { Clock, Effect } from "effect"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"
import { ApiKeyNotFound } from "./ApiKeyErrors.ts"

/**
 * Revokes one of the user's keys: its next request is refused, in every web process (keys are
 * looked up on every request, never cached). Revoking it again is a success.
 */
export const revokeApiKey = Effect.fn("revokeApiKey")(function* (userId: string, id: string) {
  const now = yield* Clock.currentTimeMillis
  const found = yield* (yield* ApiKeyRepository).revoke(userId, id, now)
  if (!found) return yield* new ApiKeyNotFound({ id })
})
