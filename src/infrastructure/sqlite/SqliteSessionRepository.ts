import { Effect, Layer } from "effect"
import { z } from "zod"
import { SessionRepository, SessionViewSchema } from "../../application/ports/SessionRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRows } from "./sqliteErrors.ts"
import { sqliteViewStore } from "./viewRows.ts"

const IdRow = z.object({ id: z.string() })

export const makeSqliteSessionRepository = (connection: SqliteConnection): SessionRepository["Service"] => {
  const sessions = sqliteViewStore(connection, "sessions", SessionViewSchema, "projection")
  return {
    save: sessions.saveNewer,
    get: (id) => sessions.one("WHERE id = ?", [id]),
    // Should two active sessions share a name, the smallest id wins, for a stable answer.
    findByName: (sessionName) => sessions.one("WHERE session_name = ? AND active = 1 ORDER BY id", [sessionName]),
    findActiveByUser: (userId) => sessions.one("WHERE user_id = ? AND active = 1 ORDER BY created_at, id", [userId]),
    listIdsByUser: (userId) =>
      attempt(connection, () => connection.statement("SELECT id FROM sessions WHERE user_id = ?").all(userId)).pipe(
        Effect.flatMap((rows) => decodeRows(IdRow, "sessions", rows)),
        Effect.map((rows) => rows.map((r) => r.id))
      )
  }
}

export const SqliteSessionRepository = {
  layer: Layer.effect(SessionRepository, SqliteDatabase.useSync(makeSqliteSessionRepository))
}
