import type { SQLInputValue } from "node:sqlite"
import { Effect } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { attempt } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"

/** A view as a row: column name → value; `id` and `version` are required. */
export type ViewRow = Readonly<Record<string, SQLInputValue>> & { readonly id: string; readonly version: number }

/**
 * Upserts a view's row unless the stored one already reflects this version or a later one:
 * `INSERT … ON CONFLICT(id) DO UPDATE SET … WHERE excluded.version > version`. One statement,
 * atomic in SQLite: of concurrent saves (any connection, any process) the newest stays.
 * Column names come from the adapters' own code, never from input.
 */
export const saveNewer = (connection: SqliteConnection, table: string, row: ViewRow): Effect.Effect<void, StoreUnavailable> => {
  const columns = Object.keys(row)
  const sql = `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})` +
    ` ON CONFLICT (id) DO UPDATE SET ${columns.filter((c) => c !== "id").map((c) => `${c} = excluded.${c}`).join(", ")}` +
    ` WHERE excluded.version > ${table}.version`
  return attempt(connection, () => connection.statement(sql).run(...columns.map((c) => row[c] ?? null))).pipe(Effect.asVoid)
}

/** A boolean stored as 0/1. */
export const flag = z.union([z.literal(0), z.literal(1)]).transform((v) => v === 1)

export const toFlag = (b: boolean): 0 | 1 => (b ? 1 : 0)
