import { Effect } from "effect"
import { ApiKeyRepository } from "../ports/ApiKeyRepository.ts"

/** The user's keys, newest first, as the account page shows them: never the digest (the key is not stored). */
export const listApiKeys = Effect.fn("listApiKeys")(function* (userId: string) {
  const keys = yield* (yield* ApiKeyRepository).listByUser(userId)
  return keys.map((key) => ({
    id: key.id,
    name: key.name,
    access: key.access,
    createdAt: key.createdAt,
    lastUsedAt: key.lastUsedAt,
    expiresAt: key.expiresAt,
    revoked: key.revokedAt !== null
  }))
})
