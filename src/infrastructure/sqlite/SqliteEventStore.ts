import { Clock, Effect, Layer } from "effect"
import { z } from "zod"
import type { StoredEvent, StreamRef } from "../../application/ports/EventStore.ts"
import { EventStore } from "../../application/ports/EventStore.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { ConcurrencyConflict } from "../../application/ports/StoreErrors.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRows, isConstraintViolation, sqlLimit, toStoreUnavailable } from "./sqliteErrors.ts"

const TABLE = "events"

const version = z.number().int().positive()

const EventRow = z
  .object({
    stream: z.string(),
    version,
    type: z.string(),
    data: z.string().transform((text, ctx) => {
      try {
        return JSON.parse(text) as unknown
      } catch {
        ctx.addIssue({ code: "custom", message: "data is not JSON" })
        return z.NEVER
      }
    }),
    recorded_at: z.number()
  })
  .transform(
    (row): StoredEvent => ({
      streamId: row.stream,
      version: row.version,
      type: row.type,
      data: row.data,
      recordedAt: row.recorded_at
    })
  )

const StreamRefRow = z
  .object({ stream: z.string(), version, type: z.string(), recorded_at: z.number() })
  .transform(
    (row): StreamRef => ({ streamId: row.stream, version: row.version, type: row.type, recordedAt: row.recorded_at })
  )

const INSERT = `INSERT INTO events (stream, version, type, data, recorded_at) VALUES (?, ?, ?, ?, ?)`

/** A taken version fails the insert (PRIMARY KEY), which rolls back the whole append. */
type Outcome = "appended" | "conflict"

export const makeSqliteEventStore = (connection: SqliteConnection): EventStore["Service"] => ({
  // All events of one append in one transaction: either every version is taken by this
  // append, or (any of them already taken) nothing is written and the append is a
  // ConcurrencyConflict. Exclusivity rests on the PRIMARY KEY only, as on MongoDB.
  append: (streamId, expectedVersion, events) =>
    Effect.gen(function* () {
      if (events.length === 0) return expectedVersion
      const recordedAt = yield* Clock.currentTimeMillis
      const rows = events.map(
        (event, i) => [streamId, expectedVersion + 1 + i, event.type, JSON.stringify(event), recordedAt] as const
      )
      // one write of the group commit: its savepoint undoes the whole append on a taken version
      const outcome = yield* connection
        .write((): Outcome => {
          const insert = connection.statement(INSERT)
          for (const row of rows) insert.run(...row)
          return "appended"
        })
        .pipe(
          Effect.catch(
            (failed): Effect.Effect<Outcome, StoreUnavailable> =>
              isConstraintViolation(failed.cause)
                ? Effect.succeed("conflict")
                : Effect.fail(toStoreUnavailable(connection.path, failed.cause))
          )
        )
      if (outcome === "conflict") return yield* new ConcurrencyConflict({ streamId, expectedVersion })
      return expectedVersion + events.length
    }),
  // Versions 1, 2, … up to the first gap: appends are atomic here, so a gap only comes from a
  // writer that skipped a version, and nothing after it is returned (as the Mongo adapter).
  read: (streamId) =>
    attempt(connection, () =>
      connection
        .statement(`SELECT stream, version, type, data, recorded_at FROM events WHERE stream = ? ORDER BY version`)
        .all(streamId)
    ).pipe(
      Effect.flatMap((rows) => decodeRows(EventRow, TABLE, rows)),
      Effect.map((events) => {
        const prefix = events.findIndex((event, i) => event.version !== i + 1)
        return prefix < 0 ? events : events.slice(0, prefix)
      })
    ),
  // oldest first; ties (one append, or the same millisecond) in insertion order
  recordedSince: (since, limit) => {
    const max = sqlLimit(limit)
    if (max === null) return Effect.succeed([])
    return attempt(connection, () =>
      connection
        .statement(
          `SELECT stream, version, type, recorded_at FROM events WHERE recorded_at >= ? ORDER BY recorded_at, rowid LIMIT ?`
        )
        .all(since, max)
    ).pipe(Effect.flatMap((rows) => decodeRows(StreamRefRow, TABLE, rows)))
  }
})

export const SqliteEventStore = {
  layer: Layer.effect(EventStore, SqliteDatabase.useSync(makeSqliteEventStore))
}
