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
  /**
   * when the run holding the key took it (epoch ms): createdAt for the first run, later for a run
   * again that took over an expired lease (takeOver). The run's fencing token: release and renew
   * act only for the run that holds it.
   */
  runAt: z.number(),
  /** when that run last said it is alive (claim, takeOver, renew): its lease ends IDEMPOTENCY_LEASE_MS later */
  aliveAt: z.number(),
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
    /**
     * Takes over the lease of the pending record of that claim, as `seen` (its runAt and aliveAt,
     * read from claim's Held): true for exactly one of several callers at the same moment, from any
     * process, and only while the record is still as seen (not renewed, done, released or taken
     * over meanwhile); the record is then held by a run at `now` (runAt = aliveAt = now).
     */
    readonly takeOver: (
      account: string,
      key: string,
      createdAt: number,
      seen: { readonly runAt: number; readonly aliveAt: number },
      now: number
    ) => Effect.Effect<boolean, StoreUnavailable>
    /** The run at `runAt` of that claim is alive at `now`: its lease goes on (a record it no longer holds is left alone). */
    readonly renew: (
      account: string,
      key: string,
      createdAt: number,
      runAt: number,
      now: number
    ) => Effect.Effect<void, StoreUnavailable>
    /** The record of that claim is done, with its answer (null: not kept); a record that replaced it is left alone. */
    readonly complete: (
      account: string,
      key: string,
      createdAt: number,
      answer: string | null
    ) => Effect.Effect<void, StoreUnavailable>
    /**
     * Frees the key of that claim (its first run was refused before writing anything): only while
     * it is pending and held by its first run (runAt = createdAt). A record done, taken over by a
     * run again, or that replaced it is left alone. `now`: when it is released (a store that
     * fences releases and takeovers with markers dates its marker so, docs/architecture.md).
     */
    readonly release: (
      account: string,
      key: string,
      createdAt: number,
      now: number
    ) => Effect.Effect<void, StoreUnavailable>
    /** Removes every record created at or before `expiredAt`. */
    readonly deleteExpired: (expiredAt: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/IdempotencyStore") {}
