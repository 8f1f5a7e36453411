import { Clock, Effect, Layer } from "effect"
import { StoreHealth } from "../../application/ports/StoreHealth.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"

// One row, always the same id: probing never grows the file.
const UPSERT =
  "INSERT INTO health (id, probed_at) VALUES ('readiness', ?) ON CONFLICT (id) DO UPDATE SET probed_at = excluded.probed_at"

export const makeSqliteStoreHealth = (connection: SqliteConnection): StoreHealth["Service"] => ({
  probeWrite: () =>
    Effect.flatMap(Clock.currentTimeMillis, (now) =>
      attemptWrite(connection, () => void connection.statement(UPSERT).run(now))
    )
})

export const SqliteStoreHealth = {
  layer: Layer.effect(StoreHealth, SqliteDatabase.useSync(makeSqliteStoreHealth))
}
