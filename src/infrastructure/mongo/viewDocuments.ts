import { Effect } from "effect"
import type { Collection, Db, Document, Filter, Sort, UpdateFilter } from "mongodb"
import { z } from "zod"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import {
  attempt,
  DUPLICATE_KEY,
  decodeDocument,
  decodeDocuments,
  NOT_IMPLEMENTED,
  serverErrorCode,
  toStoreUnavailable
} from "./mongoErrors.ts"

/**
 * A record of a port (a view, an auth session, a reset token) as a document: its fields as
 * the port's schema has them (times as numbers, ms), its id as `_id`.
 */
export interface RecordDocument extends Document {
  readonly _id: string
}

/** What an adapter of one collection needs; it states only its filters, sorts and indexes. */
export interface MongoViewStore<V> {
  readonly collection: Collection<RecordDocument>
  /** Upserts unless the stored document already reflects this version or a later one (see below). */
  readonly saveNewer: (
    view: V & { readonly id: string; readonly version: number }
  ) => Effect.Effect<void, StoreUnavailable>
  /** Inserts, or replaces the document of the same id. */
  readonly put: (record: V & { readonly id: string }) => Effect.Effect<void, StoreUnavailable>
  /** The first match (in `sort` order), or null. */
  readonly one: (filter: Filter<RecordDocument>, sort?: Sort) => Effect.Effect<V | null, StoreUnavailable>
  /** Every match in `sort` order, `limit` as the ports read it (queryLimit); the schema's fields only. */
  readonly list: (
    filter: Filter<RecordDocument>,
    options: { readonly sort: Sort; readonly limit?: number; readonly skip?: number }
  ) => Effect.Effect<Array<V>, StoreUnavailable>
  /** Decodes a document the adapter read itself. */
  readonly decode: (doc: RecordDocument) => Effect.Effect<V, StoreUnavailable>
}

const ignoreDuplicate = <A>(f: () => Promise<A>): Effect.Effect<void, StoreUnavailable> =>
  Effect.tryPromise({ try: f, catch: (error) => error }).pipe(
    Effect.asVoid,
    Effect.catch((error) =>
      serverErrorCode(error) === DUPLICATE_KEY ? Effect.void : Effect.fail(toStoreUnavailable(error))
    )
  )

/** `id` is stored as `_id`; issues name the document's field. */
const fieldOf = (name: string): string => (name === "id" ? "_id" : name)

/**
 * `saveNewer` upserts a view unless the stored document already reflects this version or a
 * later one: `updateOne({_id, version: {$lt: v}}, {$set}, {upsert: true})`. Against a
 * document of this version or newer the filter does not match and the upsert's insert hits
 * the `_id`: a duplicate key, meaning "a newer version is already stored".
 * Saves are not batched as the event store's single appends are: FerretDB v1 stops an
 * unordered multi-statement update at its first error and reports it at the wrong index
 * (index 0, with n 0 though earlier upserts were applied), so one save's guard miss would
 * drop the saves after it while answering them done.
 *
 * MongoDB applies this atomically. FerretDB v1 runs it as find-then-write, so two saves of
 * one view racing each other may leave the older one stored. That is tolerable because a
 * read model never decides anything on its own: every command re-reads its stream, a use
 * case that finds the view behind rebuilds it, and the scheduler's catch-up pass rebuilds
 * any view whose version is behind the events recorded since its previous pass
 * (docs/architecture.md#the-stores).
 */
export const mongoViewStore = <Shape extends z.core.$ZodShape & { readonly id: z.ZodString }>(
  db: Db,
  name: string,
  schema: z.ZodObject<Shape>
): MongoViewStore<Readonly<z.output<z.ZodObject<Shape>>>> => {
  const collection = db.collection<RecordDocument>(name)
  // the document with `_id` as `id`, so that the port's schema alone decides what is valid
  const documentSchema = z.preprocess((doc) => {
    if (typeof doc !== "object" || doc === null || !("_id" in doc)) return doc
    const { _id, ...fields } = doc
    return { ...fields, id: _id }
  }, schema)
  const decode = (doc: RecordDocument) => decodeDocument(documentSchema, name, doc, fieldOf)
  // a list fetches the schema's fields only: a schema of part of a document reads that part
  const projection = Object.fromEntries(Object.keys(schema.shape).map((field) => [fieldOf(field), 1]))
  return {
    collection,
    saveNewer: ({ id, ...fields }) =>
      ignoreDuplicate(() =>
        collection.updateOne({ _id: id, version: { $lt: fields.version } }, { $set: fields }, { upsert: true })
      ),
    put: ({ id, ...fields }) =>
      attempt(() => collection.replaceOne({ _id: id }, fields, { upsert: true })).pipe(Effect.asVoid),
    one: (filter, sort) =>
      // only the schema's fields travel (a campaign's summary leaves its message ids behind)
      attempt(() => collection.findOne(filter, sort === undefined ? { projection } : { projection, sort })).pipe(
        Effect.flatMap((doc) => (doc === null ? Effect.succeed(null) : decode(doc)))
      ),
    list: (filter, { sort, limit = Infinity, skip = 0 }) => {
      const max = queryLimit(limit)
      if (max === null) return Effect.succeed([])
      return attempt(() => collection.find(filter).project(projection).sort(sort).skip(skip).limit(max).toArray()).pipe(
        Effect.flatMap((docs) => decodeDocuments(documentSchema, name, docs, fieldOf))
      )
    },
    decode
  }
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

/**
 * `findOneAndUpdate` answering the document (before or after, as `options` says) with only the
 * `projection`'s fields where the server can (MongoDB); FerretDB v1 answers a projection there
 * NotImplemented, so after the first such answer this collection's calls ask for the whole
 * document. Errors are the driver's, for the caller to read (a duplicate key of an upsert).
 */
export const findAndModify = (collection: Collection<RecordDocument>) => {
  let projecting = true
  const call = (
    filter: Filter<RecordDocument>,
    update: UpdateFilter<RecordDocument>,
    options: { readonly upsert?: boolean; readonly returnDocument: "before" | "after" },
    projection: Document
  ): Promise<RecordDocument | null> => {
    // as this call asked: the calls made together before the first answer all retry without it
    const projected = projecting
    return collection
      .findOneAndUpdate(filter, update, projected ? { ...options, projection } : { ...options })
      .catch((error: unknown) => {
        if (!projected || serverErrorCode(error) !== NOT_IMPLEMENTED) throw error
        projecting = false
        return call(filter, update, options, projection)
      })
  }
  return call
}
