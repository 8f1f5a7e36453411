import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "@effect/vitest"
import { Cause, Effect, Exit, Fiber, Layer } from "effect"
import { afterAll, vi } from "vitest"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { WalSync } from "../../../src/infrastructure/sqlite/groupCommit.ts"
import { fdatasyncWal, makeGroupCommit, WriteFailed } from "../../../src/infrastructure/sqlite/groupCommit.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"

const folders: Array<string> = []
const freshPath = () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-group-commit-"))
  folders.push(folder)
  return join(folder, "herald.db")
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/**
 * A sync of the WAL the test completes itself (`finish`), counting the syncs asked for; `done`
 * is the real fdatasync's callback once `finish` says so.
 */
const heldSyncs = (walPath: string) => {
  const real = fdatasyncWal(walPath)
  const held: Array<(error: unknown) => void> = []
  let started = 0
  const wal: WalSync = {
    sync: (done) => {
      started += 1
      held.push(done)
    },
    close: real.close
  }
  return {
    wal,
    started: () => started,
    /** completes the oldest sync asked for: with the real fdatasync, or failing with `error` */
    finish: (error?: Error) =>
      Effect.callback<void>((resume) => {
        const done = held.shift()
        if (done === undefined) throw new Error("no sync is waiting")
        if (error !== undefined) {
          done(error)
          return resume(Effect.void)
        }
        real.sync((synced) => {
          done(synced)
          resume(Effect.void)
        })
      }),
    waiting: () => held.length
  }
}

/** A connection to a new file with one table. */
const withTable = (path: string) => {
  const db = new DatabaseSync(path)
  db.exec("PRAGMA journal_mode = WAL")
  db.exec("CREATE TABLE IF NOT EXISTS t (id TEXT PRIMARY KEY, n INTEGER)")
  return db
}

/** A bare connection with one table, and the group commit over it; COMMITs are counted. */
const bare = (path = freshPath()) => {
  const db = withTable(path)
  const exec = vi.spyOn(db, "exec")
  const commits = () => exec.mock.calls.filter(([sql]) => sql === "COMMIT").length
  const wal = fdatasyncWal(`${path}-wal`)
  const write = makeGroupCommit(db, { synchronous: "FULL", syncWal: wal })
  return {
    db,
    path,
    write,
    commits,
    close: () => {
      db.close()
      wal.close()
    }
  }
}

/** The same with the syncs held until the test finishes them (heldSyncs). */
const held = (synchronous: "FULL" | "NORMAL" = "FULL") => {
  const path = freshPath()
  const db = withTable(path)
  const syncs = heldSyncs(`${path}-wal`)
  const write = makeGroupCommit(db, { synchronous, syncWal: syncs.wal })
  return {
    db,
    path,
    syncs,
    write,
    close: () => {
      if (db.isOpen) db.close()
      syncs.wal.close()
    }
  }
}

const insert =
  (db: DatabaseSync, id: string, n = 0) =>
  () =>
    void db.prepare("INSERT INTO t VALUES (?, ?)").run(id, n)

const rows = (path: string) => {
  const reader = new DatabaseSync(path)
  try {
    return reader
      .prepare("SELECT id FROM t ORDER BY id")
      .all()
      .map((row) => row["id"])
  } finally {
    reader.close()
  }
}

const store = (path: string) => SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path })))

describe("SQLite group commit", () => {
  it.live("writes from many fibers at once share one transaction, and each is committed when its caller goes on", () =>
    Effect.gen(function* () {
      const { db, path, write, commits, close } = bare()
      yield* Effect.forEach(
        Array.from({ length: 50 }, (_, i) => `r${String(i).padStart(2, "0")}`),
        (id) =>
          write(insert(db, id)).pipe(
            // committed: another connection (another process) already reads it
            Effect.tap(() => Effect.sync(() => expect(rows(path)).toContain(id)))
          ),
        { concurrency: "unbounded" }
      )
      expect(commits()).toBe(1)
      expect(rows(path)).toHaveLength(50)
      close()
    })
  )

  it.live("a write that throws undoes only its own statements; the others of its batch are kept", () =>
    Effect.gen(function* () {
      const { db, path, write, commits, close } = bare()
      yield* write(insert(db, "taken"))
      const exits = yield* Effect.forEach(
        [
          write(insert(db, "a")),
          // its first row is written, its second collides: the whole write is undone
          write(() => {
            insert(db, "half")()
            insert(db, "taken")()
          }),
          write(insert(db, "b"))
        ],
        Effect.exit,
        { concurrency: "unbounded" }
      )
      expect(exits.map(Exit.isSuccess)).toEqual([true, false, true])
      expect(commits()).toBe(2)
      expect(rows(path)).toEqual(["a", "b", "taken"])
      close()
    })
  )

  it.live("a batch that cannot commit fails every write in it, and none is kept", () =>
    Effect.gen(function* () {
      const { db, path, write, close } = bare()
      db.exec("PRAGMA busy_timeout = 0")
      // another process holds the write lock
      const other = new DatabaseSync(path)
      other.exec("BEGIN IMMEDIATE")
      const exits = yield* Effect.forEach([write(insert(db, "x")), write(insert(db, "y"))], Effect.exit, {
        concurrency: "unbounded"
      })
      expect(exits.map(Exit.isFailure)).toEqual([true, true])
      other.exec("ROLLBACK")
      other.close()
      expect(db.isTransaction).toBe(false)
      expect(rows(path)).toEqual([])
      // and the connection goes on
      yield* write(insert(db, "z"))
      expect(rows(path)).toEqual(["z"])
      close()
    })
  )

  it.live(
    "SQLite never waits for the disk at COMMIT: a durable write resumes only once the WAL is synced off the event loop, a projection at once",
    () =>
      Effect.gen(function* () {
        const { db, path, syncs, write, close } = held()
        // 1 = NORMAL: COMMIT writes the WAL frames without syncing them
        const synchronousNow = () => Number(db.prepare("PRAGMA synchronous").get()?.["synchronous"])
        expect(yield* write(synchronousNow, false)).toBe(1)
        expect(syncs.started()).toBe(0)
        const durable = yield* Effect.forkChild(write(insert(db, "claim")), { startImmediately: true })
        yield* Effect.yieldNow
        // committed (another connection reads it) but its caller waits for the disk
        expect(rows(path)).toEqual(["claim"])
        expect(syncs.started()).toBe(1)
        expect(durable.pollUnsafe()).toBeUndefined()
        // two more durable batches while that sync runs: both wait for the next one, which starts after it
        const later = yield* Effect.forkChild(
          Effect.all([write(insert(db, "a")), Effect.andThen(Effect.yieldNow, write(insert(db, "b")))], {
            concurrency: "unbounded"
          }),
          { startImmediately: true }
        )
        yield* Effect.repeat(Effect.yieldNow, { until: () => rows(path).length === 3 })
        // a projection goes on meanwhile
        expect(yield* write(synchronousNow, false)).toBe(1)
        expect(syncs.started()).toBe(1)
        yield* syncs.finish()
        yield* Fiber.join(durable)
        expect(syncs.started()).toBe(2)
        expect(later.pollUnsafe()).toBeUndefined()
        yield* syncs.finish()
        yield* Fiber.join(later)
        expect(syncs.started()).toBe(2)
        close()
      })
  )

  it.live(
    "a sync that fails fails the writes waiting for it, and those committed meanwhile even if the next sync succeeds, and closes the connection: nothing more goes through it",
    () =>
      Effect.gen(function* () {
        const { db, path, syncs, write, close } = held()
        const durable = yield* Effect.forkChild(Effect.exit(write(insert(db, "claim"))), { startImmediately: true })
        yield* Effect.repeat(Effect.yieldNow, { until: () => syncs.waiting() === 1 })
        // committed while the first sync runs: it waits for the next
        const meanwhile = yield* Effect.forkChild(Effect.exit(write(insert(db, "record"))), { startImmediately: true })
        yield* Effect.repeat(Effect.yieldNow, { until: () => rows(path).length === 2 })
        yield* syncs.finish(new Error("EIO: i/o error, fdatasync"))
        const exit = yield* Fiber.join(durable)
        const failed = Exit.isFailure(exit) ? Cause.squash(exit.cause) : null
        expect(failed instanceof WriteFailed && String(failed.cause)).toContain("EIO")
        // the next sync succeeds, but the OS may have dropped that write's pages with the failed one
        if (syncs.waiting() > 0) yield* syncs.finish()
        const later = yield* Fiber.join(meanwhile)
        const laterFailed = Exit.isFailure(later) ? Cause.squash(later.cause) : null
        expect(laterFailed instanceof WriteFailed && String(laterFailed.cause)).toContain("EIO")
        expect(db.isOpen).toBe(false)
        expect(Exit.isFailure(yield* Effect.exit(write(insert(db, "after"))))).toBe(true)
        close()
      })
  )

  it.live("a file configured NORMAL never waits for the disk", () =>
    Effect.gen(function* () {
      const { db, syncs, write, close } = held("NORMAL")
      yield* write(insert(db, "claim"))
      expect(syncs.started()).toBe(0)
      expect(Number(db.prepare("PRAGMA synchronous").get()?.["synchronous"])).toBe(1)
      close()
    })
  )

  it.live("the real sync: a durable write on a new file, then more, each waiting for an fdatasync of the WAL", () =>
    Effect.gen(function* () {
      const { db, path, write, close } = bare()
      yield* write(insert(db, "first"))
      yield* Effect.forEach(["x", "y", "z"], (id) => write(insert(db, id)), { concurrency: "unbounded" })
      expect(rows(path)).toEqual(["first", "x", "y", "z"])
      close()
    })
  )

  it.live("a write whose caller is interrupted before its batch runs is not written", () =>
    Effect.gen(function* () {
      const { db, path, write, close } = bare()
      const fiber = yield* Effect.forkChild(write(insert(db, "gone")), { startImmediately: true })
      yield* Fiber.interrupt(fiber)
      yield* write(insert(db, "kept"))
      expect(rows(path)).toEqual(["kept"])
      close()
    })
  )

  it.live("appends of many streams at once: one commit; the same version of one stream twice: one wins", () =>
    Effect.gen(function* () {
      const path = freshPath()
      const exits = yield* EventStore.use((events) =>
        Effect.forEach(
          [
            ...Array.from({ length: 20 }, (_, i) => events.append(`message-m${i}`, 0, [{ type: "MessagePicked" }])),
            events.append("message-m0", 0, [{ type: "MessagePicked" }, { type: "MessageSent" }])
          ],
          Effect.exit,
          { concurrency: "unbounded" }
        )
      ).pipe(Effect.provide(store(path)))
      expect(exits.filter(Exit.isSuccess)).toHaveLength(20)
      const lost = exits.at(-1)
      expect(lost !== undefined && Exit.isFailure(lost) && JSON.stringify(lost.cause)).toContain("ConcurrencyConflict")
      const read = yield* EventStore.use((events) => events.read("message-m0")).pipe(Effect.provide(store(path)))
      expect(read.map((e) => e.type)).toEqual(["MessagePicked"])
    })
  )
})
