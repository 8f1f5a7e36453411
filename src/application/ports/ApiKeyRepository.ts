import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * A personal API key as stored: `digest` is the keyed digest of the key (tokens.ts), never the
 * key itself, so a copy of the database signs no one in. Times in ms.
 */
export const ApiKeySchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  access: z.enum(["read", "write"]),
  digest: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  expiresAt: z.number().nullable(),
  revokedAt: z.number().nullable()
})
export type ApiKey = Readonly<z.output<typeof ApiKeySchema>>

export class ApiKeyRepository extends Context.Service<
  ApiKeyRepository,
  {
    readonly create: (key: ApiKey) => Effect.Effect<void, StoreUnavailable>
    readonly findByDigest: (digest: string) => Effect.Effect<ApiKey | null, StoreUnavailable>
    /** a user's keys, revoked ones too, newest first (createdAt, then id, descending) */
    readonly listByUser: (userId: string) => Effect.Effect<ReadonlyArray<ApiKey>, StoreUnavailable>
    /**
     * Marks the user's key revoked at `at` (a key revoked already keeps its first time). False when
     * the user has no key of that id: another user's key is not touched.
     */
    readonly revoke: (userId: string, id: string, at: number) => Effect.Effect<boolean, StoreUnavailable>
    /** Revokes every key of the user not revoked yet, at `at` (a password reset, a disabled account). */
    readonly revokeAllOf: (userId: string, at: number) => Effect.Effect<void, StoreUnavailable>
    /** Sets lastUsedAt to `at` unless it was set less than `minIntervalMs` before (in one conditional write). */
    readonly touch: (id: string, at: number, minIntervalMs: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/ApiKeyRepository") {}
