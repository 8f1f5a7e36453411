import { Clock, Effect } from "effect"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { AuthSettings } from "./AuthSettings.ts"
import { generateToken, tokenDigest } from "./tokens.ts"

/** Signs a user in: a new token for the cookie; only its keyed digest is stored. */
export const startAuthSession = Effect.fn("startAuthSession")(function* (userId: string) {
  const { sessionTtlMs } = yield* AuthSettings
  const now = yield* Clock.currentTimeMillis
  const token = generateToken()
  const expiresAt = now + sessionTtlMs
  yield* (yield* AuthSessionRepository).create({ id: yield* tokenDigest(token), userId, expiresAt, createdAt: now })
  return { token, expiresAt }
})
