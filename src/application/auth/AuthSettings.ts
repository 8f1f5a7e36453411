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
  /** AUTH_URL: where reset links point. */
  readonly appUrl: string
  readonly sessionTtlMs: number
  /** a session is extended to a full TTL once less than this is left (sliding expiry) */
  readonly renewWithinMs: number
  readonly resetTokenTtlMs: number
  /** failed sign-ins allowed per address (and 4x per client) within `signInWindowMs` */
  readonly maxFailedSignIns: number
  readonly signInWindowMs: number
}

export const AuthSettings = Context.Reference<AuthSettingsShape>("herald/application/auth/AuthSettings", {
  defaultValue: () => ({
    adminEmail: null,
    firstAccountIsAdmin: false,
    requireApproval: true,
    appUrl: "http://localhost:8080",
    sessionTtlMs: 30 * DAY_MS,
    renewWithinMs: 15 * DAY_MS,
    resetTokenTtlMs: 60 * 60 * 1000,
    maxFailedSignIns: 5,
    signInWindowMs: 15 * 60 * 1000
  })
})
