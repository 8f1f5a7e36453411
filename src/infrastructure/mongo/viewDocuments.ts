import { Effect } from "effect"
import type { Collection, Document } from "mongodb"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { DUPLICATE_KEY, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"

/**
 * A read model document: the view's fields, its id as `_id`, times as numbers (ms), exactly
 * as the views have them.
 */
export interface ViewDocument extends Document {
  readonly _id: string
  readonly version: number
}

/**
 * Upserts `view` unless the stored document already reflects this version or a later one:
 * the filter only matches an older version, so against a newer document the upsert tries to
 * insert a second `_id` and gets a duplicate key, which here means "a newer version is
 * already stored" and is not an error. An older projection never overwrites a newer one.
 *
 * FerretDB v1 runs an update as find-then-write without a transaction, so two saves of the
 * SAME document racing there can still let the older one land last; MongoDB evaluates the
 * filter and writes atomically. Exclusivity never depends on a view (DESIGN §2).
 */
export const saveNewer = <V extends { readonly id: string; readonly version: number }>(
  collection: Collection<ViewDocument>,
  view: V
): Effect.Effect<void, StoreUnavailable> => {
  const { id, ...fields } = view
  return Effect.tryPromise({
    try: () => collection.updateOne({ _id: id, version: { $lt: view.version } }, { $set: fields }, { upsert: true }),
    catch: (error) => error
  }).pipe(
    Effect.asVoid,
    Effect.catch((error) =>
      serverErrorCode(error) === DUPLICATE_KEY ? Effect.void : Effect.fail(toStoreUnavailable(error))
    )
  )
}

/**
 * A query limit as the memory adapter's `slice(0, limit)` reads it: null when nothing can
 * match (0, negative, NaN), 0 (the driver's "no limit") for Infinity.
 */
export const queryLimit = (limit: number): number | null => {
  if (limit === Infinity) return 0
  const whole = Math.floor(limit)
  return Number.isNaN(whole) || whole <= 0 ? null : Math.min(whole, 2_147_483_647)
}
