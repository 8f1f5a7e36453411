import { Effect, Layer } from "effect"
import type { IdempotencyClaim } from "../../application/ports/IdempotencyStore.ts"
import { IdempotencyRecordSchema, IdempotencyStore } from "../../application/ports/IdempotencyStore.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRow } from "./sqliteErrors.ts"

// run_at and alive_at are NULL on a record claimed before they existed: its first run, alive when claimed
const SELECT =
  "SELECT account, idempotency_key AS key, fingerprint, created_at AS createdAt, COALESCE(run_at, created_at) AS runAt, COALESCE(alive_at, created_at) AS aliveAt, state, answer FROM idempotency_keys"

const WHERE_CLAIM = "account = ? AND idempotency_key = ? AND created_at = ?"

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
          "INSERT INTO idempotency_keys (account, idempotency_key, fingerprint, created_at, run_at, alive_at, state, answer) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING"
        )
        .run(
          record.account,
          record.key,
          record.fingerprint,
          record.createdAt,
          record.runAt,
          record.aliveAt,
          record.state,
          record.answer
        )
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
  // one conditional UPDATE: atomic in SQLite, so of several takeovers of one lease one changes the row
  takeOver: (account, key, createdAt, seen, now) =>
    attemptWrite(connection, () => {
      const { changes } = connection
        .statement(
          `UPDATE idempotency_keys SET run_at = ?, alive_at = ? WHERE ${WHERE_CLAIM} AND state = 'pending' AND COALESCE(run_at, created_at) = ? AND COALESCE(alive_at, created_at) = ?`
        )
        .run(now, now, account, key, createdAt, seen.runAt, seen.aliveAt)
      return Number(changes) === 1
    }),
  // Not durable (committed, without an fsync of its own: only a power cut may lose it), as
  // complete and release: a renewal lost so is a lease that ends sooner, of a run that died with
  // the machine anyway.
  renew: (account, key, createdAt, runAt, now) =>
    attemptWrite(
      connection,
      () => {
        connection
          .statement(
            `UPDATE idempotency_keys SET alive_at = MAX(COALESCE(alive_at, created_at), ?) WHERE ${WHERE_CLAIM} AND state = 'pending' AND COALESCE(run_at, created_at) = ?`
          )
          .run(now, account, key, createdAt, runAt)
      },
      false
    ),
  // Not durable (a power cut may lose it): the record is then pending, and a retry past the
  // lease runs again with the same ids, meeting what was created (runIdempotently), whose own
  // writes were durable. Saves an fsync on every keyed create.
  complete: (account, key, createdAt, answer) =>
    attemptWrite(
      connection,
      () => {
        connection
          .statement(`UPDATE idempotency_keys SET state = 'done', answer = ? WHERE ${WHERE_CLAIM}`)
          .run(answer, account, key, createdAt)
      },
      false
    ),
  // Not durable (a power cut may lose it): the key is then pending, and a retry past the lease
  // runs the refused request again (nothing was written), refused again.
  release: (account, key, createdAt) =>
    attemptWrite(
      connection,
      () => {
        connection
          .statement(
            `DELETE FROM idempotency_keys WHERE ${WHERE_CLAIM} AND state = 'pending' AND COALESCE(run_at, created_at) = created_at`
          )
          .run(account, key, createdAt)
      },
      false
    ),
  deleteExpired: (expiredAt) =>
    attemptWrite(connection, () => {
      connection.statement("DELETE FROM idempotency_keys WHERE created_at <= ?").run(expiredAt)
    })
})

export const SqliteIdempotencyStore = {
  layer: Layer.effect(IdempotencyStore, SqliteDatabase.useSync(makeSqliteIdempotencyStore))
}
