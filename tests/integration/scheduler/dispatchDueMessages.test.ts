import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { SchedulerSettings } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { failureKindOf } from "../../../src/domain/message/failureKind.ts"
import { LOOKBACK_MS } from "../../../src/domain/message/Message.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { logOutMessagingSession } from "../../support/messagingSessions.ts"
import { dispatchAndDrain, memoryScheduler, seedCampaign } from "../../support/schedulerHarness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

const setup = () => memoryScheduler(fake.url)

describe("dispatchDueMessages (memory store, fake WAHA over HTTP)", () => {
  it.effect("sends exactly the messages inside [now − 2 min, now], never a deleted one, never twice", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "at the lookback edge", scheduledAt: T - LOOKBACK_MS },
          { content: "exactly now", scheduledAt: T },
          { content: "1 ms too old", scheduledAt: T - LOOKBACK_MS - 1 },
          { content: "1 ms in the future", scheduledAt: T + 1 },
          { content: "deleted", scheduledAt: T - 1_000 }
        ]
      })
      yield* execute(MessageAggregate)(messageIds[4]!, { type: "Delete", now: PLANNED_AT })
      yield* TestClock.setTime(T)
      expect(yield* dispatchAndDrain).toBe(2)
      expect(fake.sent.map((s) => s.text).sort()).toEqual(["at the lookback edge", "exactly now"])
      // a second pass at the same instant finds nothing: picked never twice
      expect(yield* dispatchAndDrain).toBe(0)
      expect(fake.sent).toHaveLength(2)
      const repo = yield* MessageRepository
      const edge = yield* repo.get(messageIds[0]!)
      expect(edge).toMatchObject({ isPicked: true, isSent: true, sentAt: T, status: "SENT" })
      // the gateway's id for each sent message is recorded on its MessageSent
      const recorded = yield* Effect.forEach([messageIds[0]!, messageIds[1]!], (id) => load(MessageAggregate, id))
      const ids = recorded.map((m) => m.gatewayMessageId)
      expect(ids).toEqual([
        expect.stringMatching(/^true_120363000000000001@g\.us_FAKE\d+$/),
        expect.stringMatching(/^true_120363000000000001@g\.us_FAKE\d+$/)
      ])
      expect(new Set(ids).size).toBe(2)
      expect(yield* repo.get(messageIds[2]!)).toMatchObject({ isPicked: false, isSent: false })
      expect(yield* repo.get(messageIds[4]!)).toMatchObject({ isDeleted: true, isSent: false, isPicked: false })
    }).pipe(Effect.provide(layer))
  })

  it.effect("sends the exact request the README describes", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      yield* seedCampaign({
        sessionName: "alice_phone-1",
        groupId: "120363999@g.us",
        messages: [{ content: "Hello *world* https://example.org", scheduledAt: T }]
      })
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      const sends = fake.requests.filter((r) => r.path === "/api/sendText")
      expect(sends).toHaveLength(1)
      const request = sends[0]!
      expect(request.method).toBe("POST")
      expect(request.headers["accept"]).toBe("application/json")
      expect(request.headers["x-api-key"]).toBe(FAKE_WAHA_API_KEY)
      expect(request.headers["content-type"]).toBe("application/json")
      expect(request.body).toStrictEqual({
        chatId: "120363999@g.us",
        text: "Hello *world* https://example.org",
        linkPreview: true,
        linkPreviewHighQuality: false,
        session: "alice_phone-1"
      })
    }).pipe(Effect.provide(layer))
  })

  it.effect("writes the documented log lines and completes the campaign when all its messages are sent", () => {
    const { layer, logs } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      expect(yield* dispatchAndDrain).toBe(0)
      const { campaignId, messageIds } = yield* seedCampaign({
        groupName: "Book club",
        groupId: "1203@g.us",
        messages: [
          { content: "first", scheduledAt: T - 1 },
          { content: "second", scheduledAt: T }
        ]
      })
      expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("SCHEDULED")
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      const text = logs.lines.map((l) => l.text)
      expect(text).toContain(`[${new Date(PLANNED_AT).toISOString()}] No pending messages`)
      expect(text).toContain(`[${new Date(T).toISOString()}] Found 2 messages to send`)
      expect(text).toContain("Sending to group Book club (1203@g.us): first")
      expect(text).toContain(`Message ${messageIds[0]} scheduled at ${new Date(T - 1).toISOString()}`)
      expect(text).toContain(`Message ${messageIds[0]} processed successfully`)
      expect(text).toContain(`Message ${messageIds[1]} processed successfully`)
      // one session: in scheduledAt order
      expect(fake.sent.map((s) => s.text)).toEqual(["first", "second"])
      expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("COMPLETED")
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a content, group name or gateway answer with line breaks cannot forge a log line: each stays one line, escaped",
    () => {
      const { layer, logs } = setup()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const forgedContent = "hi\n[2026-01-01T10:00:00.000Z] Message x processed successfully"
        const { messageIds } = yield* seedCampaign({
          groupName: "Book\r\nclub\u2028Message y processed successfully",
          groupId: "1203@g.us",
          messages: [
            { content: forgedContent, scheduledAt: T },
            { content: "second", scheduledAt: T + 1_000 }
          ]
        })
        yield* TestClock.setTime(T)
        yield* dispatchAndDrain
        expect(fake.sent.map((s) => s.text)).toEqual([forgedContent]) // sent as written, only the log escapes it
        fake.respondWith(500, { message: "boom\u0085Message z processed successfully\u001b[2K" })
        yield* TestClock.setTime(T + 1_000)
        yield* dispatchAndDrain

        const text = logs.lines.map((l) => l.text)
        // one record, one line: nothing a terminal or a log reader would split
        expect(text.join("\n").split(/\r\n|[\n\r\u000b\u000c\u0085\u2028\u2029]/)).toHaveLength(text.length)
        expect(text).toContain(
          "Sending to group Book\\r\\nclub\\u2028Message y processed successfully (1203@g.us): hi\\n[2026-01-01T10:00:00.000Z] Message x processed successfully"
        )
        expect(text.filter((l) => /processed successfully$/.test(l) && l.startsWith("Message "))).toEqual([
          `Message ${messageIds[0]} processed successfully`
        ])
        const errorLine = text.find((l) => l.startsWith(`Error processing message ${messageIds[1]}: `))
        expect(errorLine).toMatch(/boom\\u0085Message z processed successfully\\u001b\[2K/)
      }).pipe(Effect.provide(layer))
    }
  )

  const failures = [
    {
      name: "401",
      arrange: () => fake.respondWith(401, { message: "bad key" }),
      reason: /failed to send message: gateway answered 401/,
      kind: "unreachable"
    },
    {
      name: "422",
      arrange: () => fake.respondWith(422, { message: "session not WORKING" }),
      reason: /failed to send message: gateway answered 422/,
      kind: "session"
    },
    {
      name: "500",
      arrange: () => fake.respondWith(500, { message: "boom" }),
      reason: /failed to send message: gateway answered 500/,
      kind: "other"
    },
    {
      name: "a hang past the timeout",
      arrange: () => fake.hang(),
      reason: /failed to send message: timed out after 300 ms; outcome unknown: the gateway may still have sent it/,
      kind: "noAnswer",
      // the request went out: WAHA may have sent it, so it is not plainly failed
      status: "OUTCOME_UNKNOWN"
    },
    {
      name: "a refused connection",
      arrange: () => fake.refuse(),
      reason: /^failed to send message: connect ECONNREFUSED 127\.0\.0\.1:\d+$/,
      kind: "unreachable"
    }
  ]

  for (const failure of failures) {
    it.effect(
      `on ${failure.name}: logs, records the reason, fails the campaign, and the next message still goes out`,
      () => {
        const { logs, layer } = memoryScheduler(fake.url, {}, 300)
        return Effect.gen(function* () {
          yield* TestClock.setTime(PLANNED_AT)
          const failing = yield* seedCampaign({
            sessionName: "alice",
            messages: [{ content: "will fail", scheduledAt: T }]
          })
          const healthy = yield* seedCampaign({
            sessionName: "bob",
            messages: [{ content: "later", scheduledAt: T + 1_000 }]
          })
          yield* Effect.promise(async () => failure.arrange())
          yield* TestClock.setTime(T)
          yield* dispatchAndDrain
          const failed = yield* (yield* MessageRepository).get(failing.messageIds[0]!)
          const status = "status" in failure ? failure.status : "FAILED"
          expect(failed).toMatchObject({ status, isPicked: true, isSent: false })
          expect(failed?.failureReason).toMatch(failure.reason)
          const campaign = yield* (yield* CampaignRepository).get(failing.campaignId)
          expect(campaign?.status).toBe("FAILED")
          expect(campaign?.failureReason).toMatch(failure.reason)
          // the reason as recorded reads as its kind, for the plain words (issue 22 item 1)
          expect(failureKindOf(failed?.failureReason, failed?.status)).toBe(failure.kind)
          expect(failureKindOf(campaign?.failureReason)).toBe(failure.kind)
          const errorLine = logs.lines.find((l) =>
            l.text.startsWith(`Error processing message ${failing.messageIds[0]}: `)
          )
          expect(errorLine?.level).toBe("Error")
          expect(errorLine?.text).toMatch(new RegExp(failure.reason.source.replace("^", "")))
          expect(logs.lines.map((l) => l.text).join("\n")).not.toContain(FAKE_WAHA_API_KEY)

          yield* Effect.promise(() => fake.reset())
          yield* TestClock.setTime(T + 1_000)
          yield* dispatchAndDrain
          expect(fake.sent.map((s) => s.text)).toEqual(["later"])
          expect((yield* (yield* CampaignRepository).get(healthy.campaignId))?.status).toBe("COMPLETED")
          // the failed one is never retried
          expect((yield* (yield* MessageRepository).get(failing.messageIds[0]!))?.status).toBe(status)
        }).pipe(Effect.provide(layer))
      }
    )
  }

  it.effect("a message whose session was logged out fails its campaign with a sessionName error", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { sessionId, campaignId, messageIds } = yield* seedCampaign({
        messages: [{ content: "orphan", scheduledAt: T }]
      })
      yield* logOutMessagingSession(sessionId)
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      expect(fake.sent).toHaveLength(0)
      const message = yield* (yield* MessageRepository).get(messageIds[0]!)
      expect(message?.failureReason).toMatch(/cannot read sessionName/)
      expect((yield* (yield* CampaignRepository).get(campaignId))?.status).toBe("FAILED")
    }).pipe(Effect.provide(layer))
  })
  it.effect("shutdown's drain lets the send under way finish and starts no other: the queued stay unclaimed", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({
        messages: [1, 2, 3].map((i) => ({ content: `queued ${i}`, scheduledAt: T - i }))
      })
      yield* TestClock.setTime(T)
      fake.latency(300)
      const dispatcher = yield* Dispatcher
      expect((yield* dispatcher.dispatchDueMessages).found).toBe(3)
      // one lane (one session): the oldest is being sent, two wait behind it
      yield* Effect.promise(() => fake.waitFor(() => fake.requests.some((r) => r.path === "/api/sendText")))
      yield* dispatcher.drain
      expect(fake.sent.map((s) => s.text)).toEqual(["queued 3"])
      expect(yield* dispatcher.inFlight).toBe(0)
      const repo = yield* MessageRepository
      expect(yield* repo.get(messageIds[2]!)).toMatchObject({ isPicked: true, isSent: true })
      for (const id of messageIds.slice(0, 2)) expect(yield* repo.get(id)).toMatchObject({ isPicked: false })
      // nothing more is taken after the drain, even if asked
      expect((yield* dispatcher.dispatchDueMessages).found).toBe(0)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a bug while sending one message does not end its lane: the next message goes out, and none is held",
    () => {
      const db = makeMemoryDatabase()
      // the real adapter, except that sending "boom" is a defect (a bug, not a gateway error)
      const buggy = Layer.effect(
        GatewayPort,
        Effect.gen(function* () {
          const real = yield* GatewayPort
          return GatewayPort.of({
            ...real,
            sendText: (request) => (request.text === "boom" ? Effect.die(new Error("a bug")) : real.sendText(request))
          })
        })
      ).pipe(Layer.provide(WahaGateway.layer({ baseUrl: fake.url, apiKey: FAKE_WAHA_API_KEY, timeoutMs: 2_000 })))
      const layer = Dispatcher.layer.pipe(
        Layer.provideMerge(
          Layer.mergeAll(
            MemoryStore.layer(db),
            buggy,
            Layer.succeed(SchedulerSettings, SchedulerSettings.defaultValue())
          )
        )
      )
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        yield* seedCampaign({
          messages: [
            { content: "boom", scheduledAt: T - 2 },
            { content: "after the bug", scheduledAt: T - 1 }
          ]
        })
        yield* TestClock.setTime(T)
        expect(yield* dispatchAndDrain).toBe(2)
        expect(fake.sent.map((s) => s.text)).toEqual(["after the bug"])
        expect(yield* (yield* Dispatcher).inFlight).toBe(0)
      }).pipe(Effect.provide(layer))
    }
  )
})
