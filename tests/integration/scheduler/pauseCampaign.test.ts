import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { cancelCampaign } from "../../../src/application/campaign/cancelCampaign.ts"
import { pauseCampaign } from "../../../src/application/campaign/pauseCampaign.ts"
import { resumeCampaign } from "../../../src/application/campaign/resumeCampaign.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { recordMissedMessages } from "../../../src/application/scheduler/recordMissedMessages.ts"
import { recoverExpiredClaims } from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const MINUTE = 60_000
const mongoUrl = mongoTestUrl()

let fake: FakeWaha
const folders: Array<string> = []
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  if (mongoUrl !== null) await dropTestDatabases()
})
beforeEach(() => fake.reset())

const stores = {
  sqlite: () => {
    const folder = mkdtempSync(join(tmpdir(), "herald-pause-"))
    folders.push(folder)
    return SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: join(folder, "herald.db") })))
  },
  mongo: () =>
    MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url: freshDatabaseUrl("pause"), maxPoolSize: 1 })))
}

/** One scheduler cycle as runScheduler runs it: expired claims, missed messages, then what is due. */
const cycle = Effect.gen(function* () {
  yield* recoverExpiredClaims()
  const missed = yield* recordMissedMessages()
  const sent = yield* dispatchAndDrain
  return { missed, sent }
})

const statuses = (campaignId: string) =>
  MessageRepository.use((r) => r.listByCampaign(campaignId)).pipe(
    Effect.map((views) => views.map((v) => [v.content, v.status]))
  )
const campaignStatus = (campaignId: string) =>
  CampaignRepository.use((r) => r.get(campaignId)).pipe(Effect.map((v) => v?.status))

describe.each(["sqlite", "mongo"] as const)("pausing and resuming a campaign under the scheduler (%s)", (kind) => {
  it.effect.skipIf(kind === "mongo" && mongoUrl === null)(
    `paused: nothing sent, nothing missed, not failed; resumed: what fell due is skipped, the rest goes at its time ${kind === "mongo" && mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
    () => {
      const logs = captureLogs()
      const layer = schedulerClient(stores[kind](), fake.url).pipe(Layer.provideMerge(logs.layer))
      return Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        const { campaignId } = yield* seedCampaign({
          messages: [
            { content: "at ten", scheduledAt: T },
            { content: "a minute later", scheduledAt: T + MINUTE },
            { content: "half an hour later", scheduledAt: T + 30 * MINUTE }
          ]
        })
        yield* TestClock.setTime(T - MINUTE)
        expect(yield* pauseCampaign("user-1", campaignId)).toEqual({ alreadyPicked: 0 })
        expect(yield* campaignStatus(campaignId)).toBe("PAUSED")

        // the first two fall due, and then out of the 2-minute window, while paused
        for (const at of [T, T + MINUTE, T + 2 * MINUTE, T + 5 * MINUTE, T + 10 * MINUTE]) {
          yield* TestClock.setTime(at)
          expect(yield* cycle).toEqual({ missed: 0, sent: 0 })
        }
        expect(fake.sent).toEqual([])
        expect(yield* statuses(campaignId)).toEqual([
          ["at ten", "PAUSED"],
          ["a minute later", "PAUSED"],
          ["half an hour later", "PAUSED"]
        ])
        expect(yield* campaignStatus(campaignId)).toBe("PAUSED")

        // resumed: never sends late
        expect(yield* resumeCampaign("user-1", campaignId)).toEqual({ resumed: 1, skipped: 2 })
        expect(yield* campaignStatus(campaignId)).toBe("SCHEDULED")
        expect(yield* cycle).toEqual({ missed: 0, sent: 0 })
        expect(fake.sent).toEqual([])

        // the one still ahead goes at its time, and the campaign completes without the skipped ones
        yield* TestClock.setTime(T + 30 * MINUTE)
        expect(yield* cycle).toEqual({ missed: 0, sent: 1 })
        expect(fake.sent.map((s) => s.text)).toEqual(["half an hour later"])
        expect(yield* statuses(campaignId)).toEqual([
          ["at ten", "SKIPPED"],
          ["a minute later", "SKIPPED"],
          ["half an hour later", "SENT"]
        ])
        expect(yield* campaignStatus(campaignId)).toBe("COMPLETED")
        expect(logs.lines.some((l) => l.text.includes("missed"))).toBe(false)
      }).pipe(Effect.provide(layer))
    },
    120_000
  )

  it.effect.skipIf(kind === "mongo" && mongoUrl === null)(
    "a pause racing the scheduler's claims: each message is either sent once or paused, never both, and nothing paused goes later",
    () => {
      const layer = schedulerClient(stores[kind](), fake.url).pipe(Layer.provideMerge(captureLogs().layer))
      return Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        const { campaignId } = yield* seedCampaign({
          messages: Array.from({ length: 12 }, (_, i) => ({ content: `due ${i}`, scheduledAt: T }))
        })
        yield* TestClock.setTime(T)
        const [, pause] = yield* Effect.all([dispatchAndDrain, pauseCampaign("user-1", campaignId)], {
          concurrency: "unbounded"
        })
        yield* Effect.all([dispatchAndDrain, cycle], { concurrency: 1 })
        const after = yield* statuses(campaignId)
        const sent = after.filter(([, status]) => status === "SENT").map(([content]) => content)
        const paused = after.filter(([, status]) => status === "PAUSED")
        expect(sent.length + paused.length).toBe(12)
        expect(fake.sent.map((s) => s.text).sort()).toEqual([...sent].sort())
        // what was claimed when the pause reached it is among the sent
        expect(pause.alreadyPicked).toBeLessThanOrEqual(sent.length)
        yield* TestClock.setTime(T + 5 * MINUTE)
        expect(yield* cycle).toEqual({ missed: 0, sent: 0 })
        expect(fake.sent).toHaveLength(sent.length)
      }).pipe(Effect.provide(layer))
    },
    120_000
  )

  it.effect.skipIf(kind === "mongo" && mongoUrl === null)(
    "a message claimed before the pause is sent; the pause says so; a cancel of the paused campaign stops the rest",
    () => {
      const layer = schedulerClient(stores[kind](), fake.url).pipe(Layer.provideMerge(captureLogs().layer))
      return Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        const { campaignId, messageIds } = yield* seedCampaign({
          messages: [
            { content: "claimed first", scheduledAt: T },
            { content: "held", scheduledAt: T + MINUTE }
          ]
        })
        yield* TestClock.setTime(T)
        // the scheduler claimed the first before the pause reached it (as a lane does just before sending)
        yield* execute(MessageAggregate)(messageIds[0]!, { type: "Pick", selectedAt: T, now: T, by: "another" })
        expect(yield* pauseCampaign("user-1", campaignId)).toEqual({ alreadyPicked: 1 })
        yield* TestClock.setTime(T + MINUTE)
        expect(yield* cycle).toEqual({ missed: 0, sent: 0 })
        expect(yield* statuses(campaignId)).toEqual([
          ["claimed first", "PICKED"],
          ["held", "PAUSED"]
        ])
        // paused and cancelled: the held message is cancelled, nothing is sent
        yield* cancelCampaign("user-1", campaignId)
        expect(yield* campaignStatus(campaignId)).toBe("CANCELLED")
        expect((yield* statuses(campaignId))[1]).toEqual(["held", "CANCELLED"])
        expect(fake.sent).toEqual([])
      }).pipe(Effect.provide(layer))
    },
    120_000
  )
})
