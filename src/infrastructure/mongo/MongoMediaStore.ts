import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { Binary, GridFSBucket, ObjectId } from "mongodb"
import { z } from "zod"
import type { StoredMedia } from "../../application/ports/MediaStore.ts"
import { MediaStore } from "../../application/ports/MediaStore.ts"
import { MEDIA_KINDS } from "../../domain/message/Media.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument } from "./mongoErrors.ts"

/** GridFS's collections are `media.files` and `media.chunks`. */
export const MEDIA_BUCKET = "media"
/** as SQLite's chunks (SqliteMediaStore), not GridFS's 255 KiB default: one figure to reason about */
export const MONGO_MEDIA_CHUNK_BYTES = 256 * 1024

/** A `media.files` document as GridFS writes it (its own ObjectId `_id`), Herald's fields under `metadata`. */
const FileDocument = z.object({
  _id: z.instanceof(ObjectId),
  length: z.number(),
  filename: z.string(),
  metadata: z.object({
    mediaId: z.string(),
    ownerId: z.string(),
    mimetype: z.string(),
    kind: z.enum(MEDIA_KINDS),
    createdAt: z.number(),
    usedAt: z.number()
  })
})
type FileDocument = z.output<typeof FileDocument>

const toMedia = (doc: FileDocument): StoredMedia => ({
  id: doc.metadata.mediaId,
  ownerId: doc.metadata.ownerId,
  mimetype: doc.metadata.mimetype,
  filename: doc.filename,
  size: doc.length,
  kind: doc.metadata.kind,
  createdAt: doc.metadata.createdAt,
  usedAt: doc.metadata.usedAt
})

/** A `media.chunks` document as GridFS writes it. */
const ChunkDocument = z.object({ n: z.number(), data: z.unknown() })

/** The bytes of a Binary (what the driver reads a chunk's data as), or null. */
const bytesOf = (data: unknown): Uint8Array | null =>
  data instanceof Binary ? data.buffer : data instanceof Uint8Array ? data : null

/**
 * Uploads in GridFS (the driver's GridFSBucket: also on FerretDB v1, which the contract suite
 * runs), found by `metadata.mediaId` (GridFS's own ids are ObjectIds). GridFS writes every chunk
 * before the files document, so `info` and `read` never see half an upload. A delete removes the
 * files document first, then the chunks: a delete cut in between leaves chunks no document names
 * (unseen, but on disk until removed by hand); `read` checks the chunks anyway (see the port).
 */
export const makeMongoMediaStore = (db: Db): MediaStore["Service"] => {
  const bucket = new GridFSBucket(db, { bucketName: MEDIA_BUCKET, chunkSizeBytes: MONGO_MEDIA_CHUNK_BYTES })
  const files = db.collection(`${MEDIA_BUCKET}.files`)
  const chunks = db.collection(`${MEDIA_BUCKET}.chunks`)
  const decode = (doc: unknown) => decodeDocument(FileDocument, `${MEDIA_BUCKET}.files`, doc)
  const fileOf = (id: string) =>
    attempt(() => files.findOne({ "metadata.mediaId": id })).pipe(
      Effect.flatMap((doc) => (doc === null ? Effect.succeed(null) : decode(doc)))
    )
  return {
    put: (media, bytes) =>
      attempt(async () => {
        const upload = bucket.openUploadStream(media.filename, {
          metadata: {
            mediaId: media.id,
            ownerId: media.ownerId,
            mimetype: media.mimetype,
            kind: media.kind,
            createdAt: media.createdAt,
            usedAt: media.usedAt
          }
        })
        try {
          await new Promise<void>((resolve, reject) => {
            upload.once("error", reject)
            upload.once("finish", () => resolve())
            upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
          })
        } catch (error) {
          // the chunks written so far would stay without a files document: abort removes them
          // (best effort: the database may be the reason the upload failed)
          await upload.abort().catch(() => undefined)
          throw error
        }
      }),
    info: (id) => fileOf(id).pipe(Effect.map((doc) => (doc === null ? null : toMedia(doc)))),
    read: (id) =>
      Effect.gen(function* () {
        const doc = yield* fileOf(id)
        if (doc === null) return null
        const found = yield* attempt(() => chunks.find({ files_id: doc._id }).sort({ n: 1 }).toArray())
        // whole or not at all, as on SQLite: chunks 0, 1, 2… adding up to the stored length
        const bytes = new Uint8Array(doc.length)
        let at = 0
        for (const [i, chunk] of found.entries()) {
          const parsed = ChunkDocument.safeParse(chunk)
          const data = parsed.success ? bytesOf(parsed.data.data) : null
          if (!parsed.success || parsed.data.n !== i || data === null || at + data.length > bytes.length) return null
          bytes.set(data, at)
          at += data.length
        }
        return at === bytes.length ? { media: toMedia(doc), bytes } : null
      }),
    // the files document first: from then on no reader finds it, whatever happens to its chunks
    delete: (id) =>
      Effect.gen(function* () {
        const doc = yield* fileOf(id)
        if (doc === null) return
        yield* attempt(async () => {
          await files.deleteOne({ _id: doc._id })
          await chunks.deleteMany({ files_id: doc._id })
        })
      }),
    touch: (id, at) =>
      attempt(() => files.updateOne({ "metadata.mediaId": id }, { $max: { "metadata.usedAt": at } })).pipe(
        Effect.map((result) => result.matchedCount > 0)
      ),
    // the check and the delete in one deleteOne (one document is changed atomically): a touch
    // either came first (nothing removed) or finds no document after; then the chunks
    deleteIfUnusedSince: (id, cutoff) =>
      Effect.gen(function* () {
        const doc = yield* fileOf(id)
        if (doc === null) return false
        return yield* attempt(async () => {
          const removed = await files.deleteOne({ _id: doc._id, "metadata.usedAt": { $lt: cutoff } })
          if (removed.deletedCount === 0) return false
          await chunks.deleteMany({ files_id: doc._id })
          return true
        })
      }),
    usage: (ownerId) =>
      attempt(() =>
        files.find({ "metadata.ownerId": ownerId }).project<{ length: number }>({ length: 1 }).toArray()
      ).pipe(Effect.map((docs) => ({ count: docs.length, bytes: docs.reduce((sum, d) => sum + Number(d.length), 0) }))),
    listUnusedSince: (cutoff, limit, after) =>
      !(limit > 0)
        ? Effect.succeed([])
        : attempt(() =>
            files
              .find(
                after === undefined
                  ? { "metadata.usedAt": { $lt: cutoff } }
                  : {
                      "metadata.usedAt": { $lt: cutoff },
                      $or: [
                        { "metadata.usedAt": { $gt: after.usedAt } },
                        { "metadata.usedAt": after.usedAt, "metadata.mediaId": { $gt: after.id } }
                      ]
                    }
              )
              .sort({ "metadata.usedAt": 1, "metadata.mediaId": 1 })
              .limit(Number.isFinite(limit) ? Math.floor(limit) : 0)
              .toArray()
          ).pipe(Effect.flatMap((docs) => Effect.forEach(docs, (doc) => Effect.map(decode(doc), toMedia))))
  }
}

export const MongoMediaStore = {
  layer: Layer.effect(
    MediaStore,
    MongoDatabase.useSync(({ db }) => makeMongoMediaStore(db))
  )
}
