import { Clock, Effect } from "effect"
import type { ApiKeyAccess } from "../../domain/apiKey/ApiKey.ts"
import { API_KEY_PATTERN, API_KEY_TOUCH_INTERVAL_MS, isUsable, needsTouch } from "../../domain/apiKey/ApiKey.ts"
import type { PublicUser } from "../auth/PublicUser.ts"
import { publicUser } from "../auth/PublicUser.ts"
import { tokenDigest } from "../auth/tokens.ts"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { BadKeyThrottle } from "./BadKeyThrottle.ts"

export interface KeyHolder {
  readonly user: PublicUser
  readonly access: ApiKeyAccess
  readonly keyId: string
}

/**
 * The account a bearer key acts for, or null: unknown, revoked or expired key, or an account
 * that is not ACTIVE (pending, disabled, declined, gone). Key and account are read on every
 * request from the shared store, never cached, so a revocation or an admin's decision holds at
 * the next request in every web process. `client` is the caller's address block, for BadKeyThrottle.
 */
export const authenticateApiKey = Effect.fnUntraced(function* (key: string, client: string) {
  const keys = yield* ApiKeyRepository
  const stored = API_KEY_PATTERN.test(key) ? yield* keys.findByDigest(yield* tokenDigest(key)) : null
  if (stored === null) {
    // unknown: counted, and past the client's allowance refused with 429 (a key that exists never is)
    yield* (yield* BadKeyThrottle).failed(client)
    return null
  }
  const now = yield* Clock.currentTimeMillis
  if (!isUsable(stored, now)) return null
  const user = yield* (yield* UserRepository).get(stored.userId)
  if (user === null || user.status !== "ACTIVE") return null
  if (needsTouch(stored, now)) {
    // when it was last used is for the owner's information: a store refusing the write (read-only) does not refuse the call
    yield* keys
      .touch(stored.id, now, API_KEY_TOUCH_INTERVAL_MS)
      .pipe(Effect.catch((error) => Effect.logWarning(`API key last use not recorded: ${error.message}`)))
  }
  const holder: KeyHolder = { user: publicUser(user), access: stored.access, keyId: stored.id }
  return holder
})
