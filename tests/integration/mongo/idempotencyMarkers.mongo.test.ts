import { Effect } from "effect"
import type { Db, TopologyDescription } from "mongodb"
import { MongoClient, MongoNetworkTimeoutError, MongoServerSelectionError } from "mongodb"
import { afterAll, describe, expect, it } from "vitest"
import { IDEMPOTENCY_LEASE_MS } from "../../../src/application/idempotency/runIdempotently.ts"
import type { IdempotencyRecord } from "../../../src/application/ports/IdempotencyStore.ts"
import { makeMongoIdempotencyStore } from "../../../src/infrastructure/mongo/MongoIdempotencyStore.ts"
import { attempt, toStoreUnavailable } from "../../../src/infrastructure/mongo/mongoErrors.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { closedPort } from "../../support/net.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const DAY = 86_400_000
const SLOT = "2:u1:k"
const record: IdempotencyRecord = {
  account: "u1",
  key: "k",
  fingerprint: "f",
  createdAt: T,
  runAt: T,
  aliveAt: T,
  state: "pending",
  answer: null
}
const seen = { runAt: T, aliveAt: T }

const mongoUrl = mongoTestUrl()
afterAll(dropTestDatabases)

/** Runs `f` with a client of a fresh database; closed after. */
const withDb = async <A>(f: (db: Db) => Promise<A>): Promise<A> => {
  const client = new MongoClient(freshDatabaseUrl("idem-marker"), { serverSelectionTimeoutMS: 5_000 })
  await client.connect()
  try {
    return await f(client.db())
  } finally {
    await client.close()
  }
}

/** `db` whose idempotencyKeys updates and deletes fail as a dropped connection would. */
const writesFail = (db: Db): Db =>
  new Proxy(db, {
    get(target, property, receiver) {
      if (property !== "collection") return Reflect.get(target, property, receiver)
      return (name: string) => {
        const collection = target.collection(name)
        if (name !== "idempotencyKeys") return collection
        return new Proxy(collection, {
          get(c, p, r) {
            if (p === "updateOne" || p === "deleteOne")
              return () => Promise.reject(new MongoNetworkTimeoutError("connection 1 to 127.0.0.1 timed out"))
            const value: unknown = Reflect.get(c, p, r)
            return typeof value === "function" ? value.bind(c) : value
          }
        })
      }
    }
  })

const run = <A, E>(effect: Effect.Effect<A, E>): Promise<A> => Effect.runPromise(Effect.orDie(effect))

describe.skipIf(mongoUrl === null)(
  `Mongo Idempotency-Key run markers ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    // the review's repro: a takeover that died between its marker and its update
    it("a stale marker (its takeover died before its update) no longer blocks a takeover; a fresh one does", () =>
      withDb(async (db) => {
        const store = makeMongoIdempotencyStore(db)
        expect(await run(store.claim(record, T - DAY))).toEqual({ _tag: "Claimed" })
        const markers = db.collection<{ _id: string; at: number }>("idempotencyReplacements")
        await markers.insertOne({ _id: `${SLOT}@${T}#${T}`, at: T + 70_000 })
        // within the lease of that takeover: it may still be updating, so it holds the run
        expect(await run(store.takeOver("u1", "k", T, seen, T + 70_000 + IDEMPOTENCY_LEASE_MS - 1))).toBe(false)
        // past it: taken over, once
        const now = T + 70_000 + IDEMPOTENCY_LEASE_MS
        expect(await run(store.takeOver("u1", "k", T, seen, now))).toBe(true)
        expect(await run(store.takeOver("u1", "k", T, seen, now + 1))).toBe(false)
        expect(await run(store.claim({ ...record, createdAt: now + 5 }, T - DAY))).toMatchObject({
          _tag: "Held",
          record: { state: "pending", runAt: now, aliveAt: now }
        })
      }))

    it("a stale marker of a release that died before its delete no longer blocks a takeover", () =>
      withDb(async (db) => {
        const store = makeMongoIdempotencyStore(db)
        await run(store.claim(record, T - DAY))
        await db
          .collection<{ _id: string; at: number }>("idempotencyReplacements")
          .insertOne({ _id: `${SLOT}@${T}#${T}`, at: T + 1_000 })
        // a second stale marker after it (a takeover of the first stale one that died too)
        await db
          .collection<{ _id: string; at: number }>("idempotencyReplacements")
          .insertOne({ _id: `${SLOT}@${T}#${T}~${T + 1_000}`, at: T + 2_000 })
        expect(await run(store.takeOver("u1", "k", T, seen, T + 2_000 + IDEMPOTENCY_LEASE_MS))).toBe(true)
      }))

    it("concurrent takeovers past a stale marker, from separate clients: exactly one wins", async () => {
      const url = freshDatabaseUrl("idem-marker")
      const clients = await Promise.all(
        Array.from({ length: 6 }, () => new MongoClient(url, { serverSelectionTimeoutMS: 5_000 }).connect())
      )
      try {
        const stores = clients.map((c) => makeMongoIdempotencyStore(c.db()))
        for (const key of ["k1", "k2", "k3"]) {
          await run(stores[0]!.claim({ ...record, key }, T - DAY))
          await clients[0]!
            .db()
            .collection<{ _id: string; at: number }>("idempotencyReplacements")
            .insertOne({ _id: `2:u1:${key}@${T}#${T}`, at: T + 1_000 })
          const taken = await Promise.all(
            stores.map((s, i) => run(s.takeOver("u1", key, T, seen, T + 1_000 + IDEMPOTENCY_LEASE_MS + i)))
          )
          expect(
            taken.filter((t) => t),
            key
          ).toHaveLength(1)
        }
      } finally {
        await Promise.all(clients.map((c) => c.close()))
      }
    })

    it("a takeover or release whose write fails removes its marker: the run can be taken over at once after", () =>
      withDb(async (db) => {
        const store = makeMongoIdempotencyStore(db)
        const failing = makeMongoIdempotencyStore(writesFail(db))
        await run(store.claim(record, T - DAY))
        const failedTakeover = await Effect.runPromise(Effect.flip(failing.takeOver("u1", "k", T, seen, T + 70_000)))
        expect(failedTakeover).toMatchObject({ _tag: "StoreUnavailable" })
        const failedRelease = await Effect.runPromise(Effect.flip(failing.release("u1", "k", T, T + 70_001)))
        expect(failedRelease).toMatchObject({ _tag: "StoreUnavailable" })
        expect(await db.collection("idempotencyReplacements").countDocuments()).toBe(0)
        // the next retry, well within the lease of those failed attempts, takes it over
        expect(await run(store.takeOver("u1", "k", T, seen, T + 70_002))).toBe(true)
      }))
  }
)

describe("Mongo driver failures: which wrote nothing (singleWrite frees its Idempotency-Key only then)", () => {
  it("a server that cannot be reached: the command was never sent", async () => {
    const port = await closedPort()
    const client = new MongoClient(`mongodb://127.0.0.1:${port}/herald`, { serverSelectionTimeoutMS: 300 })
    try {
      const error = await Effect.runPromise(
        Effect.flip(attempt(() => client.db().collection("apiKeys").insertOne({ name: "k" })))
      )
      expect(error).toMatchObject({ _tag: "StoreUnavailable", notWritten: true })
    } finally {
      await client.close()
    }
  })

  it("a timeout after sending, or no server of a replica set (maybe a retry of a write sent): maybe written", () => {
    expect(toStoreUnavailable(new MongoNetworkTimeoutError("connection 3 timed out")).notWritten).toBeUndefined()
    const replicaSet: Pick<TopologyDescription, "type"> = { type: "ReplicaSetNoPrimary" }
    const selection = new MongoServerSelectionError("Server selection timed out", replicaSet as TopologyDescription)
    expect(toStoreUnavailable(selection).notWritten).toBeUndefined()
  })
})
