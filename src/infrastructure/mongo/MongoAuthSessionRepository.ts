import { Effect, Layer } from "effect"
import type { Db, Document } from "mongodb"
import { z } from "zod"
import { AuthSessionRepository } from "../../application/ports/AuthSessionRepository.ts"
import type { AuthSession } from "../../application/ports/AuthSessionRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument } from "./mongoErrors.ts"

const COLLECTION = "authSessions"

interface AuthSessionDocument extends Document {
  readonly _id: string
}

const AuthSessionSchema: z.ZodType<AuthSession> = z
  .object({
    _id: z.string(),
    userId: z.string(),
    expiresAt: z.number(),
    createdAt: z.number()
  })
  .transform(({ _id, ...session }) => ({ id: _id, ...session }))

export const makeMongoAuthSessionRepository = (db: Db): AuthSessionRepository["Service"] => {
  const sessions = db.collection<AuthSessionDocument>(COLLECTION)
  return {
    create: ({ id, ...fields }) =>
      attempt(() => sessions.replaceOne({ _id: id }, fields, { upsert: true })).pipe(Effect.asVoid),
    get: (id) =>
      attempt(() => sessions.findOne({ _id: id })).pipe(
        Effect.flatMap((doc) => (doc === null ? Effect.succeed(null) : decodeDocument(AuthSessionSchema, COLLECTION, doc)))
      ),
    // no upsert: a session deleted meanwhile stays deleted
    setExpiry: (id, expiresAt) => attempt(() => sessions.updateOne({ _id: id }, { $set: { expiresAt } })).pipe(Effect.asVoid),
    delete: (id) => attempt(() => sessions.deleteOne({ _id: id })).pipe(Effect.asVoid),
    deleteAllOf: (userId) => attempt(() => sessions.deleteMany({ userId })).pipe(Effect.asVoid),
    deleteExpired: (now) => attempt(() => sessions.deleteMany({ expiresAt: { $lte: now } })).pipe(Effect.asVoid)
  }
}

export const MongoAuthSessionRepository = {
  layer: Layer.effect(AuthSessionRepository, MongoDatabase.useSync(({ db }) => makeMongoAuthSessionRepository(db)))
}
