import type { DatabaseSync } from "node:sqlite"
import type { Request as RequestEntry } from "effect"
import { Data, Effect, Exit, Option, Request, RequestResolver } from "effect"

/**
 * A write that threw: its own statements are undone (or, when SQLite gave up the whole
 * transaction, nothing of its batch was kept). `cause` is what SQLite threw.
 */
export class WriteFailed extends Data.TaggedError("WriteFailed")<{ readonly cause: unknown }> {}

interface Write extends Request.Request<void, WriteFailed> {
  readonly _tag: "SqliteWrite"
  readonly run: () => void
}

const Write = Request.tagged<Write>("SqliteWrite")

type Entry = RequestEntry.Entry<Write>

/** Undoes an unfinished transaction; a connection that already rolled back has nothing to undo. */
const rollback = (db: DatabaseSync) => {
  if (!db.isTransaction) return
  try {
    db.exec("ROLLBACK")
  } catch {
    // rolled back by SQLite itself (or the connection is gone): nothing is committed either way
  }
}

/**
 * Runs one batch: BEGIN IMMEDIATE, each write in a savepoint of its own (a write that throws
 * undoes only its own statements: an append that hit a taken version is a conflict for its
 * caller alone), one COMMIT, then each caller resumes with its own outcome. Nobody resumes
 * before the COMMIT has returned, so a write is as durable as before when its caller goes on
 * (docs/architecture.md#the-stores): an append is on disk before the send it precedes.
 */
const commitBatch = (db: DatabaseSync, entries: ReadonlyArray<Entry>) => {
  const outcomes: Array<Exit.Exit<void, WriteFailed>> = []
  const failAll = (cause: unknown) => {
    rollback(db)
    const failed = Exit.fail(new WriteFailed({ cause }))
    for (const entry of entries) entry.completeUnsafe(failed)
  }
  try {
    db.exec("BEGIN IMMEDIATE")
  } catch (cause) {
    return failAll(cause)
  }
  for (const entry of entries) {
    try {
      db.exec("SAVEPOINT write")
    } catch (cause) {
      return failAll(cause)
    }
    try {
      entry.request.run()
      db.exec("RELEASE write")
      outcomes.push(Exit.void)
    } catch (cause) {
      // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then no
      // write of this batch is kept, and every caller must hear so.
      if (!db.isTransaction) return failAll(cause)
      try {
        db.exec("ROLLBACK TO write")
        db.exec("RELEASE write")
      } catch (undo) {
        return failAll(undo)
      }
      outcomes.push(Exit.fail(new WriteFailed({ cause })))
    }
  }
  try {
    db.exec("COMMIT")
  } catch (cause) {
    return failAll(cause)
  }
  entries.forEach((entry, i) => {
    entry.completeUnsafe(outcomes[i] ?? Exit.void)
  })
}

/**
 * Group commit for one SQLite connection. With FULL synchronous every COMMIT is an fsync
 * (several milliseconds on a real disk); a burst of a thousand due messages asked for five or
 * six of them per message (claim, its projection, the record, its projection, the campaign's
 * counters). Writes requested in the same round of the scheduler, from any number of fibers,
 * now share one transaction and one fsync: Effect's request batching collects them (its
 * default window is one yield), the resolver commits them together.
 *
 * `write(f)` runs the synchronous `f` inside the batch's transaction and returns its result
 * once the batch is committed. `f` must only touch this connection and must not start a
 * transaction itself (its savepoint makes it atomic).
 */
export const makeGroupCommit = (db: DatabaseSync) => {
  const resolver = RequestResolver.make<Write>((entries) => Effect.sync(() => commitBatch(db, entries)))
  return <A>(f: () => A): Effect.Effect<A, WriteFailed> =>
    Effect.suspend(() => {
      let result = Option.none<A>()
      return Effect.request(
        Write({
          run: () => {
            result = Option.some(f())
          }
        }),
        resolver
      ).pipe(
        Effect.flatMap(() =>
          Option.match(result, {
            onNone: () => Effect.die(new Error("SQLite write committed without running")),
            onSome: Effect.succeed
          })
        )
      )
    })
}
