import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * A signed-in browser. `id` is the SHA-256 (hex) of the token in the cookie: the token itself
 * is never stored, so a leaked database does not sign anyone in.
 */
export const AuthSessionSchema = z.object({
  id: z.string(),
  userId: z.string(),
  expiresAt: z.number(),
  createdAt: z.number()
})
export type AuthSession = Readonly<z.output<typeof AuthSessionSchema>>

export class AuthSessionRepository extends Context.Service<
  AuthSessionRepository,
  {
    /** an id already stored is replaced (ids are digests of random tokens: it does not happen) */
    readonly create: (session: AuthSession) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<AuthSession | null, StoreUnavailable>
    readonly setExpiry: (id: string, expiresAt: number) => Effect.Effect<void, StoreUnavailable>
    readonly delete: (id: string) => Effect.Effect<void, StoreUnavailable>
    readonly deleteAllOf: (userId: string) => Effect.Effect<void, StoreUnavailable>
    /** removes every session that expired at or before `now` */
    readonly deleteExpired: (now: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/AuthSessionRepository") {}
