import { Clock, Effect } from "effect"
import { AuthSessionRepository } from "../ports/AuthSessionRepository.ts"
import { UserRepository } from "../ports/UserRepository.ts"
import { AuthSettings } from "./AuthSettings.ts"
import type { PublicUser } from "./PublicUser.ts"
import { publicUser } from "./PublicUser.ts"
import { tokenDigest } from "./tokens.ts"

export interface Authenticated {
  readonly user: PublicUser
  /** set when the session was renewed: the cookie should be sent again with this expiry */
  readonly renewedUntil: number | null
}

/**
 * The user a session token belongs to, or null (unknown, expired, the user is gone, disabled or
 * declined).
 * Expired sessions are deleted; a session used in the second half of its life is extended
 * to a full term (sliding expiry), so an active user stays signed in, but never past its
 * absolute lifetime from sign-in (90 days): a stolen cookie does not live for ever.
 */
export const authenticate = Effect.fnUntraced(function* (token: string) {
  const sessions = yield* AuthSessionRepository
  const id = yield* tokenDigest(token)
  const session = yield* sessions.get(id)
  if (session === null) return null
  const now = yield* Clock.currentTimeMillis
  const { sessionTtlMs, renewWithinMs, sessionMaxLifetimeMs } = yield* AuthSettings
  const endOfLife = session.createdAt + sessionMaxLifetimeMs
  if (session.expiresAt <= now || endOfLife <= now) {
    yield* sessions.delete(id)
    return null
  }
  // The account is read on every request, from the shared store, never cached: a disabled or
  // declined account is out at its next call, in every web process, even should its sessions
  // outlive the admin's decision (disableUser.ts deletes them right after the event).
  const user = yield* (yield* UserRepository).get(session.userId)
  if (user === null) return null
  if (user.status === "DISABLED" || user.status === "REJECTED") {
    yield* sessions.delete(id)
    return null
  }
  let renewedUntil: number | null = null
  if (session.expiresAt - now < renewWithinMs && session.expiresAt < endOfLife) {
    renewedUntil = Math.min(now + sessionTtlMs, endOfLife)
    yield* sessions.setExpiry(id, renewedUntil)
  }
  const result: Authenticated = { user: publicUser(user), renewedUntil }
  return result
})
