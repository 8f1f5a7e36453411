import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { PasswordResetRepository, PasswordResetSchema } from "../../application/ports/PasswordResetRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt } from "./mongoErrors.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoPasswordResetRepository = (db: Db): PasswordResetRepository["Service"] => {
  const store = mongoViewStore(db, "passwordResets", PasswordResetSchema)
  const resets = store.collection
  return {
    create: store.put,
    // Read, then delete and count: only the take whose deleteOne removed the document gets
    // it. Not findOneAndDelete: FerretDB v1 runs that as find-then-delete and returns the
    // document to every concurrent caller that found it, whereas its deleteOne reports the
    // rows the SQL DELETE actually removed, so two racing takes cannot both see 1 (on
    // MongoDB both are atomic).
    take: (id) =>
      Effect.gen(function* () {
        const doc = yield* attempt(() => resets.findOne({ _id: id }))
        if (doc === null) return null
        const { deletedCount } = yield* attempt(() => resets.deleteOne({ _id: id }))
        if (deletedCount !== 1) return null
        return yield* store.decode(doc)
      }),
    deleteAllOf: (userId) => attempt(() => resets.deleteMany({ userId })).pipe(Effect.asVoid),
    deleteExpired: (now) => attempt(() => resets.deleteMany({ expiresAt: { $lte: now } })).pipe(Effect.asVoid)
  }
}

export const MongoPasswordResetRepository = {
  layer: Layer.effect(
    PasswordResetRepository,
    MongoDatabase.useSync(({ db }) => makeMongoPasswordResetRepository(db))
  )
}
