import { Layer } from "effect"
import { SessionRepository } from "../../application/ports/SessionRepository.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { saveNewer } from "./MemoryDatabase.ts"
import { withDb } from "./guard.ts"

export const makeMemorySessionRepository = (db: MemoryDatabase): SessionRepository["Service"] => ({
  save: (view) => withDb(db, () => saveNewer(db.sessions, view)),
  get: (id) => withDb(db, () => db.sessions.get(id) ?? null),
  findByName: (sessionName) =>
    withDb(db, () => [...db.sessions.values()].find((s) => s.sessionName === sessionName && s.active) ?? null)
})

export const MemorySessionRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(SessionRepository, makeMemorySessionRepository(db))
}
