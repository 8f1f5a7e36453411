import { Layer } from "effect"
import { MediaStore } from "../../application/ports/MediaStore.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryMediaStore = (db: MemoryDatabase): MediaStore["Service"] => ({
  // a copy: the caller's buffer may be reused, and a real store keeps what it was given
  put: (media, bytes) => withDbWrite(db, () => void db.media.set(media.id, { media, bytes: Uint8Array.from(bytes) })),
  info: (id) => withDb(db, () => db.media.get(id)?.media ?? null),
  read: (id) =>
    withDb(db, () => {
      const stored = db.media.get(id)
      return stored === undefined ? null : { media: stored.media, bytes: Uint8Array.from(stored.bytes) }
    }),
  delete: (id) => withDbWrite(db, () => void db.media.delete(id)),
  touch: (id, at) =>
    withDbWrite(db, () => {
      const stored = db.media.get(id)
      if (stored === undefined) return false
      if (at > stored.media.usedAt) db.media.set(id, { ...stored, media: { ...stored.media, usedAt: at } })
      return true
    }),
  // one synchronous step: nothing runs between the check and the delete
  deleteIfUnusedSince: (id, cutoff) =>
    withDbWrite(db, () => {
      const stored = db.media.get(id)
      return stored !== undefined && stored.media.usedAt < cutoff && db.media.delete(id)
    }),
  usage: (ownerId) =>
    withDb(db, () => {
      let count = 0
      let bytes = 0
      for (const { media } of db.media.values()) {
        if (media.ownerId !== ownerId) continue
        count += 1
        bytes += media.size
      }
      return { count, bytes }
    }),
  listUnusedSince: (cutoff, limit, after) =>
    withDb(db, () =>
      [...db.media.values()]
        .map((m) => m.media)
        .filter(
          (m) =>
            m.usedAt < cutoff &&
            (after === undefined || m.usedAt > after.usedAt || (m.usedAt === after.usedAt && m.id > after.id))
        )
        .sort((a, b) => a.usedAt - b.usedAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        .slice(0, limit)
    )
})

export const MemoryMediaStore = {
  layer: (db: MemoryDatabase) => Layer.succeed(MediaStore, makeMemoryMediaStore(db))
}
