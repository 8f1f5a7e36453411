import { Effect, Layer } from "effect"
import { z } from "zod"
import { UserRepository } from "../../application/ports/UserRepository.ts"
import type { UserView } from "../../application/ports/UserRepository.ts"
import { USER_ROLES, USER_STATUSES } from "../../domain/user/User.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows } from "./sqliteErrors.ts"
import { flag, saveNewer, toFlag } from "./viewRows.ts"

const TABLE = "users"

const COLUMNS = "id, email, name, role, status, email_verified, created_at, updated_at, version"

const UserRow: z.ZodType<UserView> = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: z.enum(USER_ROLES),
    status: z.enum(USER_STATUSES),
    email_verified: flag,
    created_at: z.number(),
    updated_at: z.number(),
    version: z.number().int()
  })
  .transform((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    role: r.role,
    status: r.status,
    emailVerified: r.email_verified,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version
  }))

const OLDEST_FIRST = "ORDER BY created_at, id"

export const makeSqliteUserRepository = (connection: SqliteConnection): UserRepository["Service"] => {
  const one = (condition: string, param: string) =>
    attempt(connection, () => connection.statement(`SELECT ${COLUMNS} FROM users WHERE ${condition} ${OLDEST_FIRST} LIMIT 1`).get(param)).pipe(
      Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(UserRow, TABLE, row)))
    )
  return {
    save: (view) =>
      saveNewer(connection, TABLE, {
        id: view.id,
        email: view.email,
        name: view.name,
        role: view.role,
        status: view.status,
        email_verified: toFlag(view.emailVerified),
        created_at: view.createdAt,
        updated_at: view.updatedAt,
        version: view.version
      }),
    get: (id) => one("id = ?", id),
    findByEmail: (email) => one("email = ?", email),
    list: (filter) =>
      attempt(connection, () =>
        filter.status === undefined
          ? connection.statement(`SELECT ${COLUMNS} FROM users ${OLDEST_FIRST}`).all()
          : connection.statement(`SELECT ${COLUMNS} FROM users WHERE status = ? ${OLDEST_FIRST}`).all(filter.status)
      ).pipe(Effect.flatMap((rows) => decodeRows(UserRow, TABLE, rows)))
  }
}

export const SqliteUserRepository = {
  layer: Layer.effect(UserRepository, SqliteDatabase.useSync(makeSqliteUserRepository))
}
