import { Effect, Layer } from "effect"
import { z } from "zod"
import { AuthSessionRepository } from "../../application/ports/AuthSessionRepository.ts"
import type { AuthSession } from "../../application/ports/AuthSessionRepository.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow } from "./sqliteErrors.ts"

const TABLE = "auth_sessions"

const AuthSessionRow: z.ZodType<AuthSession> = z
  .object({ id: z.string(), user_id: z.string(), expires_at: z.number(), created_at: z.number() })
  .transform((r) => ({ id: r.id, userId: r.user_id, expiresAt: r.expires_at, createdAt: r.created_at }))

export const makeSqliteAuthSessionRepository = (connection: SqliteConnection): AuthSessionRepository["Service"] => ({
  create: (session) =>
    attempt(connection, () =>
      connection
        .statement(
          `INSERT INTO auth_sessions (id, user_id, expires_at, created_at) VALUES (?, ?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, expires_at = excluded.expires_at, created_at = excluded.created_at`
        )
        .run(session.id, session.userId, session.expiresAt, session.createdAt)
    ).pipe(Effect.asVoid),
  get: (id) =>
    attempt(connection, () => connection.statement(`SELECT id, user_id, expires_at, created_at FROM auth_sessions WHERE id = ?`).get(id)).pipe(
      Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(AuthSessionRow, TABLE, row)))
    ),
  // an UPDATE, not an upsert: a session deleted meanwhile stays deleted
  setExpiry: (id, expiresAt) =>
    attempt(connection, () => connection.statement(`UPDATE auth_sessions SET expires_at = ? WHERE id = ?`).run(expiresAt, id)).pipe(
      Effect.asVoid
    ),
  delete: (id) => attempt(connection, () => connection.statement(`DELETE FROM auth_sessions WHERE id = ?`).run(id)).pipe(Effect.asVoid),
  deleteAllOf: (userId) =>
    attempt(connection, () => connection.statement(`DELETE FROM auth_sessions WHERE user_id = ?`).run(userId)).pipe(Effect.asVoid),
  deleteExpired: (now) =>
    attempt(connection, () => connection.statement(`DELETE FROM auth_sessions WHERE expires_at <= ?`).run(now)).pipe(Effect.asVoid)
})

export const SqliteAuthSessionRepository = {
  layer: Layer.effect(AuthSessionRepository, SqliteDatabase.useSync(makeSqliteAuthSessionRepository))
}
