import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { updateFutureMessages } from "../../../src/application/campaign/updateFutureMessages.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import type { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import type { CampaignPlan } from "../../../src/domain/campaign/Campaign.ts"
import { planRecurrence } from "../../../src/domain/campaign/Recurrence.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MENTIONING_WAHA, versionGateway } from "../../support/versionGateway.ts"

const HOUR = 3_600_000
const DAY = 24 * HOUR
const choir = { groupId: "120363000000000001@g.us", groupName: "Choir" }
const band = { groupId: "120363000000000002@g.us", groupName: "Band" }
const PLAN: CampaignPlan = {
  timeZone: "UTC",
  recurrence: {
    startDate: "1970-01-02",
    endDate: "1970-01-04",
    sendTime: "08:30",
    timeZone: "UTC",
    frequency: "DAILY",
    template: "Day {days_left}\n---\nBring music",
    isFreeForm: true,
    splitMarker: "---"
  }
}

type Services = Layer.Success<ReturnType<typeof MemoryStore.layer>> | KeyedLocks | GatewayPort
const inMemory = <A, E>(effect: Effect.Effect<A, E, Services>) =>
  effect.pipe(
    Effect.provide(
      Layer.mergeAll(
        MemoryStore.layer(makeMemoryDatabase()),
        KeyedLocks.layer,
        versionGateway(() => MENTIONING_WAHA).layer,
        Logger.layer([])
      )
    )
  )

/** A daily campaign of 3 days × 2 messages to two groups (12 messages), created at time 0. */
const setUp = Effect.gen(function* () {
  const planned = planRecurrence(PLAN.recurrence!, "")
  if (planned._tag !== "Planned") throw new Error("plan")
  return yield* createCampaign({
    userId: "u1",
    sessionId: "s1",
    group: choir,
    targets: [choir, band],
    title: "Week",
    plan: PLAN,
    messages: planned.messages
  })
})

describe("updateFutureMessages on the memory store", () => {
  it.effect("each group's occurrence keeps its sequence a second apart, at the new time and text", () =>
    inMemory(
      Effect.gen(function* () {
        const { id } = yield* setUp
        const result = yield* updateFutureMessages("u1", {
          campaignId: id,
          sendTime: "18:00",
          template: "{days_left} to go\n---\nBring water"
        })
        expect(result).toEqual({ changed: 12, skipped: 0 })
        const got = yield* getCampaign("u1", id)
        const choirs = got.messages.filter((m) => m.groupId === choir.groupId)
        expect(choirs.map((m) => [m.scheduledAt, m.content])).toEqual([
          [DAY + 18 * HOUR, "2 to go"],
          [DAY + 18 * HOUR + 1000, "Bring water"],
          [2 * DAY + 18 * HOUR, "1 to go"],
          [2 * DAY + 18 * HOUR + 1000, "Bring water"],
          [3 * DAY + 18 * HOUR, "0 to go"],
          [3 * DAY + 18 * HOUR + 1000, "Bring water"]
        ])
        expect(got.messages.filter((m) => m.groupId === band.groupId).map((m) => m.content)).toEqual(
          choirs.map((m) => m.content)
        )
        expect(got.plan?.recurrence).toMatchObject({
          sendTime: "18:00",
          template: "{days_left} to go\n---\nBring water"
        })
      })
    )
  )

  it.effect("a message the scheduler picked meanwhile is left alone and reported as skipped", () =>
    Effect.gen(function* () {
      const db = makeMemoryDatabase()
      const layer = Layer.mergeAll(
        MemoryStore.layer(db),
        KeyedLocks.layer,
        versionGateway(() => MENTIONING_WAHA).layer,
        Logger.layer([])
      )
      const { id, messageIds } = yield* setUp.pipe(Effect.provide(layer))
      const first = messageIds[0] ?? ""
      // read before the pick: what the change sees when the scheduler claims in between
      const stale = yield* MessageRepository.use((r) => r.listByCampaign(id)).pipe(Effect.provide(layer))
      const due = DAY + 8.5 * HOUR
      yield* TestClock.setTime(due - 60_000)
      const picked = yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: due, now: due, by: "s" }).pipe(
        Effect.provide(layer)
      )
      expect(picked._tag).toBe("Accepted")
      const lagging = Layer.effect(
        MessageRepository,
        MessageRepository.use((real) => Effect.succeed({ ...real, listByCampaign: () => Effect.succeed(stale) }))
      ).pipe(Layer.provide(layer))
      const result = yield* updateFutureMessages("u1", { campaignId: id, sendTime: "09:00" }).pipe(
        Effect.provide(Layer.merge(layer, lagging))
      )
      expect(result).toEqual({ changed: 11, skipped: 1 })
      const got = yield* getCampaign("u1", id).pipe(Effect.provide(layer))
      const pickedNow = got.messages.find((m) => m.id === first)
      expect(pickedNow).toMatchObject({ isPicked: true, scheduledAt: due })
      expect(got.messages.filter((m) => m.id !== first).every((m) => (m.scheduledAt - 9 * HOUR) % DAY < 2000)).toBe(
        true
      )
    })
  )
})
