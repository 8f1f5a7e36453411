import { Context } from "effect"

const DAY_MS = 24 * 60 * 60 * 1000

/** Account policy of the web process (from its configuration). */
export interface AuthSettingsShape {
  /** ADMIN_EMAIL, normalized: this account is ADMIN and ACTIVE. null: no admin by address. */
  readonly adminEmail: string | null
  /** With no ADMIN_EMAIL (standalone mode): the first account made is the admin, so a newcomer can start at once. */
  readonly firstAccountIsAdmin: boolean
  /** REQUIRE_APPROVAL: new accounts wait for an admin (default true). */
  readonly requireApproval: boolean
  /** AUTH_URL: where reset and verification links point. */
  readonly appUrl: string
  /** AUTH_SECRET: the key of every stored token digest (tokens.ts) */
  readonly tokenKey: string
  /**
   * New accounts must confirm their address through a mailed link before they can sign in
   * (true wherever real mail goes out; false in standalone with mail as files, where nobody
   * reads that mailbox).
   */
  readonly verifyEmail: boolean
  readonly verificationTtlMs: number
  readonly sessionTtlMs: number
  /** a session ends this long after sign-in however active it is (sliding renewal stops there) */
  readonly sessionMaxLifetimeMs: number
  /** a session is extended to a full TTL once less than this is left (sliding expiry) */
  readonly renewWithinMs: number
  readonly resetTokenTtlMs: number
  /** failed sign-ins allowed per (address, client) within `signInWindowMs` (SignInThrottle.ts) */
  readonly maxFailedSignIns: number
  readonly signInWindowMs: number
}

export const AuthSettings = Context.Reference<AuthSettingsShape>("herald/application/auth/AuthSettings", {
  defaultValue: () => ({
    adminEmail: null,
    firstAccountIsAdmin: false,
    requireApproval: true,
    appUrl: "http://localhost:8080",
    // tests and tools only: every process sets AUTH_SECRET (generated and kept in standalone)
    tokenKey: "herald-default-token-key-for-tests-only",
    verifyEmail: false,
    verificationTtlMs: DAY_MS,
    sessionTtlMs: 30 * DAY_MS,
    sessionMaxLifetimeMs: 90 * DAY_MS,
    renewWithinMs: 15 * DAY_MS,
    resetTokenTtlMs: 60 * 60 * 1000,
    maxFailedSignIns: 5,
    signInWindowMs: 15 * 60 * 1000
  })
})
