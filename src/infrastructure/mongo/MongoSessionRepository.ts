import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { z } from "zod"
import { SessionRepository } from "../../application/ports/SessionRepository.ts"
import type { SessionView } from "../../application/ports/SessionRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument } from "./mongoErrors.ts"
import { saveNewer } from "./viewDocuments.ts"
import type { ViewDocument } from "./viewDocuments.ts"

const COLLECTION = "sessions"

const SessionDocument: z.ZodType<SessionView> = z
  .object({
    _id: z.string(),
    userId: z.string(),
    sessionName: z.string(),
    phoneNumber: z.string(),
    active: z.boolean(),
    // documents written before session events have no gateway status
    gatewayStatus: z.string().nullable().default(null),
    gatewayStatusAt: z.number().nullable().default(null),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int()
  })
  .transform(({ _id, ...view }) => ({ id: _id, ...view }))

export const makeMongoSessionRepository = (db: Db): SessionRepository["Service"] => {
  const sessions = db.collection<ViewDocument>(COLLECTION)
  const one = (doc: ViewDocument | null) =>
    doc === null ? Effect.succeed(null) : decodeDocument(SessionDocument, COLLECTION, doc)
  return {
    save: (view) => saveNewer(db, COLLECTION, view),
    get: (id) => attempt(() => sessions.findOne({ _id: id })).pipe(Effect.flatMap(one)),
    // Should two active sessions share a name, the smallest id wins, for a stable answer.
    findByName: (sessionName) =>
      attempt(() => sessions.findOne({ sessionName, active: true }, { sort: { _id: 1 } })).pipe(Effect.flatMap(one)),
    findActiveByUser: (userId) =>
      attempt(() => sessions.findOne({ userId, active: true }, { sort: { createdAt: 1, _id: 1 } })).pipe(Effect.flatMap(one)),
    listIdsByUser: (userId) =>
      attempt(() => sessions.find({ userId }).project<{ _id: unknown }>({ _id: 1 }).toArray()).pipe(
        Effect.map((docs) => docs.map((d) => String(d._id)))
      )
  }
}

export const MongoSessionRepository = {
  layer: Layer.effect(SessionRepository, MongoDatabase.useSync(({ db }) => makeMongoSessionRepository(db)))
}
