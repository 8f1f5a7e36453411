import type { SQLInputValue } from "node:sqlite"
import { Effect } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, attemptWrite } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows, sqlLimit } from "./sqliteErrors.ts"

/**
 * A record of a port (a view, an auth session, a reset token) as a table row, derived from
 * the port's schema so that each adapter states only its queries: every field is a column of
 * the field's name in snake_case (`campaignId` → `campaign_id`), booleans are 0/1 and arrays
 * and objects are JSON text, so the file reads plainly with the sqlite3 shell (see SQLITE_SCHEMA).
 */
export interface SqliteViewStore<V> {
  /** `SELECT <every column> FROM <table>`, for a query of the adapter's own */
  readonly select: string
  /** Upserts unless the stored row already reflects this version or a later one (see upsert). */
  readonly saveNewer: (view: V & { readonly version: number }) => Effect.Effect<void, StoreUnavailable>
  /** Inserts, or replaces the row of the same id. */
  readonly put: (record: V) => Effect.Effect<void, StoreUnavailable>
  /** The first row of `SELECT … <clause> LIMIT 1` (clause: WHERE …, ORDER BY …), or null. */
  readonly one: (clause: string, params: ReadonlyArray<SQLInputValue>) => Effect.Effect<V | null, StoreUnavailable>
  /** `SELECT … <clause> LIMIT ? OFFSET ?`, `limit` as the ports read it (sqlLimit). */
  readonly list: (
    clause: string,
    params: ReadonlyArray<SQLInputValue>,
    limit?: number,
    offset?: number
  ) => Effect.Effect<Array<V>, StoreUnavailable>
  /** Runs a statement of the adapter's own (a DELETE, an UPDATE), its result unused. */
  readonly run: (sql: string, ...params: ReadonlyArray<SQLInputValue>) => Effect.Effect<void, StoreUnavailable>
  /** Decodes a row the adapter read itself (e.g. `DELETE … RETURNING`); undefined is null. */
  readonly decode: (row: unknown) => Effect.Effect<V | null, StoreUnavailable>
}

const columnOf = (field: string): string => field.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)

/** The kind of value a field holds under its wrappers (nullable, default, readonly). */
const kindOf = (field: z.core.$ZodType): string => {
  const def = field._zod.def
  return "innerType" in def && def.innerType instanceof z.core.$ZodType ? kindOf(def.innerType) : def.type
}

const toColumn = (value: unknown): SQLInputValue =>
  typeof value === "boolean"
    ? value
      ? 1
      : 0
    : typeof value === "string" || typeof value === "number"
      ? value
      : value === null || value === undefined
        ? null
        : JSON.stringify(value)

/** A column's value as the schema's field wants it; anything unexpected is left for the schema to reject. */
const fromColumn = (kind: string, value: unknown): unknown => {
  if (kind === "boolean") return value === 1 ? true : value === 0 ? false : value
  if ((kind === "array" || kind === "object") && typeof value === "string") {
    try {
      return JSON.parse(value)
    } catch {
      return value
    }
  }
  return value
}

/**
 * The upsert of a row of these columns; with `newerOnly`, unless the stored one already reflects
 * this version or a later one: `INSERT … ON CONFLICT(id) DO UPDATE SET … WHERE excluded.version >
 * version`. One statement, atomic in SQLite: of concurrent saves (any connection, any process)
 * the newest stays. Column names come from the adapters' schemas, never from input. Built once
 * per view store: a burst saves two views a message, and building the text (and hashing it to
 * find its prepared statement) each time was a tenth of a save.
 */
const upsertSql = (table: string, columns: ReadonlyArray<string>, newerOnly: boolean): string =>
  `INSERT INTO ${table} (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})` +
  ` ON CONFLICT (id) DO UPDATE SET ${columns
    .filter((c) => c !== "id")
    .map((c) => `${c} = excluded.${c}`)
    .join(", ")}` +
  (newerOnly ? ` WHERE excluded.version > ${table}.version` : "")

export const sqliteViewStore = <Shape extends z.core.$ZodShape & { readonly id: z.ZodString }>(
  connection: SqliteConnection,
  table: string,
  schema: z.ZodObject<Shape>,
  /**
   * A projection (rebuilt from the log by the catch-up) is written without an fsync of its
   * own; a record that is its own truth (a sign-in, a reset token) with one (groupCommit.ts).
   */
  kind: "projection" | "record"
): SqliteViewStore<Readonly<z.output<z.ZodObject<Shape>>>> => {
  const durable = kind === "record"
  const fields = Object.entries(schema.shape).map(([name, field]) => ({
    name,
    column: columnOf(name),
    kind: kindOf(field)
  }))
  const select = `SELECT ${fields.map((f) => f.column).join(", ")} FROM ${table}`
  // the row renamed to the schema's fields, so that the schema alone decides what is valid
  // (a plain loop: a campaign.get renames a thousand rows, and fromEntries took three times as long)
  const renamed = (row: object): Record<string, unknown> => {
    const fieldsOfRow: Record<string, unknown> = {}
    for (const f of fields) fieldsOfRow[f.name] = fromColumn(f.kind, Reflect.get(row, f.column))
    return fieldsOfRow
  }
  const rowSchema = z.preprocess((row) => (typeof row === "object" && row !== null ? renamed(row) : row), schema)
  const columns = fields.map((f) => f.column)
  const saveNewerSql = upsertSql(table, columns, true)
  const putSql = upsertSql(table, columns, false)
  // the record's fields as the statement's values, in its columns' order
  const upsertNow = (sql: string, record: object) => {
    const values: Array<SQLInputValue> = []
    for (const f of fields) values.push(toColumn(Reflect.get(record, f.name)))
    connection.statement(sql).run(...values)
  }
  const upsert = (sql: string, record: object) => attemptWrite(connection, () => upsertNow(sql, record), durable)
  const decode = (row: unknown) =>
    row === undefined ? Effect.succeed(null) : decodeRow(rowSchema, table, row, columnOf)
  // `SELECT <every column> … <clause><tail>`, built once per clause (the adapters' clauses are constants)
  const queries = new Map<string, string>()
  const withSelect = (clause: string, tail: string) => {
    const key = `${clause}${tail}`
    let sql = queries.get(key)
    if (sql === undefined) {
      sql = `${select} ${key}`
      queries.set(key, sql)
    }
    return sql
  }
  return {
    select,
    saveNewer: (view) => upsert(saveNewerSql, view),
    put: (record) => upsert(putSql, record),
    one: (clause, params) =>
      attempt(connection, () => connection.statement(withSelect(clause, " LIMIT 1")).get(...params)).pipe(
        Effect.flatMap(decode)
      ),
    list: (clause, params, limit = Infinity, offset = 0) => {
      const max = sqlLimit(limit)
      if (max === null) return Effect.succeed([])
      return attempt(connection, () =>
        connection
          .statement(withSelect(clause, " LIMIT ? OFFSET ?"))
          .all(...params, max, Math.max(0, Math.floor(offset) || 0))
      ).pipe(Effect.flatMap((rows) => decodeRows(rowSchema, table, rows, columnOf)))
    },
    run: (sql, ...params) => attemptWrite(connection, () => void connection.statement(sql).run(...params), durable),
    decode
  }
}
