import { Effect, Layer } from "effect"
import { z } from "zod"
import { ProjectionCheckpoint } from "../../application/ports/ProjectionCheckpoint.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRows } from "./sqliteErrors.ts"

// one row per name ('projections' since the first schema)
const SELECT = "SELECT id, position FROM checkpoints WHERE id = ?"
// One statement, so atomic under SQLite's write lock: a lower position leaves the row as it is.
const RAISE = `INSERT INTO checkpoints (id, position) VALUES (?, ?)
  ON CONFLICT (id) DO UPDATE SET position = excluded.position WHERE excluded.position > checkpoints.position`

const CheckpointRow = z.object({ id: z.string(), position: z.number() })

export const makeSqliteProjectionCheckpoint = (connection: SqliteConnection): ProjectionCheckpoint["Service"] => ({
  read: (name) =>
    attempt(connection, () => connection.statement(SELECT).all(name)).pipe(
      Effect.flatMap((rows) => decodeRows(CheckpointRow, "checkpoints", rows)),
      Effect.map((rows) => rows[0]?.position ?? 0)
    ),
  // rebuilt from the log like the projections it vouches for: no fsync of its own (groupCommit.ts);
  // a lost failure-alert position only makes the next scan look a little further back
  advance: (name, position) =>
    attemptWrite(connection, () => void connection.statement(RAISE).run(name, position), false)
})

export const SqliteProjectionCheckpoint = {
  layer: Layer.effect(ProjectionCheckpoint, SqliteDatabase.useSync(makeSqliteProjectionCheckpoint))
}
