import { Effect, Layer } from "effect"
import { z } from "zod"
import { PasswordResetRepository } from "../../application/ports/PasswordResetRepository.ts"
import type { PasswordReset } from "../../application/ports/PasswordResetRepository.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow } from "./sqliteErrors.ts"

const TABLE = "password_resets"

const PasswordResetRow: z.ZodType<PasswordReset> = z
  .object({ id: z.string(), user_id: z.string(), expires_at: z.number() })
  .transform((r) => ({ id: r.id, userId: r.user_id, expiresAt: r.expires_at }))

export const makeSqlitePasswordResetRepository = (connection: SqliteConnection): PasswordResetRepository["Service"] => ({
  create: (reset) =>
    attempt(connection, () =>
      connection
        .statement(
          `INSERT INTO password_resets (id, user_id, expires_at) VALUES (?, ?, ?)
           ON CONFLICT (id) DO UPDATE SET user_id = excluded.user_id, expires_at = excluded.expires_at`
        )
        .run(reset.id, reset.userId, reset.expiresAt)
    ).pipe(Effect.asVoid),
  // One statement (DELETE … RETURNING): the row comes back only to the take whose DELETE
  // removed it, whichever connection or process asks.
  take: (id) =>
    attempt(connection, () => connection.statement(`DELETE FROM password_resets WHERE id = ? RETURNING id, user_id, expires_at`).get(id)).pipe(
      Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(PasswordResetRow, TABLE, row)))
    ),
  deleteAllOf: (userId) =>
    attempt(connection, () => connection.statement(`DELETE FROM password_resets WHERE user_id = ?`).run(userId)).pipe(Effect.asVoid),
  deleteExpired: (now) =>
    attempt(connection, () => connection.statement(`DELETE FROM password_resets WHERE expires_at <= ?`).run(now)).pipe(Effect.asVoid)
})

export const SqlitePasswordResetRepository = {
  layer: Layer.effect(PasswordResetRepository, SqliteDatabase.useSync(makeSqlitePasswordResetRepository))
}
