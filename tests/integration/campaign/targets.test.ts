import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { duplicateCampaign } from "../../../src/application/campaign/duplicateCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../../../src/application/campaign/listCampaigns.ts"
import { listUpcomingMessages } from "../../../src/application/campaign/listUpcomingMessages.ts"
import { notifyFailedCampaigns } from "../../../src/application/campaign/notifyFailedCampaigns.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { previewCampaign } from "../../../src/application/campaign/previewCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { getMessagingSession } from "../../../src/application/session/getMessagingSession.ts"
import { setSessionPacing } from "../../../src/application/session/setSessionPacing.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { dispatchAndDrain, memoryScheduler } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const MINUTE = 60_000
const A = { groupId: "120363000000000001@g.us", groupName: "Club A" }
const B = { groupId: "120363000000000002@g.us", groupName: "Club B" }
const C = { groupId: "120363000000000003@g.us", groupName: "Club C" }

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/** The web side's use cases and a scheduler on one memory store, sending to the fake WAHA. */
const setup = () => {
  const scheduler = memoryScheduler(fake.url)
  return Layer.merge(scheduler.layer, KeyedLocks.layer)
}

const twoMessages = [
  { content: "first", scheduledAt: T },
  { content: "second", scheduledAt: T + MINUTE }
]

describe("a campaign to several groups", () => {
  it.effect("each target gets its own copy of every message, each claimed and sent on its own", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(T - 10 * MINUTE)
      yield* createMessagingSession("user-1", "alice")
      const preview = yield* previewCampaign("user-1", {
        sessionName: "alice",
        targets: [A, B, C],
        messages: twoMessages
      })
      expect(preview.title).toBe("Club A and 2 more")
      expect(preview.targets).toEqual([A, B, C])
      expect(preview.messages).toHaveLength(2)

      const { id } = yield* planCampaign("user-1", { sessionName: "alice", targets: [A, B, C], messages: twoMessages })
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages.map((m) => [m.content, m.groupName]).sort()).toEqual([
        ["first", "Club A"],
        ["first", "Club B"],
        ["first", "Club C"],
        ["second", "Club A"],
        ["second", "Club B"],
        ["second", "Club C"]
      ])
      expect(new Set(messages.map((m) => m.id)).size).toBe(6)

      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.sent.map((s) => [s.chatId, s.text]).sort()).toEqual([
        [A.groupId, "first"],
        [B.groupId, "first"],
        [C.groupId, "first"]
      ])
      yield* TestClock.setTime(T + MINUTE)
      yield* dispatchAndDrain
      expect(fake.sent).toHaveLength(6)

      const campaign = yield* getCampaign("user-1", id)
      expect(campaign.status).toBe("COMPLETED")
      expect(campaign.group).toEqual(A)
      expect(campaign.targets).toEqual(
        [A, B, C].map((g) => ({
          ...g,
          targetKind: "group",
          status: "COMPLETED",
          totalMessages: 2,
          sentMessages: 2,
          failedMessages: 0
        }))
      )
      const listed = yield* listCampaigns("user-1", { limit: 10, cursor: 0 })
      expect(listed.items[0]).toMatchObject({
        title: "Club A and 2 more",
        targets: [A, B, C],
        totalMessages: 6,
        sentMessages: 6
      })
      // every target is among the session's groups, with the campaign
      const session = yield* getMessagingSession("user-1")
      expect(session?.groups.map((g) => g.groupName)).toEqual(["Club A", "Club B", "Club C"])
    }).pipe(Effect.provide(setup()))
  )

  it.effect(
    "a made-up title is a fact recorded at creation (get, list, upcoming, preview say so) and stays made up on a copy; written words that read alike are written",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        yield* createMessagingSession("user-1", "alice")
        const plan = { sessionName: "alice", targets: [A, B, C], messages: [{ content: "hello", scheduledAt: T }] }
        const madeUp = { first: A, more: 2 }
        expect((yield* previewCampaign("user-1", plan)).madeUpTitle).toEqual(madeUp)
        const { id } = yield* planCampaign("user-1", plan)
        // the same words, written by someone: not made up
        const written = yield* planCampaign("user-1", { ...plan, title: "Club A and 2 more" })
        expect((yield* previewCampaign("user-1", { ...plan, title: "Club A and 2 more" })).madeUpTitle).toBeNull()
        expect(yield* getCampaign("user-1", id)).toMatchObject({ title: "Club A and 2 more", madeUpTitle: madeUp })
        expect((yield* getCampaign("user-1", written.id)).madeUpTitle).toBeNull()
        const listed = yield* listCampaigns("user-1", { limit: 10, cursor: 0 })
        expect(Object.fromEntries(listed.items.map((c) => [c.id, c.madeUpTitle]))).toEqual({
          [id]: madeUp,
          [written.id]: null
        })
        const upcoming = yield* listUpcomingMessages("user-1", { limit: 50 })
        expect(
          Object.fromEntries(upcoming.items.map((m) => [m.campaignId, [m.campaignTitle, m.campaignMadeUpTitle]]))
        ).toEqual({ [id]: ["Club A and 2 more", madeUp], [written.id]: ["Club A and 2 more", null] })
        // a copy: made up again; a written title gets the API's stable English suffix
        const copy = yield* duplicateCampaign("user-1", { id, startDate: "2026-03-02", timeZone: "UTC" })
        expect(yield* getCampaign("user-1", copy.id)).toMatchObject({ title: "Club A and 2 more", madeUpTitle: madeUp })
        const writtenCopy = yield* duplicateCampaign("user-1", {
          id: written.id,
          startDate: "2026-03-02",
          timeZone: "UTC"
        })
        expect(yield* getCampaign("user-1", writtenCopy.id)).toMatchObject({
          title: "Club A and 2 more (copy)",
          madeUpTitle: null
        })
      }).pipe(Effect.provide(setup()))
  )

  it.effect(
    "one group refusing fails only its copy: the others are sent, the campaign is FAILED naming the group, campaign.get shows which",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        yield* createMessagingSession("user-1", "alice")
        fake.refuseChat(B.groupId, 500, { statusCode: 500, message: "Chat not found", error: "Internal Server Error" })
        const { id } = yield* planCampaign("user-1", {
          sessionName: "alice",
          targets: [A, B, C],
          messages: [{ content: "hello", scheduledAt: T }]
        })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        expect(fake.sent.map((s) => s.chatId).sort()).toEqual([A.groupId, C.groupId])

        const campaign = yield* getCampaign("user-1", id)
        expect(campaign.status).toBe("FAILED")
        expect(campaign.failureReason).toMatch(/^group Club B: /)
        expect(campaign.targets.map((t) => [t.groupName, t.status, t.sentMessages, t.failedMessages])).toEqual([
          ["Club A", "COMPLETED", 1, 0],
          ["Club B", "FAILED", 0, 1],
          ["Club C", "COMPLETED", 1, 0]
        ])
        const failed = campaign.messages.find((m) => m.status === "FAILED")
        expect(failed).toMatchObject({ groupId: B.groupId, groupName: "Club B" })
        // the admin is told which group
        const told: Array<Notification> = []
        yield* notifyFailedCampaigns(0).pipe(Effect.provide(MemoryNotifier.layer(told)))
        expect(told).toEqual([
          {
            kind: "CampaignFailed",
            campaignId: id,
            title: "Club A and 2 more",
            madeUpTitle: { first: A, more: 2 },
            reason: campaign.failureReason
          }
        ])
        expect(told[0]?.kind === "CampaignFailed" && told[0].reason).toMatch(/^group Club B: /)

        // the group takes messages again; sent again, the copy goes to its own group only
        yield* Effect.promise(() => fake.reset())
        const resend = yield* resendCampaignMessage("user-1", { campaignId: id, messageId: failed?.id ?? "" })
        expect(yield* (yield* MessageRepository).get(resend.id)).toMatchObject({
          groupId: B.groupId,
          groupName: "Club B"
        })
        yield* dispatchAndDrain
        expect(fake.sent.map((s) => [s.chatId, s.text])).toEqual([[B.groupId, "hello"]])
        const after = yield* getCampaign("user-1", id)
        expect(after.status).toBe("COMPLETED")
        expect(after.targets.map((t) => [t.groupName, t.status, t.totalMessages, t.sentMessages])).toEqual([
          ["Club A", "COMPLETED", 1, 1],
          ["Club B", "COMPLETED", 1, 1],
          ["Club C", "COMPLETED", 1, 1]
        ])
      }).pipe(Effect.provide(setup()))
  )

  it.effect("refuses a plan whose copies exceed the limit, naming the field that sets the count; nothing saved", () =>
    Effect.gen(function* () {
      yield* TestClock.setTime(T - 10 * MINUTE)
      yield* createMessagingSession("user-1", "alice")
      const before = (yield* EventStore.use((s) => s.recordedSince(-1, 100_000))).length
      const messages = Array.from({ length: 400 }, (_, i) => ({ content: `m${i}`, scheduledAt: T + i * MINUTE }))
      const refused = yield* planCampaign("user-1", { sessionName: "alice", targets: [A, B, C], messages }).pipe(
        Effect.flip
      )
      expect(refused).toMatchObject({
        _tag: "InvalidCampaign",
        message: "this plan makes 400 messages for each of 3 groups (1,200); a campaign may hold at most 1,000",
        field: "messages"
      })
      expect((yield* EventStore.use((s) => s.recordedSince(-1, 100_000))).length).toBe(before)
    }).pipe(Effect.provide(setup()))
  )

  it.effect(
    "a paced number: copies due together past what the 2-minute window holds are refused at creation, naming targets; nothing saved",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 10 * MINUTE)
        yield* createMessagingSession("user-1", "alice")
        // 50 s between two sends: of messages due together, 3 go within the 2 minutes (at 0, 50 and 100 s)
        yield* setSessionPacing("user-1", "alice", { minGapSeconds: 50, jitterSeconds: 0 })
        const one = [{ content: "hello", scheduledAt: T }]
        yield* planCampaign("user-1", { sessionName: "alice", targets: [A, B, C], messages: one })
        const before = (yield* EventStore.use((s) => s.recordedSince(-1, 100_000))).length
        const D = { groupId: "120363000000000004@g.us", groupName: "Club D" }
        const refused = yield* planCampaign("user-1", {
          sessionName: "alice",
          targets: [A, B, C, D],
          messages: one
        }).pipe(Effect.flip)
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "targets" })
        expect(refused.message).toMatch(
          /^this WhatsApp number is paced \(at least 50 s between messages, plus up to 0 s\): of messages due together only 3 are sure to go within the 2 minutes, and the message at 2026-03-01T10:00:00.000Z would be number 4 in line \(each message goes to 4 groups\); space the messages out, choose fewer groups, or lower the pacing on the WhatsApp page$/
        )
        // one group, four messages due together: the same rule, at the message's time
        const four = Array.from({ length: 4 }, (_, i) => ({ content: `m${i}`, scheduledAt: T }))
        const alone = yield* planCampaign("user-1", {
          sessionName: "alice",
          groupId: A.groupId,
          groupName: A.groupName,
          messages: four
        }).pipe(Effect.flip)
        expect(alone).toMatchObject({ _tag: "InvalidCampaign", field: "messages" })
        expect((yield* EventStore.use((s) => s.recordedSince(-1, 100_000))).length).toBe(before)
      }).pipe(Effect.provide(setup()))
  )
})
