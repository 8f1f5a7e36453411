import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import type { Scope } from "effect"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { AuthSettings } from "../../../src/application/auth/AuthSettings.ts"
import type { ProjectionStores } from "../../../src/application/eventSourcing/Aggregates.ts"
import { SessionAggregate, UserAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import type { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import type { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { Notifier } from "../../../src/application/ports/Notifier.ts"
import type { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { recordMissedMessages } from "../../../src/application/scheduler/recordMissedMessages.ts"
import type { SchedulerSettingsShape } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { notifyLimitedSessions } from "../../../src/application/session/notifyLimitedSessions.ts"
import { failureExplained } from "../../../src/domain/message/failureKind.ts"
import { MISSED_WHILE_LIMITED } from "../../../src/domain/message/Message.ts"
import { LIMIT_HOLD_MS } from "../../../src/domain/session/MessagingSession.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * Issue 23 item 3: when WhatsApp limits a number (GOWS answers a send 500 "server returned error
 * 463"), the session is held: nothing of it is claimed, nothing FAILED while held, what falls out of
 * the 2-minute window is MISSED as always, the owner is told once, and the hold lifts by itself
 * (its time passed, or the gateway's time-lock gone). On every store, as the dispatch runs.
 */
const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const HOUR = 3_600_000
const MINUTE = 60_000
const OWNER = "user-1"
const EMAIL = "owner@example.com"
const SESSION = "alice"

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

const mails: Array<Notification> = []
const notifier = Layer.succeed(Notifier, { notify: (n: Notification) => Effect.sync(() => void mails.push(n)) })
const settings = Layer.succeed(AuthSettings, AuthSettings.defaultValue())

const register = execute(UserAggregate)(EMAIL, {
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

const sendsTried = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sendText").length

const statusOf = (id: string) =>
  Effect.gen(function* () {
    return (yield* (yield* MessageRepository).get(id))?.status
  })

type StoreLayer<E> = Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, E>

/** A fresh store; each call of the answer is one more client of it (another scheduler process). */
const describeOn = <E>(name: string, store: () => () => StoreLayer<E>) =>
  describe(`a number WhatsApp limits (${name})`, () => {
    const provide = <A, E2>(
      effect: Effect.Effect<
        A,
        E2,
        | EventStore
        | ProjectionStores
        | ProjectionCheckpoint
        | MediaStore
        | Notifier
        | Dispatcher
        | GatewayPort
        | Scope.Scope
      >,
      client: StoreLayer<E> = store()(),
      schedulerSettings: Partial<SchedulerSettingsShape> = {}
    ) =>
      effect.pipe(
        Effect.provide(
          schedulerClient(client, fake.url, schedulerSettings).pipe(
            Layer.provideMerge(Layer.mergeAll(captureLogs().layer, notifier, settings))
          )
        )
      )

    it.effect(
      "held until the gateway's end: nothing claimed, the missed recorded missed, the owner told once; then sent again",
      () =>
        provide(
          Effect.gen(function* () {
            mails.length = 0
            yield* TestClock.setTime(PLANNED_AT)
            yield* register
            fake.setSessionStatus(SESSION, "WORKING")
            fake.limitNumber({ until: T + 2 * HOUR })
            const seeded = yield* seedCampaign({
              sessionName: SESSION,
              messages: [
                { content: "refused", scheduledAt: T },
                { content: "held, then missed", scheduledAt: T + MINUTE },
                { content: "after the limit", scheduledAt: T + 3 * HOUR }
              ]
            })
            const [refused, held, after] = seeded.messageIds as [string, string, string]

            yield* TestClock.setTime(T)
            expect(yield* dispatchAndDrain).toBe(1)
            expect(fake.sent).toEqual([])
            const first = yield* (yield* MessageRepository).get(refused)
            expect(first?.status).toBe("FAILED")
            expect(failureExplained(first?.failureReason).kind).toBe("refused")
            const session = yield* (yield* SessionRepository).get(seeded.sessionId)
            expect(session).toMatchObject({ limitedSince: T, limitedUntil: T + 2 * HOUR, limitedUntilKnown: true })

            // held: the next due message is not claimed, nor failed
            yield* TestClock.setTime(T + MINUTE)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(sendsTried()).toBe(1)
            expect(yield* (yield* MessageRepository).get(held)).toMatchObject({ status: "SCHEDULED", isPicked: false })

            // out of its window meanwhile: missed, as any message never sent in time
            yield* TestClock.setTime(T + 4 * MINUTE)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(yield* recordMissedMessages()).toBe(1)
            expect(yield* statusOf(held)).toBe("MISSED")
            // said to be missed because the number was limited at its time
            expect((yield* (yield* MessageRepository).get(held))?.failureReason).toBe(MISSED_WHILE_LIMITED)

            // the owner is told once, with the gateway's end
            yield* notifyLimitedSessions(0)
            yield* notifyLimitedSessions(0)
            expect(mails).toEqual([
              expect.objectContaining({
                kind: "SessionLimited",
                to: EMAIL,
                // the owner never set a zone: the mail reads in UTC
                reader: { timeZone: null, locale: null, language: null },
                sessionName: SESSION,
                since: T,
                until: T + 2 * HOUR,
                untilKnown: true,
                pageLink: "http://localhost:8080/whatsapp",
                dueWhileHeld: 0
              })
            ])

            // its time passed: lifted by the pass, and the next message goes
            fake.limitNumber(null)
            yield* TestClock.setTime(T + 3 * HOUR)
            expect(yield* dispatchAndDrain).toBe(1)
            expect(fake.sent.map((s) => s.text)).toEqual(["after the limit"])
            expect(yield* statusOf(after)).toBe("SENT")
            expect(yield* (yield* SessionRepository).get(seeded.sessionId)).toMatchObject({
              limitedSince: null,
              limitedUntil: null
            })
          })
        )
    )

    it.effect(
      "lifted early once the gateway shows no time-lock any more; a hold without a known end waits Herald's own time",
      () =>
        provide(
          Effect.gen(function* () {
            mails.length = 0
            yield* TestClock.setTime(PLANNED_AT)
            yield* register
            fake.setSessionStatus(SESSION, "WORKING")
            fake.limitNumber({ until: T + 5 * HOUR })
            const seeded = yield* seedCampaign({
              sessionName: SESSION,
              messages: [
                { content: "refused", scheduledAt: T },
                { content: "once lifted", scheduledAt: T + 90_000 },
                { content: "refused again", scheduledAt: T + 10 * MINUTE },
                { content: "still held", scheduledAt: T + 11 * MINUTE }
              ]
            })
            const [, lifted, , stillHeld] = seeded.messageIds as [string, string, string, string]
            yield* TestClock.setTime(T)
            expect(yield* dispatchAndDrain).toBe(1)

            // WhatsApp lifts the time-lock: the pass asks, and holds this once; the next pass sends
            fake.limitNumber(null)
            yield* TestClock.setTime(T + 90_000)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(yield* dispatchAndDrain).toBe(1)
            expect(yield* statusOf(lifted)).toBe("SENT")

            // limited again, and the gateway says not until when (waha#2219): Herald's own wait
            fake.limitNumber({})
            yield* TestClock.setTime(T + 10 * MINUTE)
            expect(yield* dispatchAndDrain).toBe(1)
            const session = yield* (yield* SessionRepository).get(seeded.sessionId)
            expect(session).toMatchObject({ limitedUntil: T + 10 * MINUTE + LIMIT_HOLD_MS, limitedUntilKnown: false })
            // the gateway showing no time-lock does not end a hold of Herald's own wait
            fake.limitNumber(null)
            yield* TestClock.setTime(T + 11 * MINUTE)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(yield* statusOf(stillHeld)).toBe("SCHEDULED")
          })
        )
    )

    it.effect(
      "a message due seconds after the refusal is not sent into the new hold, though its session was read ahead",
      () =>
        provide(
          Effect.gen(function* () {
            mails.length = 0
            yield* TestClock.setTime(PLANNED_AT)
            yield* register
            fake.setSessionStatus(SESSION, "WORKING")
            fake.limitNumber({ until: T + 2 * HOUR })
            const seeded = yield* seedCampaign({
              sessionName: SESSION,
              messages: [
                { content: "refused", scheduledAt: T },
                { content: "due 3 s later", scheduledAt: T + 3_000 }
              ]
            })
            const [, next] = seeded.messageIds as [string, string]
            // loaded ahead, its session read as not held (docs/architecture.md#loading-ahead)
            yield* TestClock.setTime(T - 1_000)
            yield* Dispatcher.use((d) => d.preload(T - 1_000, T + 4_000))
            yield* TestClock.setTime(T)
            expect(yield* dispatchAndDrain).toBe(1)
            expect(sendsTried()).toBe(1)
            // the session read ahead is 4 s old, within the lead: the hold made here must still count
            yield* TestClock.setTime(T + 3_000)
            expect(yield* dispatchAndDrain).toBe(0)
            expect(sendsTried()).toBe(1)
            expect(yield* (yield* MessageRepository).get(next)).toMatchObject({ status: "SCHEDULED", isPicked: false })
          })
        )
    )

    it.effect("another scheduler finds the refused message still in flight until the hold is recorded", () => {
      const clients = store()
      return Effect.gen(function* () {
        mails.length = 0
        yield* TestClock.setTime(PLANNED_AT)
        yield* register
        fake.setSessionStatus(SESSION, "WORKING")
        fake.limitNumber({ until: T + 2 * HOUR })
        const seeded = yield* seedCampaign({
          sessionName: SESSION,
          messages: [
            { content: "refused", scheduledAt: T },
            { content: "due a second later", scheduledAt: T + 1_000 }
          ]
        })
        const [refused, next] = seeded.messageIds as [string, string]
        // the gateway is slow to say until when: the hold waits for it (up to 5 s)
        fake.holdSessionInfo(true)
        fake.requests.length = 0
        yield* TestClock.setTime(T)
        const first = yield* Effect.forkChild(dispatchAndDrain)
        yield* Effect.promise(() =>
          eventually(
            "the refusing scheduler asking the gateway until when",
            () => fake.requests.some((r) => r.method === "GET" && r.path === `/api/sessions/${SESSION}`),
            (asked) => asked,
            10_000
          )
        )
        // meanwhile another scheduler's pass: the session is still covered by the message in flight
        yield* TestClock.setTime(T + 1_000)
        // fresh: a process of its own, not this one's dispatcher again
        const other = yield* Layer.build(
          Layer.fresh(
            schedulerClient(clients(), fake.url, { schedulerId: "scheduler-b" }).pipe(
              Layer.provideMerge(captureLogs().layer)
            )
          )
        )
        const pass = yield* Dispatcher.use((d) => d.dispatchDueMessages).pipe(Effect.provideContext(other))
        expect(pass.found).toBe(0)
        fake.holdSessionInfo(false)
        expect(yield* Fiber.join(first)).toBe(1)
        yield* Dispatcher.use((d) => d.awaitIdle).pipe(Effect.provideContext(other))
        expect(sendsTried()).toBe(1)
        expect(yield* statusOf(refused)).toBe("FAILED")
        expect(yield* (yield* MessageRepository).get(next)).toMatchObject({ status: "SCHEDULED", isPicked: false })
        expect(yield* (yield* SessionRepository).get(seeded.sessionId)).toMatchObject({ limitedUntil: T + 2 * HOUR })
      }).pipe((effect) => provide(effect, clients()))
    })

    it.effect(
      "a held session with more due messages than a batch neither spins the passes nor keeps another session's message back",
      () =>
        provide(
          Effect.gen(function* () {
            mails.length = 0
            yield* TestClock.setTime(PLANNED_AT)
            yield* register
            fake.setSessionStatus(SESSION, "WORKING")
            fake.setSessionStatus("bob", "WORKING")
            const held = yield* seedCampaign({
              sessionName: SESSION,
              messages: [1, 2, 3].map((i) => ({ content: `held ${i}`, scheduledAt: T - 10_000 + i }))
            })
            const other = yield* seedCampaign({
              sessionName: "bob",
              groupId: "120363000000000002@g.us",
              messages: [{ content: "must go", scheduledAt: T }]
            })
            // Herald's own wait (no end from the gateway), so no check with the gateway lifts it
            yield* execute(SessionAggregate)(held.sessionId, {
              type: "RecordLimited",
              until: null,
              reason: "server returned error 463",
              now: T - 60_000
            })
            yield* TestClock.setTime(T)
            // as the loop runs them: another pass at once while one says `more`
            let passes = 0
            let more = true
            while (more && passes < 5) {
              more = (yield* Dispatcher.use((d) => d.dispatchDueMessages)).more
              passes += 1
            }
            expect(more).toBe(false)
            yield* Dispatcher.use((d) => d.awaitIdle)
            expect(fake.sent.map((m) => m.text)).toEqual(["must go"])
            expect(yield* statusOf(other.messageIds[0]!)).toBe("SENT")
            for (const id of held.messageIds) expect(yield* statusOf(id)).toBe("SCHEDULED")
            // the next pass finds nothing to do and asks for no other
            expect(yield* Dispatcher.use((d) => d.dispatchDueMessages)).toEqual({ found: 0, more: false })
          }),
          undefined,
          { batchSize: 2 }
        )
    )
  })

describeOn("memory", () => {
  const db = makeMemoryDatabase()
  return () => MemoryStore.layer(db)
})

describeOn("sqlite", () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-limited-"))
  folders.push(folder)
  return () => SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: join(folder, "herald.db") })))
})

const mongoUrl = mongoTestUrl()
describe.skipIf(mongoUrl === null)(mongoUrl === null ? `Mongo: ${MONGO_SKIP_REASON}` : "Mongo", () => {
  describeOn("mongo", () => {
    const url = freshDatabaseUrl("limited")
    return () => MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url, maxPoolSize: 1 })))
  })
})
