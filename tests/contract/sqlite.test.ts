import { spawn } from "node:child_process"
import { chmodSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { DatabaseSync } from "node:sqlite"
import { pathToFileURL } from "node:url"
import { Worker } from "node:worker_threads"
import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { afterAll } from "vitest"
import { ApiKeyRepository } from "../../src/application/ports/ApiKeyRepository.ts"
import { AuthSessionRepository } from "../../src/application/ports/AuthSessionRepository.ts"
import { CampaignRepository, targetsOf } from "../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../src/application/ports/EventStore.ts"
import { IdempotencyStore } from "../../src/application/ports/IdempotencyStore.ts"
import { MediaStore } from "../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import { PollResultsRepository } from "../../src/application/ports/PollResultsRepository.ts"
import { SessionRepository } from "../../src/application/ports/SessionRepository.ts"
import { UserRepository } from "../../src/application/ports/UserRepository.ts"
import { WebhookRepository } from "../../src/application/ports/WebhookRepository.ts"
import { openSqlite, SQLITE_SCHEMA_VERSION, SqliteDatabase } from "../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../src/infrastructure/sqlite/SqliteStore.ts"
import { describeApiKeyRepositoryContract } from "./ApiKeyRepository.contract.ts"
import { describeAuthSessionRepositoryContract } from "./AuthSessionRepository.contract.ts"
import { describeCampaignCountersContract } from "./CampaignCounters.contract.ts"
import { describeCampaignListingContract } from "./CampaignListing.contract.ts"
import { describeCampaignRepositoryContract } from "./CampaignRepository.contract.ts"
import { describeEventStoreContract } from "./EventStore.contract.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"
import { describeIdempotencyStoreContract } from "./IdempotencyStore.contract.ts"
import { describeMediaStoreContract } from "./MediaStore.contract.ts"
import { describeMessageRepositoryContract, messageView } from "./MessageRepository.contract.ts"
import { describePasswordResetRepositoryContract } from "./PasswordResetRepository.contract.ts"
import { describePollResultsRepositoryContract } from "./PollResultsRepository.contract.ts"
import { describeProjectionCheckpointContract } from "./ProjectionCheckpoint.contract.ts"
import { describeSessionRepositoryContract } from "./SessionRepository.contract.ts"
import { describeStoreHealthContract } from "./StoreHealth.contract.ts"
import { describeUserRepositoryContract } from "./UserRepository.contract.ts"
import { describeWebhookRepositoryContract } from "./WebhookRepository.contract.ts"

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra })

const folders: Array<string> = []
const tempFolder = (): string => {
  const folder = mkdtempSync(join(tmpdir(), "herald-sqlite-"))
  folders.push(folder)
  return folder
}
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** One connection (its own DatabaseSync) to the file at `path`, as another process would open. */
const client = (path: string) => SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path })))

const freshPath = () => join(tempFolder(), "data", "herald.db")

const sqlite: StoreHarness = {
  freshDatabase: () => {
    const path = freshPath()
    return { connect: () => client(path) }
  },
  // INSERT … ON CONFLICT DO UPDATE … WHERE excluded.version > version is one atomic statement
  atomicUpdates: true,
  // a folder is not a database file: SQLite cannot open it
  unreachable: () => client(tempFolder()),
  // opened (schema and all), then refusing every write, as on a file system remounted read-only
  readOnly: () =>
    SqliteStore.layer.pipe(
      Layer.provide(
        Layer.effect(
          SqliteDatabase,
          Effect.tap(openSqlite({ path: freshPath() }), (connection) =>
            Effect.sync(() => connection.db.exec("PRAGMA query_only = 1"))
          )
        )
      )
    )
}

describeEventStoreContract("sqlite", sqlite)
describeMessageRepositoryContract("sqlite", sqlite)
describeCampaignRepositoryContract("sqlite", sqlite)
describeCampaignCountersContract("sqlite", sqlite)
describeCampaignListingContract("sqlite", sqlite)
describeSessionRepositoryContract("sqlite", sqlite)
describeUserRepositoryContract("sqlite", sqlite)
describeAuthSessionRepositoryContract("sqlite", sqlite)
describeApiKeyRepositoryContract("sqlite", sqlite)
describeWebhookRepositoryContract("sqlite", sqlite)
describePasswordResetRepositoryContract("sqlite", sqlite)
describeIdempotencyStoreContract("sqlite", sqlite)
describeStoreHealthContract("sqlite", sqlite)
describeProjectionCheckpointContract("sqlite", sqlite)
describeMediaStoreContract("sqlite", sqlite)
describePollResultsRepositoryContract("sqlite", sqlite)

describe("SqliteMediaStore: bytes that are not whole", () => {
  it.effect("a chunk missing, shortened or out of its number reads as not stored, never as a short file", () => {
    const path = freshPath()
    const chunk = 256 * 1024
    const media = (id: string) => ({
      id,
      ownerId: "u1",
      mimetype: "application/pdf",
      filename: "a.pdf",
      size: 3 * chunk,
      kind: "file" as const,
      createdAt: 5,
      usedAt: 5
    })
    return Effect.gen(function* () {
      for (const id of ["whole", "gap", "short", "renumbered"]) {
        yield* MediaStore.use((s) => s.put(media(id), new Uint8Array(3 * chunk).fill(7))).pipe(
          Effect.provide(client(path))
        )
      }
      const db = new DatabaseSync(path)
      db.exec(`DELETE FROM media_chunks WHERE media_id = 'gap' AND n = 1;
        UPDATE media_chunks SET data = substr(data, 1, 10) WHERE media_id = 'short' AND n = 2;
        UPDATE media_chunks SET n = 5 WHERE media_id = 'renumbered' AND n = 2;`)
      db.close()
      const read = (id: string) => MediaStore.use((s) => s.read(id)).pipe(Effect.provide(client(path)))
      expect((yield* read("whole"))?.bytes.length).toBe(3 * chunk)
      expect(yield* read("gap")).toBeNull()
      expect(yield* read("short")).toBeNull()
      expect(yield* read("renumbered")).toBeNull()
    })
  })
})

const STORE_MODULE = pathToFileURL(join(import.meta.dirname, "../../src/infrastructure/sqlite/SqliteStore.ts")).href
const DATABASE_MODULE = pathToFileURL(
  join(import.meta.dirname, "../../src/infrastructure/sqlite/SqliteDatabase.ts")
).href
const PORT_MODULE = pathToFileURL(join(import.meta.dirname, "../../src/application/ports/EventStore.ts")).href

/**
 * A script (plain Node, type stripping) that connects to `path`, waits at a barrier shared
 * with the other threads, then appends one event at `version`, and reports the outcome.
 */
const APPEND_IN_THREAD = `
const { workerData, parentPort } = require("node:worker_threads")
;(async () => {
  const { Effect, Layer, Scope } = await import("effect")
  const { SqliteStore } = await import(workerData.store)
  const { SqliteDatabase } = await import(workerData.database)
  const { EventStore } = await import(workerData.port)
  const barrier = new Int32Array(workerData.barrier)
  const outcome = await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
    const context = yield* Layer.build(SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: workerData.path }))))
    Atomics.add(barrier, 0, 1)
    while (Atomics.load(barrier, 0) < workerData.parties) Atomics.wait(barrier, 0, Atomics.load(barrier, 0), 5)
    const result = yield* EventStore.use((s) => s.append("message-m1", 1, [{ type: "MessagePicked", by: workerData.name }])).pipe(
      Effect.provide(context),
      Effect.result
    )
    return result._tag === "Success" ? "won" : result.failure._tag
  })))
  parentPort.postMessage(outcome)
})().catch((error) => parentPort.postMessage("error: " + String(error && error.stack || error)))
`

const appendInThread = (path: string, name: string, barrier: SharedArrayBuffer, parties: number) =>
  Effect.promise(
    () =>
      new Promise<string>((resolve, reject) => {
        const worker = new Worker(APPEND_IN_THREAD, {
          eval: true,
          workerData: {
            path,
            name,
            barrier,
            parties,
            store: STORE_MODULE,
            database: DATABASE_MODULE,
            port: PORT_MODULE
          }
        })
        worker.once("message", (outcome: string) => {
          resolve(outcome)
          void worker.terminate()
        })
        worker.once("error", reject)
      })
  )

/** A child process that appends one event, says "acked", and waits to be killed. */
const APPEND_THEN_WAIT = `
const { Effect, Layer } = await import("effect")
const { SqliteStore } = await import(process.env.STORE)
const { SqliteDatabase } = await import(process.env.DATABASE)
const { EventStore } = await import(process.env.PORT)
const layer = SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: process.env.DB_PATH })))
await Effect.runPromise(Effect.scoped(Effect.gen(function*() {
  const context = yield* Layer.build(layer)
  yield* EventStore.use((s) => s.append("message-m1", 0, [{ type: "MessageScheduled" }])).pipe(Effect.provide(context))
  yield* EventStore.use((s) => s.append("message-m1", 1, [{ type: "MessageSent" }])).pipe(Effect.provide(context))
  process.stdout.write("acked\\n")
  yield* Effect.never
})))
`

describe("SQLite adapters: several connections to one file", () => {
  it.effect(
    "two connections appending the same (stream, version): exactly one wins, the other gets ConcurrencyConflict",
    () => {
      const path = freshPath()
      return Effect.gen(function* () {
        const [a, b] = yield* Effect.forEach([client(path), client(path)], Layer.build)
        yield* EventStore.use((s) => s.append("message-m1", 0, [{ type: "MessageScheduled" }])).pipe(Effect.provide(a!))
        const outcomes = yield* Effect.forEach(
          [a!, b!],
          (c, i) =>
            EventStore.use((s) => s.append("message-m1", 1, [ev("MessagePicked", { by: i })])).pipe(
              Effect.provide(c),
              Effect.result
            ),
          { concurrency: "unbounded" }
        )
        expect(outcomes.map((r) => (r._tag === "Success" ? "won" : r.failure._tag)).sort()).toEqual([
          "ConcurrencyConflict",
          "won"
        ])
        const read = yield* EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(b!))
        expect(read.map((e) => e.type)).toEqual(["MessageScheduled", "MessagePicked"])
      })
    }
  )

  it.live(
    "four threads, each with its own connection, appending the same version at the same instant: exactly one wins",
    () => {
      const path = freshPath()
      const parties = 4
      return Effect.gen(function* () {
        yield* EventStore.use((s) => s.append("message-m1", 0, [{ type: "MessageScheduled" }])).pipe(
          Effect.provide(client(path))
        )
        const barrier = new SharedArrayBuffer(4)
        const outcomes = yield* Effect.forEach(
          Array.from({ length: parties }, (_, i) => `t${i}`),
          (name) => appendInThread(path, name, barrier, parties),
          { concurrency: "unbounded" }
        )
        expect(outcomes.slice().sort()).toEqual([
          "ConcurrencyConflict",
          "ConcurrencyConflict",
          "ConcurrencyConflict",
          "won"
        ])
        const read = yield* EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(client(path)))
        expect(read).toHaveLength(2)
        expect(read[1]).toMatchObject({
          version: 2,
          type: "MessagePicked",
          data: { by: `t${outcomes.indexOf("won")}` }
        })
      })
    },
    60_000
  )

  it.effect("a write acknowledged by one connection is read by a fresh connection, while the first stays open", () => {
    const path = freshPath()
    return Effect.gen(function* () {
      const writer = yield* Layer.build(client(path))
      yield* EventStore.use((s) => s.append("user-ada", 0, [ev("UserRegistered", { email: "ada@example.com" })])).pipe(
        Effect.provide(writer)
      )
      const read = yield* EventStore.use((s) => s.read("user-ada")).pipe(Effect.provide(client(path)))
      expect(read.map((e) => e.data)).toEqual([{ type: "UserRegistered", email: "ada@example.com" }])
    })
  })

  it.live(
    "a write acknowledged by a process survives kill -9 of that process",
    () => {
      const path = freshPath()
      return Effect.gen(function* () {
        yield* Effect.promise(
          () =>
            new Promise<void>((resolve, reject) => {
              const child = spawn(process.execPath, ["--input-type=module", "-e", APPEND_THEN_WAIT], {
                env: {
                  ...process.env,
                  DB_PATH: path,
                  STORE: STORE_MODULE,
                  DATABASE: DATABASE_MODULE,
                  PORT: PORT_MODULE
                },
                stdio: ["ignore", "pipe", "pipe"]
              })
              let stderr = ""
              child.stderr.on("data", (chunk: Buffer) => {
                stderr += chunk.toString()
              })
              child.stdout.on("data", (chunk: Buffer) => {
                if (chunk.toString().includes("acked")) child.kill("SIGKILL")
              })
              child.once("exit", (_code, signal) =>
                signal === "SIGKILL" ? resolve() : reject(new Error(`child exited without being killed: ${stderr}`))
              )
              child.once("error", reject)
            })
        )
        const read = yield* EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(client(path)))
        expect(read.map((e) => [e.version, e.type])).toEqual([
          [1, "MessageScheduled"],
          [2, "MessageSent"]
        ])
      })
    },
    60_000
  )

  it.effect("creates the folder and the schema; a second start on the same file is a no-op", () => {
    const path = join(tempFolder(), "a", "b", "herald.db")
    return Effect.gen(function* () {
      yield* EventStore.use((s) => s.append("s", 0, [{ type: "A" }])).pipe(Effect.provide(client(path)))
      yield* EventStore.use((s) => s.append("s", 1, [{ type: "B" }])).pipe(Effect.provide(client(path)))
      const read = yield* EventStore.use((s) => s.read("s")).pipe(Effect.provide(client(path)))
      expect(read.map((e) => e.type)).toEqual(["A", "B"])
    })
  })

  it.effect(
    "a file of schema version 1 (before e-mail verification) gains the column on start: its accounts read as verified",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE users (id TEXT NOT NULL PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL, status TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO users VALUES ('u1', 'ada@example.com', 'Ada', 'ADMIN', 'ACTIVE', 1, 2, 3);
        PRAGMA user_version = 1;`)
        old.close()
        const user = yield* UserRepository.use((r) => r.get("u1")).pipe(Effect.provide(client(path)))
        expect(user).toEqual({
          id: "u1",
          email: "ada@example.com",
          name: "Ada",
          role: "ADMIN",
          status: "ACTIVE",
          emailVerified: true,
          timeZone: null,
          locale: null,
          language: null,
          createdAt: 1,
          updatedAt: 2,
          version: 3
        })
        // and a second start finds nothing left to do
        expect(yield* UserRepository.use((r) => r.get("u1")).pipe(Effect.provide(client(path)))).toEqual(user)
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 14 (before account preferences) gains the users' time zone and locale on start: null, mails in UTC",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE users (id TEXT NOT NULL PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, role TEXT NOT NULL, status TEXT NOT NULL,
        email_verified INTEGER NOT NULL DEFAULT 1, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO users VALUES ('u1', 'ada@example.com', 'Ada', 'USER', 'ACTIVE', 0, 1, 2, 3);
        PRAGMA user_version = 14;`)
        old.close()
        const user = yield* UserRepository.use((r) => r.get("u1")).pipe(Effect.provide(client(path)))
        expect(user).toMatchObject({
          id: "u1",
          emailVerified: false,
          timeZone: null,
          locale: null,
          language: null,
          version: 3
        })
        const withPreferences = {
          ...user!,
          timeZone: "Europe/Berlin",
          locale: "de-DE",
          language: "de" as const,
          version: 4
        }
        yield* UserRepository.use((r) => r.save(withPreferences)).pipe(Effect.provide(client(path)))
        expect(yield* UserRepository.use((r) => r.get("u1")).pipe(Effect.provide(client(path)))).toEqual(
          withPreferences
        )
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 2 (before delivery receipts and session events) gains the columns on start: its messages and sessions read with none",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT, version INTEGER NOT NULL);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'hi', 10, 'SENT', 1, 1, 0, 11, 12, NULL, 4);
        CREATE TABLE sessions (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_name TEXT NOT NULL, phone_number TEXT NOT NULL,
        active INTEGER NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO sessions VALUES ('s1', 'u1', 'alice', '', 1, 1, 2, 1);
        PRAGMA user_version = 2;`)
        old.close()
        const view = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({
          id: "m1",
          status: "SENT",
          sentAt: 12,
          gatewayMessageKey: null,
          deliveredAt: null,
          readAt: null,
          deliveredCount: 0,
          readCount: 0,
          version: 4
        })
        expect(
          yield* MessageRepository.use((r) => r.findByGatewayMessage("s1", "KEY")).pipe(Effect.provide(client(path)))
        ).toBeNull()
        // and its sessions, with no gateway status
        expect(yield* SessionRepository.use((r) => r.get("s1")).pipe(Effect.provide(client(path)))).toMatchObject({
          id: "s1",
          active: true,
          gatewayStatus: null,
          gatewayStatusAt: null
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 3 (before campaign counters) gains the column on start: its campaigns read as uncounted",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE campaigns (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, failure_reason TEXT, message_ids TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO campaigns VALUES ('c1', 'u1', 's1', 'g@g.us', 'Family', 'Rehearsal', 'SCHEDULED', NULL, '["m1"]', 1, 2, 3);
        PRAGMA user_version = 3;`)
        old.close()
        const view = yield* CampaignRepository.use((r) => r.get("c1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "c1", messageIds: ["m1"], version: 3, counters: null })
        const counted = yield* CampaignRepository.use((r) => r.count("c1")).pipe(Effect.provide(client(path)))
        expect(counted).toEqual({
          totalMessages: 0,
          sentMessages: 0,
          deliveredMessages: 0,
          nextScheduledAt: null,
          cancelledMessages: 0,
          messageVersions: 0
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 6 (before polls) gains the poll column on start: its messages are texts, and a save can make one a poll",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT,
        gateway_message_key TEXT, delivered_at INTEGER, read_at INTEGER, delivered_count INTEGER NOT NULL DEFAULT 0,
        read_count INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL, resend_of TEXT, resent_as TEXT,
        mention_all INTEGER NOT NULL DEFAULT 0);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'Lunch?', 10, 'SCHEDULED', 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 1, NULL, NULL, 1);
        PRAGMA user_version = 6;`)
        old.close()
        const view = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "m1", status: "SCHEDULED", mentionAll: true, poll: null, version: 1 })
        if (view === null) return
        const poll = { options: ["Pizza", "Sushi"], multipleAnswers: true }
        yield* MessageRepository.use((r) => r.save({ ...view, mentionAll: false, poll, version: 2 })).pipe(
          Effect.provide(client(path))
        )
        const saved = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(saved).toMatchObject({ id: "m1", poll, version: 2 })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT poll FROM messages WHERE id = 'm1'").get()).toEqual({
          poll: '{"options":["Pizza","Sushi"],"multipleAnswers":true}'
        })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 5 (before mentions) gains the mention column on start: its messages mention nobody, and a save can set it",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT,
        gateway_message_key TEXT, delivered_at INTEGER, read_at INTEGER, delivered_count INTEGER NOT NULL DEFAULT 0,
        read_count INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL, resend_of TEXT, resent_as TEXT);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'hi', 10, 'SCHEDULED', 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 1, NULL, NULL);
        PRAGMA user_version = 5;`)
        old.close()
        const view = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "m1", status: "SCHEDULED", mentionAll: false, version: 1 })
        if (view === null) return
        yield* MessageRepository.use((r) => r.save({ ...view, mentionAll: true, version: 2 })).pipe(
          Effect.provide(client(path))
        )
        const saved = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(saved).toMatchObject({ id: "m1", mentionAll: true, version: 2 })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT mention_all FROM messages WHERE id = 'm1'").get()).toEqual({ mention_all: 1 })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 9 (before media) gains the media tables and the messages' media column on start: its messages carry none, and an upload is stored",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT,
        gateway_message_key TEXT, delivered_at INTEGER, read_at INTEGER, delivered_count INTEGER NOT NULL DEFAULT 0,
        read_count INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL, resend_of TEXT, resent_as TEXT,
        mention_all INTEGER NOT NULL DEFAULT 0, poll TEXT);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'Lunch?', 10, 'SCHEDULED', 0, 0, 0, NULL, NULL, NULL, NULL, NULL, NULL, 0, 0, 1, NULL, NULL, 0, NULL);
        PRAGMA user_version = 9;`)
        old.close()
        const view = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "m1", status: "SCHEDULED", media: null, version: 1 })
        if (view === null) return
        const media = { id: "md1", mimetype: "image/png", filename: "a.png", size: 3, kind: "image" as const }
        yield* MessageRepository.use((r) => r.save({ ...view, media, version: 2 })).pipe(Effect.provide(client(path)))
        yield* MediaStore.use((store) =>
          store.put({ ...media, ownerId: "u1", createdAt: 5, usedAt: 5 }, new Uint8Array([1, 2, 3]))
        ).pipe(Effect.provide(client(path)))
        const read = yield* MediaStore.use((store) => store.read("md1")).pipe(Effect.provide(client(path)))
        expect(read?.bytes).toEqual(new Uint8Array([1, 2, 3]))
        expect(yield* MessageRepository.use((r) => r.needsMedia("md1", 0)).pipe(Effect.provide(client(path)))).toBe(
          true
        )
        const reopened = new DatabaseSync(path)
        expect(SQLITE_SCHEMA_VERSION).toBe(20)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(
          reopened.prepare("SELECT json_extract(media, '$.id') AS id FROM messages WHERE id = 'm1'").get()
        ).toEqual({
          id: "md1"
        })
        expect(reopened.prepare("SELECT count(*) AS n FROM media_chunks WHERE media_id = 'md1'").get()).toEqual({
          n: 1
        })
        reopened.close()
      })
    }
  )

  it.effect("a file of schema version 10 (before plans) gains the plan column: its campaigns have none", () => {
    const path = join(tempFolder(), "herald.db")
    return Effect.gen(function* () {
      const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
      const old = new DatabaseSync(path)
      old.exec(`CREATE TABLE campaigns (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
        group_id TEXT NOT NULL, group_name TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, failure_reason TEXT,
        message_ids TEXT NOT NULL, targets TEXT, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        version INTEGER NOT NULL, counters TEXT);
        INSERT INTO campaigns VALUES ('c1', 'u1', 's1', 'g@g.us', 'Family', 'Old', 'SCHEDULED', NULL, '["m1"]', NULL, 1, 1, 1, NULL);
        PRAGMA user_version = 10;`)
      old.close()
      const view = yield* CampaignRepository.use((r) => r.get("c1")).pipe(Effect.provide(client(path)))
      expect(view).toMatchObject({ id: "c1", title: "Old", plan: null })
      if (view === null) return
      const plan = { timeZone: "Europe/Berlin" }
      yield* CampaignRepository.use((r) => r.save({ ...view, plan, version: 2 })).pipe(Effect.provide(client(path)))
      expect((yield* CampaignRepository.use((r) => r.get("c1")).pipe(Effect.provide(client(path))))?.plan).toEqual(plan)
    })
  })

  it.effect(
    "a file of schema version 6 (before pacing) gains the pacing columns on start: its sessions are not paced, and a save can pace them",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE sessions (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_name TEXT NOT NULL,
        phone_number TEXT NOT NULL, active INTEGER NOT NULL, gateway_status TEXT, gateway_status_at INTEGER,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO sessions VALUES ('s1', 'u1', 'herald_u1', '', 1, 'WORKING', 5, 1, 1, 2);
        PRAGMA user_version = 6;`)
        old.close()
        const view = yield* SessionRepository.use((r) => r.get("s1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({
          id: "s1",
          gatewayStatus: "WORKING",
          minGapSeconds: 0,
          jitterSeconds: 0,
          version: 2
        })
        if (view === null) return
        yield* SessionRepository.use((r) => r.save({ ...view, minGapSeconds: 30, jitterSeconds: 30, version: 3 })).pipe(
          Effect.provide(client(path))
        )
        const saved = yield* SessionRepository.use((r) => r.findByName("herald_u1")).pipe(Effect.provide(client(path)))
        expect(saved).toMatchObject({ id: "s1", minGapSeconds: 30, jitterSeconds: 30, version: 3 })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT min_gap_seconds, jitter_seconds FROM sessions WHERE id = 's1'").get()).toEqual({
          min_gap_seconds: 30,
          jitter_seconds: 30
        })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 11 (before holds) gains the hold columns on start: its sessions are not held, and a save can hold them",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE sessions (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_name TEXT NOT NULL,
        phone_number TEXT NOT NULL, active INTEGER NOT NULL, gateway_status TEXT, gateway_status_at INTEGER,
        min_gap_seconds INTEGER NOT NULL DEFAULT 0, jitter_seconds INTEGER NOT NULL DEFAULT 0,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL);
        INSERT INTO sessions VALUES ('s1', 'u1', 'herald_u1', '', 1, 'WORKING', 5, 30, 0, 1, 1, 2);
        PRAGMA user_version = 11;`)
        old.close()
        const view = yield* SessionRepository.use((r) => r.get("s1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({
          id: "s1",
          minGapSeconds: 30,
          limitedSince: null,
          limitedUntil: null,
          limitedUntilKnown: false,
          version: 2
        })
        if (view === null) return
        yield* SessionRepository.use((r) =>
          r.save({ ...view, limitedSince: 10, limitedUntil: 20, limitedUntilKnown: true, version: 3 })
        ).pipe(Effect.provide(client(path)))
        const saved = yield* SessionRepository.use((r) => r.findByName("herald_u1")).pipe(Effect.provide(client(path)))
        expect(saved).toMatchObject({
          id: "s1",
          limitedSince: 10,
          limitedUntil: 20,
          limitedUntilKnown: true,
          version: 3
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 12 (before claim ids) gains the claim id column on start: its messages keep every field and have none, and a save sets it",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT,
        gateway_message_key TEXT, delivered_at INTEGER, read_at INTEGER, delivered_count INTEGER NOT NULL DEFAULT 0,
        read_count INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL, resend_of TEXT, resent_as TEXT,
        mention_all INTEGER NOT NULL DEFAULT 0, poll TEXT, media TEXT);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'Lunch?', 10, 'PICKED', 0, 1, 0, 11, NULL, NULL, NULL, NULL, NULL, 0, 0, 2, NULL, NULL, 1, NULL, NULL);
        PRAGMA user_version = 12;`)
        old.close()
        const repo = <A>(f: (r: MessageRepository["Service"]) => Effect.Effect<A, unknown>) =>
          MessageRepository.use(f).pipe(Effect.provide(client(path)))
        const view = yield* repo((r) => r.get("m1"))
        // every field as stored, and no id
        expect(view).toEqual(
          messageView("m1", {
            groupId: "g@g.us",
            content: "Lunch?",
            scheduledAt: 10,
            status: "PICKED",
            pickedAt: 11,
            mentionAll: true,
            version: 2
          })
        )
        if (view === null) return
        yield* repo((r) => r.save({ ...view, claimGatewayId: "3EB0C0FFEE", version: 3 }))
        expect(yield* repo((r) => r.get("m1"))).toEqual({ ...view, claimGatewayId: "3EB0C0FFEE", version: 3 })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT claim_gateway_id FROM messages WHERE id = 'm1'").get()).toEqual({
          claim_gateway_id: "3EB0C0FFEE"
        })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 14 (before outgoing webhooks) gains their tables on start and keeps its API keys",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const key = {
          id: "k1",
          userId: "u1",
          name: "n8n",
          access: "write" as const,
          digest: "d1",
          createdAt: 1,
          lastUsedAt: null,
          expiresAt: null,
          revokedAt: null
        }
        yield* ApiKeyRepository.use((r) => r.create(key)).pipe(Effect.provide(client(path)))
        const old = new DatabaseSync(path)
        old.exec("DROP TABLE webhook_endpoints; DROP TABLE webhook_deliveries; PRAGMA user_version = 14;")
        old.close()
        const endpoint = {
          id: "e1",
          userId: "u1",
          url: "https://example.com/hook",
          events: ["message.sent"],
          secret: "v1.sealed",
          createdAt: 1
        }
        const found = yield* Effect.gen(function* () {
          yield* WebhookRepository.use((r) => r.createEndpoint(endpoint))
          return {
            endpoints: yield* WebhookRepository.use((r) => r.listEndpoints("u1")),
            key: yield* ApiKeyRepository.use((r) => r.findByDigest("d1"))
          }
        }).pipe(Effect.provide(client(path)))
        expect(found).toEqual({ endpoints: [endpoint], key })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect("a file of schema version 17 (before poll results) gains the poll_results table on start", () => {
    const path = join(tempFolder(), "herald.db")
    return Effect.gen(function* () {
      yield* ApiKeyRepository.use((r) => r.findByDigest("none")).pipe(Effect.provide(client(path)))
      const old = new DatabaseSync(path)
      old.exec("DROP TABLE poll_results; PRAGMA user_version = 17;")
      old.close()
      const view = {
        id: "m1",
        campaignId: "c1",
        votes: [
          { voter: "1@c.us", lid: null, voterName: null, options: ["Yes"], votedAt: 5, readable: true, recordedAt: 6 }
        ],
        version: 1
      }
      const found = yield* Effect.gen(function* () {
        yield* PollResultsRepository.use((r) => r.save(view))
        return yield* PollResultsRepository.use((r) => r.get("m1"))
      }).pipe(Effect.provide(client(path)))
      expect(found).toEqual(view)
      const reopened = new DatabaseSync(path)
      expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
      reopened.close()
    })
  })

  it.effect(
    "a file of schema version 13 (before API keys) gains the api_keys table on start and keeps its sign-ins",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        // a version 13 file: today's schema without api_keys
        yield* AuthSessionRepository.use((r) =>
          r.create({ id: "s1", userId: "u1", expiresAt: 2_000_000_000_000, createdAt: 1 })
        ).pipe(Effect.provide(client(path)))
        const old = new DatabaseSync(path)
        old.exec("DROP TABLE api_keys; PRAGMA user_version = 13;")
        old.close()
        const key = {
          id: "k1",
          userId: "u1",
          name: "n8n",
          access: "write" as const,
          digest: "d1",
          createdAt: 1,
          lastUsedAt: null,
          expiresAt: null,
          revokedAt: null
        }
        const found = yield* Effect.gen(function* () {
          yield* ApiKeyRepository.use((r) => r.create(key))
          return {
            key: yield* ApiKeyRepository.use((r) => r.findByDigest("d1")),
            session: yield* AuthSessionRepository.use((r) => r.get("s1"))
          }
        }).pipe(Effect.provide(client(path)))
        expect(found).toEqual({
          key,
          session: { id: "s1", userId: "u1", expiresAt: 2_000_000_000_000, createdAt: 1 }
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT name, digest FROM api_keys").all()).toEqual([{ name: "n8n", digest: "d1" }])
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 14 (before Idempotency-Keys) gains the idempotency_keys table on start and keeps its sign-ins",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        yield* AuthSessionRepository.use((r) =>
          r.create({ id: "s1", userId: "u1", expiresAt: 2_000_000_000_000, createdAt: 1 })
        ).pipe(Effect.provide(client(path)))
        const old = new DatabaseSync(path)
        old.exec("DROP TABLE idempotency_keys; PRAGMA user_version = 14;")
        old.close()
        const record = {
          account: "u1",
          key: "k1",
          fingerprint: "f",
          createdAt: 5,
          runAt: 5,
          aliveAt: 5,
          state: "pending" as const,
          answer: null
        }
        const found = yield* Effect.gen(function* () {
          const claimed = yield* IdempotencyStore.use((s) => s.claim(record, 0))
          return {
            claimed,
            again: yield* IdempotencyStore.use((s) => s.claim({ ...record, createdAt: 6 }, 0)),
            session: yield* AuthSessionRepository.use((r) => r.get("s1"))
          }
        }).pipe(Effect.provide(client(path)))
        expect(found).toEqual({
          claimed: { _tag: "Claimed" },
          again: { _tag: "Held", record },
          session: { id: "s1", userId: "u1", expiresAt: 2_000_000_000_000, createdAt: 1 }
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        reopened.close()
      })
    }
  )

  it.effect(
    "a version-8 file gains the column (before targets): its campaigns read with their one group, and a save can give several",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE campaigns (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL,
        group_id TEXT NOT NULL, group_name TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, failure_reason TEXT,
        message_ids TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL,
        counters TEXT);
        INSERT INTO campaigns VALUES ('c1', 'u1', 's1', 'g@g.us', 'Family', 't', 'SCHEDULED', NULL, '["m1"]', 1, 1, 1, NULL);
        PRAGMA user_version = 8;`)
        old.close()
        const repo = (f: (r: CampaignRepository["Service"]) => Effect.Effect<unknown, unknown>) =>
          CampaignRepository.use(f).pipe(Effect.provide(client(path)))
        const view = yield* CampaignRepository.use((r) => r.get("c1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "c1", groupId: "g@g.us", targets: null, version: 1 })
        expect(view === null ? null : targetsOf(view)).toEqual([{ groupId: "g@g.us", groupName: "Family" }])
        expect(yield* repo((r) => r.groupsBySession("s1"))).toEqual([{ groupId: "g@g.us", groupName: "Family" }])
        if (view === null) return
        const targets = [
          { groupId: "g@g.us", groupName: "Family" },
          { groupId: "h@g.us", groupName: "Friends" }
        ]
        yield* repo((r) => r.save({ ...view, targets, version: 2 }))
        expect(yield* repo((r) => r.get("c1"))).toMatchObject({ targets, version: 2 })
        expect(yield* repo((r) => r.groupsBySession("s1"))).toEqual(targets)
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        expect(reopened.prepare("SELECT targets FROM campaigns WHERE id = 'c1'").get()).toEqual({
          targets: JSON.stringify(targets)
        })
        reopened.close()
      })
    }
  )

  it.effect(
    "a file of schema version 4 (before send again) gains the resend columns and the new counters index on start",
    () => {
      const path = join(tempFolder(), "herald.db")
      return Effect.gen(function* () {
        const { DatabaseSync } = yield* Effect.promise(() => import("node:sqlite"))
        const old = new DatabaseSync(path)
        old.exec(`CREATE TABLE messages (id TEXT NOT NULL PRIMARY KEY, campaign_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, content TEXT NOT NULL, scheduled_at INTEGER NOT NULL, status TEXT NOT NULL, is_sent INTEGER NOT NULL,
        is_picked INTEGER NOT NULL, is_deleted INTEGER NOT NULL, picked_at INTEGER, sent_at INTEGER, failure_reason TEXT,
        gateway_message_key TEXT, delivered_at INTEGER, read_at INTEGER, delivered_count INTEGER NOT NULL DEFAULT 0,
        read_count INTEGER NOT NULL DEFAULT 0, version INTEGER NOT NULL);
        CREATE INDEX messages_campaign_id_counters ON messages (campaign_id, is_deleted, status, is_sent, delivered_at, scheduled_at, version);
        INSERT INTO messages VALUES ('m1', 'c1', 's1', 'g@g.us', 'Family', 'hi', 10, 'FAILED', 0, 1, 0, 11, NULL, 'refused', NULL, NULL, NULL, 0, 0, 3);
        CREATE TABLE campaigns (id TEXT NOT NULL PRIMARY KEY, user_id TEXT NOT NULL, session_id TEXT NOT NULL, group_id TEXT NOT NULL,
        group_name TEXT NOT NULL, title TEXT NOT NULL, status TEXT NOT NULL, failure_reason TEXT, message_ids TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL, version INTEGER NOT NULL, counters TEXT);
        INSERT INTO campaigns VALUES ('c1', 'u1', 's1', 'g@g.us', 'Family', 'Rehearsal', 'FAILED', 'refused', '["m1"]', 1, 2, 3, NULL);
        PRAGMA user_version = 4;`)
        old.close()
        const view = yield* MessageRepository.use((r) => r.get("m1")).pipe(Effect.provide(client(path)))
        expect(view).toMatchObject({ id: "m1", status: "FAILED", resendOf: null, resentAs: null, version: 3 })
        const counted = yield* CampaignRepository.use((r) => r.count("c1")).pipe(Effect.provide(client(path)))
        expect(counted).toEqual({
          totalMessages: 1,
          sentMessages: 0,
          deliveredMessages: 0,
          nextScheduledAt: null,
          cancelledMessages: 0,
          messageVersions: 3
        })
        const reopened = new DatabaseSync(path)
        expect(reopened.prepare("PRAGMA user_version").get()).toEqual({ user_version: SQLITE_SCHEMA_VERSION })
        const indexes = reopened
          .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'messages'")
          .all()
          .map((row) => row["name"])
        expect(indexes).toContain("messages_campaign_tally")
        expect(indexes).toContain("messages_session_status_scheduled_at")
        expect(indexes).not.toContain("messages_campaign_counters")
        expect(indexes).not.toContain("messages_campaign_id_counters")
        reopened.close()
      })
    }
  )

  it.effect(
    "the file and SQLite's -wal and -shm are for their owner only (0600), fresh, reopened, or left 0644 by an earlier run",
    () => {
      const folder = join(tempFolder(), "data")
      const path = join(folder, "herald.db")
      const modes = () =>
        Object.fromEntries(readdirSync(folder).map((f) => [f, (statSync(join(folder, f)).mode & 0o777).toString(8)]))
      const ownerOnly = { "herald.db": "600", "herald.db-wal": "600", "herald.db-shm": "600" }
      const appendAndLook = (version: number) =>
        EventStore.use((s) => s.append("s", version, [{ type: "A" }])).pipe(
          Effect.map(modes),
          Effect.provide(client(path))
        )
      return Effect.gen(function* () {
        expect(yield* appendAndLook(0)).toEqual(ownerOnly)
        expect((statSync(folder).mode & 0o777).toString(8)).toBe("700")
        // closed: SQLite removed its -wal and -shm; it makes them again on the next open
        expect(yield* appendAndLook(1)).toEqual(ownerOnly)
        // an earlier Herald made them 0644, and another connection keeps -wal and -shm on disk
        const other = new DatabaseSync(path)
        try {
          other.prepare("SELECT count(*) FROM events").get()
          for (const f of readdirSync(folder)) chmodSync(join(folder, f), 0o644)
          expect(Object.values(modes())).toEqual(["644", "644", "644"])
          expect(yield* appendAndLook(2)).toEqual(ownerOnly)
        } finally {
          other.close()
        }
      })
    }
  )

  it.effect(
    "views keep their columns as the sqlite3 shell shows them; a row that does not decode is StoreUnavailable naming the table, id and column",
    () => {
      const path = freshPath()
      return Effect.gen(function* () {
        const campaign = {
          id: "c1",
          userId: "u1",
          sessionId: "s1",
          groupId: "g@g.us",
          groupName: "Family",
          title: "t",
          status: "SCHEDULED" as const,
          failureReason: null,
          messageIds: ["m1", "m2"],
          targets: null,
          titleMadeUp: false,
          plan: null,
          createdAt: 1,
          updatedAt: 2,
          version: 1
        }
        yield* CampaignRepository.use((r) => r.save(campaign)).pipe(Effect.provide(client(path)))
        const raw = new DatabaseSync(path)
        try {
          expect(raw.prepare("SELECT user_id, message_ids, created_at FROM campaigns WHERE id = 'c1'").get()).toEqual({
            user_id: "u1",
            message_ids: '["m1","m2"]',
            created_at: 1
          })
          raw.exec(`INSERT INTO messages VALUES ('m-bad', 'c1', 's1', 'g@g.us', 'Family', 'hi', 10, 'SENT', 2, 1, 0, 11, 12, NULL, NULL, NULL, NULL, 0, 0, 4, NULL, NULL, 0, NULL, NULL, NULL);
          UPDATE campaigns SET message_ids = 'not json' WHERE id = 'c1'`)
        } finally {
          raw.close()
        }
        const message = yield* expectStoreUnavailable(
          MessageRepository.use((r) => r.get("m-bad")).pipe(Effect.provide(client(path)))
        )
        expect(message.message).toMatch(/corrupt row in messages \(id m-bad\): is_sent: /)
        const listed = yield* expectStoreUnavailable(
          CampaignRepository.use((r) => r.listBySession("s1")).pipe(Effect.provide(client(path)))
        )
        expect(listed.message).toMatch(/corrupt row in campaigns \(id c1\): message_ids: /)
      })
    }
  )

  it.effect("a path in a folder that cannot be created is StoreUnavailable saying which", () =>
    Effect.gen(function* () {
      const error = yield* expectStoreUnavailable(
        EventStore.use((s) => s.read("s")).pipe(Effect.provide(client("/proc/herald/x.db")))
      )
      expect(error.message).toContain("/proc/herald/x.db")
    })
  )

  it.effect("a file that is not a database is StoreUnavailable, not a defect", () =>
    Effect.gen(function* () {
      const path = join(tempFolder(), "not-a-db")
      const { writeFileSync } = yield* Effect.promise(() => import("node:fs"))
      writeFileSync(path, "this is not an SQLite file, just text that is long enough to have a header...".repeat(10))
      const error = yield* Effect.flip(EventStore.use((s) => s.read("s")).pipe(Effect.provide(client(path))))
      expect(error).toMatchObject({ _tag: "StoreUnavailable" })
    })
  )
})
