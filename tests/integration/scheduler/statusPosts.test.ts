import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer } from "effect"
import { TestClock } from "effect/testing"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { SessionAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { claimMessage } from "../../../src/application/scheduler/claimMessage.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { recoverExpiredClaims } from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import { SchedulerSettings } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { PNG_BYTES } from "../../support/mediaFixtures.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"

// A Status post through the scheduler's own claim/send/record, against the fake WAHA over HTTP
// (docs/reach.md, "Plan for Herald (Status)").

const T = Date.parse("2026-03-01T10:00:00.000Z")
const GROUP = { groupId: "120363000000000001@g.us", groupName: "Family" }
const CONTACTS = ["4915112345678@c.us", "4915187654321@c.us"]
const STATUS = {
  groupId: "status@broadcast",
  groupName: "",
  statusPost: { backgroundColor: "#ff8800", font: 6 as const, contacts: CONTACTS }
}

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const LEASE = 5 * 60_000
const scheduler = () => {
  const db = makeMemoryDatabase()
  return schedulerClient(MemoryStore.layer(db), fake.url, { leaseMs: LEASE }).pipe(Layer.provideMerge(KeyedLocks.layer))
}
/** schedulerClient's, with a Status's (media) deadline of 300 ms, so a send left unanswered is cut off at once. */
const quickScheduler = () =>
  Dispatcher.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        MemoryStore.layer(makeMemoryDatabase()),
        KeyedLocks.layer,
        WahaGateway.layer({ baseUrl: fake.url, apiKey: FAKE_WAHA_API_KEY, timeoutMs: 300, mediaTimeoutMs: 300 }),
        Layer.succeed(SchedulerSettings, { ...SchedulerSettings.defaultValue(), leaseMs: LEASE })
      )
    )
  )
const statusOnly = (content: string) => ({
  sessionName: "alice",
  targets: [{ groupId: "status@broadcast", groupName: "My Status" }],
  messages: [{ content, scheduledAt: T }]
})

describe("a Status post in the scheduler", () => {
  it.effect(
    "a campaign to a group and the Status: each copy claimed and sent once, the Status with its colour, font and contacts",
    () =>
      Effect.gen(function* () {
        fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          sessionName: "alice",
          targets: [GROUP, STATUS],
          messages: [{ content: "Open day on Saturday", scheduledAt: T }]
        })
        const campaign = yield* (yield* CampaignRepository).get(id)
        expect(campaign?.targets?.[1]).toEqual({ ...STATUS, groupName: "My Status" })
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(2)
        // a second pass finds nothing: each copy went once
        yield* dispatchAndDrain
        expect(fake.sent.map((s) => [s.chatId, s.text])).toEqual([[GROUP.groupId, "Open day on Saturday"]])
        expect(fake.statuses).toHaveLength(1)
        expect(fake.statuses[0]).toMatchObject({
          kind: "text",
          session: "alice",
          body: { text: "Open day on Saturday", backgroundColor: "#ff8800", font: 6, contacts: CONTACTS }
        })
        const messages = yield* (yield* MessageRepository).listByCampaign(id)
        const status = messages.find((m) => m.groupId === "status@broadcast")
        expect(status?.status).toBe("SENT")
        // the id NOWEB answered (key.id), to match the views (receipts) that come later
        expect(status?.gatewayMessageKey).toBe(fake.statuses[0]?.key)
        // no id was taken for the Status before its claim
        expect(fake.requests.filter((r) => r.path.endsWith("/new-message-id"))).toHaveLength(1)
        expect((yield* (yield* CampaignRepository).get(id))?.status).toBe("COMPLETED")
      }).pipe(Effect.provide(scheduler()))
  )

  it.effect(
    "WEBJS posts to all contacts (no contacts field); a refusal at the gateway fails the Status copy and its campaign, never resent",
    () =>
      Effect.gen(function* () {
        fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          sessionName: "alice",
          targets: [{ groupId: "status@broadcast", groupName: "My Status" }],
          messages: [
            { content: "first", scheduledAt: T },
            { content: "second", scheduledAt: T + 60_000 }
          ]
        })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        expect(fake.statuses).toHaveLength(1)
        expect(fake.statuses[0]?.body).toEqual({
          text: "first",
          backgroundColor: "#38b42f",
          font: 0,
          linkPreview: true,
          linkPreviewHighQuality: false
        })
        // the engine changed under the plan: WAHA refuses, the copy fails and so does the campaign
        fake.setServerVersion({ engine: "GOWS", version: "2024.12.1" })
        yield* TestClock.setTime(T + 60_000)
        yield* dispatchAndDrain
        yield* dispatchAndDrain
        const messages = yield* (yield* MessageRepository).listByCampaign(id)
        expect(messages.map((m) => m.status)).toEqual(["SENT", "FAILED"])
        expect(messages[1]?.failureReason).toMatch(/^failed to post status: gateway answered 501/)
        expect((yield* (yield* CampaignRepository).get(id))?.status).toBe("FAILED")
        expect(fake.statuses).toHaveLength(1)
      }).pipe(Effect.provide(scheduler()))
  )

  it.effect(
    "posted but the answer never came (cut off): outcome unknown, the campaign fails, and it is never posted again",
    () =>
      Effect.gen(function* () {
        fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", statusOnly("cut off"))
        fake.deliverThenHang()
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        const [message] = yield* (yield* MessageRepository).listByCampaign(id)
        expect(message?.status).toBe("OUTCOME_UNKNOWN")
        expect(message?.failureReason).toMatch(/^failed to post status: .*outcome unknown/)
        // a Status is checked on the phone, not "in the group"
        expect(message?.failureReason).toMatch(/check your Status on your phone before sending it again$/)
        expect((yield* (yield* CampaignRepository).get(id))?.status).toBe("FAILED")
        yield* Effect.promise(() => fake.reset())
        yield* dispatchAndDrain
        expect(fake.statuses).toHaveLength(0)
      }).pipe(Effect.provide(quickScheduler()))
  )

  it.effect(
    "claimed by a scheduler that died before posting: after the lease, outcome unknown, never posted by itself",
    () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T - 60_000)
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", statusOnly("claimed then crashed"))
        yield* TestClock.setTime(T)
        const [view] = yield* (yield* MessageRepository).listByCampaign(id)
        expect((yield* claimMessage(view!, T))._tag).toBe("Claimed")
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        const [message] = yield* (yield* MessageRepository).listByCampaign(id)
        expect(message?.status).toBe("OUTCOME_UNKNOWN")
        yield* dispatchAndDrain
        expect(fake.statuses).toHaveLength(0)
      }).pipe(Effect.provide(scheduler()))
  )

  it.effect(
    "two users' Statuses with the same text, both claimed and cut off: each is looked for in its own number's Status only",
    () =>
      Effect.gen(function* () {
        fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        yield* createMessagingSession("u1", "alice")
        yield* createMessagingSession("u2", "bob")
        const alice = yield* planCampaign("u1", statusOnly("Open day"))
        const bob = yield* planCampaign("u2", { ...statusOnly("Open day"), sessionName: "bob" })
        yield* TestClock.setTime(T)
        const [aliceView] = yield* (yield* MessageRepository).listByCampaign(alice.id)
        const [bobView] = yield* (yield* MessageRepository).listByCampaign(bob.id)
        expect((yield* claimMessage(aliceView!, T))._tag).toBe("Claimed")
        expect((yield* claimMessage(bobView!, T))._tag).toBe("Claimed")
        // alice's reached WhatsApp (its answer was lost), bob's never did
        const posted = yield* Effect.promise(() =>
          fetch(`${fake.url}/api/alice/status/text`, {
            method: "POST",
            headers: { "content-type": "application/json", "x-api-key": FAKE_WAHA_API_KEY },
            body: JSON.stringify({ text: "Open day", backgroundColor: "#38b42f", font: 0 })
          })
        )
        expect(posted.status).toBe(201)
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(2)
        const [aliceAfter] = yield* (yield* MessageRepository).listByCampaign(alice.id)
        const [bobAfter] = yield* (yield* MessageRepository).listByCampaign(bob.id)
        // alice's is found in her Status; bob's is not, and its reason says nothing of alice's
        expect(aliceAfter?.status).toBe("SENT")
        expect(bobAfter?.status).toBe("OUTCOME_UNKNOWN")
        expect(bobAfter?.failureReason ?? "").not.toMatch(/same text|another/)
      }).pipe(Effect.provide(scheduler()))
  )

  it.effect("an image posted to the Status: its bytes as base64 and its text as caption, to the chosen contacts", () =>
    Effect.gen(function* () {
      fake.setServerVersion({ engine: "GOWS", version: "2026.7.1" })
      yield* TestClock.setTime(T - 60_000)
      yield* createMessagingSession("u1", "alice")
      const bytes = new Uint8Array(PNG_BYTES)
      yield* (yield* MediaStore).put(
        {
          id: "poster",
          ownerId: "u1",
          mimetype: "image/png",
          filename: "poster.png",
          size: bytes.length,
          kind: "image",
          createdAt: T - 60_000,
          usedAt: T - 60_000
        },
        bytes
      )
      const { id } = yield* planCampaign("u1", {
        sessionName: "alice",
        targets: [STATUS],
        messages: [{ content: "See you there", scheduledAt: T, media: { id: "poster" } }]
      })
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.statuses).toHaveLength(1)
      expect(fake.statuses[0]).toMatchObject({
        kind: "image",
        body: {
          file: { mimetype: "image/png", filename: "poster.png", data: Buffer.from(bytes).toString("base64") },
          caption: "See you there",
          contacts: CONTACTS
        }
      })
      const [message] = yield* (yield* MessageRepository).listByCampaign(id)
      expect(message?.status).toBe("SENT")
      // GOWS's id: true_status@broadcast_<key>_<me>, kept by its key
      expect(message?.gatewayMessageKey).toBe(fake.statuses[0]?.key)
    }).pipe(Effect.provide(scheduler()))
  )

  it.effect(
    "typing on for the session: the group's copy is typed first, the Status's is not (no seen or typing on status@broadcast)",
    () =>
      Effect.gen(function* () {
        fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
        yield* TestClock.setTime(T - 60_000)
        const session = yield* createMessagingSession("u1", "alice")
        yield* execute(SessionAggregate)(session.id, { type: "SetTyping", on: true, now: T - 60_000 })
        yield* planCampaign("u1", {
          sessionName: "alice",
          targets: [GROUP, { groupId: "status@broadcast", groupName: "My Status" }],
          messages: [{ content: "Open day", scheduledAt: T }]
        })
        fake.requests.length = 0
        yield* TestClock.setTime(T)
        // the typing waits on the test clock: moved on in steps until the pass is done (10 s real time at most)
        const pass = yield* Effect.forkChild(dispatchAndDrain)
        const deadline = Date.now() + 10_000
        while (pass.pollUnsafe() === undefined) {
          if (Date.now() > deadline) return yield* Effect.die(new Error("not done within 10 s"))
          yield* TestClock.adjust(500)
          yield* TestClock.withLive(Effect.sleep(20))
        }
        expect(yield* Fiber.join(pass)).toBe(2)
        const calls = fake.requests
          .filter((r) => r.method === "POST" && !r.path.endsWith("/new-message-id"))
          .map((r) => `${r.path} ${String((r.body as { chatId?: unknown } | undefined)?.chatId)}`)
        expect(calls.filter((c) => !c.startsWith("/api/alice/status/"))).toEqual([
          `/api/sendSeen ${GROUP.groupId}`,
          `/api/startTyping ${GROUP.groupId}`,
          `/api/stopTyping ${GROUP.groupId}`,
          `/api/sendText ${GROUP.groupId}`
        ])
        expect(calls.filter((c) => c.startsWith("/api/alice/status/"))).toEqual(["/api/alice/status/text undefined"])
      }).pipe(Effect.provide(scheduler()))
  )
})
