import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { AuthSessionRepository } from "../../../src/application/ports/AuthSessionRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import type { MemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"
import { backgroundTasks } from "../../../src/interfaces/web/backgroundTasks.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"

const T = Date.parse("2026-06-01T10:00:00.000Z")
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** One web process over the shared database: its own notifier, and the log reads it makes. */
const webProcess = (db: MemoryDatabase, told: Array<Notification>) =>
  Layer.mergeAll(MemoryStore.layer(db), MemoryNotifier.layer(told), Logger.layer([]))

/** An EventStore that records where each walk of the log started. */
const watchLogReads = Effect.gen(function* () {
  const store = yield* EventStore
  const since: Array<number> = []
  const watched = EventStore.of({
    ...store,
    recordedSince: (from, limit) =>
      Effect.sync(() => since.push(from)).pipe(Effect.andThen(store.recordedSince(from, limit)))
  })
  return { since, watched }
})

/** A campaign of one message, set failed as the scheduler does. */
const failedCampaign = (sessionId: string, title: string, at: number) =>
  Effect.gen(function* () {
    const campaign = yield* createCampaign({
      userId: "u1",
      sessionId,
      group: { groupId: "g@g.us", groupName: "G" },
      title,
      messages: [{ content: title, scheduledAt: at + MINUTE }]
    })
    yield* failCampaign(campaign.id, campaign.messageIds[0]!, "failed to send message: the gateway refused it")
    return campaign.id
  })

const failureAlertsPosition = ProjectionCheckpoint.use((positions) => positions.read("failureAlerts"))

describe("the web process's alerts", () => {
  it.effect(
    "a failed campaign is announced once; overdue unpicked messages raise one system alert an hour; expired sessions are swept hourly",
    () => {
      const told: Array<Notification> = []
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const session = yield* createMessagingSession("u1", "alice")
        const stuck = yield* createCampaign({
          userId: "u1",
          sessionId: session.id,
          group: { groupId: "g@g.us", groupName: "G" },
          title: "Stuck",
          messages: [{ content: "x", scheduledAt: T + MINUTE }]
        })
        const broken = yield* createCampaign({
          userId: "u1",
          sessionId: session.id,
          group: { groupId: "g@g.us", groupName: "G" },
          title: "Broken",
          messages: [{ content: "y", scheduledAt: T + 60 * MINUTE }]
        })
        yield* failCampaign(
          broken.id,
          broken.messageIds[0]!,
          "failed to send message: connect ECONNREFUSED 127.0.0.1:3000"
        )
        const sessions = yield* AuthSessionRepository
        yield* sessions.create({ id: "short", userId: "u1", expiresAt: T + 10 * MINUTE, createdAt: T })
        yield* sessions.create({ id: "long", userId: "u1", expiresAt: T + 30 * 24 * 60 * MINUTE, createdAt: T })
        const loop = yield* Effect.forkChild(backgroundTasks(30_000))
        yield* TestClock.adjust(0)
        expect(told).toEqual([
          {
            kind: "CampaignFailed",
            campaignId: broken.id,
            title: "Broken",
            reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000"
          }
        ])
        // nothing runs the scheduler: 1 minute + 2 minutes of window + 1 minute of grace later, the alert
        yield* TestClock.adjust(4 * MINUTE + 30_000)
        const alerts = () => told.filter((n) => n.kind === "SystemAlert")
        expect(alerts()).toHaveLength(1)
        expect(alerts()[0]).toMatchObject({
          text: expect.stringContaining(`message ${stuck.messageIds[0]} was due at 2026-06-01T10:01:00.000Z`)
        })
        // not again within the hour, again after it; the failed campaign is never announced twice
        yield* TestClock.adjust(30 * MINUTE)
        expect(alerts()).toHaveLength(1)
        yield* TestClock.adjust(31 * MINUTE)
        expect(alerts()).toHaveLength(2)
        expect(told.filter((n) => n.kind === "CampaignFailed")).toHaveLength(1)
        // the hourly sweep ran again after the first hour: the expired session is gone, the live one stays
        expect(yield* sessions.get("short")).toBeNull()
        expect(yield* sessions.get("long")).not.toBeNull()
        yield* Fiber.interrupt(loop)
      }).pipe(
        Effect.provide(
          Layer.mergeAll(MemoryStore.layer(makeMemoryDatabase()), MemoryNotifier.layer(told), Logger.layer([]))
        )
      )
    }
  )

  it.effect(
    "a restarted web process resumes the failure scan where the last pass got through, not a day back; new failures are still told once",
    () => {
      const db = makeMemoryDatabase()
      const before: Array<Notification> = []
      const after: Array<Notification> = []
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const session = yield* createMessagingSession("u1", "alice")
        const old = yield* failedCampaign(session.id, "Old", T)
        // the first start: nothing stored, it looks back a day
        expect(yield* failureAlertsPosition).toBe(0)
        const first = yield* Effect.gen(function* () {
          const { since, watched } = yield* watchLogReads
          const loop = yield* Effect.forkChild(backgroundTasks(30_000).pipe(Effect.provideService(EventStore, watched)))
          yield* TestClock.adjust(0)
          expect(since[0]).toBe(T - DAY)
          return loop
        }).pipe(Effect.provide(webProcess(db, before)))
        expect(
          before.filter((n) => n.kind === "CampaignFailed").map((n) => n.kind === "CampaignFailed" && n.campaignId)
        ).toEqual([old])
        yield* TestClock.adjust(30_000)
        yield* Fiber.interrupt(first)
        // the last pass that got through started at T + 30 s
        expect(yield* failureAlertsPosition).toBe(T + 30_000 - MINUTE)

        // two hours later, while no web process runs, another campaign fails; then a restart
        yield* TestClock.setTime(T + 2 * HOUR)
        const fresh = yield* failedCampaign(session.id, "Fresh", T + 2 * HOUR)
        yield* Effect.gen(function* () {
          const { since, watched } = yield* watchLogReads
          const loop = yield* Effect.forkChild(backgroundTasks(30_000).pipe(Effect.provideService(EventStore, watched)))
          yield* TestClock.adjust(0)
          // it resumed at the stored position: the day before it was not read again
          expect(since.length).toBeGreaterThan(0)
          expect(since[0]).toBe(T + 30_000 - MINUTE)
          expect(since.every((from) => from >= T + 30_000 - MINUTE)).toBe(true)
          yield* Fiber.interrupt(loop)
        }).pipe(Effect.provide(webProcess(db, after)))
        const told = after.filter((n) => n.kind === "CampaignFailed")
        expect(told.map((n) => n.kind === "CampaignFailed" && n.campaignId)).toEqual([fresh])
        expect(yield* failureAlertsPosition).toBe(T + 2 * HOUR - MINUTE)
      }).pipe(Effect.provide(webProcess(db, [])))
    }
  )

  it.effect("a position stored more than a day ago: the scan looks back a day, as on a first start", () => {
    const db = makeMemoryDatabase()
    return Effect.gen(function* () {
      yield* ProjectionCheckpoint.use((positions) => positions.advance("failureAlerts", T - 3 * DAY))
      yield* TestClock.setTime(T)
      const { since, watched } = yield* watchLogReads
      const loop = yield* Effect.forkChild(backgroundTasks(30_000).pipe(Effect.provideService(EventStore, watched)))
      yield* TestClock.adjust(0)
      expect(since[0]).toBe(T - DAY)
      yield* Fiber.interrupt(loop)
    }).pipe(Effect.provide(webProcess(db, [])))
  })

  it.effect("two web processes at once: each failure is told once, and the stored position only moves on", () => {
    const db = makeMemoryDatabase()
    const a: Array<Notification> = []
    const b: Array<Notification> = []
    return Effect.gen(function* () {
      yield* TestClock.setTime(T)
      const session = yield* createMessagingSession("u1", "alice")
      const loops = yield* Effect.forEach([a, b], (told) =>
        Effect.forkChild(backgroundTasks(30_000).pipe(Effect.provide(webProcess(db, told))))
      )
      yield* TestClock.adjust(0)
      const failed = yield* Effect.forEach(["One", "Two", "Three"], (title) => failedCampaign(session.id, title, T))
      yield* TestClock.adjust(30_000)
      yield* TestClock.adjust(30_000)
      const told = [...a, ...b].filter((n) => n.kind === "CampaignFailed")
      expect(told.map((n) => n.kind === "CampaignFailed" && n.campaignId).sort()).toEqual([...failed].sort())
      expect(yield* failureAlertsPosition).toBe(T + 60_000 - MINUTE)
      yield* Effect.forEach(loops, Fiber.interrupt, { discard: true })
    }).pipe(Effect.provide(webProcess(db, [])))
  })
})
