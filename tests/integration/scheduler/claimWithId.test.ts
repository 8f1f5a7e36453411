import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { load } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { claimMessage } from "../../../src/application/scheduler/claimMessage.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** The claim's event as stored, and the message's view. */
const stored = (id: string) =>
  Effect.gen(function* () {
    const events = yield* (yield* EventStore).read(MessageAggregate.streamId(id))
    return {
      picked: events.find((e) => e.type === "MessagePicked")?.data,
      view: yield* (yield* MessageRepository).get(id)
    }
  })

describe("claimMessage with an id taken for the send", () => {
  it.effect("records the id in the claim's one append: in the event, the claimed state and the view", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "with an id", scheduledAt: T },
          { content: "without one", scheduledAt: T }
        ]
      })
      const [withId, withoutId] = [messageIds[0]!, messageIds[1]!]
      yield* TestClock.setTime(T)
      const repo = yield* MessageRepository
      const claimed = yield* claimMessage((yield* repo.get(withId))!, T, undefined, "3EB0C1D2E3F4A5B6C7D8E9")
      expect(claimed).toMatchObject({ _tag: "Claimed", state: { claimGatewayId: "3EB0C1D2E3F4A5B6C7D8E9" } })
      const first = yield* stored(withId)
      expect(first.picked).toMatchObject({ type: "MessagePicked", gatewayMessageId: "3EB0C1D2E3F4A5B6C7D8E9" })
      expect(first.view).toMatchObject({ status: "PICKED", claimGatewayId: "3EB0C1D2E3F4A5B6C7D8E9" })
      // without one: as before, nothing of an id anywhere
      expect(yield* claimMessage((yield* repo.get(withoutId))!, T)).toMatchObject({
        _tag: "Claimed",
        state: { claimGatewayId: null }
      })
      const second = yield* stored(withoutId)
      expect(second.picked).not.toHaveProperty("gatewayMessageId")
      expect(second.view).toMatchObject({ status: "PICKED", claimGatewayId: null })
      // nothing is sent by a claim
      expect(fake.sent).toEqual([])
    }).pipe(Effect.provide(memoryScheduler(fake.url).layer))
  )

  it.effect("with a preloaded stream too, and a lost race records nothing of the loser's id", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "preloaded", scheduledAt: T }] })
      const id = messageIds[0]!
      yield* TestClock.setTime(T)
      const view = (yield* (yield* MessageRepository).get(id))!
      const known = yield* load(MessageAggregate, id)
      expect(yield* claimMessage(view, T, known, "3EB0AA")).toMatchObject({
        _tag: "Claimed",
        state: { claimGatewayId: "3EB0AA" }
      })
      // a second claim on the same preload (another scheduler's, say) loses, and its id is not kept
      expect(yield* claimMessage(view, T, known, "3EB0BB")).toEqual({ _tag: "Taken" })
      expect((yield* stored(id)).view).toMatchObject({ claimGatewayId: "3EB0AA", version: 2 })
      expect(yield* load(MessageAggregate, id)).toMatchObject({ claimGatewayId: "3EB0AA" })
    }).pipe(Effect.provide(memoryScheduler(fake.url).layer))
  )
})
