import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { catchUpProjections } from "../../../src/application/eventSourcing/project.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { makeInProcessScheduleChanges, ScheduleChanges } from "../../../src/application/ports/ScheduleChanges.ts"
import { claimMessage } from "../../../src/application/scheduler/claimMessage.ts"
import { recordMissedMessages } from "../../../src/application/scheduler/recordMissedMessages.ts"
import { recoverExpiredClaims } from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import { runScheduler } from "../../../src/application/scheduler/runScheduler.ts"
import { LOOKBACK_MS } from "../../../src/domain/message/Message.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dispatchAndDrain, memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const LEASE = 5 * 60_000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const setup = () => memoryScheduler(fake.url, { leaseMs: LEASE })

describe("claims that never finish, missed messages, the run loop", () => {
  it.effect(
    "a claim whose send never reported back becomes outcome-unknown after the lease and is never resent",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { campaignId, messageIds } = yield* seedCampaign({
          messages: [{ content: "claimed then crashed", scheduledAt: T }]
        })
        yield* TestClock.setTime(T)
        // a scheduler that claimed it and died before recording anything
        const view = yield* (yield* MessageRepository).get(messageIds[0]!)
        expect((yield* claimMessage(view!, T))._tag).toBe("Claimed")

        yield* TestClock.setTime(T + LEASE - 1)
        expect(yield* recoverExpiredClaims()).toBe(0)
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        expect(yield* recoverExpiredClaims()).toBe(0)

        const message = yield* (yield* MessageRepository).get(messageIds[0]!)
        expect(message).toMatchObject({ status: "OUTCOME_UNKNOWN", isPicked: true, isSent: false })
        const campaign = yield* (yield* CampaignRepository).get(campaignId)
        expect(campaign?.status).toBe("FAILED")
        expect(campaign?.failureReason).toMatch(/outcome unknown/)
        yield* dispatchAndDrain
        expect(fake.sent).toHaveLength(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a read model left behind by a lost race (PICKED while the stream says SENT) is repaired, never reported",
    () => {
      const { layer, db } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { campaignId, messageIds } = yield* seedCampaign({ messages: [{ content: "sent", scheduledAt: T }] })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        const id = messageIds[0]!
        const sent = db.messages.get(id)!
        // what FerretDB's non-atomic update can leave: an older version written last
        db.messages.set(id, { ...sent, status: "PICKED", isSent: false, sentAt: null, version: sent.version - 1 })
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(0)
        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "SENT", version: sent.version })
        expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("COMPLETED")
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a message that fell out of the window is recorded as missed and its campaign FAILED with reason missed",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { campaignId, messageIds } = yield* seedCampaign({ messages: [{ content: "too late", scheduledAt: T }] })
        yield* TestClock.setTime(T + LOOKBACK_MS)
        expect(yield* recordMissedMessages()).toBe(0)
        yield* TestClock.setTime(T + LOOKBACK_MS + 1)
        expect(yield* recordMissedMessages()).toBe(1)
        expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({
          status: "MISSED",
          failureReason: "missed",
          isPicked: false
        })
        expect(yield* (yield* CampaignRepository).get(campaignId)).toMatchObject({
          status: "FAILED",
          failureReason: "missed"
        })
        yield* dispatchAndDrain
        expect(fake.sent).toHaveLength(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("the catch-up pass projects events whose projection never happened (a writer died in between)", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "projected late", scheduledAt: T }] })
      const id = messageIds[0]!
      // the append of a scheduler that died before it could project it
      const deleted: { readonly type: string; readonly at: number } = { type: "MessageDeleted", at: PLANNED_AT + 1 }
      yield* (yield* EventStore).append(`message-${id}`, 1, [deleted])
      expect((yield* (yield* MessageRepository).get(id))?.status).toBe("SCHEDULED")
      expect(yield* catchUpProjections(PLANNED_AT)).toBe(1)
      expect(yield* (yield* MessageRepository).get(id)).toMatchObject({
        status: "DELETED",
        isDeleted: true,
        version: 2
      })
      // nothing behind any more: a second pass rebuilds nothing
      expect(yield* catchUpProjections(0)).toBe(0)
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.sent).toHaveLength(0)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "the catch-up pass walks the log page by page, and reads a full page whose events share one instant again at twice the size, so nothing after it is skipped",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [1, 2, 3, 4, 5, 6].map((i) => ({ content: `projected late ${i}`, scheduledAt: T + i }))
        })
        const store = yield* EventStore
        const messages = yield* MessageRepository
        const deleted = (at: number): { readonly type: string; readonly at: number } => ({ type: "MessageDeleted", at })
        // appends of a scheduler that died before projecting them: three at instants of their own…
        for (const [i, id] of messageIds.slice(0, 3).entries()) {
          yield* TestClock.setTime(PLANNED_AT + 1 + i)
          yield* store.append(`message-${id}`, 1, [deleted(PLANNED_AT + 1 + i)])
        }
        // …pages of two: [+1 +2] [+2 +3] [+3]; a stream seen on two pages is rebuilt once
        expect(yield* catchUpProjections(PLANNED_AT + 1, { pageSize: 2 })).toBe(3)
        for (const id of messageIds.slice(0, 3))
          expect(yield* messages.get(id)).toMatchObject({ status: "DELETED", version: 2 })
        // …and three at one instant: a full page of two cannot move the cursor, so it is read
        // again as a page of four, which reaches the third
        yield* TestClock.setTime(PLANNED_AT + 10)
        for (const id of messageIds.slice(3)) yield* store.append(`message-${id}`, 1, [deleted(PLANNED_AT + 10)])
        expect(yield* catchUpProjections(PLANNED_AT + 10, { pageSize: 2 })).toBe(3)
        for (const id of messageIds.slice(3))
          expect(yield* messages.get(id)).toMatchObject({ status: "DELETED", version: 2 })
        expect(yield* catchUpProjections(PLANNED_AT + 10, { pageSize: 2 })).toBe(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("the loop wakes at a known message's scheduledAt instead of waiting for the next cycle", () => {
    const { layer, logs } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* seedCampaign({ messages: [{ content: "on time", scheduledAt: PLANNED_AT + 7_000 }] })
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      yield* TestClock.adjust(6_999)
      expect(fake.sent).toHaveLength(0)
      yield* TestClock.adjust(1)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      expect(logs.lines.map((l) => l.text)).toContain(
        `[${new Date(PLANNED_AT + 7_000).toISOString()}] Found 1 message to send`
      )
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(layer))
  })

  it.effect("in one process, a message planned while the loop sleeps wakes it at once (standalone mode)", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      // the loop ran its cycle and sleeps until the next one, 30 s away
      yield* TestClock.adjust(1_000)
      yield* seedCampaign({ messages: [{ content: "planned while asleep", scheduledAt: PLANNED_AT + 5_000 }] })
      yield* TestClock.adjust(3_999)
      expect(fake.sent).toHaveLength(0)
      yield* TestClock.adjust(1)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      expect(fake.sent[0]?.text).toBe("planned while asleep")
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(layer), Effect.provide(Layer.succeed(ScheduleChanges, makeInProcessScheduleChanges())))
  })

  it.effect("without the in-process signal (separate processes) the same message waits for the next cycle", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      yield* TestClock.adjust(1_000)
      yield* seedCampaign({ messages: [{ content: "planned elsewhere", scheduledAt: PLANNED_AT + 5_000 }] })
      yield* TestClock.adjust(10_000)
      expect(fake.sent).toHaveLength(0)
      yield* TestClock.adjust(19_000)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(layer))
  })

  it.effect("the loop survives the database going away and sends once it is back", () => {
    const { layer, logs, db } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* seedCampaign({ messages: [{ content: "after the outage", scheduledAt: PLANNED_AT + 45_000 }] })
      db.unavailable = "connect ECONNREFUSED 127.0.0.1:27017"
      const loop = yield* Effect.forkChild(runScheduler({ pollIntervalMs: 30_000 }))
      yield* TestClock.adjust(30_000)
      expect(
        logs.lines.some(
          (l) => l.level === "Error" && l.text.includes("Database error: connect ECONNREFUSED 127.0.0.1:27017")
        )
      ).toBe(true)
      db.unavailable = null
      yield* TestClock.adjust(30_000)
      yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
      expect(fake.sent[0]?.text).toBe("after the outage")
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(layer))
  })
})
