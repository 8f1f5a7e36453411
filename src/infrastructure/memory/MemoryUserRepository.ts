import { Layer } from "effect"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { byCreatedAt, saveNewer } from "./MemoryDatabase.ts"

export const makeMemoryUserRepository = (db: MemoryDatabase): UserRepository["Service"] => ({
  save: (view) => withDbWrite(db, () => saveNewer(db.users, view)),
  get: (id) => withDb(db, () => db.users.get(id) ?? null),
  hasAny: () => withDb(db, () => db.users.size > 0),
  findByEmail: (email) =>
    withDb(db, () => [...db.users.values()].filter((u) => u.email === email).sort(byCreatedAt)[0] ?? null),
  list: (filter) =>
    withDb(db, () =>
      [...db.users.values()].filter((u) => filter.status === undefined || u.status === filter.status).sort(byCreatedAt)
    )
})

export const MemoryUserRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(UserRepository, makeMemoryUserRepository(db))
}
