import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { listCampaigns } from "../../../src/application/campaign/listCampaigns.ts"
import { CampaignAggregate, MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { keyedIds } from "../../../src/application/idempotency/keyedIds.ts"
import { Ids } from "../../../src/application/ports/Ids.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"

const MINUTE = 60_000
const group = { groupId: "120363000000000001@g.us", groupName: "Choir" }

const inMemory = <A, E>(
  effect: Effect.Effect<A, E, Layer.Success<ReturnType<typeof MemoryStore.layer>> | KeyedLocks>
) =>
  effect.pipe(
    Effect.provide(Layer.mergeAll(MemoryStore.layer(makeMemoryDatabase()), KeyedLocks.layer, Logger.layer([])))
  )

const input = (userId = "u1") => ({
  userId,
  sessionId: "s1",
  group,
  title: "Rehearsal",
  messages: [
    { content: "first", scheduledAt: MINUTE },
    { content: "second", scheduledAt: 10 * MINUTE }
  ]
})

const withKey = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  effect.pipe(Effect.provideService(Ids, keyedIds("u1", "k", 0)))

// An Idempotency-Key's retry after the first run died (runIdempotently): the same request runs
// again with the same ids (keyedIds) and must meet what the first wrote, planning nothing twice.
describe("createCampaign run again with the same ids", () => {
  it.effect("after a whole first run: the same campaign and messages, nothing added", () =>
    inMemory(
      Effect.gen(function* () {
        const once = yield* withKey(createCampaign(input()))
        const again = yield* withKey(createCampaign(input()))
        expect(again).toEqual(once)
        const page = yield* listCampaigns("u1", { limit: 10, cursor: 0 })
        expect(page.items.map((c) => [c.id, c.totalMessages])).toEqual([[once.id, 2]])
      })
    )
  )

  it.effect("cut short after the campaign and its first message: the run again schedules the rest", () =>
    inMemory(
      Effect.gen(function* () {
        const ids = keyedIds("u1", "k", 0)
        const [campaignId, m1, m2] = [ids.named("campaign"), ids.next(), ids.next()]
        // what the first run wrote before dying
        yield* execute(CampaignAggregate)(campaignId, {
          type: "Create",
          campaignId,
          userId: "u1",
          sessionId: "s1",
          group,
          title: "Rehearsal",
          messageIds: [m1, m2],
          now: 0
        })
        yield* execute(MessageAggregate)(m1, {
          type: "Schedule",
          messageId: m1,
          target: { campaignId, sessionId: "s1", ...group },
          content: "first",
          scheduledAt: MINUTE,
          now: 0
        })
        const answer = yield* withKey(createCampaign(input()))
        expect(answer).toEqual({ id: campaignId, messageIds: [m1, m2] })
        expect((yield* load(MessageAggregate, m2)).status).toBe("SCHEDULED")
        const page = yield* listCampaigns("u1", { limit: 10, cursor: 0 })
        expect(page.items.map((c) => [c.id, c.totalMessages])).toEqual([[campaignId, 2]])
      })
    )
  )

  it.effect("the same ids for another account's request are refused, never taken as its own", () =>
    inMemory(
      Effect.gen(function* () {
        yield* withKey(createCampaign(input()))
        const refused = yield* Effect.flip(withKey(createCampaign(input("u2"))))
        // a code the web API words for the reader (planCampaign hands it on as InvalidCampaign's)
        expect(refused).toMatchObject({ _tag: "CampaignRejected", code: "planNotTaken" })
      })
    )
  )

  it.effect("a plan of another length: the campaign is refused as it is, never a second one", () =>
    inMemory(
      Effect.gen(function* () {
        const once = yield* withKey(createCampaign(input()))
        const shorter = { ...input(), messages: input().messages.slice(1) }
        const refused = yield* Effect.flip(withKey(createCampaign(shorter)))
        expect(refused._tag).toBe("CampaignRejected")
        const page = yield* listCampaigns("u1", { limit: 10, cursor: 0 })
        expect(page.items.map((c) => [c.id, c.totalMessages])).toEqual([[once.id, 2]])
      })
    )
  )

  it.effect("a message id met in another campaign is never taken for this one's", () =>
    inMemory(
      Effect.gen(function* () {
        // another campaign's message holds the id this run draws first (review of issue 26 item 3)
        const theirs = yield* createCampaign(input())
        let n = 0
        const colliding = { next: () => (n++ === 0 ? theirs.messageIds[0]! : crypto.randomUUID()) }
        const refused = yield* Effect.flip(createCampaign(input()).pipe(Effect.provideService(Ids, colliding)))
        expect(refused._tag).toBe("CampaignRejected")
      })
    )
  )

  it.effect("its own past-time re-check refuses with the code and params the reader's words need", () =>
    inMemory(
      Effect.gen(function* () {
        yield* TestClock.adjust("5 minutes")
        const plan = { timeZone: "Europe/Berlin" }
        const refused = yield* Effect.flip(createCampaign({ ...input(), plan }))
        expect(refused).toMatchObject({
          code: "pastTime",
          params: { scheduledAt: MINUTE, timeZone: "Europe/Berlin" }
        })
      })
    )
  )
})
