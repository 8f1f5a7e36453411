import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Exit, Fiber, Layer } from "effect"
import { afterAll, vi } from "vitest"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { makeGroupCommit } from "../../../src/infrastructure/sqlite/groupCommit.ts"
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

/** A bare connection with one table, and the group commit over it; COMMITs are counted. */
const bare = (path = freshPath()) => {
  const db = new DatabaseSync(path)
  db.exec("PRAGMA journal_mode = WAL")
  db.exec("CREATE TABLE IF NOT EXISTS t (id TEXT PRIMARY KEY, n INTEGER)")
  const exec = vi.spyOn(db, "exec")
  const commits = () => exec.mock.calls.filter(([sql]) => sql === "COMMIT").length
  return { db, path, write: makeGroupCommit(db, "FULL"), commits }
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
      const { db, path, write, commits } = bare()
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
      db.close()
    })
  )

  it.live("a write that throws undoes only its own statements; the others of its batch are kept", () =>
    Effect.gen(function* () {
      const { db, path, write, commits } = bare()
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
      db.close()
    })
  )

  it.live("a batch that cannot commit fails every write in it, and none is kept", () =>
    Effect.gen(function* () {
      const { db, path, write } = bare()
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
      db.close()
    })
  )

  it.live("a batch of projections only commits without an fsync; one durable write makes the whole batch FULL", () =>
    Effect.gen(function* () {
      const { db, write } = bare()
      // 1 = NORMAL (no fsync at COMMIT in WAL mode), 2 = FULL
      const synchronousNow = () => Number(db.prepare("PRAGMA synchronous").get()?.["synchronous"])
      const projectionsOnly = yield* Effect.all([write(synchronousNow, false), write(synchronousNow, false)], {
        concurrency: "unbounded"
      })
      expect(projectionsOnly).toEqual([1, 1])
      const mixed = yield* Effect.all([write(synchronousNow, false), write(synchronousNow)], {
        concurrency: "unbounded"
      })
      expect(mixed).toEqual([2, 2])
      expect(yield* write(synchronousNow)).toBe(2)
      db.close()
    })
  )

  it.live("a write whose caller is interrupted before its batch runs is not written", () =>
    Effect.gen(function* () {
      const { db, path, write } = bare()
      const fiber = yield* Effect.forkChild(write(insert(db, "gone")), { startImmediately: true })
      yield* Fiber.interrupt(fiber)
      yield* write(insert(db, "kept"))
      expect(rows(path)).toEqual(["kept"])
      db.close()
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
