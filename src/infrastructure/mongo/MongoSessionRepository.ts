import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { SessionRepository, SessionViewSchema } from "../../application/ports/SessionRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt } from "./mongoErrors.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoSessionRepository = (db: Db): SessionRepository["Service"] => {
  const sessions = mongoViewStore(db, "sessions", SessionViewSchema)
  return {
    save: sessions.saveNewer,
    get: (id) => sessions.one({ _id: id }),
    // Should two active sessions share a name, the smallest id wins, for a stable answer.
    findByName: (sessionName) => sessions.one({ sessionName, active: true }, { _id: 1 }),
    findActiveByUser: (userId) => sessions.one({ userId, active: true }, { createdAt: 1, _id: 1 }),
    listIdsByUser: (userId) =>
      attempt(() => sessions.collection.find({ userId }).project<{ _id: unknown }>({ _id: 1 }).toArray()).pipe(
        Effect.map((docs) => docs.map((d) => String(d._id)))
      )
  }
}

export const MongoSessionRepository = {
  layer: Layer.effect(
    SessionRepository,
    MongoDatabase.useSync(({ db }) => makeMongoSessionRepository(db))
  )
}
