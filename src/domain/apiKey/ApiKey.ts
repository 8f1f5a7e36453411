/**
 * Personal API keys (docs/api.md#api-keys): a secret an account hands to its scripts, acting as
 * that account on campaign.*, session.* and user.*, never on auth.*, admin.* or apiKey.*.
 */

export type ApiKeyAccess = "read" | "write"

/** What every key starts with: a scanner (or a person) recognises a leaked Herald key. */
export const API_KEY_PREFIX = "hk_"
/** `hk_` and 32 random bytes in base64url without padding (43 characters). */
export const API_KEY_PATTERN = /^hk_[A-Za-z0-9_-]{43}$/
export const API_KEY_NAME_MAX = 60
/** Usable keys an account may hold at once (revoked and expired ones do not count). */
export const MAX_API_KEYS_PER_ACCOUNT = 20
/** lastUsedAt is written at most this often per key: a busy script does not write on every call. */
export const API_KEY_TOUCH_INTERVAL_MS = 60_000
/** What one key may call: a runaway script must not drive the gateway or the database (docs/api.md, "API keys"). */
export const API_KEY_REQUESTS = { limit: 120, windowMs: 60_000 } as const

export interface ApiKeyState {
  readonly expiresAt: number | null
  readonly revokedAt: number | null
  readonly lastUsedAt: number | null
}

/** Neither revoked nor expired at `now`. */
export const isUsable = (key: ApiKeyState, now: number): boolean =>
  key.revokedAt === null && (key.expiresAt === null || key.expiresAt > now)

/** Whether a use at `now` should be written as the key's last use. */
export const needsTouch = (key: ApiKeyState, now: number): boolean =>
  key.lastUsedAt === null || now - key.lastUsedAt >= API_KEY_TOUCH_INTERVAL_MS
