import { describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { AuthSessionRepository } from "../../../src/application/ports/AuthSessionRepository.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"
import { backgroundTasks } from "../../../src/interfaces/web/backgroundTasks.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"

const T = Date.parse("2026-06-01T10:00:00.000Z")
const MINUTE = 60_000

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
})
