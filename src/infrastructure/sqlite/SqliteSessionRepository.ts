import { Effect, Layer } from "effect"
import { z } from "zod"
import { SessionRepository } from "../../application/ports/SessionRepository.ts"
import type { SessionView } from "../../application/ports/SessionRepository.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows } from "./sqliteErrors.ts"
import { flag, saveNewer, toFlag } from "./viewRows.ts"

const TABLE = "sessions"

const COLUMNS = "id, user_id, session_name, phone_number, active, gateway_status, gateway_status_at, created_at, updated_at, version"

const SessionRow: z.ZodType<SessionView> = z
  .object({
    id: z.string(),
    user_id: z.string(),
    session_name: z.string(),
    phone_number: z.string(),
    active: flag,
    gateway_status: z.string().nullable(),
    gateway_status_at: z.number().nullable(),
    created_at: z.number(),
    updated_at: z.number(),
    version: z.number().int()
  })
  .transform((r) => ({
    id: r.id,
    userId: r.user_id,
    sessionName: r.session_name,
    phoneNumber: r.phone_number,
    active: r.active,
    gatewayStatus: r.gateway_status,
    gatewayStatusAt: r.gateway_status_at,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version
  }))

export const makeSqliteSessionRepository = (connection: SqliteConnection): SessionRepository["Service"] => {
  const one = (condition: string, order: string, param: string) =>
    attempt(connection, () => connection.statement(`SELECT ${COLUMNS} FROM sessions WHERE ${condition} ORDER BY ${order} LIMIT 1`).get(param)).pipe(
      Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(SessionRow, TABLE, row)))
    )
  return {
    save: (view) =>
      saveNewer(connection, TABLE, {
        id: view.id,
        user_id: view.userId,
        session_name: view.sessionName,
        phone_number: view.phoneNumber,
        active: toFlag(view.active),
        gateway_status: view.gatewayStatus,
        gateway_status_at: view.gatewayStatusAt,
        created_at: view.createdAt,
        updated_at: view.updatedAt,
        version: view.version
      }),
    get: (id) => one("id = ?", "id", id),
    // Should two active sessions share a name, the smallest id wins, for a stable answer.
    findByName: (sessionName) => one("session_name = ? AND active = 1", "id", sessionName),
    findActiveByUser: (userId) => one("user_id = ? AND active = 1", "created_at, id", userId),
    listIdsByUser: (userId) =>
      attempt(connection, () => connection.statement("SELECT id FROM sessions WHERE user_id = ?").all(userId)).pipe(
        Effect.flatMap((rows) => decodeRows(z.object({ id: z.string() }), "sessions", rows)),
        Effect.map((rows) => rows.map((r) => r.id))
      )
  }
}

export const SqliteSessionRepository = {
  layer: Layer.effect(SessionRepository, SqliteDatabase.useSync(makeSqliteSessionRepository))
}
