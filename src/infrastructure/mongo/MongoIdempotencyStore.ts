import { Effect, Layer } from "effect"
import type { Collection, Db } from "mongodb"
import { z } from "zod"
import { IDEMPOTENCY_LEASE_MS } from "../../application/idempotency/runIdempotently.ts"
import type { IdempotencyClaim, IdempotencyRecord } from "../../application/ports/IdempotencyStore.ts"
import { IdempotencyRecordSchema, IdempotencyStore } from "../../application/ports/IdempotencyStore.ts"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, DUPLICATE_KEY, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"
import type { RecordDocument } from "./viewDocuments.ts"
import { mongoViewStore } from "./viewDocuments.ts"

/** One document per account and key, its _id made of both (the account's length first, so no two pairs read alike). */
const slot = (account: string, key: string): string => `${account.length}:${account}:${key}`

// runAt and aliveAt are absent on a record claimed before they existed: its first run, alive when claimed
const DocumentSchema = IdempotencyRecordSchema.extend({
  id: IdempotencyRecordSchema.shape.key,
  runAt: z.number().optional(),
  aliveAt: z.number().optional()
})

/** Claims lost to a record released or replaced meanwhile are tried again this many times. */
const CLAIM_ATTEMPTS = 5

/** How many stale run markers in a row (each of a takeover or release that died holding it) are passed over. */
const STALE_MARKERS_PASSED = 4

const MarkerSchema = z.object({ at: z.number() })

/** Inserts `doc`: true, or false when its _id is taken (the one exclusive write FerretDB v1 has). */
const insertFirst = (collection: Collection<RecordDocument>, doc: RecordDocument) =>
  Effect.tryPromise({
    try: () => collection.insertOne(doc),
    catch: (error) => (serverErrorCode(error) === DUPLICATE_KEY ? "taken" : toStoreUnavailable(error))
  }).pipe(
    Effect.as(true),
    Effect.catch((error) => (error === "taken" ? Effect.succeed(false) : Effect.fail(error)))
  )

/**
 * Claims are exclusive by the unique _id alone: FerretDB v1 has no reliable conditional update
 * or delete (it finds, then writes by _id: docs/architecture.md "the stores"). So an expired
 * record is removed only by whoever first inserts its replacement marker (`<slot>@<createdAt>`
 * in idempotencyReplacements): no two removals of one record, and none of a record that
 * replaced it, whatever the interleaving. A run's lease is taken over, or freed by its first
 * run's release, likewise: by whoever first inserts `<slot>@<createdAt>#<runAt>`, so one run
 * again per run, and never a release of a record a run again holds. Its inserter removes it again
 * if its write fails or is refused; one that died holding it leaves it, and once it is older than
 * the lease it is stale: the next contender inserts `<marker>~<its at>` instead (takeRunMarker).
 */
export const makeMongoIdempotencyStore = (db: Db): IdempotencyStore["Service"] => {
  const store = mongoViewStore(db, "idempotencyKeys", DocumentSchema)
  const records = store.collection
  const replacements = db.collection<RecordDocument>("idempotencyReplacements")
  /** Removes the expired record (slot, createdAt) unless another removal of it is under way or done. */
  const removeExpired = (id: string, createdAt: number, now: number) =>
    Effect.gen(function* () {
      if (yield* insertFirst(replacements, { _id: `${id}@${createdAt}`, at: now }))
        yield* attempt(() => records.deleteOne({ _id: id, createdAt }))
    })
  /**
   * Inserts the run marker `name` at `now`: its name when won, or null (held by another). A marker
   * older than the lease belongs to a takeover or release that died between its marker and its
   * write (a failed write removes its own, below): rather than deleting it (on FerretDB a delete
   * by _id and `at` finds, then deletes by _id, and could remove the marker that replaced it), the
   * contenders all race for the one name derived from it, `<name>~<its at>`: still one winner.
   */
  const takeRunMarker = (name: string, now: number, passed = 0): Effect.Effect<string | null, StoreUnavailable> =>
    Effect.gen(function* () {
      if (yield* insertFirst(replacements, { _id: name, at: now })) return name
      const held = yield* attempt(() => replacements.findOne({ _id: name }))
      // removed meanwhile (its write refused): once more
      if (held === null) return passed < STALE_MARKERS_PASSED ? yield* takeRunMarker(name, now, passed + 1) : null
      const marker = MarkerSchema.safeParse(held)
      if (!marker.success || marker.data.at > now - IDEMPOTENCY_LEASE_MS || passed >= STALE_MARKERS_PASSED) return null
      return yield* takeRunMarker(`${name}~${marker.data.at}`, now, passed + 1)
    })
  /** Runs `write` holding the run marker `name` (false when another holds it); the marker goes if `write` fails or answers false. */
  const withRunMarker = (name: string, now: number, write: Effect.Effect<boolean, StoreUnavailable>) =>
    Effect.gen(function* () {
      const won = yield* takeRunMarker(name, now)
      if (won === null) return false
      const drop = attempt(() => replacements.deleteOne({ _id: won, at: now })).pipe(Effect.ignore)
      const done = yield* write.pipe(Effect.onError(() => drop))
      if (!done) yield* drop
      return done
    })
  const claim = (
    record: IdempotencyRecord,
    expiredAt: number,
    attemptsLeft: number
  ): Effect.Effect<IdempotencyClaim, StoreUnavailable> =>
    Effect.gen(function* () {
      const _id = slot(record.account, record.key)
      if (yield* insertFirst(records, { _id, ...record })) return { _tag: "Claimed" } as const
      const doc = yield* attempt(() => records.findOne({ _id }))
      const held = doc === null ? null : yield* store.decode(doc)
      if (held !== null && held.createdAt > expiredAt) {
        const { id: _, runAt, aliveAt, ...kept } = held
        return {
          _tag: "Held",
          record: { ...kept, runAt: runAt ?? held.createdAt, aliveAt: aliveAt ?? held.createdAt }
        } as const
      }
      if (attemptsLeft <= 1)
        return yield* new StoreUnavailable({ message: "an Idempotency-Key record kept changing while it was claimed" })
      if (held !== null) yield* removeExpired(_id, held.createdAt, record.createdAt)
      return yield* claim(record, expiredAt, attemptsLeft - 1)
    })
  return {
    claim: (record, expiredAt) => claim(record, expiredAt, CLAIM_ATTEMPTS),
    takeOver: (account, key, createdAt, seen, now) => {
      const _id = slot(account, key)
      // One marker per run: a takeover of it, or its first run's release (below), never both.
      // Only the marker's holder updates; the filter still refuses a lease renewed, done or
      // released since it was seen (FerretDB finds, then writes: a renewal landing in between is
      // a lease renewed for the run that took over, never a second run again). Not taken
      // (renewed meanwhile), the marker goes, so that the run can be taken over once it stops.
      return withRunMarker(
        `${_id}@${createdAt}#${seen.runAt}`,
        now,
        Effect.gen(function* () {
          const taken = yield* attempt(() =>
            records.updateOne(
              { _id, createdAt, state: "pending", runAt: seen.runAt, aliveAt: seen.aliveAt },
              { $set: { runAt: now, aliveAt: now } }
            )
          )
          if (taken.matchedCount === 1) return true
          // a record of before runAt and aliveAt: its first run's lease, as claimed
          if (seen.runAt !== createdAt || seen.aliveAt !== createdAt) return false
          const old = yield* attempt(() =>
            records.updateOne(
              { _id, createdAt, state: "pending", runAt: { $exists: false } },
              { $set: { runAt: now, aliveAt: now } }
            )
          )
          return old.matchedCount === 1
        })
      )
    },
    renew: (account, key, createdAt, runAt, now) =>
      attempt(() =>
        records.updateOne(
          { _id: slot(account, key), createdAt, state: "pending", runAt, aliveAt: { $lt: now } },
          { $set: { aliveAt: now } }
        )
      ).pipe(Effect.asVoid),
    complete: (account, key, createdAt, answer) =>
      attempt(() =>
        records.updateOne({ _id: slot(account, key), createdAt }, { $set: { state: "done", answer } })
      ).pipe(Effect.asVoid),
    // the first run's own lease only (runAt = createdAt, or absent on a record of before runAt),
    // and only by whoever holds its marker: a takeover of that run, or this release. The marker
    // stays once the record is gone (a takeover then finds nothing to take), unless the delete fails.
    release: (account, key, createdAt, now) => {
      const _id = slot(account, key)
      return withRunMarker(
        `${_id}@${createdAt}#${createdAt}`,
        now,
        attempt(() =>
          records.deleteOne({
            _id,
            createdAt,
            state: "pending",
            $or: [{ runAt: createdAt }, { runAt: { $exists: false } }]
          })
        ).pipe(Effect.as(true))
      ).pipe(Effect.asVoid)
    },
    // record by record through removeExpired, so that a claim replacing one at the same moment is never undone
    deleteExpired: (expiredAt) =>
      Effect.gen(function* () {
        const expired = yield* attempt(() =>
          records.find({ createdAt: { $lte: expiredAt } }, { projection: { _id: 1, createdAt: 1 } }).toArray()
        )
        for (const doc of expired) {
          const createdAt = doc["createdAt"]
          if (typeof createdAt === "number") yield* removeExpired(doc._id, createdAt, expiredAt)
        }
        // a marker matters only while its record could be removed twice: long gone by then
        yield* attempt(() => replacements.deleteMany({ at: { $lte: expiredAt } }))
      })
  }
}

export const MongoIdempotencyStore = {
  layer: Layer.effect(
    IdempotencyStore,
    MongoDatabase.useSync(({ db }) => makeMongoIdempotencyStore(db))
  )
}
