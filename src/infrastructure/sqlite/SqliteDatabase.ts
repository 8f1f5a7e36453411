import { dirname, resolve } from "node:path"
import type { StatementSync } from "node:sqlite"
import { DatabaseSync } from "node:sqlite"
import type { Scope } from "effect"
import { Context, Effect, Layer } from "effect"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { ensureOwnerOnlyFile, makeMissingFolders, restrictToOwner } from "../fs/ownerOnly.ts"
import type { WriteFailed } from "./groupCommit.ts"
import { fdatasyncWal, makeGroupCommit } from "./groupCommit.ts"
import { toStoreUnavailable } from "./sqliteErrors.ts"

/**
 * The embedded store of the standalone mode (docs/architecture.md#the-stores): one SQLite file through `node:sqlite`
 * (Node 24 and Deno 2), with the same event-log semantics as MongoDB: PRIMARY KEY (stream,
 * version) makes an append exclusive.
 *
 * `node:sqlite` is synchronous. Every transaction here runs inside ONE synchronous call
 * (BEGIN IMMEDIATE … COMMIT, never across an `await` or a fiber yield), so no connection
 * ever holds a lock while another fiber of the same process waits for it: the busy timeout
 * only ever waits for another process (a separate scheduler sharing the file).
 */
export interface SqliteDatabaseOptions {
  /** the database file, e.g. `./data/herald.db`; its folder is created if absent */
  readonly path: string
  /** how long a statement waits for another process's write lock before StoreUnavailable. Default 5 000. */
  readonly busyTimeoutMs?: number
  /**
   * `PRAGMA synchronous`. Default FULL. In WAL mode both survive a crash of the process
   * (kill -9): a commit is in the WAL file, which the OS keeps. They differ on an OS crash or
   * power loss: NORMAL fsyncs only at checkpoints, so the last commits before the crash can
   * be lost; FULL syncs the WAL before a durable write's caller goes on, so an acknowledged
   * append survives too. The log is the truth and an append precedes an irreversible act
   * (MessagePicked before the send, MessageSent after it): losing one would re-send a message
   * to a group. Writes requested together share one commit, and commits share a sync of the
   * WAL, run off the event loop (groupCommit.ts): a burst pays one fsync per turn of the disk,
   * not one per write, and does not stop while the disk works.
   */
  readonly synchronous?: "FULL" | "NORMAL"
}

/** What the adapters get: the open database and its path (for messages). */
export interface SqliteConnection {
  readonly path: string
  readonly db: DatabaseSync
  /** a prepared statement, prepared once per connection */
  readonly statement: (sql: string) => StatementSync
  /**
   * Runs the synchronous write `f` in the next group commit (groupCommit.ts): atomic on its
   * own, durable when this succeeds. Every write of the adapters goes through here.
   */
  readonly write: <A>(f: () => A, durable?: boolean) => Effect.Effect<A, WriteFailed>
}

/**
 * `PRAGMA user_version` of the schema below; a newer file is refused rather than misread.
 * 15: Idempotency-Key records (idempotency_keys); 16: webhook endpoints and deliveries; 17: the
 * users' time zone and locale (USERS_PREFERENCES_COLUMNS); 18: the votes on polls (poll_results);
 * 19: the app's language the owner chose (USERS_LANGUAGE_COLUMNS); 20: whether a campaign's title
 * was made up (CAMPAIGNS_TITLE_MADE_UP_COLUMNS). Every table is created if
 * missing at every start, so a file of any older version gains what it lacks.
 */
export const SQLITE_SCHEMA_VERSION = 20

/**
 * The tables and indexes, created idempotently at every start ("migrations managed by the
 * data layer"). Views keep every field as a column (booleans 0/1, `messageIds` as a JSON
 * array), so the file reads plainly with the sqlite3 shell; events keep their data as JSON.
 */
export const SQLITE_SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  stream      TEXT    NOT NULL,
  version     INTEGER NOT NULL,
  type        TEXT    NOT NULL,
  data        TEXT    NOT NULL,
  recorded_at INTEGER NOT NULL,
  PRIMARY KEY (stream, version)
);
CREATE INDEX IF NOT EXISTS events_recorded_at ON events (recorded_at);

CREATE TABLE IF NOT EXISTS messages (
  id             TEXT    NOT NULL PRIMARY KEY,
  campaign_id    TEXT    NOT NULL,
  session_id     TEXT    NOT NULL,
  group_id       TEXT    NOT NULL,
  group_name     TEXT    NOT NULL,
  content        TEXT    NOT NULL,
  scheduled_at   INTEGER NOT NULL,
  status         TEXT    NOT NULL,
  is_sent        INTEGER NOT NULL,
  is_picked      INTEGER NOT NULL,
  is_deleted     INTEGER NOT NULL,
  picked_at      INTEGER,
  sent_at        INTEGER,
  failure_reason TEXT,
  gateway_message_key TEXT,
  delivered_at   INTEGER,
  read_at        INTEGER,
  delivered_count INTEGER NOT NULL DEFAULT 0,
  read_count     INTEGER NOT NULL DEFAULT 0,
  version        INTEGER NOT NULL,
  resend_of      TEXT,
  resent_as      TEXT,
  mention_all    INTEGER NOT NULL DEFAULT 0,
  poll           TEXT,
  media          TEXT,
  claim_gateway_id TEXT
);
CREATE INDEX IF NOT EXISTS messages_status_scheduled_at ON messages (status, scheduled_at, id);
CREATE INDEX IF NOT EXISTS messages_status_picked_at ON messages (status, picked_at);
CREATE INDEX IF NOT EXISTS messages_campaign_id ON messages (campaign_id, scheduled_at, id);
CREATE INDEX IF NOT EXISTS messages_session_id_status ON messages (session_id, status);
-- a user's upcoming messages (campaign.upcoming), in time order per session
CREATE INDEX IF NOT EXISTS messages_session_status_scheduled_at ON messages (session_id, status, scheduled_at, id);
CREATE INDEX IF NOT EXISTS messages_group_id_picked_at ON messages (group_id, picked_at);

CREATE TABLE IF NOT EXISTS campaigns (
  id             TEXT    NOT NULL PRIMARY KEY,
  user_id        TEXT    NOT NULL,
  session_id     TEXT    NOT NULL,
  group_id       TEXT    NOT NULL,
  group_name     TEXT    NOT NULL,
  title          TEXT    NOT NULL,
  title_made_up  INTEGER,
  status         TEXT    NOT NULL,
  failure_reason TEXT,
  message_ids    TEXT    NOT NULL,
  targets        TEXT,
  plan           TEXT,
  created_at     INTEGER NOT NULL,
  updated_at     INTEGER NOT NULL,
  version        INTEGER NOT NULL,
  counters       TEXT
);
CREATE INDEX IF NOT EXISTS campaigns_user_id ON campaigns (user_id, created_at, id);
CREATE INDEX IF NOT EXISTS campaigns_session_id ON campaigns (session_id, created_at, id);

CREATE TABLE IF NOT EXISTS sessions (
  id           TEXT    NOT NULL PRIMARY KEY,
  user_id      TEXT    NOT NULL,
  session_name TEXT    NOT NULL,
  phone_number TEXT    NOT NULL,
  active       INTEGER NOT NULL,
  gateway_status TEXT,
  gateway_status_at INTEGER,
  min_gap_seconds INTEGER NOT NULL DEFAULT 0,
  jitter_seconds INTEGER NOT NULL DEFAULT 0,
  limited_since INTEGER,
  limited_until INTEGER,
  limited_until_known INTEGER NOT NULL DEFAULT 0,
  typing_before_send INTEGER NOT NULL DEFAULT 0,
  created_at   INTEGER NOT NULL,
  updated_at   INTEGER NOT NULL,
  version      INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS sessions_session_name ON sessions (session_name);
CREATE INDEX IF NOT EXISTS sessions_user_id ON sessions (user_id, created_at, id);

CREATE TABLE IF NOT EXISTS users (
  id         TEXT    NOT NULL PRIMARY KEY,
  email      TEXT    NOT NULL,
  name       TEXT    NOT NULL,
  role       TEXT    NOT NULL,
  status     TEXT    NOT NULL,
  email_verified INTEGER NOT NULL DEFAULT 1,
  time_zone  TEXT,
  locale     TEXT,
  language   TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  version    INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS users_email ON users (email, created_at, id);
CREATE INDEX IF NOT EXISTS users_created_at ON users (created_at, id);

CREATE TABLE IF NOT EXISTS auth_sessions (
  id         TEXT    NOT NULL PRIMARY KEY,
  user_id    TEXT    NOT NULL,
  expires_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS auth_sessions_user_id ON auth_sessions (user_id);

CREATE TABLE IF NOT EXISTS password_resets (
  id         TEXT    NOT NULL PRIMARY KEY,
  user_id    TEXT    NOT NULL,
  expires_at INTEGER NOT NULL
);

-- personal API keys (schema version 14; created on the first start of a version 13 file): the
-- keyed digest of each key, never the key
CREATE TABLE IF NOT EXISTS api_keys (
  id           TEXT    NOT NULL PRIMARY KEY,
  user_id      TEXT    NOT NULL,
  name         TEXT    NOT NULL,
  access       TEXT    NOT NULL,
  digest       TEXT    NOT NULL,
  created_at   INTEGER NOT NULL,
  last_used_at INTEGER,
  expires_at   INTEGER,
  revoked_at   INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS api_keys_digest ON api_keys (digest);
CREATE INDEX IF NOT EXISTS api_keys_user_id ON api_keys (user_id, created_at, id);

-- Idempotency-Key records (schema version 15; created on the first start of an older file):
-- one per account and key, the first request's fingerprint and, once it succeeded, its answer
CREATE TABLE IF NOT EXISTS idempotency_keys (
  account         TEXT    NOT NULL,
  idempotency_key TEXT    NOT NULL,
  fingerprint     TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,
  state           TEXT    NOT NULL,
  answer          TEXT,
  run_at          INTEGER,
  alive_at        INTEGER,
  PRIMARY KEY (account, idempotency_key)
);
CREATE INDEX IF NOT EXISTS idempotency_keys_created_at ON idempotency_keys (created_at);
-- outgoing webhooks (schema version 16; created on the first start of an older file): each
-- endpoint's signing secret encrypted, never in clear; one row per event to deliver to an endpoint
CREATE TABLE IF NOT EXISTS webhook_endpoints (
  id         TEXT    NOT NULL PRIMARY KEY,
  user_id    TEXT    NOT NULL,
  url        TEXT    NOT NULL,
  events     TEXT    NOT NULL,
  secret     TEXT    NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS webhook_endpoints_user_id ON webhook_endpoints (user_id, created_at, id);
CREATE TABLE IF NOT EXISTS webhook_deliveries (
  id              TEXT    NOT NULL PRIMARY KEY,
  endpoint_id     TEXT    NOT NULL,
  user_id         TEXT    NOT NULL,
  event_id        TEXT    NOT NULL,
  type            TEXT    NOT NULL,
  body            TEXT    NOT NULL,
  created_at      INTEGER NOT NULL,
  status          TEXT    NOT NULL,
  attempts        INTEGER NOT NULL,
  next_attempt_at INTEGER,
  lease_until     INTEGER,
  last_attempt_at INTEGER,
  outcome         TEXT,
  response_status INTEGER
);
CREATE INDEX IF NOT EXISTS webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX IF NOT EXISTS webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at, id);

-- the stored positions (one row per name: 'projections', 'failureAlerts'), only ever raised
CREATE TABLE IF NOT EXISTS checkpoints (
  id       TEXT    NOT NULL PRIMARY KEY,
  position INTEGER NOT NULL
);

-- uploaded images and files (schema version 10): one row each, their bytes in 256 KiB chunks
CREATE TABLE IF NOT EXISTS media (
  id          TEXT    NOT NULL PRIMARY KEY,
  owner_id    TEXT    NOT NULL,
  mimetype    TEXT    NOT NULL,
  filename    TEXT    NOT NULL,
  size        INTEGER NOT NULL,
  kind        TEXT    NOT NULL,
  created_at  INTEGER NOT NULL,
  used_at     INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS media_owner_id ON media (owner_id);
CREATE INDEX IF NOT EXISTS media_used_at ON media (used_at, id);
CREATE TABLE IF NOT EXISTS media_chunks (
  media_id TEXT    NOT NULL,
  n        INTEGER NOT NULL,
  data     BLOB    NOT NULL,
  PRIMARY KEY (media_id, n)
);

-- the votes on each poll Herald sent (schema version 18): one row per poll message, its votes
-- (one per voter) as JSON, projected from the poll's stream
CREATE TABLE IF NOT EXISTS poll_results (
  id          TEXT    NOT NULL PRIMARY KEY,
  campaign_id TEXT    NOT NULL,
  votes       TEXT    NOT NULL,
  version     INTEGER NOT NULL
);

-- the readiness probe's row, rewritten in place: proves the file still takes writes
CREATE TABLE IF NOT EXISTS health (
  id        TEXT    NOT NULL PRIMARY KEY,
  probed_at INTEGER NOT NULL
);
`

/** What schema version 3 added to the messages table of an older file: column → its definition. */
const MESSAGES_DELIVERY_COLUMNS: Readonly<Record<string, string>> = {
  gateway_message_key: "TEXT",
  delivered_at: "INTEGER",
  read_at: "INTEGER",
  delivered_count: "INTEGER NOT NULL DEFAULT 0",
  read_count: "INTEGER NOT NULL DEFAULT 0"
}

/** What schema version 3 added to the sessions table: the gateway's last reported status. */
const SESSIONS_GATEWAY_STATUS_COLUMNS: Readonly<Record<string, string>> = {
  gateway_status: "TEXT",
  gateway_status_at: "INTEGER"
}

/**
 * What schema version 4 added to the campaigns table: the counters of its messages (JSON), null
 * until counted (see CampaignViewSchema). Version 4 also keeps older Herald off the file: it
 * would save messages without recounting their campaign.
 */
const CAMPAIGNS_COUNTERS_COLUMNS: Readonly<Record<string, string>> = { counters: "TEXT" }

/**
 * What schema version 5 added to the messages table: the links of a message sent again
 * (campaign.resendMessage), null on every message before. Version 5 also keeps older Herald off
 * the file: it would count a message sent again twice in its campaign's counters.
 */
const MESSAGES_RESEND_COLUMNS: Readonly<Record<string, string>> = { resend_of: "TEXT", resent_as: "TEXT" }

/**
 * What schema version 6 added to the messages table: whether a message mentions everyone in its
 * group, 0 on every message before. Version 6 also keeps older Herald off the file: it would
 * rebuild a view without the mention, and the browser app would show a plain message.
 */
const MESSAGES_MENTION_COLUMNS: Readonly<Record<string, string>> = { mention_all: "INTEGER NOT NULL DEFAULT 0" }

/**
 * What schema version 7 added to the messages table: a poll's options and whether several may be
 * picked, as JSON ({"options":[…],"multipleAnswers":false}); NULL for a text, as is every message
 * before. Version 7 also keeps older Herald off the file: it would show a poll as its bare question.
 */
const MESSAGES_POLL_COLUMNS: Readonly<Record<string, string>> = { poll: "TEXT" }

/**
 * What schema version 8 added to the sessions table: the session's pacing, 0 and 0 (off) on every
 * session before. Version 8 also keeps older Herald off the file: it would send a paced session's
 * messages without their gap.
 */
const SESSIONS_PACING_COLUMNS: Readonly<Record<string, string>> = {
  min_gap_seconds: "INTEGER NOT NULL DEFAULT 0",
  jitter_seconds: "INTEGER NOT NULL DEFAULT 0"
}

/**
 * What schema version 12 added to the sessions table: the hold on a session's sends while WhatsApp
 * limits its number (NULL, NULL, 0: not held, as every session before), and whether it shows
 * "typing…" before each send (0: no). Version 12 also keeps older Herald off the file: it would send
 * a held session's messages into the limit.
 */
const SESSIONS_LIMIT_COLUMNS: Readonly<Record<string, string>> = {
  limited_since: "INTEGER",
  limited_until: "INTEGER",
  limited_until_known: "INTEGER NOT NULL DEFAULT 0",
  typing_before_send: "INTEGER NOT NULL DEFAULT 0"
}

/**
 * What schema version 10 added: the media and media_chunks tables (created above with the rest,
 * so an older file gains them), and the messages' media as JSON
 * ({"id","mimetype","filename","size","kind"}), NULL on every message before. Version 10 also
 * keeps older Herald off the file: it would send a message with an image as its bare caption.
 */
const MESSAGES_MEDIA_COLUMNS: Readonly<Record<string, string>> = { media: "TEXT" }

/**
 * What schema version 11 added to the campaigns table: the campaign's plan as JSON
 * ({"timeZone":…,"recurrence":{…}}), NULL on every campaign before (its times read in the viewer's
 * zone). Version 11 also keeps older Herald off the file: it would rebuild views without the plan.
 */
const CAMPAIGNS_PLAN_COLUMNS: Readonly<Record<string, string>> = { plan: "TEXT" }

/**
 * What schema version 20 added to the campaigns table: whether planning made the title up from the
 * targets (1) or someone wrote it (0); NULL on every campaign before (read by the old match,
 * isDefaultTitle). Version 20 also keeps older Herald off the file: it would rebuild views without it.
 */
const CAMPAIGNS_TITLE_MADE_UP_COLUMNS: Readonly<Record<string, string>> = { title_made_up: "INTEGER" }

/**
 * What schema version 13 added to the messages table: the id a claim took from the gateway before
 * its send, NULL on every message before (no id: recovered as before). Version 13 also keeps older
 * Herald off the file: it would rebuild a claimed message's view without the id its send used.
 */
const MESSAGES_CLAIM_ID_COLUMNS: Readonly<Record<string, string>> = { claim_gateway_id: "TEXT" }

/**
 * What schema version 17 added to the users table: the reader's IANA time zone and BCP 47 locale
 * (auth.setPreferences), NULL on every account before (mails read in UTC). Version 17 also keeps
 * older Herald off the file: it would rebuild an account's view without them.
 */
const USERS_PREFERENCES_COLUMNS: Readonly<Record<string, string>> = { time_zone: "TEXT", locale: "TEXT" }

/**
 * What schema version 19 added to the users table: the app's language the owner chose
 * (auth.setLanguage), NULL on every account before (the browser's language). Version 19 also keeps
 * older Herald off the file: it would rebuild an account's view without it.
 */
const USERS_LANGUAGE_COLUMNS: Readonly<Record<string, string>> = { language: "TEXT" }

/**
 * The lease of an Idempotency-Key's run (IdempotencyStore: runAt, aliveAt), added to version 15's
 * table without a version of its own: NULL reads as created_at (a first run), and an older Herald
 * ignores them (its runs are not renewed, as before).
 */
const IDEMPOTENCY_LEASE_COLUMNS: Readonly<Record<string, string>> = { run_at: "INTEGER", alive_at: "INTEGER" }

/** Adds the columns a table lacks (names and definitions from the code above, never from input). */
const addMissingColumns = (db: DatabaseSync, table: string, columns: Readonly<Record<string, string>>) => {
  const present = new Set(
    db
      .prepare(`PRAGMA table_info(${table})`)
      .all()
      .map((row) => String(row["name"]))
  )
  for (const [name, definition] of Object.entries(columns)) {
    if (!present.has(name)) db.exec(`ALTER TABLE ${table} ADD COLUMN ${name} ${definition}`)
  }
}

/**
 * What schema version 9 added to the campaigns table: a campaign's target groups as JSON
 * ([{"groupId":…,"groupName":…},…]) when it has several; NULL when it has its one group, as every
 * campaign before. Version 9 also keeps older Herald off the file: it would show a campaign of
 * several groups as one to its first group only.
 */
const CAMPAIGNS_TARGETS_COLUMNS: Readonly<Record<string, string>> = { targets: "TEXT" }

/**
 * Runs `f` in one write transaction. BEGIN IMMEDIATE takes the write lock up front (waiting
 * up to the busy timeout for another process), so the transaction never fails half way for
 * a lock; any error rolls everything back and is rethrown.
 */
export const inTransaction = <A>(db: DatabaseSync, f: () => A): A => {
  db.exec("BEGIN IMMEDIATE")
  try {
    const result = f()
    db.exec("COMMIT")
    return result
  } catch (error) {
    if (db.isTransaction) {
      try {
        db.exec("ROLLBACK")
      } catch {
        // the connection rolled back by itself (or is gone): nothing is committed either way
      }
    }
    throw error
  }
}

/** Runs one synchronous SQLite read; any error is StoreUnavailable naming the file. */
export const attempt = <A>(connection: SqliteConnection, f: () => A): Effect.Effect<A, StoreUnavailable> =>
  Effect.try({ try: f, catch: (error) => toStoreUnavailable(connection.path, error) })

/**
 * Runs a synchronous write in the next group commit; any error is StoreUnavailable naming the
 * file. `durable: false` for what the catch-up rebuilds from the log (groupCommit.ts).
 */
export const attemptWrite = <A>(
  connection: SqliteConnection,
  f: () => A,
  durable = true
): Effect.Effect<A, StoreUnavailable> =>
  connection.write(f, durable).pipe(Effect.mapError((failed) => toStoreUnavailable(connection.path, failed.cause)))

const pragmaValue = (db: DatabaseSync, pragma: string): unknown => {
  const row = db.prepare(`PRAGMA ${pragma}`).get()
  return row === undefined ? undefined : Object.values(row)[0]
}

/** An open connection, and what closing it takes (the file, and the WAL's sync). */
interface Opened {
  readonly connection: SqliteConnection
  readonly close: () => void
}

const openSync = (options: SqliteDatabaseOptions): Opened => {
  const { path } = options
  const inMemory = path === ":memory:" || path === ""
  if (!inMemory) {
    try {
      makeMissingFolders(dirname(resolve(path)))
    } catch (error) {
      throw new StoreUnavailable({
        message: `cannot create the folder of SQLite database ${path}: ${error instanceof Error ? error.message : String(error)}`
      })
    }
    // Password hashes: the file is 0600 before SQLite opens it, as SQLite gives the -wal and -shm
    // files it makes (now, or after any later open) the mode of the database file, whatever the
    // umask. Those an earlier run left behind at another mode are set too.
    try {
      ensureOwnerOnlyFile(path)
      for (const companion of ["-wal", "-shm", "-journal"]) restrictToOwner(`${path}${companion}`)
    } catch (error) {
      throw new StoreUnavailable({
        message: `cannot make SQLite database ${path} readable by its owner only: ${error instanceof Error ? error.message : String(error)}`
      })
    }
  }
  const db = new DatabaseSync(path)
  try {
    // first, so that the pragmas and the schema below wait for another process too
    db.exec(`PRAGMA busy_timeout = ${Math.max(0, Math.floor(options.busyTimeoutMs ?? 5_000))}`)
    const mode = String(pragmaValue(db, "journal_mode = WAL")).toLowerCase()
    if (!inMemory && mode !== "wal") {
      throw new StoreUnavailable({
        message: `SQLite database ${path} cannot use WAL mode (journal_mode is ${mode}); put it on a local file system`
      })
    }
    // for the schema below; the group commit then commits with NORMAL and syncs the WAL itself
    db.exec(`PRAGMA synchronous = ${options.synchronous ?? "FULL"}`)
    inTransaction(db, () => {
      const version = Number(pragmaValue(db, "user_version"))
      if (version > SQLITE_SCHEMA_VERSION) {
        throw new StoreUnavailable({
          message: `SQLite database ${path} has schema version ${version}, written by a newer Herald; this one knows up to ${SQLITE_SCHEMA_VERSION}`
        })
      }
      db.exec(SQLITE_SCHEMA)
      // version 1 files predate e-mail verification: their accounts count as verified
      if (version === 1) db.exec("ALTER TABLE users ADD COLUMN email_verified INTEGER NOT NULL DEFAULT 1")
      // versions 1 and 2 predate delivery receipts and session events: no message or session of theirs
      // has any (checked on every existing file: adding only what is missing is idempotent and cheap)
      if (version >= 1) {
        addMissingColumns(db, "messages", MESSAGES_DELIVERY_COLUMNS)
        addMissingColumns(db, "sessions", SESSIONS_GATEWAY_STATUS_COLUMNS)
        addMissingColumns(db, "campaigns", CAMPAIGNS_COUNTERS_COLUMNS)
        addMissingColumns(db, "messages", MESSAGES_RESEND_COLUMNS)
        addMissingColumns(db, "messages", MESSAGES_MENTION_COLUMNS)
        addMissingColumns(db, "messages", MESSAGES_POLL_COLUMNS)
        addMissingColumns(db, "sessions", SESSIONS_PACING_COLUMNS)
        addMissingColumns(db, "sessions", SESSIONS_LIMIT_COLUMNS)
        addMissingColumns(db, "campaigns", CAMPAIGNS_TARGETS_COLUMNS)
        addMissingColumns(db, "messages", MESSAGES_MEDIA_COLUMNS)
        addMissingColumns(db, "campaigns", CAMPAIGNS_PLAN_COLUMNS)
        addMissingColumns(db, "campaigns", CAMPAIGNS_TITLE_MADE_UP_COLUMNS)
        addMissingColumns(db, "messages", MESSAGES_CLAIM_ID_COLUMNS)
        addMissingColumns(db, "users", USERS_PREFERENCES_COLUMNS)
        addMissingColumns(db, "users", USERS_LANGUAGE_COLUMNS)
        addMissingColumns(db, "idempotency_keys", IDEMPOTENCY_LEASE_COLUMNS)
      }
      // the media sweep asks whether a message still needs an upload
      db.exec("CREATE INDEX IF NOT EXISTS messages_media_id ON messages (json_extract(media, '$.id'))")
      db.exec(
        "CREATE INDEX IF NOT EXISTS messages_session_id_gateway_message_key ON messages (session_id, gateway_message_key)"
      )
      // a campaign's counters, counted from this index alone (a recount follows every message save);
      // version 5 counts resent_as too, so its index replaced version 4's; the cancelled messages
      // (not resends) are counted too, so resend_of joins it (built once, on the first start)
      db.exec("DROP INDEX IF EXISTS messages_campaign_id_counters")
      db.exec("DROP INDEX IF EXISTS messages_campaign_counters")
      db.exec(
        "CREATE INDEX IF NOT EXISTS messages_campaign_tally ON messages (campaign_id, is_deleted, status, is_sent, delivered_at, scheduled_at, resent_as, resend_of, version)"
      )
      // getMessagingSession reads a session's active campaigns only
      db.exec(
        "CREATE INDEX IF NOT EXISTS campaigns_session_id_status ON campaigns (session_id, status, created_at, id)"
      )
      if (version < SQLITE_SCHEMA_VERSION) db.exec(`PRAGMA user_version = ${SQLITE_SCHEMA_VERSION}`)
    })
  } catch (error) {
    db.close()
    throw error
  }
  const statements = new Map<string, StatementSync>()
  // durable writes wait for an fdatasync of the WAL, off the event loop (groupCommit.ts)
  const wal = inMemory ? null : fdatasyncWal(`${path}-wal`)
  const connection: SqliteConnection = {
    path,
    db,
    write: makeGroupCommit(db, { synchronous: options.synchronous ?? "FULL", syncWal: wal }),
    statement: (sql) => {
      let statement = statements.get(sql)
      if (statement === undefined) {
        statement = db.prepare(sql)
        statements.set(sql, statement)
      }
      return statement
    }
  }
  return {
    connection,
    close: () => {
      try {
        if (db.isOpen) db.close()
      } catch {
        // already closed
      }
      wal?.close()
    }
  }
}

/** Opens the file (creating it, its folder and the schema if absent); closed when the scope closes. */
export const openSqlite = (
  options: SqliteDatabaseOptions
): Effect.Effect<SqliteConnection, StoreUnavailable, Scope.Scope> =>
  Effect.acquireRelease(
    Effect.try({ try: () => openSync(options), catch: (error) => toStoreUnavailable(options.path, error) }),
    (opened) => Effect.sync(opened.close)
  ).pipe(Effect.map((opened) => opened.connection))

/** One connection to the SQLite file: one "process" of the store. */
export class SqliteDatabase extends Context.Service<SqliteDatabase, SqliteConnection>()(
  "herald/infrastructure/sqlite/SqliteDatabase"
) {
  static readonly layer = (options: SqliteDatabaseOptions): Layer.Layer<SqliteDatabase, StoreUnavailable> =>
    Layer.effect(SqliteDatabase, openSqlite(options))
}
