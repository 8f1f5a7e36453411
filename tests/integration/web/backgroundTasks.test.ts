import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger, Queue } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { AuthSessionRepository } from "../../../src/application/ports/AuthSessionRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { OWNER_DISABLED_REASON } from "../../../src/application/scheduler/checkOwnerMaySend.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { backgroundTasks } from "../../../src/interfaces/web/backgroundTasks.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"

const T = Date.parse("2026-06-01T10:00:00.000Z")
const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

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
    const folder = mkdtempSync(join(tmpdir(), "herald-alerts-"))
    folders.push(folder)
    const path = join(folder, "herald.db")
    return () => SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path })))
  }
}

type Connect = ReturnType<(typeof databases)[keyof typeof databases]>

/** One web process on a connection of its own, with its own notifier. */
const webProcess = (connect: Connect, told: Array<Notification>) =>
  Layer.mergeAll(connect(), MemoryNotifier.layer(told), Logger.layer([]))

/**
 * Starts the web process's background tasks, recording where each walk of the log started;
 * `pass` waits for the next failure scan that got through (advancing the stored position is its
 * last step), on a store whose writes finish later (SQLite's group commit) too.
 */
const startTasks = Effect.gen(function* () {
  const store = yield* EventStore
  const positions = yield* ProjectionCheckpoint
  const since: Array<number> = []
  const passes = yield* Queue.unbounded<number>()
  const fiber = yield* Effect.forkChild(
    backgroundTasks(30_000).pipe(
      Effect.provideService(
        EventStore,
        EventStore.of({
          ...store,
          recordedSince: (from, limit) =>
            Effect.sync(() => since.push(from)).pipe(Effect.andThen(store.recordedSince(from, limit)))
        })
      ),
      Effect.provideService(
        ProjectionCheckpoint,
        ProjectionCheckpoint.of({
          ...positions,
          advance: (name, position) =>
            positions
              .advance(name, position)
              .pipe(Effect.andThen(name === "failureAlerts" ? Queue.offer(passes, position) : Effect.void))
        })
      )
    )
  )
  return { fiber, since, pass: Queue.take(passes) }
})

const campaignsTold = (told: ReadonlyArray<Notification>) =>
  told.flatMap((n) => (n.kind === "CampaignFailed" ? [n.campaignId] : []))

/** A campaign of one message, set failed as the scheduler does. */
const failedCampaign = (
  sessionId: string,
  title: string,
  at: number,
  reason = "failed to send message: the gateway refused it"
) =>
  Effect.gen(function* () {
    const campaign = yield* createCampaign({
      userId: "u1",
      sessionId,
      group: { groupId: "g@g.us", groupName: "G" },
      title,
      messages: [{ content: title, scheduledAt: at + MINUTE }]
    })
    yield* failCampaign(campaign.id, campaign.messageIds[0]!, reason)
    return campaign.id
  })

const failureAlertsPosition = ProjectionCheckpoint.use((positions) => positions.read("failureAlerts"))

describe("the web process's alerts", () => {
  it.effect(
    "a failed campaign is announced once; overdue unpicked messages raise one stalled-scheduler alert an hour; expired sessions are swept hourly",
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
            // a title the organiser wrote: told as written
            madeUpTitle: null,
            reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000"
          }
        ])
        // nothing runs the scheduler: 1 minute + 2 minutes of window + 1 minute of grace later, the alert
        yield* TestClock.adjust(4 * MINUTE + 30_000)
        const alerts = () => told.filter((n) => n.kind === "SchedulerStalled")
        expect(alerts()).toHaveLength(1)
        // structured, so the admin's mail says when in their zone and language (the log keeps the ISO instant)
        expect(alerts()[0]).toEqual({
          kind: "SchedulerStalled",
          messageId: stuck.messageIds[0],
          scheduledAt: Date.parse("2026-06-01T10:01:00.000Z")
        })
        // not again within the hour, again after it; the failed campaign is never announced twice
        yield* TestClock.adjust(30 * MINUTE)
        expect(alerts()).toHaveLength(1)
        yield* TestClock.adjust(31 * MINUTE)
        expect(alerts()).toHaveLength(2)
        expect(told.filter((n) => n.kind === "CampaignFailed")).toHaveLength(1)
        // a campaign that failed because the admin disabled its owner is not mailed to that admin
        yield* failedCampaign(session.id, "Owner disabled", T + 65 * MINUTE, OWNER_DISABLED_REASON)
        yield* TestClock.adjust(30_000)
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
})

describe.each(["memory", "sqlite"] as const)("the failure alerts' stored position (%s)", (kind) => {
  it.effect(
    "a restarted web process resumes the failure scan where the last pass got through, not a day back; new failures are still told once",
    () => {
      const db = databases[kind]()
      const before: Array<Notification> = []
      const after: Array<Notification> = []
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const session = yield* createMessagingSession("u1", "alice")
        const old = yield* failedCampaign(session.id, "Old", T)
        // the first start: nothing stored, it looks back a day
        expect(yield* failureAlertsPosition).toBe(0)
        yield* Effect.gen(function* () {
          const tasks = yield* startTasks
          yield* TestClock.adjust(0)
          expect(yield* tasks.pass).toBe(T - MINUTE)
          expect(tasks.since[0]).toBe(T - DAY)
          yield* TestClock.adjust(30_000)
          expect(yield* tasks.pass).toBe(T + 30_000 - MINUTE)
          yield* Fiber.interrupt(tasks.fiber)
        }).pipe(Effect.provide(webProcess(db, before)))
        expect(campaignsTold(before)).toEqual([old])
        // the last pass that got through started at T + 30 s
        expect(yield* failureAlertsPosition).toBe(T + 30_000 - MINUTE)

        // two hours later, while no web process runs, another campaign fails; then a restart
        yield* TestClock.setTime(T + 2 * HOUR)
        const fresh = yield* failedCampaign(session.id, "Fresh", T + 2 * HOUR)
        yield* Effect.gen(function* () {
          const tasks = yield* startTasks
          yield* TestClock.adjust(0)
          yield* tasks.pass
          // it resumed at the stored position: the day before it was not read again
          expect(tasks.since[0]).toBe(T + 30_000 - MINUTE)
          expect(tasks.since.every((from) => from >= T + 30_000 - MINUTE)).toBe(true)
          yield* Fiber.interrupt(tasks.fiber)
        }).pipe(Effect.provide(webProcess(db, after)))
        // the old failure is not told again, the new one is
        expect(campaignsTold(after)).toEqual([fresh])
        expect(yield* failureAlertsPosition).toBe(T + 2 * HOUR - MINUTE)
      }).pipe(Effect.provide(webProcess(db, [])))
    }
  )

  it.effect("a position stored more than a day ago: the scan looks back a day, as on a first start", () => {
    const db = databases[kind]()
    return Effect.gen(function* () {
      yield* ProjectionCheckpoint.use((positions) => positions.advance("failureAlerts", T - 3 * DAY))
      yield* TestClock.setTime(T)
      const tasks = yield* startTasks
      yield* TestClock.adjust(0)
      yield* tasks.pass
      expect(tasks.since[0]).toBe(T - DAY)
      yield* Fiber.interrupt(tasks.fiber)
    }).pipe(Effect.provide(webProcess(db, [])))
  })

  it.effect("two web processes at once: each failure is told once, and the stored position only moves on", () => {
    const db = databases[kind]()
    const a: Array<Notification> = []
    const b: Array<Notification> = []
    return Effect.gen(function* () {
      yield* TestClock.setTime(T)
      const session = yield* createMessagingSession("u1", "alice")
      const processes = yield* Effect.forEach([a, b], (told) =>
        Layer.build(webProcess(db, told)).pipe(Effect.flatMap((context) => startTasks.pipe(Effect.provide(context))))
      )
      yield* TestClock.adjust(0)
      yield* Effect.forEach(processes, (p) => p.pass, { discard: true })
      const failed = yield* Effect.forEach(["One", "Two", "Three"], (title) => failedCampaign(session.id, title, T))
      yield* TestClock.adjust(30_000)
      yield* Effect.forEach(processes, (p) => p.pass, { discard: true })
      expect([...campaignsTold(a), ...campaignsTold(b)].sort()).toEqual([...failed].sort())
      expect(yield* failureAlertsPosition).toBe(T + 30_000 - MINUTE)
      yield* Effect.forEach(processes, (p) => Fiber.interrupt(p.fiber), { discard: true })
    }).pipe(Effect.provide(webProcess(db, [])))
  })
})
