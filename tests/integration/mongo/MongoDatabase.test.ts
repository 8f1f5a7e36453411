import { Effect, Exit, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { MongoClient } from "mongodb"
import { afterAll, afterEach, describe, expect, it, vi } from "vitest"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import type { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import type { MongoDatabaseOptions } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import {
  connectMongo,
  ensureSchema,
  MONGO_SCHEMA,
  MongoDatabase
} from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { ferretDbAvailable, startFerretDb } from "../../support/ferretdb.ts"
import {
  dropTestDatabases,
  freshDatabaseUrl,
  MONGO_SKIP_REASON,
  mongoTestUrl,
  withDatabase
} from "../../support/mongo.ts"
import { closedPort } from "../../support/net.ts"

const url = mongoTestUrl()

type AnyDoc = { _id: string; [field: string]: unknown }

const store = (databaseUrl: string, options: Partial<MongoDatabaseOptions> = {}) =>
  MongoStore.layer.pipe(
    Layer.provideMerge(MongoDatabase.layer({ url: databaseUrl, serverSelectionTimeoutMs: 5_000, ...options }))
  )

const run = <A, E>(effect: Effect.Effect<A, E, never>): Promise<A> => Effect.runPromise(effect)

/** The StoreUnavailable an effect fails with. */
const unavailable = async <A, E>(effect: Effect.Effect<A, E, never>): Promise<StoreUnavailable> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) throw new Error("expected StoreUnavailable, got a success")
  const error = exit.cause.reasons.find((r) => r._tag === "Fail")
  expect(error).toBeDefined()
  const failure = (error as { error: unknown }).error
  expect(failure).toMatchObject({ _tag: "StoreUnavailable" })
  return failure as StoreUnavailable
}

/** A plain driver client on the same database, to look at what the adapters wrote. */
const raw = async <A>(databaseUrl: string, f: (client: MongoClient, dbName: string) => Promise<A>): Promise<A> => {
  const client = new MongoClient(databaseUrl, { serverSelectionTimeoutMS: 5_000 })
  try {
    return await f(client, client.db().databaseName)
  } finally {
    await client.close()
  }
}

const indexSummary = (databaseUrl: string) =>
  raw(databaseUrl, async (client) => {
    const db = client.db()
    const out: Record<string, Array<string>> = {}
    for (const name of Object.keys(MONGO_SCHEMA).sort()) {
      const indexes = await db.collection(name).listIndexes().toArray()
      out[name] = indexes.map((i) => `${JSON.stringify(i.key)}${i.unique ? " unique" : ""}`).sort()
    }
    return out
  })

describe.skipIf(url === null)(url === null ? `MongoDatabase: ${MONGO_SKIP_REASON}` : "MongoDatabase", () => {
  afterAll(dropTestDatabases)
  afterEach(() => {
    vi.restoreAllMocks()
  })

  it("creates the database, its collections and indexes on first start; a second start is a no-op", async () => {
    const databaseUrl = freshDatabaseUrl("schema")
    const dbName = await raw(databaseUrl, async (_, name) => name)
    const before = await raw(databaseUrl, (client) => client.db().admin().listDatabases({ nameOnly: true }))
    expect(before.databases.map((d) => d.name)).not.toContain(dbName)

    const first = await run(
      Effect.scoped(
        Effect.flatMap(connectMongo({ url: databaseUrl, ensureSchema: false }), ({ db }) => ensureSchema(db))
      )
    )
    expect([...first.createdCollections].sort()).toEqual([
      "apiKeys",
      "authSessions",
      "campaigns",
      "events",
      "failureAlertCheckpoints",
      "health",
      "idempotencyKeys",
      "idempotencyReplacements",
      "media.files",
      "messages",
      "passwordResets",
      "pollResults",
      "projectionCheckpoints",
      "sessions",
      "users",
      "webhookCheckpoints",
      "webhookDeliveries",
      "webhookEndpoints"
    ])
    expect(first.createdIndexes).toHaveLength(Object.values(MONGO_SCHEMA).flat().length)

    const summary = await indexSummary(databaseUrl)
    expect(summary).toEqual({
      apiKeys: ['{"_id":1}', '{"digest":1} unique', '{"userId":1,"createdAt":1}'],
      authSessions: ['{"_id":1}', '{"userId":1}'],
      campaigns: ['{"_id":1}', '{"sessionId":1,"status":1}', '{"sessionId":1}', '{"userId":1}'],
      events: ['{"_id":1}', '{"recordedAt":1}', '{"stream":1,"version":1} unique'],
      failureAlertCheckpoints: ['{"_id":1}'],
      health: ['{"_id":1}'],
      idempotencyKeys: ['{"_id":1}', '{"createdAt":1}'],
      idempotencyReplacements: ['{"_id":1}', '{"at":1}'],
      "media.files": [
        '{"_id":1}',
        '{"metadata.mediaId":1} unique',
        '{"metadata.ownerId":1}',
        '{"metadata.usedAt":1,"metadata.mediaId":1}'
      ],
      messages: [
        '{"_id":1}',
        '{"campaignId":1}',
        '{"groupId":1,"pickedAt":1}',
        '{"media.id":1}',
        '{"sessionId":1,"gatewayMessageKey":1}',
        '{"sessionId":1,"status":1,"scheduledAt":1}',
        '{"sessionId":1,"status":1}',
        '{"status":1,"pickedAt":1}',
        '{"status":1,"scheduledAt":1}'
      ],
      passwordResets: ['{"_id":1}'],
      pollResults: ['{"_id":1}'],
      projectionCheckpoints: ['{"_id":1}'],
      sessions: ['{"_id":1}', '{"sessionName":1}', '{"userId":1}'],
      users: ['{"_id":1}', '{"email":1}', '{"status":1}'],
      webhookCheckpoints: ['{"_id":1}'],
      webhookDeliveries: ['{"_id":1}', '{"endpointId":1,"createdAt":1}', '{"status":1,"nextAttemptAt":1}'],
      webhookEndpoints: ['{"_id":1}', '{"userId":1,"createdAt":1}']
    })
    const after = await raw(databaseUrl, (client) => client.db().admin().listDatabases({ nameOnly: true }))
    expect(after.databases.map((d) => d.name)).toContain(dbName)

    // second start, through the layer as the scheduler does it, then the report of a third
    await run(Effect.scoped(Layer.build(store(databaseUrl))))
    const third = await run(
      Effect.scoped(
        Effect.flatMap(connectMongo({ url: databaseUrl, ensureSchema: false }), ({ db }) => ensureSchema(db))
      )
    )
    expect(third).toEqual({ createdCollections: [], createdIndexes: [] })
    expect(await indexSummary(databaseUrl)).toEqual(summary)
  })

  it("several processes starting at once on an empty database all succeed, and every index exists once", async () => {
    const databaseUrl = freshDatabaseUrl("race")
    await run(
      Effect.forEach(Array.from({ length: 6 }), () => Effect.scoped(Layer.build(store(databaseUrl))), {
        concurrency: "unbounded"
      })
    )
    const summary = await indexSummary(databaseUrl)
    expect(summary.events).toEqual(['{"_id":1}', '{"recordedAt":1}', '{"stream":1,"version":1} unique'])
    expect(summary.messages ?? []).toHaveLength(9)
  })

  it("accepts an existing index with the same keys under another name, and refuses one that lacks the unique constraint", async () => {
    const sameKeys = freshDatabaseUrl("idxname")
    await raw(sameKeys, (client) =>
      client.db().collection("messages").createIndex({ campaignId: 1 }, { name: "by_campaign" })
    )
    await run(Effect.scoped(Layer.build(store(sameKeys))))
    expect(((await indexSummary(sameKeys)).messages ?? []).filter((i) => i.startsWith('{"campaignId"'))).toHaveLength(1)

    const notUnique = freshDatabaseUrl("idxuniq")
    await raw(notUnique, (client) =>
      client.db().collection("events").createIndex({ stream: 1, version: 1 }, { name: "sv" })
    )
    const error = await unavailable(Effect.scoped(Layer.build(store(notUnique))))
    expect(error.message).toMatch(/events\.sv .*unique/)
  })

  it("uses one connection by default (the scheduler holds 1 persistent connection)", async () => {
    const maxPoolSize = await run(
      Effect.scoped(
        Effect.map(connectMongo({ url: freshDatabaseUrl("pool") }), ({ client }) => client.options.maxPoolSize)
      )
    )
    expect(maxPoolSize).toBe(1)
  })

  it("a host whose clock is more than a minute off the server's is warned at start; one within a minute is not", async () => {
    const warningsAt = async (offsetMs: number) => {
      const lines: Array<string> = []
      const logger = Logger.make(({ message, logLevel }) => {
        if (logLevel === "Warn") lines.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
      })
      await run(
        Effect.gen(function* () {
          yield* TestClock.setTime(Date.now() + offsetMs)
          yield* Effect.scoped(connectMongo({ url: freshDatabaseUrl("clock") }))
        }).pipe(Effect.provide(Layer.merge(TestClock.layer(), Logger.layer([logger]))))
      )
      return lines
    }
    expect(await warningsAt(10 * 60_000)).toEqual([
      expect.stringMatching(/^This host's clock is 6\d\d s ahead of the database server's: .*NTP/)
    ])
    expect(await warningsAt(-3 * 60_000)).toEqual([
      expect.stringMatching(/^This host's clock is 1[78]\d s behind the database server's/)
    ])
    expect(await warningsAt(0)).toEqual([])
  })

  it("an unreachable server is StoreUnavailable with the driver's reason and no credentials", async () => {
    const port = await closedPort()
    const error = await unavailable(
      Effect.scoped(
        Layer.build(store(`mongodb://herald:s3cret-Pa55@127.0.0.1:${port}/herald`, { serverSelectionTimeoutMs: 300 }))
      )
    )
    expect(error.message).toContain(`connect ECONNREFUSED 127.0.0.1:${port}`)
    expect(error.message).not.toContain("s3cret")
    expect(error.message).not.toContain("herald:")
  })

  it("an invalid DATABASE_URL is StoreUnavailable listing the problems, without the password", async () => {
    const error = await unavailable(Effect.scoped(Layer.build(store("mongodb://herald:p@ss-W0rd@localhost/herald"))))
    expect(error.message).toMatch(/password contains '@': URL-encode it as %40/)
    expect(error.message).not.toContain("ss-W0rd")
  })

  describe("event log documents", () => {
    it("an unfinished append (its later events missing) is never read, and blocks its versions until finished", async () => {
      const databaseUrl = freshDatabaseUrl("partial")
      const layer = store(databaseUrl)
      await run(EventStore.use((s) => s.append("campaign-c1", 0, [{ type: "Created" }])).pipe(Effect.provide(layer)))
      const head = { stream: "campaign-c1", type: "Half-1", data: { type: "Half-1" }, recordedAt: 1 }
      await raw(databaseUrl, (client) =>
        client
          .db()
          .collection<AnyDoc>("events")
          .insertOne({
            _id: "campaign-c1:2",
            ...head,
            version: 2,
            appendId: "other-writer",
            firstVersion: 2,
            lastVersion: 3
          })
      )
      const read = () => run(EventStore.use((s) => s.read("campaign-c1")).pipe(Effect.provide(layer)))
      expect((await read()).map((e) => e.type)).toEqual(["Created"])
      const exit = await Effect.runPromiseExit(
        EventStore.use((s) => s.append("campaign-c1", 1, [{ type: "Mine" }])).pipe(Effect.provide(layer))
      )
      expect(String(exit)).toContain("ConcurrencyConflict")
      await raw(databaseUrl, (client) =>
        client
          .db()
          .collection<AnyDoc>("events")
          .insertOne({
            _id: "campaign-c1:3",
            ...head,
            type: "Half-2",
            data: { type: "Half-2" },
            version: 3,
            appendId: "other-writer",
            firstVersion: 2,
            lastVersion: 3
          })
      )
      expect((await read()).map((e) => e.type)).toEqual(["Created", "Half-1", "Half-2"])
    })

    it("a duplicate of its own event (a driver retry) is not a conflict: the rest of the append is written", async () => {
      const databaseUrl = freshDatabaseUrl("retry")
      const layer = store(databaseUrl)
      await run(EventStore.use((s) => s.append("message-m1", 0, [{ type: "Scheduled" }])).pipe(Effect.provide(layer)))
      const appendId = "00000000-0000-4000-8000-000000000001"
      vi.spyOn(globalThis.crypto, "randomUUID").mockReturnValue(appendId)
      // as if a first attempt of this very append had inserted v2 before the connection broke
      await raw(databaseUrl, (client) =>
        client
          .db()
          .collection<AnyDoc>("events")
          .insertOne({
            _id: "message-m1:2",
            stream: "message-m1",
            version: 2,
            type: "Picked",
            data: { type: "Picked" },
            recordedAt: 0,
            appendId,
            firstVersion: 2,
            lastVersion: 3
          })
      )
      const version = await run(
        EventStore.use((s) => s.append("message-m1", 1, [{ type: "Picked" }, { type: "Sent" }])).pipe(
          Effect.provide(layer)
        )
      )
      expect(version).toBe(3)
      const read = await run(EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(layer)))
      expect(read.map((e) => e.type)).toEqual(["Scheduled", "Picked", "Sent"])
    })

    it("stores the documents as described: _id <stream>:<version>, times in ms", async () => {
      const databaseUrl = freshDatabaseUrl("docs")
      await run(
        EventStore.use((s) => s.append("session-s1", 0, [{ type: "SessionInitiated" }])).pipe(
          Effect.provide(store(databaseUrl))
        )
      )
      const doc = await raw(databaseUrl, (client) =>
        client.db().collection<AnyDoc>("events").findOne({ _id: "session-s1:1" })
      )
      expect(doc).toMatchObject({
        _id: "session-s1:1",
        stream: "session-s1",
        version: 1,
        type: "SessionInitiated",
        data: { type: "SessionInitiated" },
        firstVersion: 1,
        lastVersion: 1
      })
      expect(typeof doc?.recordedAt).toBe("number")
    })
  })

  it("view saves keep the newest version whatever order they come in", async () => {
    const databaseUrl = freshDatabaseUrl("newest")
    await run(
      Effect.forEach(
        [1, 3, 2],
        (version) =>
          SessionRepository.use((r) =>
            r.save({
              id: "s1",
              userId: "u1",
              sessionName: "alice",
              phoneNumber: "",
              active: true,
              gatewayStatus: null,
              gatewayStatusAt: null,
              minGapSeconds: 0,
              jitterSeconds: 0,
              limitedSince: null,
              limitedUntil: null,
              limitedUntilKnown: false,
              typingBeforeSend: false,
              createdAt: 1,
              updatedAt: version,
              version
            })
          ),
        { discard: true }
      ).pipe(Effect.provide(store(databaseUrl)))
    )
    const doc = await raw(databaseUrl, (client) => client.db().collection<AnyDoc>("sessions").findOne({ _id: "s1" }))
    expect(doc).toMatchObject({ _id: "s1", version: 3, updatedAt: 3 })
  })

  it("a document that does not decode is StoreUnavailable naming the collection and _id, never skipped", async () => {
    const databaseUrl = freshDatabaseUrl("corrupt")
    const layer = store(databaseUrl)
    await run(Effect.scoped(Layer.build(layer)))
    await raw(databaseUrl, (client) =>
      client.db().collection<AnyDoc>("messages").insertOne({ _id: "m-bad", status: "BOGUS", scheduledAt: "tomorrow" })
    )
    const error = await unavailable(MessageRepository.use((r) => r.get("m-bad")).pipe(Effect.provide(layer)))
    expect(error.message).toMatch(/corrupt document in messages \(_id m-bad\)/)
    expect(error.message).toMatch(/status/)
    // a query that meets one (here: a scheduled message without its other fields) fails whole
    await raw(databaseUrl, (client) =>
      client.db().collection<AnyDoc>("messages").insertOne({ _id: "m-half", status: "SCHEDULED", scheduledAt: 5 })
    )
    const listed = await unavailable(
      MessageRepository.use((r) => r.findScheduledBefore(10, 10)).pipe(Effect.provide(layer))
    )
    expect(listed.message).toMatch(/corrupt document in messages \(_id m-half\): campaignId/)
  })

  it.skipIf(!ferretDbAvailable())(
    "database down after start: StoreUnavailable, then the same client recovers when it is back",
    async () => {
      const ferret = await startFerretDb()
      const dataDir = ferret.dataDir
      let restarted: Awaited<ReturnType<typeof startFerretDb>> | null = null
      try {
        const databaseUrl = withDatabase(ferret.url, "outage")
        const program = Effect.gen(function* () {
          const sessions = yield* SessionRepository
          const view = {
            id: "s1",
            userId: "u1",
            sessionName: "alice",
            phoneNumber: "",
            active: true,
            gatewayStatus: null,
            gatewayStatusAt: null,
            minGapSeconds: 0,
            jitterSeconds: 0,
            limitedSince: null,
            limitedUntil: null,
            limitedUntilKnown: false,
            typingBeforeSend: false,
            createdAt: 1,
            updatedAt: 1,
            version: 1
          }
          yield* sessions.save(view)
          yield* Effect.promise(() => ferret.kill())
          const down = yield* Effect.flip(sessions.get("s1"))
          expect(down._tag).toBe("StoreUnavailable")
          expect(down.message).toMatch(/ECONNREFUSED|closed|connect/i)
          restarted = yield* Effect.promise(() => startFerretDb({ port: ferret.port, dataDir }))
          expect(yield* sessions.findByName("alice")).toEqual(view)
        })
        await run(program.pipe(Effect.provide(store(databaseUrl, { serverSelectionTimeoutMs: 1_000 }))))
      } finally {
        await (restarted as { stop(): Promise<void> } | null)?.stop()
        await ferret.stop()
      }
    }
  )
})
