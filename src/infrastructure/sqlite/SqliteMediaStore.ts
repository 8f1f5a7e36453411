import { Effect, Layer } from "effect"
import { z } from "zod"
import type { StoredMedia } from "../../application/ports/MediaStore.ts"
import { MediaStore, StoredMediaSchema } from "../../application/ports/MediaStore.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRow } from "./sqliteErrors.ts"
import { sqliteViewStore } from "./viewRows.ts"

/**
 * The bytes of an upload in rows of this size: no row is larger than SQLite reads in a few pages'
 * worth of overflow, and a 16 MB upload is 64 rows, not one 16 MB value SQLite would have to hold
 * (and copy) whole at every read.
 */
export const SQLITE_MEDIA_CHUNK_BYTES = 256 * 1024

/** Chunks per write of a put and per read of a get: 1 MB, a few milliseconds of the event loop each. */
const CHUNKS_PER_WRITE = 4

const UsageRow = z.object({ count: z.number().int(), bytes: z.number().int() })

export const makeSqliteMediaStore = (connection: SqliteConnection): MediaStore["Service"] => {
  const media = sqliteViewStore(connection, "media", StoredMediaSchema, "record")
  const columns = "id, owner_id, mimetype, filename, size, kind, created_at, used_at"
  const removeMedia = (id: string) =>
    attemptWrite(connection, () => {
      connection.statement("DELETE FROM media_chunks WHERE media_id = ?").run(id)
      connection.statement("DELETE FROM media WHERE id = ?").run(id)
    })
  return {
    // In writes of CHUNKS_PER_WRITE chunks, the row with the first: one write of 16 MB held the
    // event loop ~130 ms (issue 21), one of 1 MB takes a few. `read` shows the upload only once
    // every chunk is stored (it checks they add up to the size); its id is known to no one else
    // until put returns. A put that fails or is interrupted part way removes what it wrote; one cut off by a crash
    // leaves a row the sweep removes with its chunks, as any upload unused.
    put: (info: StoredMedia, bytes: Uint8Array) => {
      const count = Math.max(1, Math.ceil(bytes.length / SQLITE_MEDIA_CHUNK_BYTES))
      const writeChunks = (first: number) =>
        attemptWrite(connection, () => {
          if (first === 0) {
            connection
              .statement(`INSERT INTO media (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
              .run(
                info.id,
                info.ownerId,
                info.mimetype,
                info.filename,
                info.size,
                info.kind,
                info.createdAt,
                info.usedAt
              )
          }
          const chunk = connection.statement("INSERT INTO media_chunks (media_id, n, data) VALUES (?, ?, ?)")
          for (let n = first; n < Math.min(first + CHUNKS_PER_WRITE, count); n++) {
            const at = n * SQLITE_MEDIA_CHUNK_BYTES
            chunk.run(info.id, n, bytes.subarray(at, at + SQLITE_MEDIA_CHUNK_BYTES))
          }
        })
      const rest = Effect.gen(function* () {
        for (let first = CHUNKS_PER_WRITE; first < count; first += CHUNKS_PER_WRITE) {
          // other requests' turn before the next megabyte
          yield* Effect.yieldNow
          yield* writeChunks(first)
        }
      })
      // the row and the first megabyte in one write: when it fails nothing is kept (and an id
      // already taken is left alone); past it, what was written goes if the rest fails
      return writeChunks(0).pipe(Effect.andThen(rest.pipe(Effect.onError(() => Effect.ignore(removeMedia(info.id))))))
    },
    info: (id) => media.one("WHERE id = ?", [id]),
    read: (id) =>
      Effect.gen(function* () {
        const info = yield* media.one("WHERE id = ?", [id])
        if (info === null) return null
        // whole or not at all: chunks 0, 1, 2… without a gap, adding up to the stored size
        // (anything else was changed by hand, or removed meanwhile; the port reads it as not stored)
        const bytes = new Uint8Array(info.size)
        let at = 0
        let n = 0
        for (;;) {
          // a megabyte per read, other requests' turn in between: one read of 16 MB held the event loop for 40–70 ms
          const rows = yield* attempt(connection, () =>
            connection
              .statement("SELECT n, data FROM media_chunks WHERE media_id = ? AND n >= ? ORDER BY n LIMIT ?")
              .all(id, n, CHUNKS_PER_WRITE)
          )
          for (const row of rows) {
            const data = row["data"]
            if (row["n"] !== n || !(data instanceof Uint8Array) || at + data.length > bytes.length) return null
            bytes.set(data, at)
            at += data.length
            n++
          }
          if (rows.length < CHUNKS_PER_WRITE) break
          yield* Effect.yieldNow
        }
        return at === bytes.length ? { media: info, bytes } : null
      }),
    delete: removeMedia,
    touch: (id, at) =>
      attemptWrite(
        connection,
        () => connection.statement("UPDATE media SET used_at = max(used_at, ?) WHERE id = ?").run(at, id).changes > 0
      ),
    // one statement, so no touch comes between the check and the delete; then its chunks, in the
    // same write (a savepoint of the group commit)
    deleteIfUnusedSince: (id, cutoff) =>
      attemptWrite(connection, () => {
        const removed =
          connection.statement("DELETE FROM media WHERE id = ? AND used_at < ?").run(id, cutoff).changes > 0
        if (removed) connection.statement("DELETE FROM media_chunks WHERE media_id = ?").run(id)
        return removed
      }),
    usage: (ownerId) =>
      attempt(connection, () =>
        connection
          .statement("SELECT count(*) AS count, coalesce(sum(size), 0) AS bytes FROM media WHERE owner_id = ?")
          .get(ownerId)
      ).pipe(Effect.flatMap((row) => decodeRow(UsageRow, "media", row))),
    listUnusedSince: (cutoff, limit, after) =>
      after === undefined
        ? media.list("WHERE used_at < ? ORDER BY used_at, id", [cutoff], limit)
        : media.list(
            "WHERE used_at < ? AND (used_at > ? OR (used_at = ? AND id > ?)) ORDER BY used_at, id",
            [cutoff, after.usedAt, after.usedAt, after.id],
            limit
          )
  }
}

export const SqliteMediaStore = {
  layer: Layer.effect(MediaStore, SqliteDatabase.useSync(makeSqliteMediaStore))
}
