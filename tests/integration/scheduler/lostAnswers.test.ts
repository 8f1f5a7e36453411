import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { claimMessage } from "../../../src/application/scheduler/claimMessage.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/**
 * A store whose first append of an event of `type` is stored but answered with an error, as
 * when the server goes down between its write and its reply.
 */
const answerLostOnce = (type: string, options: { readonly thenDown?: boolean } = {}) => {
  const db = makeMemoryDatabase()
  let lost = 0
  const store = MemoryStore.layer(db)
  const lossy = Layer.effect(
    EventStore,
    Effect.gen(function* () {
      const inner = yield* EventStore
      return EventStore.of({
        ...inner,
        append: (streamId, expectedVersion, events) =>
          inner.append(streamId, expectedVersion, events).pipe(
            Effect.flatMap((version) =>
              lost === 0 && events.some((e) => e.type === type)
                ? Effect.sync(() => {
                    lost++
                    // the server stays away after the lost answer (until the test brings it back)
                    if (options.thenDown === true) db.unavailable = "connection refused"
                  }).pipe(
                    Effect.andThen(
                      Effect.fail(new StoreUnavailable({ message: "connection 1 to 127.0.0.1:27017 closed" }))
                    )
                  )
                : Effect.succeed(version)
            )
          )
      })
    })
  ).pipe(Layer.provide(store))
  const logs = captureLogs()
  const layer = schedulerClient(Layer.merge(store, lossy), fake.url).pipe(Layer.provideMerge(logs.layer))
  return { layer, logs, lost: () => lost, db }
}

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000

describe("a database answer lost after the write (the server went down between them)", () => {
  it.effect(
    "a claim that was stored although its answer was lost is this scheduler's: it sends the message, once",
    () => {
      const { layer, logs, lost } = answerLostOnce("MessagePicked")
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { campaignId, messageIds } = yield* seedCampaign({
          messages: [{ content: "claimed in the dark", scheduledAt: T }]
        })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        // a later pass finds nothing left to do
        expect(yield* dispatchAndDrain).toBe(0)
        expect(lost()).toBe(1)
        expect(fake.sent.map((s) => s.text)).toEqual(["claimed in the dark"])
        expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "SENT", isSent: true })
        expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("COMPLETED")
        expect(logs.lines.map((l) => l.text)).toContain(`Message ${messageIds[0]} processed successfully`)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a claim with an id whose answer was lost is read back as ours, with its id", () => {
    const { layer, lost } = answerLostOnce("MessagePicked")
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "claimed with an id", scheduledAt: T }] })
      yield* TestClock.setTime(T)
      const view = yield* (yield* MessageRepository).get(messageIds[0]!)
      expect(yield* claimMessage(view!, T, undefined, "3EB0AA")).toMatchObject({
        _tag: "Claimed",
        state: { status: "PICKED", claimGatewayId: "3EB0AA" }
      })
      expect(lost()).toBe(1)
      const events = yield* (yield* EventStore).read(`message-${messageIds[0]}`)
      expect(events.map((e) => e.data)).toContainEqual(expect.objectContaining({ gatewayMessageId: "3EB0AA" }))
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a claim whose answer was lost and that is read back only after half its lease is not sent: it is left to the lease recovery",
    () => {
      const { layer, logs, lost, db } = answerLostOnce("MessagePicked", { thenDown: true })
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [{ content: "claimed, then a long outage", scheduledAt: T }]
        })
        yield* TestClock.setTime(T)
        const pass = yield* Effect.forkChild(dispatchAndDrain)
        // the claim follows a real call to the gateway (its id: none from this WEBJS)
        yield* Effect.promise(() => fake.waitFor(() => lost() === 1))
        // the default lease is 5 minutes: the database comes back after 3
        yield* TestClock.adjust(3 * 60_000)
        db.unavailable = null
        yield* TestClock.adjust(1_000)
        yield* Fiber.join(pass)
        expect(fake.sent).toEqual([])
        // the stream ends with the claim: nothing was sent or recorded
        const events = yield* (yield* EventStore).read(`message-${messageIds[0]}`)
        expect(events.map((e) => e.type)).toEqual(["MessageScheduled", "MessagePicked"])
        expect(logs.lines.map((l) => l.text).join("\n")).toContain(
          `Message ${messageIds[0]}: its claim was read back too late to send`
        )
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a send whose record was stored although its answer was lost is reported processed, and its campaign completed",
    () => {
      const { layer, logs, lost } = answerLostOnce("MessageSent")
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { campaignId, messageIds } = yield* seedCampaign({
          messages: [{ content: "recorded in the dark", scheduledAt: T }]
        })
        yield* TestClock.setTime(T)
        let drained = false
        const drain = yield* Effect.forkChild(
          dispatchAndDrain.pipe(Effect.ensuring(Effect.sync(() => (drained = true))))
        )
        yield* Effect.promise(() => fake.waitFor(() => fake.sent.length === 1))
        // The record is tried again every second after its answer was lost: move the test clock
        // on until the lane is done (bounded: well within the 5-minute lease).
        for (let second = 0; !drained; second++) {
          if (second > 60) throw new Error("the lane did not finish within 60 test-clock seconds")
          yield* TestClock.adjust(1_000)
          yield* Effect.promise(() => new Promise<void>((r) => setImmediate(r)))
        }
        yield* Fiber.join(drain)
        expect(lost()).toBe(1)
        expect(fake.sent.map((s) => s.text)).toEqual(["recorded in the dark"])
        expect(yield* (yield* MessageRepository).get(messageIds[0]!)).toMatchObject({ status: "SENT", isSent: true })
        expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("COMPLETED")
        expect(logs.lines.map((l) => l.text)).toContain(`Message ${messageIds[0]} processed successfully`)
        expect(
          logs.lines.some(
            (l) =>
              l.level === "Warn" && l.text.includes("waits for the database: connection 1 to 127.0.0.1:27017 closed")
          )
        ).toBe(true)
      }).pipe(Effect.provide(layer))
    }
  )
})
