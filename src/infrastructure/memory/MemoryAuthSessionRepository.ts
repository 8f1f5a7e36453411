import { Layer } from "effect"
import { AuthSessionRepository } from "../../application/ports/AuthSessionRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

export const makeMemoryAuthSessionRepository = (db: MemoryDatabase): AuthSessionRepository["Service"] => ({
  create: (session) => withDbWrite(db, () => void db.authSessions.set(session.id, session)),
  get: (id) => withDb(db, () => db.authSessions.get(id) ?? null),
  setExpiry: (id, expiresAt) =>
    withDbWrite(db, () => {
      const current = db.authSessions.get(id)
      if (current) db.authSessions.set(id, { ...current, expiresAt })
    }),
  delete: (id) => withDbWrite(db, () => void db.authSessions.delete(id)),
  deleteAllOf: (userId) =>
    withDbWrite(db, () => {
      for (const [id, session] of db.authSessions) if (session.userId === userId) db.authSessions.delete(id)
    }),
  deleteExpired: (now) =>
    withDbWrite(db, () => {
      for (const [id, session] of db.authSessions) if (session.expiresAt <= now) db.authSessions.delete(id)
    })
})

export const MemoryAuthSessionRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(AuthSessionRepository, makeMemoryAuthSessionRepository(db))
}
