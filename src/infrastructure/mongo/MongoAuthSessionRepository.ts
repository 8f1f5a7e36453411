import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { AuthSessionRepository, AuthSessionSchema } from "../../application/ports/AuthSessionRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt } from "./mongoErrors.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoAuthSessionRepository = (db: Db): AuthSessionRepository["Service"] => {
  const store = mongoViewStore(db, "authSessions", AuthSessionSchema)
  const sessions = store.collection
  return {
    create: store.put,
    get: (id) => store.one({ _id: id }),
    // no upsert: a session deleted meanwhile stays deleted
    setExpiry: (id, expiresAt) =>
      attempt(() => sessions.updateOne({ _id: id }, { $set: { expiresAt } })).pipe(Effect.asVoid),
    delete: (id) => attempt(() => sessions.deleteOne({ _id: id })).pipe(Effect.asVoid),
    deleteAllOf: (userId) => attempt(() => sessions.deleteMany({ userId })).pipe(Effect.asVoid),
    deleteExpired: (now) => attempt(() => sessions.deleteMany({ expiresAt: { $lte: now } })).pipe(Effect.asVoid)
  }
}

export const MongoAuthSessionRepository = {
  layer: Layer.effect(
    AuthSessionRepository,
    MongoDatabase.useSync(({ db }) => makeMongoAuthSessionRepository(db))
  )
}
