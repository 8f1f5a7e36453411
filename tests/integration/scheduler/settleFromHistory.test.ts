import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { claimMessage } from "../../../src/application/scheduler/claimMessage.ts"
import {
  HISTORY_LOOKUP_TIMEOUT_MS,
  HISTORY_PASS_BUDGET_MS,
  recoverExpiredClaims
} from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import type { FakeChatMessage, FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dispatchAndDrain, memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * The lease recovery asks the chat's history (real HTTP, fake WAHA) before reporting a claim
 * outcome-unknown: settled SENT only when the history shows the send for certain; never a resend.
 */

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const LEASE = 5 * 60_000
const GROUP = "120363000000000001@g.us"

let fake: FakeWaha
/** the gateway's clock, which stamps the messages it accepts */
let gatewayNow = T
beforeAll(async () => {
  fake = await startFakeWaha({ clock: () => gatewayNow })
})
afterAll(() => fake.close())
beforeEach(async () => {
  gatewayNow = T
  await fake.reset()
})

const setup = (timeoutMs?: number) => memoryScheduler(fake.url, { leaseMs: LEASE }, timeoutMs)

/** A scheduler claims the message at T and dies: before the send (`sent: false`) or right after it. */
const claimThenCrash = (content: string, options: { readonly sent: boolean; readonly campaignMessages?: number }) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(PLANNED_AT)
    const extra = Array.from({ length: (options.campaignMessages ?? 1) - 1 }, (_, i) => ({
      content: `later ${i}`,
      scheduledAt: T + 3_600_000
    }))
    const seeded = yield* seedCampaign({ messages: [{ content, scheduledAt: T }, ...extra] })
    yield* TestClock.setTime(T)
    const id = seeded.messageIds[0]!
    const claimed = yield* claimMessage((yield* (yield* MessageRepository).get(id))!, T)
    expect(claimed._tag).toBe("Claimed")
    if (options.sent) {
      gatewayNow = T + 1_500
      yield* (yield* GatewayPort).sendText({ session: "alice", chatId: GROUP, text: content })
    }
    return { ...seeded, id }
  })

const lastEvent = (id: string) =>
  EventStore.use((store) => store.read(`message-${id}`)).pipe(Effect.map((events) => events.at(-1)?.data))

const expectOutcomeUnknown = (campaignId: string, id: string, sentBefore: number) =>
  Effect.gen(function* () {
    expect(yield* (yield* MessageRepository).get(id)).toMatchObject({
      status: "OUTCOME_UNKNOWN",
      isSent: false,
      sentAt: null
    })
    const campaign = yield* (yield* CampaignRepository).get(campaignId)
    expect(campaign).toMatchObject({ status: "FAILED", failureReason: expect.stringMatching(/outcome unknown/) })
    yield* dispatchAndDrain
    yield* TestClock.adjust(LEASE)
    yield* dispatchAndDrain
    expect(fake.sent).toHaveLength(sentBefore)
  })

describe("lease recovery settles a cut-off send from the chat's history", () => {
  it.effect(
    "a send that reached the gateway before the crash is settled SENT after the lease, and never resent",
    () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        const { campaignId, id } = yield* claimThenCrash("Choir at 8, bring the scores", { sent: true })
        const chatId = fake.chatHistory("alice", GROUP)[0]!.id

        yield* TestClock.setTime(T + LEASE - 1)
        expect(yield* recoverExpiredClaims()).toBe(0)
        expect(fake.requests.filter((r) => r.method === "GET")).toHaveLength(0)
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        expect(yield* recoverExpiredClaims()).toBe(0)

        expect(yield* (yield* MessageRepository).get(id)).toMatchObject({
          status: "SENT",
          isSent: true,
          isPicked: true,
          sentAt: T + 1_000, // the chat's second
          failureReason: null
        })
        expect(yield* lastEvent(id)).toEqual({
          type: "MessageSent",
          at: T + 1_000,
          // the chat's own id for it, so its delivery receipts find it too
          gatewayMessageId: chatId,
          note: `settled from the chat's history: gateway message ${chatId}`
        })
        const campaign = yield* (yield* CampaignRepository).get(campaignId)
        expect(campaign).toMatchObject({ status: "COMPLETED" })
        expect(campaign?.failureReason ?? null).toBeNull()
        expect(logs.lines.map((l) => l.text)).toContain(
          `Message ${id} settled as sent from the chat's history (gateway message ${chatId})`
        )
        expect(logs.lines.some((l) => l.level === "Error")).toBe(false)

        yield* dispatchAndDrain
        expect(fake.sent).toHaveLength(1)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a settled message moves its campaign on as a reported send does: IN_PROGRESS while others wait", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const { campaignId } = yield* claimThenCrash("first of two", { sent: true, campaignMessages: 2 })
      yield* TestClock.setTime(T + LEASE)
      expect(yield* recoverExpiredClaims()).toBe(1)
      expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("IN_PROGRESS")
      expect(yield* (yield* MessageRepository).progress(campaignId)).toEqual({ total: 2, sent: 1, open: 1 })
    }).pipe(Effect.provide(layer))
  })
})

describe("where the chat's history cannot tell for certain, the claim stays outcome-unknown and is never resent", () => {
  const pending = (text: string): FakeChatMessage => ({
    id: `true_${GROUP}_3EB0PENDING`,
    timestamp: Math.floor((T + 1_000) / 1000),
    from: "15550000000@c.us",
    fromMe: true,
    to: GROUP,
    body: text,
    hasMedia: false,
    ack: 0,
    ackName: "PENDING",
    replyTo: null,
    _data: {}
  })

  const cases: ReadonlyArray<{
    readonly name: string
    readonly sent: boolean
    readonly arrange: (text: string) => Effect.Effect<void>
    readonly why: RegExp
  }> = [
    {
      name: "the send never reached the gateway (absent from the history, which proves nothing)",
      sent: false,
      arrange: () => Effect.void,
      why: /not in the chat's history, which does not prove it was never sent/
    },
    {
      name: "the engine keeps no history (NOWEB without its store)",
      sent: true,
      arrange: () => Effect.sync(() => fake.withoutHistory("alice")),
      why: /gateway answered 400/
    },
    {
      name: "the gateway is down",
      sent: true,
      arrange: () => Effect.promise(() => fake.refuse()),
      why: /ECONNREFUSED/
    },
    {
      name: "the session is not WORKING any more",
      sent: true,
      arrange: () => Effect.sync(() => fake.setSessionStatus("alice", "STOPPED")),
      why: /gateway answered 422/
    },
    {
      name: "the chat holds the text but WhatsApp has not acknowledged it (PENDING)",
      sent: false,
      // what WEBJS lists the moment the send is queued in WhatsApp Web
      arrange: (text) => Effect.sync(() => void fake.chatHistory("alice", GROUP).push(pending(text))),
      why: /not yet acknowledged/
    }
  ]

  for (const c of cases) {
    it.effect(c.name, () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        const text = `message for: ${c.name}`
        const { campaignId, id } = yield* claimThenCrash(text, { sent: c.sent })
        yield* c.arrange(text)
        const sentBefore = fake.sent.length
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        expect(
          logs.lines.some(
            (l) => l.text.startsWith(`Message ${id}: the chat's history cannot settle it: `) && c.why.test(l.text)
          )
        ).toBe(true)
        yield* Effect.promise(() => fake.accept())
        yield* expectOutcomeUnknown(campaignId, id, sentBefore)
      }).pipe(Effect.provide(layer))
    })
  }

  it.effect(
    "another message with the same text to the same group, claimed around then, makes the history ambiguous",
    () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const text = "Reminder: dues are due"
        const a = yield* seedCampaign({ messages: [{ content: text, scheduledAt: T }] })
        const b = yield* seedCampaign({ sessionId: a.sessionId, messages: [{ content: text, scheduledAt: T }] })
        yield* TestClock.setTime(T)
        // A is claimed and its scheduler dies before sending
        expect((yield* claimMessage((yield* (yield* MessageRepository).get(a.messageIds[0]!))!, T))._tag).toBe(
          "Claimed"
        )
        // B, with the same text to the same group, goes out normally once A's claim no longer holds the session
        yield* TestClock.setTime(T + 41_000)
        gatewayNow = T + 41_000
        yield* dispatchAndDrain
        expect(fake.sent.map((s) => s.text)).toEqual([text])
        expect((yield* (yield* MessageRepository).get(b.messageIds[0]!))?.status).toBe("SENT")

        // the chat shows the text, acknowledged, after A's claim: but it is B's
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        // no history read (the one GET asks for a message id before the claim, which WEBJS has not)
        expect(fake.requests.filter((r) => r.method === "GET" && !r.path.endsWith("/new-message-id"))).toHaveLength(0)
        expect(logs.lines.map((l) => l.text)).toContain(
          `Message ${a.messageIds[0]}: the chat's history cannot settle it: another message with the same text to this group was claimed around the same time`
        )
        yield* expectOutcomeUnknown(a.campaignId, a.messageIds[0]!, 1)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a history read that does not answer in time cannot tell; after the pass's budget the rest are not even read",
    () => {
      // the adapter's own deadline far away, so the recovery's lookup timeout is what ends each read
      const { layer } = setup(120_000)
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const count = HISTORY_PASS_BUDGET_MS / HISTORY_LOOKUP_TIMEOUT_MS + 1
        const seeded = yield* seedCampaign({
          messages: Array.from({ length: count }, (_, i) => ({ content: `slow ${i}`, scheduledAt: T + i }))
        })
        yield* TestClock.setTime(T + count)
        for (const id of seeded.messageIds) {
          expect((yield* claimMessage((yield* (yield* MessageRepository).get(id))!, T + count))._tag).toBe("Claimed")
        }
        fake.hangEverything()
        yield* TestClock.setTime(T + count + LEASE)
        const pass = yield* Effect.forkChild(recoverExpiredClaims())
        const reads = () => fake.requests.filter((r) => r.method === "GET").length
        for (let read = 1; read < count; read++) {
          yield* Effect.promise(() => fake.waitFor(() => reads() === read))
          yield* TestClock.adjust(HISTORY_LOOKUP_TIMEOUT_MS)
        }
        expect(yield* Fiber.join(pass)).toBe(count)
        expect(reads()).toBe(count - 1)
        for (const id of seeded.messageIds) {
          expect((yield* (yield* MessageRepository).get(id))?.status).toBe("OUTCOME_UNKNOWN")
        }
        expect(fake.sent).toHaveLength(0)
      }).pipe(Effect.provide(layer))
    }
  )
})
