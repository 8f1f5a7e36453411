import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { raceSchedulers } from "./concurrentSchedulers.ts"

const mongoUrl = mongoTestUrl()

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  await dropTestDatabases()
})

describe.skipIf(mongoUrl === null)(
  `several schedulers on one MongoDB-protocol server ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    // FerretDB v1 scans its collection for every query but `{_id: x}` and for every update, so
    // this takes minutes there (500 messages took 5–9 of the 10 allowed when the machine was
    // busy; 200 still give every scheduler hundreds of contested claims); on MongoDB, seconds.
    it.effect(
      "4 schedulers with their own connection, 200 messages due at once across 20 sessions: each sent exactly once",
      () =>
        Effect.gen(function* () {
          const url = freshDatabaseUrl("race")
          const now = Date.parse("2026-03-01T10:00:00.000Z")
          // each call is a separate client with one connection, as a scheduler process has
          const makeClient = () =>
            MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url, maxPoolSize: 1 })))
          const { stillScheduled } = yield* raceSchedulers({
            fake,
            makeClient,
            schedulers: 4,
            sessions: 20,
            messages: 200,
            firstAt: now - 30_000,
            dispatchAt: now
          })
          const texts = fake.sent.map((s) => s.text)
          expect(texts).toHaveLength(200)
          expect(new Set(texts).size).toBe(200)
          expect(stillScheduled).toHaveLength(0)
        }),
      600_000
    )

    it.effect(
      "4 schedulers with their own connection, 60 Status posts due at once across 6 sessions: each posted exactly once",
      () =>
        Effect.gen(function* () {
          const url = freshDatabaseUrl("race-status")
          const now = Date.parse("2026-03-01T10:00:00.000Z")
          const makeClient = () =>
            MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url, maxPoolSize: 1 })))
          const { stillScheduled } = yield* raceSchedulers({
            fake,
            makeClient,
            schedulers: 4,
            sessions: 6,
            messages: 60,
            firstAt: now - 30_000,
            dispatchAt: now,
            toStatus: true
          })
          const texts = fake.statuses.map((s) => s.body["text"])
          expect(texts).toHaveLength(60)
          expect(new Set(texts).size).toBe(60)
          expect(stillScheduled).toHaveLength(0)
        }),
      600_000
    )
  }
)
