import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { GatewayError, GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { SchedulerSettings } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { captureLogs, dispatchAndDrain, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * The ids a preload takes for its messages' sends (docs/architecture.md#loading-ahead): kept only
 * for a real answer, used only within the lead and while the adapter has not learnt since that
 * the session gives none; else the claim asks, as without a preload.
 */

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
/** within the default lead (5 s) of T */
const PRELOAD_AT = T - 3_000

// a WAHA that gives ids (NOWEB, 2026.4.3 on), and one that has none (WEBJS)
let withIds: FakeWaha
let withoutIds: FakeWaha
beforeAll(async () => {
  withIds = await startFakeWaha({ engine: "NOWEB", version: "2026.7.1" })
  withoutIds = await startFakeWaha({ engine: "WEBJS", version: "2026.7.1" })
})
afterAll(async () => {
  await withIds.close()
  await withoutIds.close()
})
beforeEach(async () => {
  await withIds.reset()
  await withoutIds.reset()
})

/** A scheduler whose gateway's newMessageId calls are counted (`asked`), and fail while `failing.on`. */
const harness = (fake: FakeWaha) => {
  const asked: Array<string> = []
  const failing = { on: false }
  const gateway = Layer.effect(
    GatewayPort,
    Effect.gen(function* () {
      const real = yield* GatewayPort
      return GatewayPort.of({
        ...real,
        newMessageId: (session) =>
          Effect.suspend(() => {
            asked.push(session)
            return failing.on
              ? Effect.fail(new GatewayError({ reason: "Timeout", message: "no answer within 1500 ms" }))
              : real.newMessageId(session)
          })
      })
    })
  ).pipe(Layer.provide(WahaGateway.layer({ baseUrl: fake.url, apiKey: FAKE_WAHA_API_KEY, timeoutMs: 2_000 })))
  const layer = Dispatcher.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryStore.layer(makeMemoryDatabase()),
        KeyedLocks.layer,
        gateway,
        Layer.succeed(SchedulerSettings, SchedulerSettings.defaultValue())
      )
    ),
    Layer.provideMerge(captureLogs().layer)
  )
  return { asked, failing, layer }
}

const preload = (from: number, to: number) => Dispatcher.use((d) => d.preload(from, to))
const claimedId = (id: string) => load(MessageAggregate, id).pipe(Effect.map((s) => s.claimGatewayId))

describe("ids taken at the preload", () => {
  it.effect("an id taken more than the lead before its claim is not used: the claim asks again", () => {
    const { asked, layer } = harness(withIds)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "late", scheduledAt: T }] })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      expect(asked).toHaveLength(1)
      // the pass comes 6 s after the id was taken (a lane that waited its turn): still due, the id is stale
      yield* TestClock.setTime(T + 3_000)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(asked).toHaveLength(2)
      const id = yield* claimedId(messageIds[0]!)
      expect(withIds.sent.map((s) => s["id"])).toEqual([id])
    }).pipe(Effect.provide(layer))
  })

  it.effect("an id dropped with its preload after an edit: the claim asks for a new one and sends the new text", () => {
    const { asked, layer } = harness(withIds)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "old text", scheduledAt: T }] })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      expect(asked).toHaveLength(1)
      yield* execute(MessageAggregate)(messageIds[0]!, { type: "Edit", content: "new text", now: PRELOAD_AT + 1 })
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(asked).toHaveLength(2)
      expect(withIds.sent.map((s) => s.text)).toEqual(["new text"])
      expect(withIds.sent[0]?.["id"]).toBe(yield* claimedId(messageIds[0]!))
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a preloaded id is not used once the adapter learnt the session ignores ids: the claim goes without one",
    () => {
      const { layer } = harness(withIds)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "first", scheduledAt: T - 1 },
            { content: "second", scheduledAt: T }
          ]
        })
        yield* TestClock.setTime(PRELOAD_AT)
        yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
        // the session now drops the ids it is given (restarted on an engine that ignores them)
        withIds.ignoreIds(true)
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(2)
        expect(withIds.sent.map((s) => s.text)).toEqual(["first", "second"])
        // the first went with its preloaded id, which the gateway ignored; the second then with none
        expect(yield* claimedId(messageIds[0]!)).toEqual(expect.any(String))
        expect(yield* claimedId(messageIds[1]!)).toBeNull()
        expect(withIds.sent[1]).not.toHaveProperty("id")
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a failing answer at the preload is not kept as 'no id': the claim asks again and gets one", () => {
    const { asked, failing, layer } = harness(withIds)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "only", scheduledAt: T }] })
      yield* TestClock.setTime(PRELOAD_AT)
      failing.on = true
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      expect(asked).toHaveLength(1)
      failing.on = false
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(asked).toHaveLength(2)
      const id = yield* claimedId(messageIds[0]!)
      expect(id).toEqual(expect.any(String))
      expect(withIds.sent[0]?.["id"]).toBe(id)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a preloaded 'no id' (a gateway without ids) is honoured: the claim does not ask again", () => {
    const { asked, layer } = harness(withoutIds)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "only", scheduledAt: T }] })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      expect(asked).toHaveLength(1)
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(asked).toHaveLength(1)
      expect(yield* claimedId(messageIds[0]!)).toBeNull()
      expect(withoutIds.sent.map((s) => s.text)).toEqual(["only"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("no id is taken at the preload (nor at the claim) for a Status", () => {
    const { asked, layer } = harness(withIds)
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* createMessagingSession("u1", "alice")
      yield* planCampaign("u1", {
        sessionName: "alice",
        targets: [{ groupId: "status@broadcast", groupName: "My Status" }],
        messages: [{ content: "Open day", scheduledAt: T }]
      })
      yield* TestClock.setTime(PRELOAD_AT)
      yield* preload(PRELOAD_AT + 1, PRELOAD_AT + 5_000)
      expect(asked).toEqual([])
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(1)
      expect(asked).toEqual([])
      expect(withIds.requests.filter((r) => r.path.endsWith("/new-message-id"))).toEqual([])
    }).pipe(Effect.provide(layer))
  })
})
