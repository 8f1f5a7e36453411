import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/** A one-time password-reset token, stored as its SHA-256 (hex) like a session token. */
export const PasswordResetSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.number()
})
export type PasswordReset = Readonly<z.output<typeof PasswordResetSchema>>

export class PasswordResetRepository extends Context.Service<
  PasswordResetRepository,
  {
    /** an id already stored is replaced (ids are digests of random tokens: it does not happen) */
    readonly create: (reset: PasswordReset) => Effect.Effect<void, StoreUnavailable>
    /**
     * Removes the token and returns it, or null when there was none: a token works once, even
     * when several processes take it at the same moment. It is spent even if it fails to decode.
     */
    readonly take: (id: string) => Effect.Effect<PasswordReset | null, StoreUnavailable>
    /** a user's every token: one link at a time, and none left after a reset */
    readonly deleteAllOf: (userId: string) => Effect.Effect<void, StoreUnavailable>
    /** removes every token that expired at or before `now` */
    readonly deleteExpired: (now: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/PasswordResetRepository") {}
