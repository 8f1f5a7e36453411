import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { duplicateCampaign } from "../../../src/application/campaign/duplicateCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { SessionRepository } from "../../../src/application/ports/SessionRepository.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MENTIONING_WAHA, versionGateway } from "../../support/versionGateway.ts"

const MINUTE = 60_000
const DAY = 24 * 60 * MINUTE
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

/** u1's session s1 ("herald_u1") and a campaign on it: 09:00 UTC on day 1 (mentioning), 18:30 on day 3; the clock at 0. */
const setUp = Effect.gen(function* () {
  yield* (yield* SessionRepository).save({
    id: "s1",
    userId: "u1",
    sessionName: "herald_u1",
    phoneNumber: "",
    active: true,
    gatewayStatus: "WORKING",
    gatewayStatusAt: 0,
    minGapSeconds: 0,
    jitterSeconds: 0,
    limitedSince: null,
    limitedUntil: null,
    limitedUntilKnown: false,
    typingBeforeSend: false,
    createdAt: 0,
    updatedAt: 0,
    version: 1
  })
  const created = yield* createCampaign({
    userId: "u1",
    sessionId: "s1",
    group,
    title: "Rehearsal",
    messages: [
      { content: "first", scheduledAt: DAY + 9 * 60 * MINUTE, mentionAll: true },
      { content: "second", scheduledAt: 3 * DAY + 18.5 * 60 * MINUTE }
    ]
  })
  return { id: created.id, first: created.messageIds[0] ?? "", second: created.messageIds[1] ?? "" }
})

describe("duplicateCampaign on the memory store", () => {
  it.effect("a resend is not copied (its original is); mentions are kept; the copy is its own campaign", () =>
    inMemory(
      Effect.gen(function* () {
        const { id, first } = yield* setUp
        // the first message fails and is sent again
        const due = DAY + 9 * 60 * MINUTE
        yield* TestClock.setTime(due)
        yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: due, now: due, by: "s" })
        yield* execute(MessageAggregate)(first, { type: "RecordSendFailure", reason: "refused", now: due })
        yield* failCampaign(id, first, "refused")
        yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        expect((yield* getCampaign("u1", id)).messages).toHaveLength(3)

        const copy = yield* duplicateCampaign("u1", { id, startDate: "1970-01-10", timeZone: "UTC" })
        const got = yield* getCampaign("u1", copy.id)
        expect(got).toMatchObject({ title: "Rehearsal (copy)", status: "SCHEDULED", group })
        expect(got.messages.map((m) => [m.content, m.scheduledAt, m.mentionAll, m.resendOf, m.sessionId])).toEqual([
          ["first", 9 * DAY + 9 * 60 * MINUTE, true, null, "s1"],
          ["second", 11 * DAY + 18.5 * 60 * MINUTE, false, null, "s1"]
        ])
      })
    )
  )

  it.effect(
    "several groups and an image: the copy goes to the same groups, each message once per group, with the same upload",
    () =>
      inMemory(
        Effect.gen(function* () {
          yield* setUp
          const band = { groupId: "120363000000000002@g.us", groupName: "Band" }
          const photo = { id: "media-1", mimetype: "image/png", filename: "team.png", size: 3, kind: "image" as const }
          yield* (yield* MediaStore).put(
            { ...photo, ownerId: "u1", createdAt: 0, usedAt: 0 },
            new Uint8Array([1, 2, 3])
          )
          const created = yield* createCampaign({
            userId: "u1",
            sessionId: "s1",
            group,
            targets: [group, band],
            title: "Both",
            messages: [
              { content: "hello", scheduledAt: DAY + 9 * 60 * MINUTE },
              { content: "", scheduledAt: 2 * DAY + 9 * 60 * MINUTE, media: photo }
            ]
          })
          expect((yield* getCampaign("u1", created.id)).messages).toHaveLength(4)

          const copy = yield* duplicateCampaign("u1", { id: created.id, startDate: "1970-01-10", timeZone: "UTC" })
          const got = yield* getCampaign("u1", copy.id)
          expect(got.targets.map((t) => t.groupName)).toEqual(["Choir", "Band"])
          expect(
            got.messages
              .map((m) => [m.groupName, m.content, m.scheduledAt, m.media?.id ?? null])
              .sort((a, b) => String(a).localeCompare(String(b)))
          ).toEqual([
            ["Band", "", 10 * DAY + 9 * 60 * MINUTE, "media-1"],
            ["Band", "hello", 9 * DAY + 9 * 60 * MINUTE, null],
            ["Choir", "", 10 * DAY + 9 * 60 * MINUTE, "media-1"],
            ["Choir", "hello", 9 * DAY + 9 * 60 * MINUTE, null]
          ])
        })
      )
  )

  it.effect("someone else's campaign is NOT_FOUND, a past start is refused on startDate: nothing is recorded", () =>
    inMemory(
      Effect.gen(function* () {
        const { id } = yield* setUp
        yield* TestClock.setTime(5 * DAY)
        const events = yield* EventStore.use((s) => s.recordedSince(-1, 10_000))
        const stranger = yield* Effect.flip(duplicateCampaign("u2", { id, startDate: "1970-01-10", timeZone: "UTC" }))
        expect(stranger._tag).toBe("CampaignNotFound")
        const past = yield* Effect.flip(duplicateCampaign("u1", { id, startDate: "1970-01-05", timeZone: "UTC" }))
        expect(past).toMatchObject({ _tag: "InvalidCampaign", field: "startDate" })
        expect(past.message).toMatch(/^Monday 5 January, 09:00 UTC has already passed\. Choose a later start date\.$/)
        expect(yield* EventStore.use((s) => s.recordedSince(-1, 10_000))).toEqual(events)
      })
    )
  )
})
