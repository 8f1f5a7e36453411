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

const UsageRow = z.object({ count: z.number().int(), bytes: z.number().int() })

export const makeSqliteMediaStore = (connection: SqliteConnection): MediaStore["Service"] => {
  const media = sqliteViewStore(connection, "media", StoredMediaSchema, "record")
  const columns = "id, owner_id, mimetype, filename, size, kind, created_at, used_at"
  return {
    // one write (a savepoint of the group commit): the row and every chunk, or nothing
    put: (info: StoredMedia, bytes: Uint8Array) =>
      attemptWrite(connection, () => {
        connection
          .statement(`INSERT INTO media (${columns}) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`)
          .run(info.id, info.ownerId, info.mimetype, info.filename, info.size, info.kind, info.createdAt, info.usedAt)
        const chunk = connection.statement("INSERT INTO media_chunks (media_id, n, data) VALUES (?, ?, ?)")
        for (let n = 0, at = 0; at < bytes.length || n === 0; n++, at += SQLITE_MEDIA_CHUNK_BYTES) {
          chunk.run(info.id, n, bytes.subarray(at, at + SQLITE_MEDIA_CHUNK_BYTES))
        }
      }),
    info: (id) => media.one("WHERE id = ?", [id]),
    read: (id) =>
      Effect.gen(function* () {
        const info = yield* media.one("WHERE id = ?", [id])
        if (info === null) return null
        const rows = yield* attempt(connection, () =>
          connection.statement("SELECT n, data FROM media_chunks WHERE media_id = ? ORDER BY n").all(id)
        )
        // whole or not at all: chunks 0, 1, 2… without a gap, adding up to the stored size
        // (anything else was changed by hand; the port reads it as not stored)
        const bytes = new Uint8Array(info.size)
        let at = 0
        for (const [i, row] of rows.entries()) {
          const data = row["data"]
          if (row["n"] !== i || !(data instanceof Uint8Array) || at + data.length > bytes.length) return null
          bytes.set(data, at)
          at += data.length
        }
        return at === bytes.length ? { media: info, bytes } : null
      }),
    delete: (id) =>
      attemptWrite(connection, () => {
        connection.statement("DELETE FROM media_chunks WHERE media_id = ?").run(id)
        connection.statement("DELETE FROM media WHERE id = ?").run(id)
      }),
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
