import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Random } from "effect"
import { TestClock } from "effect/testing"
import type { ProjectionStores } from "../../../src/application/eventSourcing/Aggregates.ts"
import { SessionAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import type { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import type { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { recordMissedMessages } from "../../../src/application/scheduler/recordMissedMessages.ts"
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
 * Issue 23 item 3, second part: a session may mark the chat seen and show "typing…" for a few
 * seconds before each send (WAHA's advice against bans). Off by default: nothing but the send.
 */
const T = Date.parse("2026-03-01T10:00:00.000Z")
const GROUP = "120363000000000001@g.us"

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

/** Every draw in the middle of its range. */
const midRandom = Layer.succeed(Random.Random, { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 })

const gatewayCalls = () =>
  fake.requests
    .filter((r) => r.method === "POST" && r.path !== "/api/sessions")
    .map((r) => `${r.path} ${String((r.body as { chatId?: unknown } | undefined)?.chatId)}`)

/** Runs `effect` while moving the test clock on in steps, until it ends (10 s in real time at most). */
const withClockRunning = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const fiber = yield* Effect.forkChild(effect)
    const deadline = Date.now() + 10_000
    while (fiber.pollUnsafe() === undefined) {
      if (Date.now() > deadline) return yield* Effect.die(new Error("not done within 10 s"))
      yield* TestClock.adjust(500)
      yield* TestClock.withLive(Effect.sleep(20))
    }
    return yield* Fiber.join(fiber)
  })

const describeOn = <E>(
  name: string,
  store: () => Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, E>
) =>
  describe(`typing before each send (${name})`, () => {
    it.effect("off by default: the send alone; on: seen, typing for a few seconds, stopped, then the send", () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 60_000)
        const seeded = yield* seedCampaign({
          messages: [
            { content: "no typing", scheduledAt: T },
            { content: "typed first", scheduledAt: T + 60_000 }
          ]
        })
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(1)
        expect(gatewayCalls()).toEqual([`/api/sendText ${GROUP}`])

        yield* execute(SessionAggregate)(seeded.sessionId, { type: "SetTyping", on: true, now: T + 1 })
        fake.requests.length = 0
        yield* TestClock.setTime(T + 60_000)
        const pass = yield* Effect.forkChild(dispatchAndDrain)
        // typing shows a few seconds before the send (over HTTP to the fake): the test clock is moved
        // on in steps until the typing is stopped, with a deadline in real time
        const deadline = Date.now() + 10_000
        while (!fake.requests.some((r) => r.path === "/api/stopTyping")) {
          if (Date.now() > deadline) return yield* Effect.die(new Error("typing not stopped within 10 s"))
          expect(fake.sent.map((s) => s.text)).toEqual(["no typing"])
          yield* TestClock.adjust(500)
          yield* TestClock.withLive(Effect.sleep(20))
        }
        expect(yield* Fiber.join(pass)).toBe(1)
        const typed = yield* (yield* MessageRepository).get(seeded.messageIds[1]!)
        // 2 s + 40 ms a character + half of 2 s at random ("typed first": 11 characters)
        expect((typed?.sentAt ?? 0) - (T + 60_000)).toBeGreaterThanOrEqual(2_000 + 440 + 1_000)
        expect(gatewayCalls()).toEqual([
          `/api/sendSeen ${GROUP}`,
          `/api/startTyping ${GROUP}`,
          `/api/stopTyping ${GROUP}`,
          `/api/sendText ${GROUP}`
        ])
        expect((yield* (yield* MessageRepository).get(seeded.messageIds[1]!))?.status).toBe("SENT")
      }).pipe(
        Effect.provide(schedulerClient(store(), fake.url).pipe(Layer.provideMerge(captureLogs().layer))),
        Effect.provide(midRandom)
      )
    )

    it.effect(
      "the typing counts toward the 2-minute window: a message it pushes out of it is missed, not sent late",
      () =>
        Effect.gen(function* () {
          yield* TestClock.setTime(T - 60_000)
          const seeded = yield* seedCampaign({ messages: [{ content: "late", scheduledAt: T }] })
          yield* execute(SessionAggregate)(seeded.sessionId, { type: "SetTyping", on: true, now: T - 1 })
          fake.requests.length = 0
          // found 1.5 s before the end of its window; typing "late" takes 2 s + 160 ms + 1 s
          yield* TestClock.setTime(T + 118_500)
          expect(yield* withClockRunning(dispatchAndDrain)).toBe(1)
          expect(fake.sent).toEqual([])
          expect(gatewayCalls()).toEqual([
            `/api/sendSeen ${GROUP}`,
            `/api/startTyping ${GROUP}`,
            `/api/stopTyping ${GROUP}`
          ])
          expect(yield* recordMissedMessages()).toBe(1)
          expect((yield* (yield* MessageRepository).get(seeded.messageIds[0]!))?.status).toBe("MISSED")
        }).pipe(
          Effect.provide(schedulerClient(store(), fake.url).pipe(Layer.provideMerge(captureLogs().layer))),
          Effect.provide(midRandom)
        )
    )

    it.effect("a channel's post goes without seen or typing, the session's typing on", () =>
      Effect.gen(function* () {
        const channel = "120363000000000101@newsletter"
        yield* TestClock.setTime(T - 60_000)
        const seeded = yield* seedCampaign({
          groupId: channel,
          groupName: "Club news",
          messages: [{ content: "posted", scheduledAt: T }]
        })
        yield* execute(SessionAggregate)(seeded.sessionId, { type: "SetTyping", on: true, now: T - 1 })
        fake.requests.length = 0
        yield* TestClock.setTime(T)
        expect(yield* withClockRunning(dispatchAndDrain)).toBe(1)
        expect(gatewayCalls()).toEqual([`/api/sendText ${channel}`])
        expect((yield* (yield* MessageRepository).get(seeded.messageIds[0]!))?.status).toBe("SENT")
      }).pipe(
        Effect.provide(schedulerClient(store(), fake.url).pipe(Layer.provideMerge(captureLogs().layer))),
        Effect.provide(midRandom)
      )
    )

    it.effect("a typing step with no answer is given 3 s, the rest is skipped, and the message goes", () => {
      const logs = captureLogs()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T - 60_000)
        const seeded = yield* seedCampaign({ messages: [{ content: "goes anyway", scheduledAt: T }] })
        yield* execute(SessionAggregate)(seeded.sessionId, { type: "SetTyping", on: true, now: T - 1 })
        fake.requests.length = 0
        fake.hangPresence(true)
        yield* TestClock.setTime(T)
        expect(yield* withClockRunning(dispatchAndDrain)).toBe(1)
        expect(gatewayCalls()).toEqual([`/api/sendSeen ${GROUP}`, `/api/sendText ${GROUP}`])
        const sent = yield* (yield* MessageRepository).get(seeded.messageIds[0]!)
        expect(sent?.status).toBe("SENT")
        // the step's own deadline, not the gateway's 30 s (on the test clock)
        expect((sent?.sentAt ?? Infinity) - T).toBeLessThan(10_000)
        expect(logs.lines.map((l) => l.text)).toContainEqual(
          expect.stringMatching(/seen before a send did not go through, typing skipped: no answer within 3 s/)
        )
      }).pipe(
        Effect.provide(schedulerClient(store(), fake.url, {}, 30_000).pipe(Layer.provideMerge(logs.layer))),
        Effect.provide(midRandom)
      )
    })

    it.effect("a session typing holds no permit: another session's message goes meanwhile", () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 60_000)
        const typing = yield* seedCampaign({
          sessionName: "alice",
          messages: [{ content: "typed", scheduledAt: T - 1 }]
        })
        yield* seedCampaign({
          sessionName: "bob",
          groupId: "120363000000000002@g.us",
          messages: [{ content: "plain", scheduledAt: T }]
        })
        yield* execute(SessionAggregate)(typing.sessionId, { type: "SetTyping", on: true, now: T - 1 })
        yield* TestClock.setTime(T)
        const pass = yield* Effect.forkChild(dispatchAndDrain)
        // the clock stands still: alice's lane is typing, and bob's send does not wait for it
        yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1, 10_000))
        expect(fake.sent.map((m) => m.text)).toEqual(["plain"])
        expect(yield* withClockRunning(Fiber.join(pass))).toBe(2)
        expect(fake.sent.map((m) => m.text)).toEqual(["plain", "typed"])
      }).pipe(
        Effect.provide(
          schedulerClient(store(), fake.url, { sessionConcurrency: 1 }).pipe(Layer.provideMerge(captureLogs().layer))
        ),
        Effect.provide(midRandom)
      )
    )
  })

describeOn("memory", () => MemoryStore.layer(makeMemoryDatabase()))

describeOn("sqlite", () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-typing-"))
  folders.push(folder)
  return SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: join(folder, "herald.db") })))
})

const mongoUrl = mongoTestUrl()
describe.skipIf(mongoUrl === null)(mongoUrl === null ? `Mongo: ${MONGO_SKIP_REASON}` : "Mongo", () => {
  describeOn("mongo", () =>
    MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url: freshDatabaseUrl("typing"), maxPoolSize: 1 })))
  )
})
