import { describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { z } from "zod"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../../../src/application/campaign/listCampaigns.ts"
import { pauseCampaign } from "../../../src/application/campaign/pauseCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { resumeCampaign } from "../../../src/application/campaign/resumeCampaign.ts"
import { CampaignAggregate, MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { updateCampaignProgress } from "../../../src/application/scheduler/updateCampaignProgress.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MENTIONING_WAHA, versionGateway } from "../../support/versionGateway.ts"

// What a pause must hold whatever comes in between: a store failing half way, a resume racing
// it, a long resume, a failure while paused, a resend skipped (docs/architecture.md#pausing-a-campaign).

const MINUTE = 60_000
const group = { groupId: "120363000000000001@g.us", groupName: "Choir" }

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

/** A campaign of u1, its messages at these times (the TestClock starts at 0). */
const plan = (times: ReadonlyArray<number>) =>
  createCampaign({
    userId: "u1",
    sessionId: "s1",
    group,
    title: "Rehearsal",
    messages: times.map((scheduledAt, i) => ({ content: `m${i}`, scheduledAt }))
  })

const statusesOf = (campaignId: string) =>
  MessageRepository.use((r) => r.listByCampaign(campaignId)).pipe(
    Effect.map((views) => new Map(views.map((v) => [v.id, v.status])))
  )

/** The event store, with `before` run ahead of the first append for which `when` holds. */
const interceptOnce = (
  when: (streamId: string, events: ReadonlyArray<{ readonly type: string }>) => boolean,
  before: (store: EventStore["Service"]) => Effect.Effect<void, StoreUnavailable>
) =>
  Effect.gen(function* () {
    const store = yield* EventStore
    let done = false
    return EventStore.of({
      ...store,
      append: (streamId, expectedVersion, events) =>
        Effect.gen(function* () {
          if (!done && when(streamId, events)) {
            done = true
            yield* before(store)
          }
          return yield* store.append(streamId, expectedVersion, events)
        })
    })
  })

const pausing = (events: ReadonlyArray<{ readonly type: string }>) => events.some((e) => e.type === "MessagePaused")

describe("pausing holds every message, whatever comes in between (memory store)", () => {
  it.effect(
    "a pause cut short by the store: every other message is still paused, the failure is answered, and pausing again holds the last",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, messageIds } = yield* plan(Array.from({ length: 40 }, (_, i) => 10 * MINUTE + i))
          const first = messageIds[0]!
          const failing = yield* interceptOnce(
            (streamId, events) => streamId === MessageAggregate.streamId(first) && pausing(events),
            () => Effect.fail(new StoreUnavailable({ message: "disk I/O error" }))
          )
          const error = yield* Effect.flip(pauseCampaign("u1", id).pipe(Effect.provideService(EventStore, failing)))
          expect(error._tag).toBe("StoreUnavailable")
          expect((yield* load(CampaignAggregate, id)).status).toBe("PAUSED")
          const after = yield* statusesOf(id)
          // only the one the store refused still waits: the page offers to finish pausing
          expect([...after].filter(([, s]) => s !== "PAUSED")).toEqual([[first, "SCHEDULED"]])
          // asked again: the campaign is paused already, the message left is held now
          expect(yield* pauseCampaign("u1", id)).toEqual({ alreadyPicked: 0 })
          expect([...(yield* statusesOf(id)).values()].every((s) => s === "PAUSED")).toBe(true)
        })
      )
  )

  it.effect("a resume landing while a pause is still pausing: no message stays paused in the resumed campaign", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, messageIds } = yield* plan([10 * MINUTE, 11 * MINUTE, 12 * MINUTE])
        const last = messageIds[2]!
        const context = yield* Effect.context<Services>()
        // the organiser resumes just before the pause reaches the last message
        const racing = yield* interceptOnce(
          (streamId, events) => streamId === MessageAggregate.streamId(last) && pausing(events),
          (store) =>
            resumeCampaign("u1", id).pipe(
              Effect.provideService(EventStore, store),
              Effect.provideContext(context),
              Effect.asVoid,
              Effect.orDie
            )
        )
        yield* pauseCampaign("u1", id).pipe(Effect.provideService(EventStore, racing))
        expect((yield* load(CampaignAggregate, id)).status).toBe("SCHEDULED")
        expect([...(yield* statusesOf(id)).values()]).toEqual(["SCHEDULED", "SCHEDULED", "SCHEDULED"])
      })
    )
  )

  it.effect(
    "a resend paused late (its campaign paused while it was written) and a resume landing before that pause: the resend waits, not held",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, messageIds } = yield* plan([MINUTE, 10 * MINUTE])
          const first = messageIds[0]!
          yield* TestClock.setTime(MINUTE)
          yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
          yield* execute(MessageAggregate)(first, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
          yield* failCampaign(id, first, "refused")
          yield* TestClock.setTime(2 * MINUTE)
          const context = yield* Effect.context<Services>()
          const asUser = <A, E>(effect: Effect.Effect<A, E, Services>, store: EventStore["Service"]) =>
            effect.pipe(
              Effect.provideService(EventStore, store),
              Effect.provideContext(context),
              Effect.asVoid,
              Effect.orDie
            )
          const resendStream = (streamId: string) =>
            streamId !== MessageAggregate.streamId(first) && streamId.startsWith("message-")
          // the organiser pauses while the resend is being scheduled (its id taken, its message not yet written) …
          const pausedMeanwhile = yield* interceptOnce(
            (streamId, events) => resendStream(streamId) && events.some((e) => e.type === "MessageScheduled"),
            (store) => asUser(pauseCampaign("u1", id), store)
          )
          // … and resumes just before the resend holds itself
          const resumedMeanwhile = yield* interceptOnce(
            (streamId, events) => resendStream(streamId) && pausing(events),
            (store) => asUser(resumeCampaign("u1", id), store)
          ).pipe(Effect.provideService(EventStore, pausedMeanwhile))
          const resend = yield* resendCampaignMessage("u1", {
            campaignId: id,
            messageId: first,
            scheduledAt: 5 * MINUTE
          }).pipe(Effect.provideService(EventStore, resumedMeanwhile))
          expect((yield* load(CampaignAggregate, id)).status).toBe("SCHEDULED")
          expect((yield* statusesOf(id)).get(resend.id)).toBe("SCHEDULED")
        })
      )
  )

  it.effect(
    "resume acts on paused messages whatever the campaign's status: one left paused in a sending campaign goes again",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, messageIds } = yield* plan([10 * MINUTE, 11 * MINUTE])
          // a pause's last write, landed after a resume (as a pause racing it may leave it)
          yield* execute(MessageAggregate)(messageIds[1]!, { type: "Pause", now: 0 })
          expect((yield* load(CampaignAggregate, id)).status).toBe("SCHEDULED")
          expect(yield* resumeCampaign("u1", id)).toEqual({ resumed: 1, skipped: 0 })
          expect([...(yield* statusesOf(id)).values()]).toEqual(["SCHEDULED", "SCHEDULED"])
          // nothing paused any more: refused, in plain words
          const refused = yield* Effect.flip(resumeCampaign("u1", id))
          expect(refused.message).toBe("This campaign is not paused: its messages are sent at their times.")
        })
      )
  )

  it.effect(
    "a long resume reads the clock for each message: one falling due while it runs is skipped, not sent late",
    () =>
      inMemory(
        Effect.gen(function* () {
          const due = 10 * MINUTE
          const { id } = yield* plan(Array.from({ length: 30 }, () => due))
          yield* pauseCampaign("u1", id)
          // a clock that moves 10 seconds at each reading: the resume starts a minute before their time
          let now = due - MINUTE
          const moving: Clock.Clock = {
            currentTimeMillisUnsafe: () => now,
            currentTimeMillis: Effect.sync(() => {
              now += 10_000
              return now
            }),
            currentTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
            currentTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
            monotonicTimeNanosUnsafe: () => BigInt(now) * 1_000_000n,
            monotonicTimeNanos: Effect.sync(() => BigInt(now) * 1_000_000n),
            sleep: () => Effect.void
          }
          const { resumed, skipped } = yield* resumeCampaign("u1", id).pipe(Effect.provideService(Clock.Clock, moving))
          expect(resumed + skipped).toBe(30)
          expect(resumed).toBeGreaterThan(0)
          expect(skipped).toBeGreaterThan(0)
          // each was decided at its own time: resumed only while still ahead, skipped once due
          const store = yield* EventStore
          for (const messageId of (yield* load(CampaignAggregate, id)).messageIds) {
            const last = (yield* store.read(MessageAggregate.streamId(messageId))).at(-1)
            const { at } = z.object({ at: z.number() }).parse(last?.data)
            if (last?.type === "MessageResumed") expect(at).toBeLessThan(due)
            else expect([last?.type, at >= due]).toEqual(["MessageSkipped", true])
          }
        })
      )
  )

  it.effect(
    "failed while paused: the held messages stay paused, a resend waits for the resume, the failed campaign resumes, then the resend reopens it",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, messageIds } = yield* plan([MINUTE, 10 * MINUTE])
          const [first, second] = messageIds as [string, string]
          yield* TestClock.setTime(MINUTE)
          // claimed before the pause, refused by the gateway after it
          yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
          expect(yield* pauseCampaign("u1", id)).toEqual({ alreadyPicked: 1 })
          yield* execute(MessageAggregate)(first, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
          yield* failCampaign(id, first, "refused")
          expect((yield* load(CampaignAggregate, id)).status).toBe("FAILED")
          expect((yield* statusesOf(id)).get(second)).toBe("PAUSED")
          yield* TestClock.setTime(2 * MINUTE)

          // sent again now, it would go at once in a campaign still holding the other
          const refused = yield* Effect.flip(resendCampaignMessage("u1", { campaignId: id, messageId: first }))
          expect(refused.message).toBe(
            "Some messages of this campaign are paused: resume sending first, then send this message again."
          )
          expect(yield* resumeCampaign("u1", id)).toEqual({ resumed: 1, skipped: 0 })
          expect((yield* load(CampaignAggregate, id)).status).toBe("FAILED")
          expect((yield* statusesOf(id)).get(second)).toBe("SCHEDULED")
          yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
          expect((yield* load(CampaignAggregate, id)).status).toBe("SCHEDULED")
        })
      )
  )

  it.effect(
    "a resend held by a pause and skipped still stands: the campaign completes, 1 of 1 on the list and the page, its group completed",
    () =>
      inMemory(
        Effect.gen(function* () {
          const { id, messageIds } = yield* plan([MINUTE, 2 * MINUTE])
          const [sent, failed] = messageIds as [string, string]
          yield* TestClock.setTime(MINUTE)
          yield* execute(MessageAggregate)(sent, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
          yield* execute(MessageAggregate)(sent, { type: "RecordSent", gatewayMessageId: "true_g@g.us_1", now: MINUTE })
          yield* updateCampaignProgress(id)
          yield* TestClock.setTime(2 * MINUTE)
          yield* execute(MessageAggregate)(failed, { type: "Pick", selectedAt: 2 * MINUTE, now: 2 * MINUTE, by: "s" })
          yield* execute(MessageAggregate)(failed, { type: "RecordSendFailure", reason: "refused", now: 2 * MINUTE })
          yield* failCampaign(id, failed, "refused")
          yield* TestClock.setTime(3 * MINUTE)
          const resend = yield* resendCampaignMessage("u1", {
            campaignId: id,
            messageId: failed,
            scheduledAt: 5 * MINUTE
          })
          yield* pauseCampaign("u1", id)
          yield* TestClock.setTime(6 * MINUTE)
          expect(yield* resumeCampaign("u1", id)).toEqual({ resumed: 0, skipped: 1 })
          expect((yield* statusesOf(id)).get(resend.id)).toBe("SKIPPED")

          const page = yield* getCampaign("u1", id)
          expect(page.status).toBe("COMPLETED")
          expect(page.targets.map((t) => [t.status, t.sentMessages, t.totalMessages])).toEqual([["COMPLETED", 1, 1]])
          const listed = (yield* listCampaigns("u1", { limit: 10, cursor: 0 })).items.find((c) => c.id === id)
          expect([listed?.status, listed?.sentMessages, listed?.totalMessages]).toEqual(["COMPLETED", 1, 1])
        })
      )
  )
})
