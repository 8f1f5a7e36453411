import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { cancelCampaign } from "../../../src/application/campaign/cancelCampaign.ts"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { deleteCampaignMessage } from "../../../src/application/campaign/deleteCampaignMessage.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../../../src/application/campaign/listCampaigns.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { CampaignAggregate, MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { keyedIds } from "../../../src/application/idempotency/keyedIds.ts"
import { IdempotentRunAgain } from "../../../src/application/idempotency/runAgain.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { Ids } from "../../../src/application/ports/Ids.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { updateCampaignProgress } from "../../../src/application/scheduler/updateCampaignProgress.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MENTIONING_WAHA, versionGateway } from "../../support/versionGateway.ts"

const MINUTE = 60_000
const group = { groupId: "120363000000000001@g.us", groupName: "Choir" }

const inMemory = <A, E>(effect: Effect.Effect<A, E, MemoryStoreServices>) =>
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
type MemoryStoreServices = Layer.Success<ReturnType<typeof MemoryStore.layer>> | KeyedLocks | GatewayPort

/** A campaign of u1 with two messages, at 1 and 10 minutes; the clock (TestClock) starts at 0. */
const plan = createCampaign({
  userId: "u1",
  sessionId: "s1",
  group,
  title: "Rehearsal",
  messages: [
    { content: "first", scheduledAt: MINUTE },
    { content: "second", scheduledAt: 10 * MINUTE }
  ]
})

/** The first message claimed and refused by the gateway, its campaign FAILED, as the scheduler records them. */
const failFirst = (campaignId: string, messageId: string) =>
  Effect.gen(function* () {
    yield* execute(MessageAggregate)(messageId, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
    yield* execute(MessageAggregate)(messageId, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
    yield* failCampaign(campaignId, messageId, "refused")
  })

/** Every event recorded so far: what a refusal must leave as it was. */
const everything = EventStore.use((s) => s.recordedSince(-1, 10_000))

const failedCampaign = Effect.gen(function* () {
  const { id, messageIds } = yield* plan
  const [first, second] = messageIds as [string, string]
  yield* failFirst(id, first)
  yield* TestClock.setTime(2 * MINUTE)
  return { id, first, second }
})

const errorOf = <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.flip(effect)

describe("campaign.resendMessage on the memory store", () => {
  it.effect("a failed message is sent again now: a new SCHEDULED message, both linked, the first unchanged", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first, second } = yield* failedCampaign
        const before = yield* load(MessageAggregate, first)
        const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })

        const campaign = yield* getCampaign("u1", id)
        const byId = new Map(campaign.messages.map((m) => [m.id, m]))
        expect(byId.get(resend)).toMatchObject({
          status: "SCHEDULED",
          content: "first",
          scheduledAt: 2 * MINUTE,
          groupId: group.groupId,
          sessionId: "s1",
          resendOf: first,
          resentAs: null
        })
        // the first keeps its status, failure and history; its view knows its resend
        expect(byId.get(first)).toMatchObject({ status: "FAILED", failureReason: "refused", resentAs: resend })
        expect(yield* load(MessageAggregate, first)).toEqual({
          ...before,
          resentAs: resend,
          version: before.version + 1
        })
        // its last failure answered: the campaign is open again (nothing sent yet)
        expect(campaign).toMatchObject({ status: "SCHEDULED" })
        expect(campaign.failureReason).toBeUndefined()
        expect((yield* load(CampaignAggregate, id)).messageIds).toEqual([first, second, resend])
        // the list: still two messages, the resend due next
        const listed = (yield* listCampaigns("u1", { limit: 10, cursor: 0 })).items[0]
        expect(listed).toMatchObject({ totalMessages: 2, sentMessages: 0, nextScheduledAt: 2 * MINUTE })
        // due at once for the scheduler, like any message
        const due = yield* (yield* MessageRepository).findScheduledBetween(0, 2 * MINUTE, 10)
        expect(due.map((m) => m.id)).toEqual([resend])
      })
    )
  )

  it.effect("at a chosen time; then sent: the campaign completes with every message counted once", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first, second } = yield* failedCampaign
        const { id: resend } = yield* resendCampaignMessage("u1", {
          campaignId: id,
          messageId: first,
          scheduledAt: 5 * MINUTE
        })
        expect((yield* (yield* MessageRepository).get(resend))?.scheduledAt).toBe(5 * MINUTE)
        for (const [m, at] of [
          [resend, 5 * MINUTE],
          [second, 10 * MINUTE]
        ] as const) {
          yield* execute(MessageAggregate)(m, { type: "Pick", selectedAt: at, now: at, by: "s" })
          yield* execute(MessageAggregate)(m, { type: "RecordSent", gatewayMessageId: `true_g_${m}`, now: at })
          yield* updateCampaignProgress(id)
        }
        expect((yield* getCampaign("u1", id)).status).toBe("COMPLETED")
        const listed = (yield* listCampaigns("u1", { limit: 10, cursor: 0 })).items[0]
        expect(listed).toMatchObject({ totalMessages: 2, sentMessages: 2, nextScheduledAt: null })
      })
    )
  )

  it.effect("one resend at a time: a second is CONFLICT while the first stands, and saves nothing", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        const recorded = yield* everything
        const again = yield* errorOf(resendCampaignMessage("u1", { campaignId: id, messageId: first }))
        expect(again).toMatchObject({ _tag: "CampaignConflict" })
        expect(again.message).toBe(
          "This message was already sent again, and that copy still stands: send the copy again if it did not go out."
        )
        expect(yield* everything).toEqual(recorded)
      })
    )
  )

  it.effect("two requests at once: exactly one resend", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const outcomes = yield* Effect.all(
          [1, 2, 3].map(() => resendCampaignMessage("u1", { campaignId: id, messageId: first }).pipe(Effect.result)),
          { concurrency: "unbounded" }
        )
        expect(outcomes.filter((o) => o._tag === "Success")).toHaveLength(1)
        const messages = yield* (yield* MessageRepository).listByCampaign(id)
        expect(messages.filter((m) => m.resendOf === first)).toHaveLength(1)
      })
    )
  )

  it.effect("a withdrawn resend (deleted): the campaign is FAILED again, and the first may be sent again", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        yield* deleteCampaignMessage("u1", { campaignId: id, messageId: resend })
        const failed = yield* getCampaign("u1", id)
        expect(failed).toMatchObject({ status: "FAILED", failureReason: "refused" })
        expect((yield* listCampaigns("u1", { limit: 10, cursor: 0 })).items[0]).toMatchObject({ totalMessages: 2 })
        const { id: again } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        expect((yield* (yield* MessageRepository).get(first))?.resentAs).toBe(again)
        expect((yield* getCampaign("u1", id)).status).toBe("SCHEDULED")
      })
    )
  )

  it.effect("a resend that fails in turn is never retried: it can be sent again itself, the first cannot", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        yield* execute(MessageAggregate)(resend, { type: "Pick", selectedAt: 2 * MINUTE, now: 2 * MINUTE, by: "s" })
        yield* execute(MessageAggregate)(resend, { type: "RecordSendFailure", reason: "again", now: 2 * MINUTE })
        yield* failCampaign(id, resend, "again")
        expect(yield* getCampaign("u1", id)).toMatchObject({ status: "FAILED", failureReason: "again" })
        // nothing new was planned by itself
        expect(yield* (yield* MessageRepository).findScheduledBetween(0, 5 * MINUTE, 10)).toEqual([])
        expect(yield* errorOf(resendCampaignMessage("u1", { campaignId: id, messageId: first }))).toMatchObject({
          _tag: "CampaignConflict"
        })
        const { id: third } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: resend })
        expect((yield* (yield* MessageRepository).get(third))?.resendOf).toBe(resend)
      })
    )
  )

  it.effect("a FAILED campaign with another failure unanswered stays FAILED until that one is sent again too", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first, second } = yield* failedCampaign
        yield* TestClock.setTime(20 * MINUTE)
        yield* execute(MessageAggregate)(second, { type: "RecordMissed", now: 20 * MINUTE })
        yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        expect(yield* getCampaign("u1", id)).toMatchObject({ status: "FAILED", failureReason: "refused" })
        yield* resendCampaignMessage("u1", { campaignId: id, messageId: second })
        expect((yield* getCampaign("u1", id)).status).toBe("SCHEDULED")
      })
    )
  )

  it.effect("refusals save nothing: not failed, in the past, someone else's, unknown, a cancelled campaign", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first, second } = yield* failedCampaign
        const recorded = yield* everything
        const refused = (userId: string, input: Parameters<typeof resendCampaignMessage>[1]) =>
          errorOf(resendCampaignMessage(userId, input))
        expect(yield* refused("u1", { campaignId: id, messageId: second })).toMatchObject({
          _tag: "CampaignConflict",
          message:
            "Only a message that failed, was missed, was skipped or whose outcome is unknown can be sent again, and it is still waiting to be sent."
        })
        expect(yield* refused("u1", { campaignId: id, messageId: first, scheduledAt: MINUTE })).toMatchObject({
          _tag: "InvalidCampaign",
          field: "scheduledAt"
        })
        expect(yield* refused("u2", { campaignId: id, messageId: first })).toMatchObject({ _tag: "CampaignNotFound" })
        expect(yield* refused("u1", { campaignId: id, messageId: "nope" })).toMatchObject({
          _tag: "CampaignMessageNotFound"
        })
        expect(yield* refused("u1", { campaignId: "nope", messageId: first })).toMatchObject({
          _tag: "CampaignNotFound"
        })
        expect(yield* everything).toEqual(recorded)

        // a campaign cancelled before its failure was recorded on it (the scheduler died in between)
        yield* TestClock.setTime(0)
        const other = yield* plan
        yield* TestClock.setTime(2 * MINUTE)
        const [failedOne] = other.messageIds as [string]
        yield* execute(MessageAggregate)(failedOne, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
        yield* execute(MessageAggregate)(failedOne, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
        yield* cancelCampaign("u1", other.id)
        const beforeCancelled = yield* everything
        expect(yield* refused("u1", { campaignId: other.id, messageId: failedOne })).toMatchObject({
          _tag: "CampaignConflict",
          message: "This campaign was cancelled: nothing more is sent."
        })
        expect(yield* everything).toEqual(beforeCancelled)
      })
    )
  )
  it.effect(
    "another web process's resend landing between this one's read and its write: CONFLICT, and the message is sent again once",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, first } = yield* failedCampaign
          const store = yield* EventStore
          const context = yield* Effect.context<MemoryStoreServices>()
          let raced = false
          // this process's first append to the message's stream: the other process (its own
          // locks, the same store) resends the message just before it
          const racing = EventStore.of({
            ...store,
            append: (streamId, expectedVersion, events) =>
              Effect.gen(function* () {
                if (!raced && streamId === MessageAggregate.streamId(first)) {
                  raced = true
                  yield* resendCampaignMessage("u1", { campaignId: id, messageId: first }).pipe(
                    Effect.provideService(EventStore, store),
                    // locks of its own: another process
                    Effect.provide(Layer.fresh(KeyedLocks.layer)),
                    Effect.provideContext(context),
                    Effect.orDie
                  )
                }
                return yield* store.append(streamId, expectedVersion, events)
              })
          })
          const error = yield* errorOf(
            resendCampaignMessage("u1", { campaignId: id, messageId: first }).pipe(
              Effect.provideService(EventStore, racing)
            )
          )
          expect(error).toMatchObject({ _tag: "CampaignConflict" })
          expect(raced).toBe(true)
          const resends = (yield* store.read(MessageAggregate.streamId(first))).filter(
            (e) => e.type === "MessageResent"
          )
          expect(resends).toHaveLength(1)
          const campaign = yield* load(CampaignAggregate, id)
          expect(campaign.messageIds).toHaveLength(3)
          const scheduled = (yield* (yield* MessageRepository).listByCampaign(id)).filter((m) => m.resendOf === first)
          expect(scheduled).toHaveLength(1)
        })
      )
  )
})

// An Idempotency-Key's retry after the first run died (runIdempotently): the same request runs
// again with the same ids (keyedIds) and must meet what the first wrote, sending nothing twice.
describe("campaign.resendMessage run again with the same ids", () => {
  it.effect("after a whole first run it answers the same resend; after a run cut short it finishes it", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const request = { campaignId: id, messageId: first }
        const once = yield* resendCampaignMessage("u1", request).pipe(
          Effect.provideService(Ids, keyedIds("u1", "k", 0))
        )
        const again = yield* resendCampaignMessage("u1", request).pipe(
          Effect.provideService(Ids, keyedIds("u1", "k", 0))
        )
        expect(again).toEqual(once)
        const campaign = yield* load(CampaignAggregate, id)
        expect(campaign.messageIds.filter((m) => m === once.id)).toHaveLength(1)
        expect((yield* getCampaign("u1", id)).messages.filter((m) => m.resendOf === first)).toHaveLength(1)
        // a new request (another key) is refused as before: the resend stands
        const refused = yield* errorOf(
          resendCampaignMessage("u1", request).pipe(Effect.provideService(Ids, keyedIds("u1", "other", 0)))
        )
        expect(refused._tag).toBe("CampaignConflict")
      })
    )
  )

  it.effect("cut short after the mark: the run again schedules the resend once", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const resendId = keyedIds("u1", "k", 0).next()
        // what the first run wrote before dying: the original's mark only
        yield* execute(MessageAggregate)(first, { type: "Resend", resendId, currentResend: null, now: 2 * MINUTE })
        const answer = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first }).pipe(
          Effect.provideService(Ids, keyedIds("u1", "k", 0))
        )
        expect(answer).toEqual({ id: resendId })
        expect((yield* load(MessageAggregate, resendId)).status).toBe("SCHEDULED")
        expect((yield* load(CampaignAggregate, id)).messageIds.filter((m) => m === resendId)).toHaveLength(1)
      })
    )
  )

  it.effect("a run again of a resend for a time now past answers the resend its first run scheduled", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* failedCampaign
        const request = { campaignId: id, messageId: first, scheduledAt: 5 * MINUTE }
        // the ids of one claim, drawn afresh by each run
        const keyed = <A, E, R>(run: Effect.Effect<A, E, R>) => Effect.provideService(run, Ids, keyedIds("u1", "k", 0))
        const once = yield* resendCampaignMessage("u1", request).pipe(keyed)
        yield* TestClock.setTime(6 * MINUTE)
        // checked again as a new request, its time has passed
        expect((yield* errorOf(resendCampaignMessage("u1", request).pipe(keyed)))._tag).toBe("InvalidCampaign")
        const again = yield* resendCampaignMessage("u1", request).pipe(
          keyed,
          Effect.provideService(IdempotentRunAgain, true)
        )
        expect(again).toEqual(once)
      })
    )
  )
})
