import { close, closeSync, fdatasync, fsync, open } from "node:fs"
import { dirname } from "node:path"
import type { DatabaseSync, StatementSync } from "node:sqlite"
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

/** A write's savepoint statements, prepared once: each write of a batch runs two of them. */
interface Savepoints {
  readonly begin: StatementSync
  readonly release: StatementSync
  readonly undo: StatementSync
}

/**
 * Runs one batch: BEGIN IMMEDIATE, each write in a savepoint of its own (a write that throws
 * undoes only its own statements: an append that hit a taken version is a conflict for its
 * caller alone), one COMMIT. Returns each write's outcome, or null when the whole batch failed
 * (then every caller has already heard so).
 */
const commitBatch = (
  db: DatabaseSync,
  savepoints: Savepoints,
  entries: ReadonlyArray<Entry>,
  synchronous: (durable: boolean) => void
): Array<Exit.Exit<void, WriteFailed>> | null => {
  const outcomes: Array<Exit.Exit<void, WriteFailed>> = []
  const failAll = (cause: unknown) => {
    rollback(db)
    const failed = Exit.fail(new WriteFailed({ cause }))
    for (const entry of entries) entry.completeUnsafe(failed)
    return null
  }
  try {
    synchronous(entries.some((entry) => entry.request.durable))
    db.exec("BEGIN IMMEDIATE")
  } catch (cause) {
    return failAll(cause)
  }
  for (const entry of entries) {
    try {
      savepoints.begin.run()
    } catch (cause) {
      return failAll(cause)
    }
    try {
      entry.request.run()
      savepoints.release.run()
      outcomes.push(Exit.void)
    } catch (cause) {
      // Some errors (disk full, I/O) make SQLite roll back the whole transaction: then no
      // write of this batch is kept, and every caller must hear so.
      if (!db.isTransaction) return failAll(cause)
      try {
        savepoints.undo.run()
        savepoints.release.run()
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
  return outcomes
}

/** Makes the WAL file durable as it is now (all it holds up to this call), calling back once done; close ends it. */
export interface WalSync {
  readonly sync: (done: (error: unknown) => void) => void
  readonly close: () => void
}

/**
 * fdatasync of the WAL file, as SQLite's synchronous FULL does at every COMMIT, but on libuv's
 * thread pool: the event loop goes on while the disk works. The first one also syncs the folder,
 * so that the WAL file's entry is on disk too (SQLite does that once after creating it), and
 * keeps the file open for the next ones. One sync at a time (serialSyncs); the file is closed
 * after the last.
 */
export const fdatasyncWal = (walPath: string): WalSync => {
  let fd: number | null = null
  let busy = false
  let closed = false
  const release = () => {
    if (fd !== null) closeSync(fd)
    fd = null
  }
  return {
    sync: (done) => {
      busy = true
      const finish = (error: unknown) => {
        busy = false
        if (closed) release()
        done(error)
      }
      if (closed) return finish(new Error(`${walPath} is closed`))
      if (fd !== null) return fdatasync(fd, finish)
      open(dirname(walPath), "r", (notOpened, folder) => {
        if (notOpened !== null) return finish(notOpened)
        fsync(folder, (notSynced) =>
          close(folder, () => {
            if (notSynced !== null) return finish(notSynced)
            open(walPath, "r+", (walNotOpened, wal) => {
              if (walNotOpened !== null) return finish(walNotOpened)
              fd = wal
              fdatasync(wal, finish)
            })
          })
        )
      })
    },
    close: () => {
      closed = true
      if (!busy) release()
    }
  }
}

/**
 * One sync at a time: callers that come while one runs share the next, which starts when it
 * ends (the running one may have begun before their commit reached the WAL). So a burst of
 * commits pays one sync per round of the disk, whatever the number of commits. Once one failed,
 * every later one fails the same: a sync after a failed one may succeed though the OS dropped
 * what the failed one held.
 */
export const serialSyncs = (wal: WalSync) => {
  let running = false
  let failed: { readonly error: unknown } | null = null
  let waiting: Array<(error: unknown) => void> = []
  const start = () => {
    running = true
    const round = waiting
    waiting = []
    wal.sync((error) => {
      running = false
      if (error !== null && error !== undefined && failed === null) failed = { error }
      for (const done of round) done(failed?.error ?? null)
      if (waiting.length > 0) start()
    })
  }
  return (done: (error: unknown) => void) => {
    if (failed !== null) return done(failed.error)
    waiting.push(done)
    if (!running) start()
  }
}

export interface GroupCommitOptions {
  /** `PRAGMA synchronous` the file was configured with: FULL makes durable writes wait for the disk */
  readonly synchronous: "FULL" | "NORMAL"
  /**
   * How to make the WAL durable (fdatasyncWal of the file's WAL); null for a database without a
   * file (`:memory:`), where durable writes are committed as configured.
   */
  readonly syncWal: WalSync | null
}

/**
 * Group commit for one SQLite connection. With FULL synchronous every COMMIT is an fsync
 * (several milliseconds on a real disk, and `node:sqlite` waits for it on the event loop); a
 * burst of a thousand due messages asked for five or six of them per message (claim, its
 * projection, the record, its projection, the campaign's counters). Writes requested in the
 * same round of the scheduler, from any number of fibers, now share one transaction: Effect's
 * request batching collects them (its default window is one yield), the resolver commits them
 * together.
 *
 * `write(f, durable)` runs the synchronous `f` inside the batch's transaction and returns its
 * result once the batch is committed, and, for a durable write, once the WAL holding it is on
 * disk: nobody resumes before, so a write is as durable when its caller goes on as with FULL
 * (docs/architecture.md#the-stores): an append is on disk before the send it precedes. The disk
 * is waited for off the event loop: a file configured FULL commits with synchronous NORMAL
 * (SQLite writes the WAL frames without syncing them) and then syncs the WAL on the thread pool
 * (syncWal), one sync shared by every batch committed meanwhile; the event loop, other sends and
 * the web requests go on while it runs. A sync that fails closes the connection: the OS may have
 * dropped what it held, so nothing more is written or read through it (every later call is
 * StoreUnavailable) and the writes waiting for it fail; a restarted process reads the file as it is.
 *
 * `f` must only touch this connection and must not start a transaction itself (its savepoint
 * makes it atomic). A write that need not survive a power cut on its own (`durable: false`:
 * projections, counters, the checkpoint, all rebuilt from the log) does not wait for the disk.
 * That loses nothing the log needs: WAL frames reach the disk in commit order, so the next
 * durable commit syncs them too, and a power cut can only lose a suffix of the WAL, never a
 * projection while keeping a later checkpoint. `synchronous: "NORMAL"` for the whole file
 * (SqliteDatabaseOptions) makes no write wait.
 */
export const makeGroupCommit = (db: DatabaseSync, options: GroupCommitOptions) => {
  const deferred = options.synchronous === "FULL" ? options.syncWal : null
  const sync = deferred === null ? null : serialSyncs(deferred)
  let current: "FULL" | "NORMAL" | null = null
  const synchronous = (durable: boolean) => {
    // with the WAL synced here, SQLite itself never waits for the disk at COMMIT
    const wanted = sync !== null || !durable ? "NORMAL" : options.synchronous
    if (wanted === current) return
    db.exec(`PRAGMA synchronous = ${wanted}`)
    current = wanted
  }
  const savepoints: Savepoints = {
    begin: db.prepare("SAVEPOINT write"),
    release: db.prepare("RELEASE write"),
    undo: db.prepare("ROLLBACK TO write")
  }
  const resolver = RequestResolver.make<Write>((entries) =>
    Effect.suspend(() => {
      const outcomes = commitBatch(db, savepoints, entries, synchronous)
      if (outcomes === null) return Effect.void
      const complete = () =>
        entries.forEach((entry, i) => {
          entry.completeUnsafe(outcomes[i] ?? Exit.void)
        })
      if (sync === null || !entries.some((entry) => entry.request.durable)) return Effect.sync(complete)
      return Effect.callback<void>((resume) =>
        sync((error) => {
          if (error === null || error === undefined) complete()
          else {
            if (db.isOpen) db.close()
            const failed = Exit.fail(new WriteFailed({ cause: error }))
            for (const entry of entries) entry.completeUnsafe(failed)
          }
          resume(Effect.void)
        })
      )
    })
  )
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
