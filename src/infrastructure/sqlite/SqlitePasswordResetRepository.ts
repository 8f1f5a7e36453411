import { Effect, Layer } from "effect"
import { PasswordResetRepository, PasswordResetSchema } from "../../application/ports/PasswordResetRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqlitePasswordResetRepository = (connection: SqliteConnection): PasswordResetRepository["Service"] => {
  const resets = sqliteViewStore(connection, "password_resets", PasswordResetSchema, "record")
  return {
    create: resets.put,
    // One statement (DELETE … RETURNING): the row comes back only to the take whose DELETE
    // removed it, whichever connection or process asks.
    take: (id) =>
      attemptWrite(connection, () =>
        connection.statement("DELETE FROM password_resets WHERE id = ? RETURNING id, user_id, expires_at").get(id)
      ).pipe(Effect.flatMap(resets.decode)),
    deleteAllOf: (userId) => resets.run("DELETE FROM password_resets WHERE user_id = ?", userId),
    deleteExpired: (now) => resets.run("DELETE FROM password_resets WHERE expires_at <= ?", now)
  }
}

export const SqlitePasswordResetRepository = {
  layer: Layer.effect(PasswordResetRepository, SqliteDatabase.useSync(makeSqlitePasswordResetRepository))
}
