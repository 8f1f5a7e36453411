import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * One `Idempotency-Key` of one account (docs/api.md#idempotency-key): the request it was first
 * used for (its fingerprint) and, once that request succeeded, its answer as JSON text. A
 * record is known by (account, key, createdAt): createdAt tells a record from the one that
 * replaced it after it expired.
 */
export const IdempotencyRecordSchema = z.object({
  account: z.string(),
  key: z.string(),
  /** SHA-256 (hex) of the procedure and its input: what "the same request" means */
  fingerprint: z.string(),
  /** when the first request claimed the key (epoch ms) */
  createdAt: z.number(),
  /** pending: the first request is running (or died running); done: it succeeded */
  state: z.enum(["pending", "done"]),
  /** the answer as JSON text, when done and kept; null: pending, or an answer never kept (a secret) */
  answer: z.string().nullable()
})
export type IdempotencyRecord = Readonly<z.output<typeof IdempotencyRecordSchema>>

export type IdempotencyClaim =
  | { readonly _tag: "Claimed" }
  /** the key is held, by this record (which may be the one of the request that asks) */
  | { readonly _tag: "Held"; readonly record: IdempotencyRecord }

export class IdempotencyStore extends Context.Service<
  IdempotencyStore,
  {
    /**
     * Stores `record` (pending) unless the account holds the key already: of several claims at
     * the same moment, from any process, exactly one is Claimed and the others see its record.
     * A record created at or before `expiredAt` no longer holds the key: it is replaced.
     */
    readonly claim: (record: IdempotencyRecord, expiredAt: number) => Effect.Effect<IdempotencyClaim, StoreUnavailable>
    /** The record of that claim is done, with its answer (null: not kept); a record that replaced it is left alone. */
    readonly complete: (
      account: string,
      key: string,
      createdAt: number,
      answer: string | null
    ) => Effect.Effect<void, StoreUnavailable>
    /** Frees the key of that claim (its request failed); a record that replaced it is left alone. */
    readonly release: (account: string, key: string, createdAt: number) => Effect.Effect<void, StoreUnavailable>
    /** Removes every record created at or before `expiredAt`. */
    readonly deleteExpired: (expiredAt: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/IdempotencyStore") {}
