import { Layer } from "effect"
import { AuthSessionRepository, AuthSessionSchema } from "../../application/ports/AuthSessionRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqliteAuthSessionRepository = (connection: SqliteConnection): AuthSessionRepository["Service"] => {
  const sessions = sqliteViewStore(connection, "auth_sessions", AuthSessionSchema, "record")
  return {
    create: sessions.put,
    get: (id) => sessions.one("WHERE id = ?", [id]),
    // an UPDATE, not an upsert: a session deleted meanwhile stays deleted
    setExpiry: (id, expiresAt) => sessions.run("UPDATE auth_sessions SET expires_at = ? WHERE id = ?", expiresAt, id),
    delete: (id) => sessions.run("DELETE FROM auth_sessions WHERE id = ?", id),
    deleteAllOf: (userId) => sessions.run("DELETE FROM auth_sessions WHERE user_id = ?", userId),
    deleteExpired: (now) => sessions.run("DELETE FROM auth_sessions WHERE expires_at <= ?", now)
  }
}

export const SqliteAuthSessionRepository = {
  layer: Layer.effect(AuthSessionRepository, SqliteDatabase.useSync(makeSqliteAuthSessionRepository))
}
