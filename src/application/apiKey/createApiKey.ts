import { encodeBase64urlNoPadding } from "@oslojs/encoding"
import { Clock, Effect } from "effect"
import type { ApiKeyAccess } from "../../domain/apiKey/ApiKey.ts"
import { API_KEY_NAME_MAX, API_KEY_PREFIX, isUsable, MAX_API_KEYS_PER_ACCOUNT } from "../../domain/apiKey/ApiKey.ts"
import { tokenDigest } from "../auth/tokens.ts"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"
import { Ids } from "../ports/Ids.ts"
import { KeyedLocks } from "../shared/KeyedLocks.ts"
import { ApiKeyLimitReached, InvalidApiKey } from "./ApiKeyErrors.ts"

/** A new key: the prefix and 256 random bits. */
const generateApiKey = (): string => {
  const bytes = new Uint8Array(32)
  crypto.getRandomValues(bytes)
  return `${API_KEY_PREFIX}${encodeBase64urlNoPadding(bytes)}`
}

/**
 * Makes a key for the user and answers it once: only its keyed digest is stored. The count
 * and the write run one at a time per user in this process (two web processes creating at the
 * same instant could each pass the limit by one).
 */
export const createApiKey = Effect.fn("createApiKey")(function* (
  userId: string,
  input: { readonly name: string; readonly access: ApiKeyAccess; readonly expiresAt: number | null }
) {
  const name = input.name.trim()
  if (name.length === 0 || name.length > API_KEY_NAME_MAX)
    return yield* new InvalidApiKey({ field: "name", message: `the name must be 1 to ${API_KEY_NAME_MAX} characters` })
  const now = yield* Clock.currentTimeMillis
  if (input.expiresAt !== null && input.expiresAt <= now)
    return yield* new InvalidApiKey({ field: "expiresAt", message: "the expiry must be in the future" })
  const keys = yield* ApiKeyRepository
  const locks = yield* KeyedLocks
  const id = (yield* Ids).next()
  const key = generateApiKey()
  const digest = yield* tokenDigest(key)
  return yield* locks.oneAtATime(`createApiKey:${userId}`)(
    Effect.gen(function* () {
      const held = (yield* keys.listByUser(userId)).filter((k) => isUsable(k, now))
      if (held.length >= MAX_API_KEYS_PER_ACCOUNT) return yield* new ApiKeyLimitReached()
      yield* keys.create({
        id,
        userId,
        name,
        access: input.access,
        digest,
        createdAt: now,
        lastUsedAt: null,
        expiresAt: input.expiresAt,
        revokedAt: null
      })
      return { id, key }
    })
  )
})
