import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { runScheduler } from "../../../src/application/scheduler/runScheduler.ts"
import type { SchedulerSettingsShape } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { logOutMessagingSession } from "../../support/messagingSessions.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
/** when the tests preload: within the default lead (5 s) of T */
const PRELOAD_AT = T - 3_000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/**
 * A scheduler over a memory store whose event store and session reads are counted: `calls`
 * lists `read <stream>`, `append <stream>` and `session <id>` in order.
 */
const countedScheduler = (
  db = makeMemoryDatabase(),
  schedulerId = "scheduler",
  settings: Partial<SchedulerSettingsShape> = {}
) => {
  const calls: Array<string> = []
  const note = (call: string) => Effect.sync(() => void calls.push(call))
  const counted = Layer.mergeAll(
    Layer.effect(
      EventStore,
      Effect.gen(function* () {
        const real = yield* EventStore
        return EventStore.of({
          ...real,
          read: (streamId) => Effect.andThen(note(`read ${streamId}`), real.read(streamId)),
          append: (streamId, expected, events) =>
            Effect.andThen(note(`append ${streamId}`), real.append(streamId, expected, events))
        })
      })
    ),
    Layer.effect(
      SessionRepository,
      Effect.gen(function* () {
        const real = yield* SessionRepository
        return SessionRepository.of({
          ...real,
          get: (id) => Effect.andThen(note(`session ${id}`), real.get(id))
        })
      })
    )
  ).pipe(Layer.provideMerge(MemoryStore.layer(db)))
  const logs = captureLogs()
  const layer = schedulerClient(counted, fake.url, { schedulerId, ...settings }).pipe(Layer.provideMerge(logs.layer))
  const since = (mark: number) => calls.slice(mark)
  return { db, calls, since, logs, layer }
}

const preload = (from: number, to: number) => Dispatcher.use((d) => d.preload(from, to))

/** What was sent, as texts, and the stored state of these messages. */
const statuses = (ids: ReadonlyArray<string>) =>
  Effect.forEach(ids, (id) => load(MessageAggregate, id).pipe(Effect.map((s) => s.status)))

/** Appends an event to a message's stream without projecting it: as a writer whose projection was lost. */
const appendUnprojected = (id: string, event: { readonly type: string; readonly [k: string]: unknown }) =>
  Effect.gen(function* () {
    const state = yield* load(MessageAggregate, id)
    yield* (yield* EventStore).append(MessageAggregate.streamId(id), state.version, [event])
  })

describe("messages known ahead are loaded before they are due (docs/architecture.md#loading-ahead)", () => {
  it.effect("a preloaded message is claimed with one append: at its due time no stream or session is read", () => {
    const { layer, calls, since } = countedScheduler()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds, sessionId } = yield* seedCampaign({
        messages: [
          { content: "first", scheduledAt: T - 1 },
          { content: "second", scheduledAt: T }
        ]
      })
      yield* TestClock.setTime(PRELOAD_AT)
      const before = calls.length
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      const preloaded = since(before).filter((c) => c.startsWith("read message-") || c.startsWith("session "))
      // each stream read once, the session once for both
      expect(preloaded.sort()).toEqual([...messageIds.map((id) => `read message-${id}`), `session ${sessionId}`].sort())

      const mark = calls.length
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(2)
      expect(fake.sent.map((s) => s.text)).toEqual(["first", "second"])
      const atDue = since(mark)
      for (const id of messageIds) {
        const stream = `message-${id}`
        // the claim and the record: two appends, no read
        expect(atDue.filter((c) => c.endsWith(` ${stream}`))).toEqual([`append ${stream}`, `append ${stream}`])
      }
      expect(atDue.filter((c) => c.startsWith("session "))).toEqual([])
      expect(yield* statuses(messageIds)).toEqual(["SENT", "SENT"])
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a preloaded message takes its send's id in the lead: at its due time the gateway is only asked to send, with the id its claim recorded",
    () =>
      Effect.gen(function* () {
        // a WAHA that gives ids (NOWEB, 2026.4.3 on)
        const withIds = yield* Effect.acquireRelease(
          Effect.promise(() => startFakeWaha({ engine: "NOWEB", version: "2026.7.1" })),
          (started) => Effect.promise(() => started.close())
        )
        const layer = schedulerClient(MemoryStore.layer(makeMemoryDatabase()), withIds.url).pipe(
          Layer.provideMerge(captureLogs().layer)
        )
        const askedForIds = () =>
          withIds.requests.filter((r) => r.method === "GET" && r.path.endsWith("/new-message-id"))
        return yield* Effect.gen(function* () {
          yield* TestClock.setTime(PLANNED_AT)
          const { messageIds } = yield* seedCampaign({
            messages: [
              { content: "first", scheduledAt: T },
              { content: "second", scheduledAt: T }
            ]
          })
          yield* TestClock.setTime(PRELOAD_AT)
          yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
          expect(askedForIds()).toHaveLength(2)
          // a second preload of the same window keeps the ids it took
          yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
          expect(askedForIds()).toHaveLength(2)
          yield* TestClock.setTime(T)
          expect(yield* dispatchAndDrain).toBe(2)
          expect(askedForIds()).toHaveLength(2)
          const claimed = yield* Effect.forEach(messageIds, (id) =>
            load(MessageAggregate, id).pipe(Effect.map((s) => s.claimGatewayId))
          )
          // each send went with its own id, the one its claim recorded
          expect(withIds.sent.map((s) => s["id"]).sort()).toEqual([...claimed].sort())
          expect(new Set(claimed).size).toBe(2)
          expect(claimed.every((id) => typeof id === "string" && id !== "")).toBe(true)
        }).pipe(Effect.provide(layer))
      }).pipe(Effect.scoped)
  )

  it.effect("without a preload the same pass reads each stream and the session (the comparison)", () => {
    const { layer, calls, since } = countedScheduler()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "only", scheduledAt: T }] })
      const mark = calls.length
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      const stream = `message-${messageIds[0]}`
      expect(since(mark).filter((c) => c.endsWith(` ${stream}`))).toEqual([
        `read ${stream}`,
        `append ${stream}`,
        `append ${stream}`
      ])
      expect(since(mark).filter((c) => c.startsWith("session "))).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a message edited after its preload goes out with its new text at its new time", () => {
    const { layer } = countedScheduler()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "old text", scheduledAt: T },
          { content: "same time, new text later", scheduledAt: T }
        ]
      })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      yield* execute(MessageAggregate)(messageIds[0]!, {
        type: "Edit",
        content: "new text",
        scheduledAt: T + 1_000,
        now: PRELOAD_AT + 1
      })
      yield* execute(MessageAggregate)(messageIds[1]!, { type: "Edit", content: "edited text", now: PRELOAD_AT + 1 })
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(fake.sent.map((s) => s.text)).toEqual(["edited text"])
      yield* TestClock.setTime(T + 1_000)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(fake.sent.map((s) => s.text)).toEqual(["edited text", "new text"])
      expect(yield* statuses(messageIds)).toEqual(["SENT", "SENT"])
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "an edit after the preload that the view does not show yet: the claim's append conflicts, it reads again and sends the new text",
    () => {
      const { layer, calls, since } = countedScheduler()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({ messages: [{ content: "old text", scheduledAt: T }] })
        yield* TestClock.setTime(PRELOAD_AT)
        yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
        yield* appendUnprojected(messageIds[0]!, {
          type: "MessageEdited",
          content: "new text",
          scheduledAt: T,
          at: PRELOAD_AT + 1
        })
        const mark = calls.length
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(1)
        expect(fake.sent.map((s) => s.text)).toEqual(["new text"])
        const stream = `message-${messageIds[0]}`
        // the stale append, the read, the claim, the record
        expect(since(mark).filter((c) => c.endsWith(` ${stream}`))).toEqual([
          `append ${stream}`,
          `read ${stream}`,
          `append ${stream}`,
          `append ${stream}`
        ])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a message moved later after its preload, unseen by the view, is not sent early, and the rest of its session still goes",
    () => {
      const { layer } = countedScheduler()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "moved", scheduledAt: T - 1 },
            { content: "next of the session", scheduledAt: T }
          ]
        })
        yield* TestClock.setTime(PRELOAD_AT)
        yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
        yield* appendUnprojected(messageIds[0]!, {
          type: "MessageEdited",
          content: "moved",
          scheduledAt: T + 60_000,
          at: PRELOAD_AT + 1
        })
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(2)
        // not another scheduler's: the session is not given up
        expect(fake.sent.map((s) => s.text)).toEqual(["next of the session"])
        expect(yield* statuses(messageIds)).toEqual(["SCHEDULED", "SENT"])
        // its view was brought up to date by the refused claim
        expect((yield* (yield* MessageRepository).get(messageIds[0]!))?.scheduledAt).toBe(T + 60_000)
        yield* TestClock.setTime(T + 60_000)
        expect(yield* dispatchAndDrain).toBe(1)
        expect(fake.sent.map((s) => s.text)).toEqual(["next of the session", "moved"])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a message cancelled after its preload is not sent, whether or not the view shows it yet", () => {
    const { layer } = countedScheduler()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "cancelled", scheduledAt: T - 2 },
          { content: "cancelled, unprojected", scheduledAt: T - 1 },
          { content: "kept", scheduledAt: T }
        ]
      })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      yield* execute(MessageAggregate)(messageIds[0]!, { type: "Cancel", now: PRELOAD_AT + 1 })
      yield* appendUnprojected(messageIds[1]!, { type: "MessageCancelled", at: PRELOAD_AT + 1 })
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.sent.map((s) => s.text)).toEqual(["kept"])
      expect(yield* statuses(messageIds)).toEqual(["CANCELLED", "CANCELLED", "SENT"])
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a message claimed by another scheduler after the preload is lost, not sent twice, and the rest of its session is left to that scheduler",
    () => {
      const { layer } = countedScheduler()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "claimed elsewhere", scheduledAt: T - 1 },
            { content: "after it", scheduledAt: T }
          ]
        })
        yield* TestClock.setTime(PRELOAD_AT)
        yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
        // the other scheduler's claim, appended between this one's query and its claim
        yield* appendUnprojected(messageIds[0]!, { type: "MessagePicked", at: T, by: "scheduler-b" })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        expect(fake.sent).toEqual([])
        const claimed = yield* load(MessageAggregate, messageIds[0]!)
        expect(claimed).toMatchObject({ status: "PICKED", pickedBy: "scheduler-b" })
        // left to scheduler-b, in order, as without a preload
        expect(yield* statuses(messageIds)).toEqual(["PICKED", "SCHEDULED"])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("two schedulers, one preloaded: the one that dispatches first sends, the other sends nothing", () => {
    const db = makeMemoryDatabase()
    const a = countedScheduler(db, "scheduler-a")
    const b = countedScheduler(db, "scheduler-b")
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "one", scheduledAt: T - 1 },
          { content: "two", scheduledAt: T }
        ]
      }).pipe(Effect.provide(a.layer))
      yield* Effect.gen(function* () {
        yield* TestClock.setTime(PRELOAD_AT)
        yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
        yield* TestClock.setTime(T)
        // scheduler-b, which did not preload, dispatches first
        expect(yield* dispatchAndDrain.pipe(Effect.provide(b.layer))).toBe(2)
        expect(yield* dispatchAndDrain).toBe(0)
        expect(fake.sent.map((s) => s.text)).toEqual(["one", "two"])
        expect(yield* statuses(messageIds)).toEqual(["SENT", "SENT"])
      }).pipe(Effect.provide(a.layer))
    })
  })

  it.effect("a session logged out before the preload is read again when sending, and fails as it did", () => {
    const { layer } = countedScheduler()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { sessionId, messageIds } = yield* seedCampaign({ messages: [{ content: "orphan", scheduledAt: T }] })
      yield* logOutMessagingSession(sessionId)
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.sent).toEqual([])
      expect((yield* (yield* MessageRepository).get(messageIds[0]!))?.failureReason).toMatch(/cannot read sessionName/)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "the loop preloads the lead before a known scheduledAt and sends at it; a message planned meanwhile still goes on time",
    () => {
      const { layer, calls, since } = countedScheduler()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({ messages: [{ content: "known ahead", scheduledAt: T }] })
        const stream = `message-${messageIds[0]}`
        yield* TestClock.setTime(T - 20_000)
        const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
        // its first cycle (the catch-up pass reads recent streams) and the wait
        yield* TestClock.adjust(1_000)
        const asleep = calls.length
        yield* TestClock.adjust(13_999)
        expect(since(asleep).filter((c) => c === `read ${stream}`)).toEqual([])
        // the lead (5 s) before T: loaded, not sent
        yield* TestClock.adjust(1)
        yield* Effect.promise(() =>
          eventually(
            "the preload",
            () => since(asleep).filter((c) => c === `read ${stream}`).length,
            (n) => n === 1,
            5_000
          )
        )
        expect(fake.sent).toEqual([])
        // planned by another process for just before T, after the preload: found by T's pass all the same
        const late = yield* seedCampaign({
          sessionName: "bob",
          messages: [{ content: "planned late", scheduledAt: T }]
        })
        const mark = calls.length
        yield* TestClock.adjust(5_000)
        yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 2))
        expect(fake.sent.map((s) => s.text).sort()).toEqual(["known ahead", "planned late"])
        // the known one claimed on its preload; the late one read at its claim
        expect(since(mark).filter((c) => c === `read ${stream}`)).toEqual([])
        expect(since(mark).filter((c) => c === `read message-${late.messageIds[0]}`)).toHaveLength(1)
        yield* Fiber.interrupt(loop)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a preload wake that finds its messages due already (a lead of 0, or a late wake) runs the pass", () => {
    const { layer } = countedScheduler(undefined, undefined, { preloadLeadMs: 0 })
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* seedCampaign({ messages: [{ content: "due at the wake", scheduledAt: T }] })
      yield* TestClock.setTime(T - 20_000)
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      yield* TestClock.adjust(19_999)
      expect(fake.sent).toEqual([])
      yield* TestClock.adjust(1)
      // at T, not at the next cycle (T + 10 s)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      expect(fake.sent[0]?.text).toBe("due at the wake")
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(layer))
  })
})
