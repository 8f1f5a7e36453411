import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Random } from "effect"
import { TestClock } from "effect/testing"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { recordMissedMessages } from "../../../src/application/scheduler/recordMissedMessages.ts"
import { getSessionPacing } from "../../../src/application/session/getSessionPacing.ts"
import { setSessionPacing } from "../../../src/application/session/setSessionPacing.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** Every draw in the middle of its range: a jitter of J seconds adds exactly floor(J·1000/2 + 0.5) ms. */
const midRandom = Layer.succeed(Random.Random, { nextIntUnsafe: () => 0, nextDoubleUnsafe: () => 0.5 })

/** Polls `check` (in real time, with a deadline) until it holds: the sends go over HTTP to the fake gateway. */
const until = (what: string, check: Effect.Effect<boolean, unknown, MessageRepository>) =>
  Effect.gen(function* () {
    const deadline = Date.now() + 10_000
    while (!(yield* check)) {
      if (Date.now() > deadline) return yield* Effect.die(new Error(`${what}: not within 10 s`))
      yield* TestClock.withLive(Effect.sleep(20))
    }
  })

const statusOf = (id: string) => MessageRepository.use((r) => r.get(id))
const isSent = (id: string) => Effect.map(statusOf(id), (v) => v?.status === "SENT")

describe("pacing per session (memory store, fake WAHA over HTTP)", () => {
  it.effect(
    "the use case stores the pacing on the session's view; someone else's session is not found",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { sessionId } = yield* seedCampaign({ sessionName: "alice", messages: [] })
        expect(yield* getSessionPacing("user-1", "alice")).toEqual({ minGapSeconds: 0, jitterSeconds: 0 })
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 40, jitterSeconds: 20 })
        expect(yield* (yield* SessionRepository).get(sessionId)).toMatchObject({ minGapSeconds: 40, jitterSeconds: 20 })
        const bad = yield* Effect.flip(setSessionPacing("user-1", "alice", { minGapSeconds: 100, jitterSeconds: 40 }))
        expect(bad).toMatchObject({ _tag: "InvalidSessionPacing", field: "jitterSeconds" })
        const notMine = yield* Effect.flip(setSessionPacing("user-2", "alice", { minGapSeconds: 0, jitterSeconds: 0 }))
        expect(notMine._tag).toBe("MessagingSessionNotFound")
        expect(yield* getSessionPacing("user-1", "alice")).toEqual({ minGapSeconds: 40, jitterSeconds: 20 })
      }).pipe(Effect.provide(layer))
    },
    20_000
  )

  it.effect(
    "messages of a paced session due together go out gap + jitter apart, in order; another session is not delayed, even with one permit",
    () => {
      // one session sends at a time: a lane waiting out its gap must not hold the permit
      const { layer } = memoryScheduler(fake.url, { sessionConcurrency: 1 })
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const paced = yield* seedCampaign({
          sessionName: "alice",
          messages: [1, 2, 3].map((i) => ({ content: `alice ${i}`, scheduledAt: T - 10 + i }))
        })
        const free = yield* seedCampaign({
          sessionName: "bob",
          groupId: "120363000000000002@g.us",
          messages: [1, 2].map((i) => ({ content: `bob ${i}`, scheduledAt: T - 10 + i }))
        })
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 30, jitterSeconds: 30 })
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(5)
        const [a1, a2, a3] = paced.messageIds
        yield* until(
          "alice 1 and both of bob's sent",
          Effect.map(Effect.forEach([a1!, ...free.messageIds], isSent), (all) => all.every(Boolean))
        )
        // bob's lane did not wait for alice's pace
        for (const id of free.messageIds) expect((yield* statusOf(id))?.sentAt).toBe(T)
        expect((yield* statusOf(a2!))?.isPicked).toBe(false)
        // 30 s + half of 30 s of jitter
        const gap = 30_000 + 15_000
        yield* TestClock.setTime(T + gap - 1)
        expect((yield* statusOf(a2!))?.isPicked).toBe(false)
        yield* TestClock.setTime(T + gap)
        yield* until("alice 2 sent", isSent(a2!))
        expect((yield* statusOf(a3!))?.isPicked).toBe(false)
        yield* TestClock.setTime(T + 2 * gap)
        yield* until("alice 3 sent", isSent(a3!))
        yield* dispatcher.awaitIdle
        expect(fake.sent.filter((s) => s.session === "alice").map((s) => s.text)).toEqual([
          "alice 1",
          "alice 2",
          "alice 3"
        ])
        expect(yield* Effect.forEach([a1!, a2!, a3!], (id) => Effect.map(statusOf(id), (v) => v?.sentAt))).toEqual([
          T,
          T + gap,
          T + 2 * gap
        ])
      }).pipe(Effect.provide(Layer.merge(layer, midRandom)))
    },
    20_000
  )

  it.effect(
    "a later pass's lane of the session waits out the gap left by the last send",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          sessionName: "alice",
          messages: [
            { content: "first", scheduledAt: T },
            { content: "second", scheduledAt: T + 10_000 }
          ]
        })
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 60, jitterSeconds: 0 })
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(1)
        yield* until("first sent", isSent(messageIds[0]!))
        yield* dispatcher.awaitIdle
        // due 10 s later, but the session sent 10 s ago: it goes 60 s after the first
        yield* TestClock.setTime(T + 10_000)
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(1)
        yield* TestClock.setTime(T + 59_999)
        expect((yield* statusOf(messageIds[1]!))?.isPicked).toBe(false)
        yield* TestClock.setTime(T + 60_000)
        yield* until("second sent", isSent(messageIds[1]!))
        expect((yield* statusOf(messageIds[1]!))?.sentAt).toBe(T + 60_000)
      }).pipe(Effect.provide(layer))
    },
    20_000
  )

  it.effect(
    "shutdown's drain does not wait out a gap: what the lane held stays unclaimed",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          sessionName: "alice",
          messages: [1, 2].map((i) => ({ content: `alice ${i}`, scheduledAt: T - 10 + i }))
        })
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 120, jitterSeconds: 0 })
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(2)
        yield* until("first sent", isSent(messageIds[0]!))
        // the clock never moves: a drain that waited for the gap would never end
        yield* dispatcher.drain
        expect(yield* dispatcher.inFlight).toBe(0)
        expect((yield* statusOf(messageIds[1]!))?.isPicked).toBe(false)
        expect(fake.sent.map((s) => s.text)).toEqual(["alice 1"])
      }).pipe(Effect.provide(layer))
    },
    20_000
  )

  it.effect(
    "a message the gap pushes out of the 2-minute window is not sent late: it is logged and recorded missed",
    () => {
      const { layer, logs } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          sessionName: "alice",
          messages: [1, 2, 3].map((i) => ({ content: `alice ${i}`, scheduledAt: T - 10 + i }))
        })
        // 60 s + half of 60 s: the second goes at 90 s, the third's turn (180 s) is past the window
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 60, jitterSeconds: 60 })
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(3)
        yield* until("first sent", isSent(messageIds[0]!))
        yield* TestClock.setTime(T + 90_000)
        yield* until("second sent", isSent(messageIds[1]!))
        yield* TestClock.setTime(T + 180_000)
        yield* dispatcher.awaitIdle
        expect(fake.sent.map((s) => s.text)).toEqual(["alice 1", "alice 2"])
        expect(logs.lines.map((l) => l.text)).toContainEqual(
          expect.stringMatching(
            new RegExp(
              `^Error processing message ${messageIds[2]}: missed: .*pacing, typing or its turn to send held it past the 2-minute window`
            )
          )
        )
        expect(yield* recordMissedMessages()).toBe(1)
        expect((yield* statusOf(messageIds[2]!))?.status).toBe("MISSED")
      }).pipe(Effect.provide(Layer.merge(layer, midRandom)))
    },
    20_000
  )
})
