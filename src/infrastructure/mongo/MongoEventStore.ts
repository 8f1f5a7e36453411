import { Clock, Effect, Layer, Request, type RequestResolver } from "effect"
import type { Collection, Db } from "mongodb"
import { z } from "zod"
import type { StoredEvent, StreamRef } from "../../application/ports/EventStore.ts"
import { EventStore } from "../../application/ports/EventStore.ts"
import { ConcurrencyConflict, StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import type { WriteError } from "./batchedWrites.ts"
import { groupCommit, othersStored, unorderedOutcome, writeErrors } from "./batchedWrites.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, DUPLICATE_KEY, decodeDocuments, toStoreUnavailable } from "./mongoErrors.ts"

const COLLECTION = "events"

/**
 * One document per event. `_id` = `<streamId>:<version>` makes exclusivity an insert: two
 * appends at the same version cannot both succeed, on MongoDB or on FerretDB (which has no
 * atomic conditional update). `appendId`, `firstVersion` and `lastVersion` say which append
 * wrote the event and which versions that append covers (see `read`).
 */
interface EventDocument {
  readonly _id: string
  readonly stream: string
  readonly version: number
  readonly type: string
  readonly data: unknown
  readonly recordedAt: number
  readonly appendId: string
  readonly firstVersion: number
  readonly lastVersion: number
}

const version = z.number().int().positive()

const EventDocumentSchema = z.object({
  _id: z.string(),
  stream: z.string(),
  version,
  type: z.string(),
  data: z.unknown(),
  recordedAt: z.number(),
  // absent on events written by other tools: such an event is an append of its own
  appendId: z.string().optional(),
  firstVersion: version.optional(),
  lastVersion: version.optional()
})

const StreamRefSchema = z.object({
  _id: z.string(),
  stream: z.string(),
  version,
  type: z.string(),
  recordedAt: z.number()
})

/** Index and code of the first write error of an ordered insertMany, if the server said which. */
const firstWriteError = (error: unknown): WriteError | null =>
  writeErrors(error).reduce<WriteError | null>((min, e) => (min === null || e.index < min.index ? e : min), null)

type EventDocs = Collection<EventDocument>

/** The documents of one append, all carrying its appendId and the versions it covers. */
const documents = (
  streamId: string,
  expectedVersion: number,
  newEvents: ReadonlyArray<{ readonly type: string }>,
  recordedAt: number,
  appendId: string
): Array<EventDocument> => {
  const firstVersion = expectedVersion + 1
  const lastVersion = expectedVersion + newEvents.length
  return newEvents.map((event, i) => ({
    _id: `${streamId}:${firstVersion + i}`,
    stream: streamId,
    version: firstVersion + i,
    type: event.type,
    data: event,
    recordedAt,
    appendId,
    firstVersion,
    lastVersion
  }))
}

/*
 * Why an append can never be seen half done, although `insertMany` inserts one document
 * after the other and FerretDB has no transactions:
 *
 * A caller appends at the version it read, and `read` only returns whole appends, so its
 * events take the versions right after a complete append. Any other writer that read the
 * same stream appends at that same first version; one that read later saw our first event
 * only as part of our complete append. So only the FIRST event of an append can collide
 * with a correct writer, and then nothing of ours was inserted: a plain ConcurrencyConflict.
 *
 * A collision on a LATER event (a caller that did not append at the version it read, or a
 * crash) cannot be allowed to leave our first events as a successful partial append. Two
 * guards make sure of it:
 * - `read` returns the longest prefix of versions 1..n made of complete appends: event v
 *   starts an append (firstVersion = v) whose events v..lastVersion all exist with the same
 *   appendId. The head of an unfinished append, and anything after it, is not returned, so
 *   nobody decides on it.
 * - the append that collided deletes the events it did insert (they are invisible, so
 *   nobody built on them) and fails with ConcurrencyConflict; its versions are free again.
 * The driver may retry an insert after a network error; a duplicate of our OWN event
 * (same appendId) is then not a conflict, and the remaining events are inserted.
 * What remains is a server crash between the events of one insertMany: the unfinished
 * append stays invisible and blocks the stream at that version until an operator deletes
 * the documents with its appendId. No wrong event is ever read.
 *
 * An append of ONE event (a claim, a record) is whole or absent, so it needs none of this and
 * goes with the single-event appends of other fibers in one UNORDERED insertMany
 * (`singleAppends`): each document is inserted or refused on its own, a duplicate `_id` is
 * the ConcurrencyConflict of that append alone, and two appends of one stream at one version
 * in the same batch are two inserts of one `_id`, of which exactly one succeeds. An append of
 * several events keeps an ordered insertMany of its own.
 */
/** An append of several events: one ordered insertMany of its own (see above). */
const appendEvents =
  (events: EventDocs) =>
  (
    streamId: string,
    expectedVersion: number,
    docs: ReadonlyArray<EventDocument>,
    appendId: string
  ): Effect.Effect<number, ConcurrencyConflict | StoreUnavailable> =>
    Effect.gen(function* () {
      const lastVersion = expectedVersion + docs.length
      // Deletes our events before `upTo`: an append that can no longer be completed.
      const withdraw = (upTo: number) =>
        upTo === 0
          ? Effect.void
          : attempt(() => events.deleteMany({ _id: { $in: docs.slice(0, upTo).map((d) => d._id) }, appendId })).pipe(
              Effect.asVoid,
              Effect.mapError(
                (e) =>
                  new StoreUnavailable({
                    message: `append to ${streamId} failed half way and its first ${upTo} event(s) could not be withdrawn (${e.message}); delete the events with appendId ${appendId}`
                  })
              )
            )

      let next = 0
      while (next < docs.length) {
        const batch = docs.slice(next)
        const failed = yield* Effect.tryPromise({
          try: () => events.insertMany(batch, { ordered: true }),
          catch: (error) => error
        }).pipe(
          Effect.as(null),
          Effect.catch((error) => Effect.succeed(error))
        )
        if (failed === null) break
        const writeError = firstWriteError(failed)
        // Not a per-document error (network, server down): the outcome is unknown, so nothing
        // is withdrawn; a complete append may have been read by others already.
        if (writeError === null) return yield* toStoreUnavailable(failed)
        // ordered: documents before the failed one are in, none after it
        const at = next + writeError.index
        const clashing = docs[at]
        if (writeError.code !== DUPLICATE_KEY || clashing === undefined) {
          yield* withdraw(at)
          return yield* toStoreUnavailable(failed)
        }
        const owner = yield* attempt(() => events.findOne({ _id: clashing._id }, { projection: { appendId: 1 } }))
        if (owner?.appendId === appendId) {
          next = at + 1
          continue
        }
        yield* withdraw(at)
        return yield* new ConcurrencyConflict({ streamId, expectedVersion })
      }
      return lastVersion
    })

/** An append of one event (a claim, a record): written with the others of its batch. */
interface AppendEvent extends Request.Request<number, ConcurrencyConflict | StoreUnavailable> {
  readonly doc: EventDocument
  readonly expectedVersion: number
}
const AppendEvent = Request.of<AppendEvent>()

/** The outcome of one append of a batch whose insertMany failed with `failed` (null: it did not). */
const entryOutcome = (
  events: EventDocs,
  { doc, expectedVersion }: AppendEvent,
  failed: unknown,
  writeError: WriteError | undefined
): Effect.Effect<number, ConcurrencyConflict | StoreUnavailable> => {
  if (writeError === undefined) {
    return failed === null || othersStored(failed)
      ? Effect.succeed(doc.version)
      : Effect.fail(toStoreUnavailable(failed))
  }
  if (writeError.code !== DUPLICATE_KEY) return Effect.fail(toStoreUnavailable(writeError.message))
  // A driver that retried the insert finds our own event: not a conflict.
  return attempt(() => events.findOne({ _id: doc._id }, { projection: { appendId: 1 } })).pipe(
    Effect.flatMap((owner) =>
      owner?.appendId === doc.appendId
        ? Effect.succeed(doc.version)
        : Effect.fail(new ConcurrencyConflict({ streamId: doc.stream, expectedVersion }))
    )
  )
}

/**
 * The single-event appends of many fibers (the scheduler's claims and records, one per
 * session lane) as one unordered insertMany per batch (groupCommit): over the scheduler's one
 * connection, a thousand claims are a few round trips instead of a thousand. Each append
 * keeps its own outcome: a duplicate key at its index is its ConcurrencyConflict only, the
 * others are stored; an error that is not per document leaves every one StoreUnavailable.
 */
const singleAppends = (events: EventDocs, connections: number): RequestResolver.RequestResolver<AppendEvent> =>
  groupCommit<AppendEvent>(COLLECTION, connections, (entries) =>
    Effect.gen(function* () {
      const outcome = yield* unorderedOutcome(() =>
        events.insertMany(
          entries.map((entry) => entry.request.doc),
          { ordered: false }
        )
      )
      yield* Effect.forEach(
        entries,
        (entry, i) =>
          Effect.exit(entryOutcome(events, entry.request, outcome?.failed ?? null, outcome?.errorAt.get(i))).pipe(
            Effect.map((exit) => entry.completeUnsafe(exit))
          ),
        { concurrency: "unbounded", discard: true }
      )
    })
  )

/** The longest prefix 1..n of complete appends (see above). */
const completePrefix = (docs: ReadonlyArray<z.output<typeof EventDocumentSchema>>): Array<StoredEvent> => {
  const out: Array<StoredEvent> = []
  let i = 0
  for (let head = docs[i]; head !== undefined; head = docs[i]) {
    const first = head.firstVersion ?? head.version
    const last = head.lastVersion ?? head.version
    if (head.version !== out.length + 1 || first !== head.version || last < first) break
    const group = docs.slice(i, i + last - first + 1)
    const complete =
      group.length === last - first + 1 &&
      group.every((d, j) => d.version === first + j && d.appendId === head.appendId)
    if (!complete) break
    for (const d of group) {
      out.push({ streamId: d.stream, version: d.version, type: d.type, data: d.data, recordedAt: d.recordedAt })
    }
    i += group.length
  }
  return out
}

export const makeMongoEventStore = (db: Db): EventStore["Service"] => {
  const events = db.collection<EventDocument>(COLLECTION)
  const appendMany = appendEvents(events)
  const batched = singleAppends(events, db.client.options.maxPoolSize)
  return {
    append: (streamId, expectedVersion, newEvents) =>
      Effect.gen(function* () {
        if (newEvents.length === 0) return expectedVersion
        const appendId = crypto.randomUUID()
        const docs = documents(streamId, expectedVersion, newEvents, yield* Clock.currentTimeMillis, appendId)
        const [only, ...more] = docs
        return only !== undefined && more.length === 0
          ? yield* Effect.request(AppendEvent({ doc: only, expectedVersion }), batched)
          : yield* appendMany(streamId, expectedVersion, docs, appendId)
      }),
    // Event by event through `_id`: FerretDB v1 answers only `_id` equality without scanning
    // the collection (an `$in` of ids scans it), and a stream holds a handful of events. Told a
    // version the stream reached, it stops at the end of that append: one round trip fewer.
    read: (streamId, options) =>
      Effect.gen(function* () {
        const known = options?.known ?? 0
        const docs: Array<EventDocument> = []
        for (;;) {
          const last = docs.at(-1)
          if (
            known > 0 &&
            last !== undefined &&
            docs.length >= known &&
            (last.lastVersion ?? last.version) <= last.version
          )
            break
          const doc = yield* attempt(() => events.findOne({ _id: `${streamId}:${docs.length + 1}` }))
          if (doc === null) break
          docs.push(doc)
        }
        return completePrefix(yield* decodeDocuments(EventDocumentSchema, COLLECTION, docs))
      }),
    recordedSince: (since, limit) =>
      limit <= 0
        ? Effect.succeed([])
        : attempt(() =>
            events
              .find({ recordedAt: { $gte: since } })
              .sort({ recordedAt: 1 })
              .limit(limit)
              .project({ stream: 1, version: 1, type: 1, recordedAt: 1 })
              .toArray()
          ).pipe(
            Effect.flatMap((docs) => decodeDocuments(StreamRefSchema, COLLECTION, docs)),
            Effect.map((docs) =>
              docs.map(
                (d): StreamRef => ({ streamId: d.stream, version: d.version, type: d.type, recordedAt: d.recordedAt })
              )
            )
          )
  }
}

export const MongoEventStore = {
  layer: Layer.effect(
    EventStore,
    MongoDatabase.useSync(({ db }) => makeMongoEventStore(db))
  )
}
