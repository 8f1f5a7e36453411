import { Effect, Layer } from "effect"
import type { Db, Document } from "mongodb"
import { z } from "zod"
import { PasswordResetRepository } from "../../application/ports/PasswordResetRepository.ts"
import type { PasswordReset } from "../../application/ports/PasswordResetRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument } from "./mongoErrors.ts"

const COLLECTION = "passwordResets"

interface PasswordResetDocument extends Document {
  readonly _id: string
}

const PasswordResetSchema: z.ZodType<PasswordReset> = z
  .object({
    _id: z.string(),
    userId: z.string(),
    expiresAt: z.number()
  })
  .transform(({ _id, ...reset }) => ({ id: _id, ...reset }))

export const makeMongoPasswordResetRepository = (db: Db): PasswordResetRepository["Service"] => {
  const resets = db.collection<PasswordResetDocument>(COLLECTION)
  return {
    create: ({ id, ...fields }) =>
      attempt(() => resets.replaceOne({ _id: id }, fields, { upsert: true })).pipe(Effect.asVoid),
    // Read, then delete and count: only the take whose deleteOne removed the document gets
    // it. Not findOneAndDelete: FerretDB v1 runs that as find-then-delete and returns the
    // document to every concurrent caller that found it, whereas its deleteOne reports the
    // rows the SQL DELETE actually removed, so two racing takes cannot both see 1 (on
    // MongoDB both are atomic).
    take: (id) =>
      Effect.gen(function*() {
        const doc = yield* attempt(() => resets.findOne({ _id: id }))
        if (doc === null) return null
        const { deletedCount } = yield* attempt(() => resets.deleteOne({ _id: id }))
        if (deletedCount !== 1) return null
        return yield* decodeDocument(PasswordResetSchema, COLLECTION, doc)
      }),
    deleteAllOf: (userId) => attempt(() => resets.deleteMany({ userId })).pipe(Effect.asVoid),
    deleteExpired: (now) => attempt(() => resets.deleteMany({ expiresAt: { $lte: now } })).pipe(Effect.asVoid)
  }
}

export const MongoPasswordResetRepository = {
  layer: Layer.effect(PasswordResetRepository, MongoDatabase.useSync(({ db }) => makeMongoPasswordResetRepository(db)))
}
