import type { Scope } from "effect"
import { Clock, Context, Effect, Layer } from "effect"
import type { Db, IndexSpecification } from "mongodb"
import { MongoClient } from "mongodb"
import { z } from "zod"
import { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { CLOCK_SKEW_MARGIN_MS } from "../../application/scheduler/catchUpFromCheckpoint.ts"
import { parseDatabaseUrl } from "./DatabaseUrl.ts"
import {
  attempt,
  INDEX_KEY_SPECS_CONFLICT,
  INDEX_OPTIONS_CONFLICT,
  NAMESPACE_EXISTS,
  serverErrorCode,
  toStoreUnavailable
} from "./mongoErrors.ts"

export interface MongoDatabaseOptions {
  /** DATABASE_URL: `mongodb[+srv]://[user:password@]host[:port]/<database>[?options]` */
  readonly url: string
  /** connections in the pool; the scheduler uses 1 (one persistent connection, docs/architecture.md#the-stores). Default 1. */
  readonly maxPoolSize?: number
  /** how long an operation waits for a reachable server before StoreUnavailable. Default 10 000. */
  readonly serverSelectionTimeoutMs?: number
  /**
   * How long an operation waits for its answer, or for a pooled connection, before
   * StoreUnavailable. Default 30 000. The driver's own default is to wait forever: one query
   * on a connection whose peer vanished without a reset would then hold the scheduler's only
   * connection, and every later query queued behind it, for good.
   */
  readonly operationTimeoutMs?: number
  /** create the collections and indexes at start (default true) */
  readonly ensureSchema?: boolean
}

/** What the adapters get: the client, its database, and what the server guarantees. */
export interface MongoConnection {
  readonly client: MongoClient
  readonly db: Db
}

interface IndexDef {
  readonly name: string
  readonly key: Readonly<Record<string, 1 | -1>>
  readonly unique?: boolean
}

/**
 * The collections and indexes ("schema migrations are managed by the data layer"). Only
 * plain and unique indexes: FerretDB v1 has no partial or TTL indexes.
 */
export const MONGO_SCHEMA: Readonly<
  Record<
    | "events"
    | "messages"
    | "campaigns"
    | "sessions"
    | "users"
    | "authSessions"
    | "passwordResets"
    | "apiKeys"
    | "idempotencyKeys"
    | "idempotencyReplacements"
    | "webhookEndpoints"
    | "webhookDeliveries"
    | "webhookCheckpoints"
    | "health"
    | "projectionCheckpoints"
    | "failureAlertCheckpoints"
    | "media.files"
    | "pollResults",
    ReadonlyArray<IndexDef>
  >
> = {
  events: [
    { name: "stream_1_version_1", key: { stream: 1, version: 1 }, unique: true },
    { name: "recordedAt_1", key: { recordedAt: 1 } }
  ],
  messages: [
    { name: "status_1_scheduledAt_1", key: { status: 1, scheduledAt: 1 } },
    { name: "status_1_pickedAt_1", key: { status: 1, pickedAt: 1 } },
    { name: "campaignId_1", key: { campaignId: 1 } },
    { name: "sessionId_1_status_1", key: { sessionId: 1, status: 1 } },
    // a user's upcoming messages (campaign.upcoming), in time order per session
    { name: "sessionId_1_status_1_scheduledAt_1", key: { sessionId: 1, status: 1, scheduledAt: 1 } },
    { name: "groupId_1_pickedAt_1", key: { groupId: 1, pickedAt: 1 } },
    { name: "sessionId_1_gatewayMessageKey_1", key: { sessionId: 1, gatewayMessageKey: 1 } },
    // the media sweep asks whether a message still needs an upload
    { name: "media.id_1", key: { "media.id": 1 } }
  ],
  campaigns: [
    { name: "userId_1", key: { userId: 1 } },
    { name: "sessionId_1", key: { sessionId: 1 } },
    // getMessagingSession reads a session's active campaigns only
    { name: "sessionId_1_status_1", key: { sessionId: 1, status: 1 } }
  ],
  sessions: [
    { name: "sessionName_1", key: { sessionName: 1 } },
    { name: "userId_1", key: { userId: 1 } }
  ],
  // email is not unique here: a sign-up is made exclusive by the `user-<email>` stream
  users: [
    { name: "email_1", key: { email: 1 } },
    { name: "status_1", key: { status: 1 } }
  ],
  authSessions: [{ name: "userId_1", key: { userId: 1 } }],
  // looked up by _id only; expired tokens are not swept by a TTL index (FerretDB v1 has none)
  passwordResets: [],
  // every bearer request looks its key up by digest; the account's page lists its keys
  apiKeys: [
    { name: "digest_1", key: { digest: 1 }, unique: true },
    { name: "userId_1_createdAt_1", key: { userId: 1, createdAt: 1 } }
  ],
  // Idempotency-Key records: claimed by inserting their _id (account and key); the sweep removes the expired
  idempotencyKeys: [{ name: "createdAt_1", key: { createdAt: 1 } }],
  // who removes an expired record (MongoIdempotencyStore): one document per removal, swept by `at`
  idempotencyReplacements: [{ name: "at_1", key: { at: 1 } }],
  // an account's endpoints, listed on its page
  webhookEndpoints: [{ name: "userId_1_createdAt_1", key: { userId: 1, createdAt: 1 } }],
  // the delivery worker takes due ones; an endpoint's page lists its latest (enqueued exclusively by _id)
  webhookDeliveries: [
    { name: "status_1_nextAttemptAt_1", key: { status: 1, nextAttemptAt: 1 } },
    { name: "endpointId_1_createdAt_1", key: { endpointId: 1, createdAt: 1 } }
  ],
  // where the webhook relay resumes (as failureAlertCheckpoints)
  webhookCheckpoints: [],
  // one document, rewritten in place by the readiness probe (looked up by _id only)
  health: [],
  // a few documents whose _id is a position; the highest is the checkpoint (sorted on _id)
  projectionCheckpoints: [],
  // the same for where the web process's failure-alert scan resumes
  failureAlertCheckpoints: [],
  // GridFS's files of MongoMediaStore (GridFS adds its own indexes on media.chunks at the first upload)
  "media.files": [
    { name: "metadata.mediaId_1", key: { "metadata.mediaId": 1 }, unique: true },
    { name: "metadata.ownerId_1", key: { "metadata.ownerId": 1 } },
    // the sweep's listing (MongoMediaStore.listUnusedSince)
    { name: "metadata.usedAt_1_metadata.mediaId_1", key: { "metadata.usedAt": 1, "metadata.mediaId": 1 } }
  ],
  // the votes on each poll message, one document per poll (looked up by _id only)
  pollResults: []
}

export interface SchemaReport {
  readonly createdCollections: ReadonlyArray<string>
  /** `<collection>.<index name>` */
  readonly createdIndexes: ReadonlyArray<string>
}

const sameKey = (a: unknown, b: Readonly<Record<string, number>>): boolean =>
  typeof a === "object" &&
  a !== null &&
  JSON.stringify(Object.entries(a).map(([k, v]) => [k, Number(v)])) === JSON.stringify(Object.entries(b))

/**
 * Creates what is missing and touches nothing that exists, so a second start is a no-op.
 * Several processes may start at once: "already exists" answers (NamespaceExists, an index
 * created meanwhile) count as success once the existing index is checked to be the same.
 */
export const ensureSchema = (db: Db): Effect.Effect<SchemaReport, StoreUnavailable> =>
  Effect.gen(function* () {
    const createdCollections: Array<string> = []
    const createdIndexes: Array<string> = []
    const existing = new Set(
      (yield* attempt(() => db.listCollections({}, { nameOnly: true }).toArray())).map((c) => c.name)
    )
    for (const [name, indexes] of Object.entries(MONGO_SCHEMA)) {
      if (!existing.has(name)) {
        if (yield* createCollection(db, name)) createdCollections.push(name)
      }
      const collection = db.collection(name)
      const present = () => attempt(() => collection.listIndexes().toArray())
      const check = (def: IndexDef, list: ReadonlyArray<{ name?: unknown; key?: unknown; unique?: unknown }>) => {
        const same = list.find((i) => sameKey(i.key, def.key))
        if (!same) return "missing" as const
        if (Boolean(same.unique) !== Boolean(def.unique)) {
          return new StoreUnavailable({
            message: `index ${name}.${String(same.name)} on ${JSON.stringify(def.key)} exists ${same.unique ? "with" : "without"} a unique constraint; drop it so that it can be created ${def.unique ? "unique" : "non-unique"}`
          })
        }
        return "present" as const
      }
      let current = yield* present()
      for (const def of indexes) {
        const state = check(def, current)
        if (state instanceof StoreUnavailable) return yield* state
        if (state === "present") continue
        const options = def.unique ? { name: def.name, unique: true } : { name: def.name }
        const outcome = yield* Effect.tryPromise({
          try: () => collection.createIndex(def.key as IndexSpecification, options),
          catch: (error) => error
        }).pipe(
          Effect.as("created" as const),
          Effect.catch((error) => {
            const code = serverErrorCode(error)
            // Another process created it meanwhile (maybe under another name): check it below.
            return code === INDEX_OPTIONS_CONFLICT || code === INDEX_KEY_SPECS_CONFLICT
              ? Effect.succeed("raced" as const)
              : Effect.fail(toStoreUnavailable(error))
          })
        )
        current = yield* present()
        const after = check(def, current)
        if (after instanceof StoreUnavailable) return yield* after
        if (after === "missing") {
          return yield* new StoreUnavailable({
            message: `index ${name}.${def.name} could not be created: an index of that name exists with other keys; drop it`
          })
        }
        if (outcome === "created") createdIndexes.push(`${name}.${def.name}`)
      }
    }
    return { createdCollections, createdIndexes }
  })

const createCollection = (db: Db, name: string): Effect.Effect<boolean, StoreUnavailable> =>
  Effect.tryPromise({ try: () => db.createCollection(name), catch: (error) => error }).pipe(
    Effect.as(true),
    // created meanwhile by another process starting at the same time
    Effect.catch((error) =>
      serverErrorCode(error) === NAMESPACE_EXISTS ? Effect.succeed(false) : Effect.fail(toStoreUnavailable(error))
    )
  )

export const DEFAULT_OPERATION_TIMEOUT_MS = 30_000

/** Beyond this a host's clock is reported at start (see checkClock). */
export const CLOCK_WARNING_MS = 60_000

const Hello = z.object({ localTime: z.date() })

/**
 * Events carry their writer's clock, and due times are read on the scheduler's: processes on
 * several hosts rely on clocks within a minute of each other (the catch-up looks five minutes
 * behind for late writers). A host whose clock is further from the database server's is said
 * so at start, once; a server that does not tell its time (or an error) says nothing.
 */
const checkClock = (db: Db): Effect.Effect<void> =>
  Effect.gen(function* () {
    const before = yield* Clock.currentTimeMillis
    const hello = yield* Effect.tryPromise(() => db.command({ hello: 1 })).pipe(Effect.option)
    const after = yield* Clock.currentTimeMillis
    if (hello._tag === "None") return
    const parsed = Hello.safeParse(hello.value)
    if (!parsed.success) return
    const skew = Math.round((before + after) / 2 - parsed.data.localTime.getTime())
    if (Math.abs(skew) <= CLOCK_WARNING_MS) return
    yield* Effect.logWarning(
      `This host's clock is ${Math.round(Math.abs(skew) / 1000)} s ${skew > 0 ? "ahead of" : "behind"} the database server's: ` +
        `due times and the catch-up's ${CLOCK_SKEW_MARGIN_MS / 60_000}-minute margin for late writers need clocks within a minute of each other; synchronise them (NTP)`
    )
  })

/** Connects (and creates the schema); the client is closed when the scope closes. */
export const connectMongo = (
  options: MongoDatabaseOptions
): Effect.Effect<MongoConnection, StoreUnavailable, Scope.Scope> =>
  Effect.gen(function* () {
    const parsed = parseDatabaseUrl(options.url)
    if (!parsed.ok) {
      return yield* new StoreUnavailable({ message: `DATABASE_URL is not valid: ${parsed.problems.join("; ")}` })
    }
    const operationTimeoutMs = options.operationTimeoutMs ?? DEFAULT_OPERATION_TIMEOUT_MS
    const client = yield* Effect.acquireRelease(
      Effect.try({
        try: () =>
          new MongoClient(parsed.url, {
            maxPoolSize: options.maxPoolSize ?? 1,
            serverSelectionTimeoutMS: options.serverSelectionTimeoutMs ?? 10_000,
            // A timed-out operation fails and its connection is discarded, so the next one
            // gets a fresh connection instead of queueing behind a dead one.
            socketTimeoutMS: operationTimeoutMs,
            waitQueueTimeoutMS: operationTimeoutMs,
            // Also bounds the monitor's heartbeat (plus its interval): a silent server is
            // noticed within about 20 s, not 40.
            connectTimeoutMS: Math.min(operationTimeoutMs, 10_000),
            // A field set to undefined is left out (read back as absent, as from the memory
            // store's objects), instead of being stored as null.
            ignoreUndefined: true
          }),
        catch: toStoreUnavailable
      }),
      (client) => Effect.promise(() => client.close().catch(() => undefined))
    )
    yield* attempt(() => client.connect())
    const db = client.db(parsed.database)
    yield* checkClock(db)
    if (options.ensureSchema ?? true) yield* ensureSchema(db)
    return { client, db }
  })

/** One MongoDB client and its database: one "process" of the store. */
export class MongoDatabase extends Context.Service<MongoDatabase, MongoConnection>()(
  "herald/infrastructure/mongo/MongoDatabase"
) {
  static readonly layer = (options: MongoDatabaseOptions): Layer.Layer<MongoDatabase, StoreUnavailable> =>
    Layer.effect(MongoDatabase, connectMongo(options))
}
