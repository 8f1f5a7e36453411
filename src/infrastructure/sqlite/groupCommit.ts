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
  readonly durable: boolean
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
const commitBatch = (db: DatabaseSync, entries: ReadonlyArray<Entry>, synchronous: (durable: boolean) => void) => {
  const outcomes: Array<Exit.Exit<void, WriteFailed>> = []
  const failAll = (cause: unknown) => {
    rollback(db)
    const failed = Exit.fail(new WriteFailed({ cause }))
    for (const entry of entries) entry.completeUnsafe(failed)
  }
  try {
    synchronous(entries.some((entry) => entry.request.durable))
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
 * (several milliseconds on a real disk, and `node:sqlite` waits for it on the event loop); a
 * burst of a thousand due messages asked for five or six of them per message (claim, its
 * projection, the record, its projection, the campaign's counters). Writes requested in the
 * same round of the scheduler, from any number of fibers, now share one transaction and one
 * fsync: Effect's request batching collects them (its default window is one yield), the
 * resolver commits them together.
 *
 * `write(f, durable)` runs the synchronous `f` inside the batch's transaction and returns its
 * result once the batch is committed. `f` must only touch this connection and must not start
 * a transaction itself (its savepoint makes it atomic). A batch of writes that need not
 * survive a power cut on their own (`durable: false`: projections, counters, the checkpoint,
 * all rebuilt from the log) commits with synchronous NORMAL, without an fsync. That loses
 * nothing the log needs: WAL frames reach the disk in commit order, so the next durable
 * commit (an append) syncs them too, and a power cut can only lose a suffix of the WAL, never
 * a projection while keeping a later checkpoint. `synchronous: "NORMAL"` for the whole file
 * (SqliteDatabaseOptions) makes every commit so.
 */
export const makeGroupCommit = (db: DatabaseSync, configured: "FULL" | "NORMAL") => {
  let current = configured
  const synchronous = (durable: boolean) => {
    const wanted = durable ? configured : "NORMAL"
    if (wanted === current) return
    db.exec(`PRAGMA synchronous = ${wanted}`)
    current = wanted
  }
  const resolver = RequestResolver.make<Write>((entries) => Effect.sync(() => commitBatch(db, entries, synchronous)))
  return <A>(f: () => A, durable = true): Effect.Effect<A, WriteFailed> =>
    Effect.suspend(() => {
      let result = Option.none<A>()
      return Effect.request(
        Write({
          run: () => {
            result = Option.some(f())
          },
          durable
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
