import { Effect, Layer } from "effect"
import type { IdempotencyClaim } from "../../application/ports/IdempotencyStore.ts"
import { IdempotencyRecordSchema, IdempotencyStore } from "../../application/ports/IdempotencyStore.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRow } from "./sqliteErrors.ts"

const SELECT =
  "SELECT account, idempotency_key AS key, fingerprint, created_at AS createdAt, state, answer FROM idempotency_keys"

export const makeSqliteIdempotencyStore = (connection: SqliteConnection): IdempotencyStore["Service"] => ({
  // One write, atomic in SQLite whichever connection or process asks: the expired record goes,
  // the insert wins or is ignored, and the row read back is the one that holds the key.
  claim: (record, expiredAt) =>
    attemptWrite(connection, () => {
      connection
        .statement("DELETE FROM idempotency_keys WHERE account = ? AND idempotency_key = ? AND created_at <= ?")
        .run(record.account, record.key, expiredAt)
      const { changes } = connection
        .statement(
          "INSERT INTO idempotency_keys (account, idempotency_key, fingerprint, created_at, state, answer) VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        .run(record.account, record.key, record.fingerprint, record.createdAt, record.state, record.answer)
      return Number(changes) === 1
        ? null
        : connection.statement(`${SELECT} WHERE account = ? AND idempotency_key = ?`).get(record.account, record.key)
    }).pipe(
      Effect.flatMap(
        (row): Effect.Effect<IdempotencyClaim, StoreUnavailable> =>
          row === null
            ? Effect.succeed({ _tag: "Claimed" })
            : decodeRow(IdempotencyRecordSchema, "idempotency_keys", row).pipe(
                Effect.map((held) => ({ _tag: "Held", record: held }))
              )
      )
    ),
  complete: (account, key, createdAt, answer) =>
    attemptWrite(connection, () => {
      connection
        .statement(
          "UPDATE idempotency_keys SET state = 'done', answer = ? WHERE account = ? AND idempotency_key = ? AND created_at = ?"
        )
        .run(answer, account, key, createdAt)
    }),
  release: (account, key, createdAt) =>
    attemptWrite(connection, () => {
      connection
        .statement("DELETE FROM idempotency_keys WHERE account = ? AND idempotency_key = ? AND created_at = ?")
        .run(account, key, createdAt)
    }),
  deleteExpired: (expiredAt) =>
    attemptWrite(connection, () => {
      connection.statement("DELETE FROM idempotency_keys WHERE created_at <= ?").run(expiredAt)
    })
})

export const SqliteIdempotencyStore = {
  layer: Layer.effect(IdempotencyStore, SqliteDatabase.useSync(makeSqliteIdempotencyStore))
}
