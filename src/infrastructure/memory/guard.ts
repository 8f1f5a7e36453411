import { Effect } from "effect"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"

/** Runs `f` against the database, or fails as a real one would when it is "down" (refused before writing anything). */
export const withDb = <A>(db: MemoryDatabase, f: () => A): Effect.Effect<A, StoreUnavailable> =>
  Effect.suspend(() =>
    db.unavailable !== null
      ? Effect.fail(new StoreUnavailable({ message: db.unavailable, notWritten: true }))
      : Effect.succeed(f())
  )

/** `withDb` for a write: also fails while the database is read-only. */
export const withDbWrite = <A>(db: MemoryDatabase, f: () => A): Effect.Effect<A, StoreUnavailable> =>
  Effect.suspend(() =>
    db.readOnly !== null && db.unavailable === null
      ? Effect.fail(new StoreUnavailable({ message: db.readOnly, notWritten: true }))
      : withDb(db, f)
  )
