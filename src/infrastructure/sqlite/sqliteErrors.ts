import { Effect } from "effect"
import type { z } from "zod"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { decodeStored } from "../decodeStored.ts"

/** SQLite primary result codes (the low byte of an extended code). */
const SQLITE_BUSY = 5
const SQLITE_LOCKED = 6
const SQLITE_READONLY = 8
const SQLITE_IOERR = 10
const SQLITE_CORRUPT = 11
const SQLITE_FULL = 13
const SQLITE_CANTOPEN = 14
const SQLITE_CONSTRAINT = 19
const SQLITE_NOTADB = 26

/**
 * The SQLite result code of an error thrown by `node:sqlite`, if it says. Node 24 sets
 * `errcode` on every SQLite error; Deno 2 sets it on constraint violations but not on
 * "database is locked" or "unable to open database file", so the message is the fallback.
 */
const primaryCode = (error: unknown): number | undefined => {
  if (typeof error !== "object" || error === null) return undefined
  const errcode = (error as { errcode?: unknown }).errcode
  if (typeof errcode === "number") return errcode & 0xff
  const message = error instanceof Error ? error.message : ""
  if (/database is locked|database table is locked|database is busy/i.test(message)) return SQLITE_BUSY
  if (/unable to open database file/i.test(message)) return SQLITE_CANTOPEN
  if (/constraint failed/i.test(message)) return SQLITE_CONSTRAINT
  return undefined
}

/** A UNIQUE / PRIMARY KEY violation: on the event log, another writer took the version. */
export const isConstraintViolation = (error: unknown): boolean => primaryCode(error) === SQLITE_CONSTRAINT

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message !== "" ? error.message : String(error)

/**
 * Any error of a SQLite call as the ports' StoreUnavailable, phrased for the operator: which
 * file, and what to do about the usual causes.
 */
export const toStoreUnavailable = (path: string, error: unknown): StoreUnavailable => {
  if (error instanceof StoreUnavailable) return error
  const detail = messageOf(error)
  switch (primaryCode(error)) {
    case SQLITE_BUSY:
    case SQLITE_LOCKED:
      return new StoreUnavailable({
        message: `SQLite database ${path} stayed locked by another connection past the busy timeout (${detail})`,
        notWritten: true
      })
    case SQLITE_CANTOPEN:
      return new StoreUnavailable({
        message: `cannot open SQLite database ${path}: ${detail} (is the path a writable file in an existing, writable folder?)`,
        notWritten: true
      })
    case SQLITE_READONLY:
      return new StoreUnavailable({ message: `SQLite database ${path} is read-only: ${detail}`, notWritten: true })
    case SQLITE_FULL:
      return new StoreUnavailable({ message: `SQLite database ${path}: the disk is full (${detail})` })
    case SQLITE_IOERR:
      return new StoreUnavailable({ message: `SQLite database ${path}: I/O error (${detail})` })
    case SQLITE_CORRUPT:
    case SQLITE_NOTADB:
      return new StoreUnavailable({ message: `SQLite database ${path} is damaged or not a database: ${detail}` })
    default:
      return new StoreUnavailable({ message: `SQLite database ${path}: ${detail}` })
  }
}

/**
 * Decodes a row read back from a table (see decodeStored): a row that does not decode is
 * StoreUnavailable naming the table, the row and what is wrong. `column` names a field of
 * the schema as the table's column.
 */
export const decodeRow = <S extends z.ZodType>(
  schema: S,
  table: string,
  row: unknown,
  column?: (field: string) => string
): Effect.Effect<z.output<S>, StoreUnavailable> =>
  decodeStored(
    schema,
    {
      noun: "row",
      place: table,
      which: (r) =>
        "id" in r
          ? `id ${String(r["id"])}`
          : "stream" in r
            ? `stream ${String(r["stream"])} version ${String(r["version"])}`
            : "?",
      ...(column === undefined ? {} : { field: column })
    },
    row
  )

export const decodeRows = <S extends z.ZodType>(
  schema: S,
  table: string,
  rows: ReadonlyArray<unknown>,
  column?: (field: string) => string
): Effect.Effect<Array<z.output<S>>, StoreUnavailable> =>
  Effect.forEach(rows, (row) => decodeRow(schema, table, row, column))

/**
 * A query limit as the ports read it (`slice(0, limit)`): null when nothing can
 * match (0, negative, NaN), -1 (SQLite's "no limit") for Infinity.
 */
export const sqlLimit = (limit: number): number | null => {
  if (limit === Infinity) return -1
  const whole = Math.floor(limit)
  return Number.isNaN(whole) || whole <= 0 ? null : Math.min(whole, Number.MAX_SAFE_INTEGER)
}
