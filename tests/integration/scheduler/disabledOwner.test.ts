import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import type { ProjectionStores } from "../../../src/application/eventSourcing/Aggregates.ts"
import { UserAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import type { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import type { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { failureExplained } from "../../../src/domain/message/failureKind.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * Issue 22 item 10: while its owner's account is disabled, none of its messages is sent; each due
 * one is recorded FAILED with its own reason, and its campaign FAILED; enabled again, the next
 * ones go out. On every store, as the dispatch runs in production (claim, then the owner's check).
 */
const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const OWNER = "user-1"
const EMAIL = "owner@example.com"

let fake: FakeWaha
const folders: Array<string> = []
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
  await dropTestDatabases()
})
beforeEach(() => fake.reset())

const decide = (type: "Disable" | "Enable", now: number) => execute(UserAggregate)(EMAIL, { type, now })

const describeOn = <E>(
  name: string,
  store: () => Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, E>
) =>
  describe(`a disabled owner's messages (${name})`, () => {
    it.effect(
      "a due message of a disabled owner is not sent, but recorded failed with the reason; enabled again, a new one is sent",
      () =>
        Effect.gen(function* () {
          yield* TestClock.setTime(PLANNED_AT)
          yield* execute(UserAggregate)(EMAIL, {
            type: "Register",
            userId: OWNER,
            email: EMAIL,
            name: "Owner",
            passwordHash: "scrypt$x",
            role: "USER",
            status: "ACTIVE",
            emailVerified: true,
            verification: null,
            timeZone: null,
            locale: null,
            now: PLANNED_AT
          })
          const first = yield* seedCampaign({ messages: [{ content: "while disabled", scheduledAt: T }] })
          yield* decide("Disable", PLANNED_AT + 1)
          yield* TestClock.setTime(T)
          expect(yield* dispatchAndDrain).toBe(1)
          expect(fake.sent).toEqual([])
          const message = yield* (yield* MessageRepository).get(first.messageIds[0]!)
          expect(message).toMatchObject({ status: "FAILED", isPicked: true, isSent: false })
          expect(message?.failureReason).toBe("not sent: this account was disabled by the administrator")
          const campaign = yield* (yield* CampaignRepository).get(first.campaignId)
          expect(campaign?.status).toBe("FAILED")
          const words = failureExplained(campaign?.failureReason)
          expect(words.kind).toBe("disabled")
          expect(words.sentence).toBe("The message was not sent: this account was disabled by the administrator.")
          // picked once: a later pass does not try it again
          expect(yield* dispatchAndDrain).toBe(0)

          // enabled again within the seconds a read of the owner serves (the lead): not refused on that read
          yield* decide("Enable", T + 1)
          const second = yield* seedCampaign({
            sessionId: first.sessionId,
            messages: [{ content: "enabled again", scheduledAt: T + 2_000 }]
          })
          yield* TestClock.setTime(T + 2_000)
          expect(yield* dispatchAndDrain).toBe(1)
          expect(fake.sent.map((s) => s.text)).toEqual(["enabled again"])
          expect((yield* (yield* MessageRepository).get(second.messageIds[0]!))?.status).toBe("SENT")
        }).pipe(Effect.provide(schedulerClient(store(), fake.url).pipe(Layer.provideMerge(captureLogs().layer))))
    )
  })

describeOn("memory", () => MemoryStore.layer(makeMemoryDatabase()))

describeOn("sqlite", () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-disabled-"))
  folders.push(folder)
  return SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: join(folder, "herald.db") })))
})

const mongoUrl = mongoTestUrl()
describe.skipIf(mongoUrl === null)(mongoUrl === null ? `Mongo: ${MONGO_SKIP_REASON}` : "Mongo", () => {
  describeOn("mongo", () =>
    MongoStore.layer.pipe(
      Layer.provideMerge(MongoDatabase.layer({ url: freshDatabaseUrl("disabled"), maxPoolSize: 1 }))
    )
  )
})
