import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { recoverExpiredClaims } from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dispatchAndDrain, memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * Ids chosen before sending (docs/outcome-unknown.md, "Client-chosen message ids"): the scheduler
 * takes an id from a NOWEB WAHA of 2026.7 (the fake, over real HTTP) before each claim, records it
 * with the claim, sends with it, and settles a cut-off send by looking it up. Never a resend.
 */

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const LEASE = 5 * 60_000
const GROUP = "120363000000000001@g.us"
const ID = /^3EB0[0-9A-F]{18}$/

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha({ engine: "NOWEB", version: "2026.7.1" })
})
afterAll(() => fake.close())
beforeEach(async () => {
  await fake.reset()
})

const setup = () => memoryScheduler(fake.url, { leaseMs: LEASE }, 300)

const events = (id: string) =>
  EventStore.use((store) => store.read(`message-${id}`)).pipe(Effect.map((all) => all.map((e) => e.data)))

/** One message due at T, dispatched at T; the same text twice, so the chat's history could never tell them apart. */
const dispatchOne = Effect.gen(function* () {
  yield* TestClock.setTime(PLANNED_AT)
  const seeded = yield* seedCampaign({
    messages: [
      { content: "Rehearsal at 8", scheduledAt: T },
      { content: "Rehearsal at 8", scheduledAt: T + 3_600_000 }
    ]
  })
  yield* TestClock.setTime(T)
  yield* dispatchAndDrain
  return { ...seeded, id: seeded.messageIds[0]! }
})

describe("ids chosen before sending, on an engine that honours them", () => {
  it.effect("the claim records the id it took, the send carries it, and the sent message is known by it", () =>
    Effect.gen(function* () {
      const { id } = yield* dispatchOne
      const chosen = (yield* (yield* MessageRepository).get(id))?.claimGatewayId
      expect(chosen).toMatch(ID)
      expect((yield* events(id))[1]).toMatchObject({ type: "MessagePicked", gatewayMessageId: chosen })
      expect(fake.sent).toHaveLength(1)
      expect(fake.sent[0]?.["id"]).toBe(chosen)
      expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "SENT", gatewayMessageKey: chosen })
    }).pipe(Effect.provide(setup().layer))
  )

  it.effect("a send cut off after the gateway took it is settled SENT by its id at once, before the lease", () => {
    const { layer, logs } = setup()
    return Effect.gen(function* () {
      fake.deliverThenHang()
      fake.setAck("alice", 2)
      const { id, campaignId } = yield* dispatchOne
      const view = yield* (yield* MessageRepository).get(id)
      expect(view).toMatchObject({ status: "SENT", isSent: true, failureReason: null, deliveredAt: T })
      expect(view?.gatewayMessageKey).toBe(view?.claimGatewayId)
      const recorded = yield* events(id)
      expect(recorded.at(-2)).toMatchObject({
        type: "MessageSent",
        note: `settled by its id: gateway message ${view?.claimGatewayId}`
      })
      // its ack (DEVICE) is the whole message's first receipt
      expect(recorded.at(-1)).toMatchObject({ type: "MessageAcknowledged", level: "DELIVERED", participant: null })
      expect(logs.lines.map((l) => l.text)).toContain(`Message ${id} processed successfully`)
      expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("IN_PROGRESS")
      expect(fake.sent).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a cut-off send the gateway never delivered stays open, then is outcome unknown after the lease, and is never resent",
    () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        fake.hangWithoutDelivering()
        const { id, campaignId } = yield* dispatchOne
        // not found by its id yet: left open for the lease recovery, not reported yet
        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "PICKED" })
        expect(logs.lines.map((l) => l.text).join("\n")).toContain(
          `Message ${id}: failed to send message: timed out after 300 ms; not found by its id yet: left to the lease recovery`
        )
        yield* Effect.promise(async () => fake.latency(0))
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "OUTCOME_UNKNOWN", isSent: false })
        expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("FAILED")
        // the id was not found, and the history has the same text twice: neither can tell
        const lookups = fake.requests.filter((r) => r.method === "GET" && r.path.includes("/messages/"))
        expect(lookups).toHaveLength(2)
        yield* dispatchAndDrain
        expect(fake.sent).toHaveLength(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a send still queued in the engine when its answer was cut off is settled SENT by the lease recovery",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        fake.deliverLater(3_000)
        const { id } = yield* dispatchOne
        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "PICKED" })
        yield* Effect.promise(() => fake.waitFor(() => fake.chatHistory("alice", GROUP).length === 1, 10_000))
        yield* TestClock.setTime(T + LEASE - 1)
        expect(yield* recoverExpiredClaims()).toBe(0)
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        const view = yield* (yield* MessageRepository).get(id)
        expect(view).toMatchObject({ status: "SENT", isSent: true })
        expect(view?.gatewayMessageKey).toBe(view?.claimGatewayId)
        expect(fake.sent).toHaveLength(1)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("found but not acknowledged by WhatsApp (ack 0) proves nothing: outcome unknown", () => {
    const { layer, logs } = setup()
    return Effect.gen(function* () {
      fake.deliverThenHang()
      fake.setAck("alice", 0)
      const { id } = yield* dispatchOne
      yield* TestClock.setTime(T + LEASE)
      expect(yield* recoverExpiredClaims()).toBe(1)
      expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "OUTCOME_UNKNOWN" })
      expect(logs.lines.map((l) => l.text)).toContain(
        `Message ${id}: its id cannot settle it: the gateway has it by its id but WhatsApp has not acknowledged it (ack 0)`
      )
    }).pipe(Effect.provide(layer))
  })

  it.effect("a NOWEB session without its store cannot look ids up: outcome unknown, never resent", () => {
    const { layer, logs } = setup()
    return Effect.gen(function* () {
      fake.deliverThenHang()
      fake.withoutHistory("alice")
      const { id } = yield* dispatchOne
      yield* TestClock.setTime(T + LEASE)
      expect(yield* recoverExpiredClaims()).toBe(1)
      expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "OUTCOME_UNKNOWN" })
      expect(logs.lines.map((l) => l.text).join("\n")).toMatch(
        new RegExp(`Message ${id}: its id cannot settle it: .*NOWEB store`)
      )
      expect(fake.sent).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "an engine that ignored the id: not found by it, and the chat's history, showing the text under another id, cannot tell either",
    () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        fake.ignoreIds(true)
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [{ content: "Only once: bring boots", scheduledAt: T }]
        })
        fake.deliverThenHang()
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        const id = messageIds[0]!
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        // where ids are honoured, a message under another id is not this send (the text typed by hand)
        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({ status: "OUTCOME_UNKNOWN" })
        expect(logs.lines.map((l) => l.text)).toContain(
          `Message ${id}: the chat's history cannot settle it: the chat shows the text, but under another id than the one its claim took: it may not be this send`
        )
        expect(fake.sent).toHaveLength(1)
      }).pipe(Effect.provide(layer))
    }
  )
})
