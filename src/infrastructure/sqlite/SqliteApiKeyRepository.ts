import { Effect, Layer } from "effect"
import { ApiKeyRepository, ApiKeySchema } from "../../application/ports/ApiKeyRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqliteApiKeyRepository = (connection: SqliteConnection): ApiKeyRepository["Service"] => {
  const keys = sqliteViewStore(connection, "api_keys", ApiKeySchema, "record")
  return {
    create: keys.put,
    findByDigest: (digest) => keys.one("WHERE digest = ?", [digest]),
    listByUser: (userId) => keys.list("WHERE user_id = ? ORDER BY created_at DESC, id DESC", [userId]),
    // one statement: the key's owner is part of the condition, so another user's key is never changed
    revoke: (userId, id, at) =>
      attemptWrite(
        connection,
        () =>
          connection
            .statement("UPDATE api_keys SET revoked_at = coalesce(revoked_at, ?) WHERE id = ? AND user_id = ?")
            .run(at, id, userId).changes,
        true
      ).pipe(Effect.map((changes) => Number(changes) > 0)),
    revokeAllOf: (userId, at) =>
      keys.run("UPDATE api_keys SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL", at, userId),
    touch: (id, at, minIntervalMs) =>
      keys.run(
        "UPDATE api_keys SET last_used_at = ? WHERE id = ? AND (last_used_at IS NULL OR last_used_at <= ?)",
        at,
        id,
        at - minIntervalMs
      )
  }
}

export const SqliteApiKeyRepository = {
  layer: Layer.effect(ApiKeyRepository, SqliteDatabase.useSync(makeSqliteApiKeyRepository))
}
