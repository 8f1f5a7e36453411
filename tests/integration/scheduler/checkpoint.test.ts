import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Logger, Queue } from "effect"
import { TestClock } from "effect/testing"
import type { ProjectionStores } from "../../../src/application/eventSourcing/Aggregates.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import {
  CLOCK_SKEW_MARGIN_MS,
  catchUpFromCheckpoint
} from "../../../src/application/scheduler/catchUpFromCheckpoint.ts"
import { runScheduler } from "../../../src/application/scheduler/runScheduler.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { captureLogs, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const CYCLE = 30_000
const DAY = 24 * 60 * 60 * 1000
/** never called: every message here is due a day later */
const NO_GATEWAY = "http://127.0.0.1:9"

const folders: Array<string> = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** A database; each `connect` is one process's connection to it (its own adapters). */
const databases = {
  memory: () => {
    const db = makeMemoryDatabase()
    return () => MemoryStore.layer(db)
  },
  sqlite: () => {
    const folder = mkdtempSync(join(tmpdir(), "herald-checkpoint-"))
    folders.push(folder)
    const path = join(folder, "herald.db")
    return () => SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path })))
  }
}

/** One scheduler process on a connection of its own. */
const schedulerProcess = <E>(
  store: Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, E>
) => schedulerClient(store, NO_GATEWAY).pipe(Layer.provideMerge(Logger.layer([])))

/**
 * Starts the loop; `caughtUp` waits for the end of its next catch-up pass that went through (it
 * runs beside the dispatch, so the end of a dispatch pass says nothing of it): the checkpoint's
 * advance is its last step.
 */
const startLoop = Effect.gen(function* () {
  const checkpoints = yield* ProjectionCheckpoint
  const advances = yield* Queue.unbounded<void>()
  const watched = ProjectionCheckpoint.of({
    ...checkpoints,
    advance: (name, position) =>
      checkpoints.advance(name, position).pipe(Effect.tap(() => Queue.offer(advances, undefined)))
  })
  const fiber = yield* Effect.forkChild(
    runScheduler({ pollIntervalMs: CYCLE }).pipe(Effect.provideService(ProjectionCheckpoint, watched))
  )
  return { fiber, caughtUp: Queue.take(advances) }
})

/** An EventStore that records what `recordedSince` was asked and answered. */
const watchRecordedSince = Effect.gen(function* () {
  const store = yield* EventStore
  const calls: Array<{ readonly since: number; readonly recordedAt: ReadonlyArray<number> }> = []
  const watched = EventStore.of({
    ...store,
    recordedSince: (since, limit) =>
      store
        .recordedSince(since, limit)
        .pipe(Effect.tap((refs) => Effect.sync(() => calls.push({ since, recordedAt: refs.map((r) => r.recordedAt) }))))
  })
  return { calls, watched }
})

/** What a writer that died between its append and its projection leaves: the event, and a view behind it. */
const appendWithoutProjection = (messageId: string) =>
  Effect.gen(function* () {
    const deleted: { readonly type: string; readonly at: number } = { type: "MessageDeleted", at: T }
    yield* (yield* EventStore).append(`message-${messageId}`, 1, [deleted])
    expect((yield* (yield* MessageRepository).get(messageId))?.status).toBe("SCHEDULED")
  })

const checkpoint = ProjectionCheckpoint.use((c) => c.read("projections"))

describe.each(["memory", "sqlite"] as const)("catch-up from the stored checkpoint (%s)", (kind) => {
  it.effect("a projection lost between append and write is repaired by the next cycle of the running scheduler", () => {
    const connect = databases[kind]()
    return Effect.gen(function* () {
      yield* TestClock.setTime(T)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "lost", scheduledAt: T + DAY }] })
      const loop = yield* startLoop
      yield* loop.caughtUp
      expect(yield* checkpoint).toBe(T - CLOCK_SKEW_MARGIN_MS)

      yield* TestClock.adjust(10_000)
      yield* appendWithoutProjection(messageIds[0]!)
      yield* TestClock.adjust(CYCLE - 10_000)
      yield* loop.caughtUp
      expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "DELETED", version: 2 })
      expect(yield* checkpoint).toBe(T + CYCLE - CLOCK_SKEW_MARGIN_MS)
      yield* Fiber.interrupt(loop.fiber)
    }).pipe(Effect.provide(schedulerProcess(connect())))
  })

  it.effect(
    "after a restart: the lost projection is repaired by the new process, which reads nothing older than the checkpoint",
    () => {
      const connect = databases[kind]()
      return Effect.gen(function* () {
        // history: an hour of plans, all projected, then a scheduler that ran a cycle
        yield* TestClock.setTime(T - 60 * 60_000)
        const { sessionId } = yield* seedCampaign({
          messages: Array.from({ length: 20 }, (_, i) => ({ content: `old ${i}`, scheduledAt: T + DAY + i }))
        })
        yield* TestClock.setTime(T)
        const { messageIds } = yield* seedCampaign({ sessionId, messages: [{ content: "lost", scheduledAt: T + DAY }] })
        const lost = messageIds[0]!
        yield* Effect.gen(function* () {
          const loop = yield* startLoop
          yield* loop.caughtUp
          // …which dies between an append and its projection, before its next cycle
          yield* TestClock.adjust(10_000)
          yield* appendWithoutProjection(lost)
          yield* Fiber.interrupt(loop.fiber)
        }).pipe(Effect.provide(schedulerProcess(connect())))

        // five minutes later, a new process
        yield* TestClock.setTime(T + 5 * 60_000)
        yield* Effect.gen(function* () {
          const stored = yield* checkpoint
          expect(stored).toBe(T - CLOCK_SKEW_MARGIN_MS)
          const { calls, watched } = yield* watchRecordedSince
          const loop = yield* startLoop.pipe(Effect.provideService(EventStore, watched))
          yield* loop.caughtUp
          expect(yield* (yield* MessageRepository).get(lost)).toMatchObject({ status: "DELETED", version: 2 })
          // it started at the checkpoint: none of the hour of history was read
          expect(calls.length).toBeGreaterThan(0)
          expect(calls.every((call) => call.since >= stored)).toBe(true)
          const read = calls.flatMap((call) => call.recordedAt)
          expect(read.every((at) => at >= stored)).toBe(true)
          expect(read).toContain(T + 10_000)
          expect(yield* checkpoint).toBe(T + 5 * 60_000 - CLOCK_SKEW_MARGIN_MS)
          yield* Fiber.interrupt(loop.fiber)
        }).pipe(Effect.provide(schedulerProcess(connect())))
        // the plans come from another process (the web application's)
      }).pipe(Effect.provide(schedulerProcess(connect())))
    }
  )

  it.effect("with no checkpoint stored, a new process starts from the beginning of the log, as before", () => {
    const connect = databases[kind]()
    return Effect.gen(function* () {
      yield* TestClock.setTime(T - 60 * 60_000)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "lost", scheduledAt: T + DAY }] })
      yield* appendWithoutProjection(messageIds[0]!)
      yield* TestClock.setTime(T)
      expect(yield* checkpoint).toBe(0)
      const { calls, watched } = yield* watchRecordedSince
      const loop = yield* startLoop.pipe(Effect.provideService(EventStore, watched))
      yield* loop.caughtUp
      expect(calls[0]?.since).toBe(0)
      expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "DELETED" })
      expect(yield* checkpoint).toBe(T - CLOCK_SKEW_MARGIN_MS)
      yield* Fiber.interrupt(loop.fiber)
    }).pipe(Effect.provide(schedulerProcess(connect())))
  })

  it.effect("a failed pass leaves the checkpoint where it was; the next pass that goes through moves it", () => {
    const connect = databases[kind]()
    return Effect.gen(function* () {
      yield* TestClock.setTime(T)
      yield* catchUpFromCheckpoint()
      expect(yield* checkpoint).toBe(T - CLOCK_SKEW_MARGIN_MS)
      const store = yield* EventStore
      // the log can be read no more (the database writes, so only the pass itself can stop the advance)
      const failing = EventStore.of({
        ...store,
        recordedSince: () => Effect.fail(new StoreUnavailable({ message: "connection reset" }))
      })
      yield* TestClock.setTime(T + CYCLE)
      const failed = yield* Effect.flip(catchUpFromCheckpoint().pipe(Effect.provideService(EventStore, failing)))
      expect(failed).toMatchObject({ _tag: "StoreUnavailable" })
      expect(yield* checkpoint).toBe(T - CLOCK_SKEW_MARGIN_MS)
      yield* TestClock.setTime(T + 2 * CYCLE)
      yield* catchUpFromCheckpoint()
      expect(yield* checkpoint).toBe(T + 2 * CYCLE - CLOCK_SKEW_MARGIN_MS)
    }).pipe(Effect.provide(schedulerProcess(connect())))
  })

  it.effect(
    "a stream whose events cannot be decoded is reported and passed over; the others are repaired, the checkpoint moves",
    () => {
      const connect = databases[kind]()
      const logs = captureLogs()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "lost", scheduledAt: T + DAY },
            { content: "corrupt", scheduledAt: T + DAY }
          ]
        })
        yield* appendWithoutProjection(messageIds[0]!)
        yield* (yield* EventStore).append(`message-${messageIds[1]!}`, 1, [{ type: "MessageTeleported" }])
        yield* TestClock.setTime(T + CYCLE)
        expect(yield* catchUpFromCheckpoint()).toBe(1)
        expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "DELETED", version: 2 })
        expect(yield* (yield* MessageRepository).get(messageIds[1]!)).toMatchObject({ status: "SCHEDULED", version: 1 })
        expect(yield* checkpoint).toBe(T + CYCLE - CLOCK_SKEW_MARGIN_MS)
        expect(logs.lines).toContainEqual({
          level: "Error",
          text: expect.stringContaining(`Read model of message-${messageIds[1]!} not rebuilt, its events are corrupt`)
        })
      }).pipe(Effect.provide(logs.layer), Effect.provide(schedulerProcess(connect())))
    }
  )

  it.effect(
    "the checkpoint never moves backwards: a pass that started earlier and ends later leaves the later pass's",
    () => {
      const connect = databases[kind]()
      return Effect.gen(function* () {
        const store = yield* EventStore
        const entered = yield* Deferred.make<void>()
        const gate = yield* Deferred.make<void>()
        // the slow pass: it has taken its start and is reading the log when the other one runs
        const slow = EventStore.of({
          ...store,
          recordedSince: (since, limit) =>
            Deferred.succeed(entered, undefined).pipe(
              Effect.andThen(Deferred.await(gate)),
              Effect.andThen(store.recordedSince(since, limit))
            )
        })
        yield* TestClock.setTime(T)
        const early = yield* Effect.forkChild(catchUpFromCheckpoint().pipe(Effect.provideService(EventStore, slow)))
        yield* Deferred.await(entered)
        yield* TestClock.setTime(T + CYCLE)
        yield* catchUpFromCheckpoint()
        expect(yield* checkpoint).toBe(T + CYCLE - CLOCK_SKEW_MARGIN_MS)
        yield* Deferred.succeed(gate, undefined)
        yield* Fiber.join(early)
        expect(yield* checkpoint).toBe(T + CYCLE - CLOCK_SKEW_MARGIN_MS)
      }).pipe(Effect.provide(schedulerProcess(connect())))
    }
  )
})
