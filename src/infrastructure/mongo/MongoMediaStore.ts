import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { GridFSBucket, ObjectId } from "mongodb"
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
    createdAt: z.number()
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
  createdAt: doc.metadata.createdAt
})

/**
 * Uploads in GridFS (the driver's GridFSBucket: also on FerretDB v1, which the contract suite
 * runs), found by `metadata.mediaId` (GridFS's own ids are ObjectIds). GridFS writes every chunk
 * before the files document, so `info` and `read` never see half an upload.
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
            createdAt: media.createdAt
          }
        })
        await new Promise<void>((resolve, reject) => {
          upload.once("error", reject)
          upload.once("finish", () => resolve())
          upload.end(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength))
        })
      }),
    info: (id) => fileOf(id).pipe(Effect.map((doc) => (doc === null ? null : toMedia(doc)))),
    read: (id) =>
      Effect.gen(function* () {
        const doc = yield* fileOf(id)
        if (doc === null) return null
        const parts = yield* attempt(async () => {
          const collected: Array<Buffer> = []
          for await (const part of bucket.openDownloadStream(doc._id)) {
            if (Buffer.isBuffer(part)) collected.push(part)
          }
          return collected
        })
        return { media: toMedia(doc), bytes: new Uint8Array(Buffer.concat(parts)) }
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
    usage: (ownerId) =>
      attempt(() =>
        files.find({ "metadata.ownerId": ownerId }).project<{ length: number }>({ length: 1 }).toArray()
      ).pipe(Effect.map((docs) => ({ count: docs.length, bytes: docs.reduce((sum, d) => sum + Number(d.length), 0) }))),
    listCreatedBefore: (before, limit, after) =>
      !(limit > 0)
        ? Effect.succeed([])
        : attempt(() =>
            files
              .find(
                after === undefined
                  ? { "metadata.createdAt": { $lt: before } }
                  : {
                      "metadata.createdAt": { $lt: before },
                      $or: [
                        { "metadata.createdAt": { $gt: after.createdAt } },
                        { "metadata.createdAt": after.createdAt, "metadata.mediaId": { $gt: after.id } }
                      ]
                    }
              )
              .sort({ "metadata.createdAt": 1, "metadata.mediaId": 1 })
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
