import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Cause, Deferred, Effect, Fiber, Queue } from "effect"
import { TestClock } from "effect/testing"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { CLOCK_SKEW_MARGIN_MS } from "../../../src/application/scheduler/catchUpFromCheckpoint.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { runScheduler } from "../../../src/application/scheduler/runScheduler.ts"
import type { MessageEvent } from "../../../src/domain/message/Message.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 60_000
const DAY = 24 * 60 * 60 * 1000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/**
 * The loop as a fresh process runs it, with a catch-up that takes as long as the test wants (as
 * one re-reading minutes of a large plan after a restart): its walk of the log waits for
 * `finish`; nothing else the loop does walks the log. `caughtUp` is done when the catch-up's
 * checkpoint advance (its last step) went through; `passes` counts the dispatch passes.
 */
const startWithSlowCatchUp = Effect.gen(function* () {
  const store = yield* EventStore
  const checkpoints = yield* ProjectionCheckpoint
  const dispatcher = yield* Dispatcher
  const started = yield* Deferred.make<void>()
  const finish = yield* Deferred.make<void>()
  const caughtUp = yield* Deferred.make<void>()
  const passes = yield* Queue.unbounded<void>()
  const slow = EventStore.of({
    ...store,
    recordedSince: (since, limit) =>
      Deferred.succeed(started, undefined).pipe(
        Effect.andThen(Deferred.await(finish)),
        Effect.andThen(store.recordedSince(since, limit))
      )
  })
  const watchedCheckpoints = ProjectionCheckpoint.of({
    ...checkpoints,
    advance: (name, position) =>
      checkpoints.advance(name, position).pipe(Effect.andThen(Deferred.succeed(caughtUp, undefined)))
  })
  const watchedDispatcher = Dispatcher.of({
    ...dispatcher,
    dispatchDueMessages: dispatcher.dispatchDueMessages.pipe(Effect.tap(() => Queue.offer(passes, undefined)))
  })
  const fiber = yield* Effect.forkChild(
    runScheduler({ pollIntervalMs: 30_000 }).pipe(
      Effect.provideService(EventStore, slow),
      Effect.provideService(ProjectionCheckpoint, watchedCheckpoints),
      Effect.provideService(Dispatcher, watchedDispatcher)
    )
  )
  yield* Deferred.await(started)
  return {
    fiber,
    pass: Queue.take(passes),
    finishCatchUp: Deferred.succeed(finish, undefined).pipe(Effect.andThen(Deferred.await(caughtUp)))
  }
})

const projectionsPosition = ProjectionCheckpoint.use((positions) => positions.read("projections"))

/** What a writer that died between its append and its projection leaves: the event, a view behind it. */
const appendWithoutProjection = (messageId: string, event: MessageEvent) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    const version = (yield* store.read(`message-${messageId}`)).length
    yield* store.append(`message-${messageId}`, version, [event])
  })

const sentTexts = () => fake.sent.map((s) => s.text)

describe("a new scheduler's first cycle does not wait for the catch-up", () => {
  it.effect("messages due go out while a long catch-up is still running; it then ends and moves the checkpoint", () => {
    const { layer } = memoryScheduler(fake.url)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* seedCampaign({
        messages: [
          { content: "due at the start", scheduledAt: T },
          { content: "due a second later", scheduledAt: T + 1_000 }
        ]
      })
      yield* TestClock.setTime(T)
      const loop = yield* startWithSlowCatchUp
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      yield* TestClock.adjust(1_000)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 2))
      expect(sentTexts()).toEqual(["due at the start", "due a second later"])
      // all this while the catch-up had not got through
      expect(yield* projectionsPosition).toBe(0)
      yield* loop.finishCatchUp
      expect(yield* projectionsPosition).toBe(T - CLOCK_SKEW_MARGIN_MS)
      yield* Fiber.interrupt(loop.fiber)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a message whose view was lost behind is sent as soon as the catch-up rebuilds it (its end wakes the loop)",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({ messages: [{ content: "tomorrow", scheduledAt: T + DAY }] })
        // moved to now by an edit whose projection was lost: the view still says tomorrow
        yield* appendWithoutProjection(messageIds[0]!, {
          type: "MessageEdited",
          content: "moved to now",
          scheduledAt: T,
          at: PLANNED_AT
        })
        yield* TestClock.setTime(T)
        const loop = yield* startWithSlowCatchUp
        yield* loop.pass
        expect(fake.sent).toHaveLength(0)
        // the clock stands still: only the end of the catch-up can wake the loop before its next cycle
        yield* loop.finishCatchUp
        yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
        expect(sentTexts()).toEqual(["moved to now"])
        yield* Fiber.interrupt(loop.fiber)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "exactly once from views not caught up: a message deleted in its stream while its view says due is not sent",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "deleted", scheduledAt: T },
            { content: "kept", scheduledAt: T }
          ]
        })
        yield* appendWithoutProjection(messageIds[0]!, { type: "MessageDeleted", at: PLANNED_AT })
        expect((yield* (yield* MessageRepository).get(messageIds[0]!))?.status).toBe("SCHEDULED")
        yield* TestClock.setTime(T)
        const loop = yield* startWithSlowCatchUp
        yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
        yield* (yield* Dispatcher).awaitIdle
        expect(yield* projectionsPosition).toBe(0)
        yield* loop.finishCatchUp
        // the pass the catch-up's end woke finds nothing more to send
        yield* loop.pass
        yield* loop.pass
        yield* (yield* Dispatcher).awaitIdle
        expect(sentTexts()).toEqual(["kept"])
        expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "DELETED" })
        yield* Fiber.interrupt(loop.fiber)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "one catch-up at a time: a cycle that finds one still running leaves it; the next cycle after its end starts one",
    () => {
      const { layer } = memoryScheduler(fake.url)
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const store = yield* EventStore
        let walks = 0
        const gate = yield* Deferred.make<void>()
        const counted = EventStore.of({
          ...store,
          recordedSince: (since, limit) =>
            Effect.sync(() => walks++).pipe(
              Effect.andThen(Deferred.await(gate)),
              Effect.andThen(store.recordedSince(since, limit))
            )
        })
        const loop = yield* Effect.forkChild(
          runScheduler({ pollIntervalMs: 30_000 }).pipe(Effect.provideService(EventStore, counted))
        )
        yield* TestClock.adjust(0)
        expect(walks).toBe(1)
        yield* TestClock.adjust(30_000)
        yield* TestClock.adjust(30_000)
        expect(walks).toBe(1)
        yield* Deferred.succeed(gate, undefined)
        yield* TestClock.adjust(30_000)
        expect(walks).toBe(2)
        yield* Fiber.interrupt(loop)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a defect in the catch-up beside still stops the loop (the process restarts), as in front of it", () => {
    const { layer } = memoryScheduler(fake.url)
    return Effect.gen(function* () {
      yield* TestClock.setTime(T)
      const store = yield* EventStore
      const broken = EventStore.of({ ...store, recordedSince: () => Effect.die(new Error("a bug in the catch-up")) })
      const loop = yield* Effect.forkChild(
        runScheduler({ pollIntervalMs: 30_000 }).pipe(Effect.provideService(EventStore, broken))
      )
      yield* TestClock.adjust(0)
      const exit = yield* Fiber.await(loop)
      expect(exit._tag).toBe("Failure")
      expect(String(exit._tag === "Failure" ? Cause.squash(exit.cause) : "")).toContain("a bug in the catch-up")
    }).pipe(Effect.provide(layer))
  })
})
