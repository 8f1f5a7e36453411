import { Effect } from "effect"
import { z } from "zod"
import { createApiKey } from "../../../application/apiKey/createApiKey.ts"
import { listApiKeys } from "../../../application/apiKey/listApiKeys.ts"
import { revokeApiKey } from "../../../application/apiKey/revokeApiKey.ts"
import { API_KEY_NAME_MAX } from "../../../domain/apiKey/ApiKey.ts"
import { accountProcedure, router, run, runCreate } from "../trpc.ts"

const instant = z.iso.datetime({ offset: true }).transform((s) => Date.parse(s))
const iso = (ms: number) => new Date(ms).toISOString()
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms))

/**
 * apiKey.*: an account's personal API keys (docs/api.md#api-keys). Cookie sessions only: a key
 * never makes, lists or revokes keys. The key is in create's answer alone.
 */
export const apiKeyRouter = router({
  create: accountProcedure
    .meta({ creates: true })
    .input(
      z.object({
        name: z
          .string()
          .trim()
          .min(1, "give the key a name")
          .max(API_KEY_NAME_MAX, `the name must be at most ${API_KEY_NAME_MAX} characters`),
        access: z.enum(["read", "write"], "access must be read or write"),
        expiresAt: instant.nullish()
      })
    )
    // the key is shown once: never kept for an Idempotency-Key's retry, which is refused instead
    .mutation(({ ctx, input }) =>
      runCreate(
        ctx,
        input,
        createApiKey(ctx.user.id, { name: input.name, access: input.access, expiresAt: input.expiresAt ?? null }),
        "notKept",
        // one atomic write: failing with the store unreachable, it wrote nothing
        { singleWrite: true }
      )
    ),
  list: accountProcedure.query(({ ctx }) =>
    run(
      ctx,
      listApiKeys(ctx.user.id).pipe(
        Effect.map((keys) => ({
          items: keys.map((key) => ({
            ...key,
            createdAt: iso(key.createdAt),
            lastUsedAt: isoOrNull(key.lastUsedAt),
            expiresAt: isoOrNull(key.expiresAt)
          }))
        }))
      )
    )
  ),
  revoke: accountProcedure
    .input(z.object({ id: z.string().min(1).max(100) }))
    .mutation(({ ctx, input }) => run(ctx, revokeApiKey(ctx.user.id, input.id).pipe(Effect.as({ success: true }))))
})
