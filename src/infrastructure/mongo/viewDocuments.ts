import { Effect } from "effect"
import type { Db, Document } from "mongodb"
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

const ignoreDuplicate = <A>(f: () => Promise<A>): Effect.Effect<void, StoreUnavailable> =>
  Effect.tryPromise({ try: f, catch: (error) => error }).pipe(
    Effect.asVoid,
    Effect.catch((error) =>
      serverErrorCode(error) === DUPLICATE_KEY ? Effect.void : Effect.fail(toStoreUnavailable(error))
    )
  )

/**
 * Upserts `view` into `collection` unless the stored document already reflects this version
 * or a later one: `updateOne({_id, version: {$lt: v}}, {$set}, {upsert: true})`. Against a
 * document of this version or newer the filter does not match and the upsert's insert hits
 * the `_id`: a duplicate key, meaning "a newer version is already stored".
 *
 * MongoDB applies this atomically. FerretDB v1 runs it as find-then-write, so two saves of
 * one view racing each other may leave the older one stored. That is tolerable because a
 * read model never decides anything on its own: every command re-reads its stream, a use
 * case that finds the view behind rebuilds it, and the scheduler's catch-up pass rebuilds
 * any view whose version is behind the events recorded since its previous pass.
 */
export const saveNewer = <V extends { readonly id: string; readonly version: number }>(
  db: Db,
  collection: string,
  view: V
): Effect.Effect<void, StoreUnavailable> => {
  const { id, ...fields } = view
  return ignoreDuplicate(() =>
    db.collection<ViewDocument>(collection).updateOne({ _id: id, version: { $lt: view.version } }, { $set: fields }, { upsert: true })
  )
}

/**
 * A query limit as the ports read it (`slice(0, limit)`): null when nothing can
 * match (0, negative, NaN), 0 (the driver's "no limit") for Infinity.
 */
export const queryLimit = (limit: number): number | null => {
  if (limit === Infinity) return 0
  const whole = Math.floor(limit)
  return Number.isNaN(whole) || whole <= 0 ? null : Math.min(whole, 2_147_483_647)
}
