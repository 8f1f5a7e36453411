import { Layer } from "effect"
import { SessionRepository } from "../../application/ports/SessionRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { byCreatedAt, saveNewer } from "./MemoryDatabase.ts"

export const makeMemorySessionRepository = (db: MemoryDatabase): SessionRepository["Service"] => ({
  save: (view) => withDbWrite(db, () => saveNewer(db.sessions, view)),
  get: (id) => withDb(db, () => db.sessions.get(id) ?? null),
  findByName: (sessionName) =>
    withDb(db, () => [...db.sessions.values()].find((s) => s.sessionName === sessionName && s.active) ?? null),
  findActiveByUser: (userId) =>
    withDb(
      db,
      () => [...db.sessions.values()].filter((s) => s.userId === userId && s.active).sort(byCreatedAt)[0] ?? null
    ),
  listIdsByUser: (userId) =>
    withDb(db, () => [...db.sessions.values()].filter((s) => s.userId === userId).map((s) => s.id))
})

export const MemorySessionRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(SessionRepository, makeMemorySessionRepository(db))
}
