import { Effect, Layer } from "effect"
import { UserRepository, UserViewSchema } from "../../application/ports/UserRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

const OLDEST_FIRST = "ORDER BY created_at, id"

export const makeSqliteUserRepository = (connection: SqliteConnection): UserRepository["Service"] => {
  const users = sqliteViewStore(connection, "users", UserViewSchema, "projection")
  return {
    save: users.saveNewer,
    get: (id) => users.one("WHERE id = ?", [id]),
    hasAny: () => Effect.map(users.one("", []), (user) => user !== null),
    findByEmail: (email) => users.one(`WHERE email = ? ${OLDEST_FIRST}`, [email]),
    list: (filter) =>
      filter.status === undefined
        ? users.list(OLDEST_FIRST, [])
        : users.list(`WHERE status = ? ${OLDEST_FIRST}`, [filter.status])
  }
}

export const SqliteUserRepository = {
  layer: Layer.effect(UserRepository, SqliteDatabase.useSync(makeSqliteUserRepository))
}
