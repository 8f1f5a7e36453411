import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { mentionAllProblem } from "../../../src/application/campaign/mentionSupport.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { previewCampaign } from "../../../src/application/campaign/previewCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { updateCampaignMessage } from "../../../src/application/campaign/updateCampaignMessage.ts"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayServerVersion } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { MENTIONING_WAHA, memoryWithGateway } from "../../support/versionGateway.ts"

const MINUTE = 60_000
const WPP: GatewayServerVersion = { version: "2026.7.1", engine: "WPP", tier: "CORE" }

const withGateway = memoryWithGateway

const base = { sessionName: "alice", groupId: "120363000000000001@g.us", groupName: "Choir" }
const everything = EventStore.use((s) => s.recordedSince(-1, 10_000))

describe("mentionAllProblem: which gateways can mention everyone", () => {
  it.each([
    [{ version: "2025.11.1", engine: "WEBJS", tier: "PLUS" }, null],
    [{ version: "2026.7.1", engine: "NOWEB", tier: "CORE" }, null],
    [{ version: "2026.7.1", engine: "gows", tier: "CORE" }, null],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, null],
    // a version that cannot be read is not refused for it
    [{ version: "latest", engine: "NOWEB", tier: "PLUS" }, null],
    [WPP, /engine \(WPP\) cannot mention everyone/],
    [{ version: "2026.7.1", engine: "unknown", tier: "CORE" }, /engine \(an engine it does not name\)/],
    [{ version: "2026.7.1", engine: "VENOM", tier: "CORE" }, /engine \(VENOM\)/],
    [
      { version: "2025.10.9", engine: "WEBJS", tier: "PLUS" },
      /WAHA 2025\.10\.9\) cannot mention everyone: that needs WAHA 2025\.11\.1/
    ]
  ] as const)("%o → %s", (gateway, expected) => {
    const problem = mentionAllProblem(gateway)
    if (expected === null) expect(problem).toBeNull()
    else expect(problem).toMatch(expected)
  })
})

describe("campaign.create with mention everyone, on the memory store", () => {
  it.effect("the campaign's mentionAll reaches every message; a message's own wins; without it nobody is asked", () => {
    const { layer, calls } = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const plain = yield* planCampaign("u1", { ...base, messages: [{ content: "plain", scheduledAt: MINUTE }] })
      expect(calls()).toBe(0)
      const { id } = yield* planCampaign("u1", {
        ...base,
        mentionAll: true,
        messages: [
          { content: "everyone", scheduledAt: MINUTE },
          { content: "not this one", scheduledAt: 2 * MINUTE, mentionAll: false }
        ]
      })
      expect(calls()).toBe(1)
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages.map((m) => [m.content, m.mentionAll])).toEqual([
        ["everyone", true],
        ["not this one", false]
      ])
      const plainMessages = yield* (yield* MessageRepository).listByCampaign(plain.id)
      expect(plainMessages.map((m) => m.mentionAll)).toEqual([false])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a recurrence with mentionAll makes every occurrence mention everyone", () => {
    const { layer } = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-03-01T00:00:00Z"))
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", {
        ...base,
        mentionAll: true,
        recurrence: {
          startDate: "2026-03-02",
          endDate: "2026-03-04",
          sendTime: "09:00",
          timeZone: "UTC",
          frequency: "DAILY",
          template: "Rehearsal",
          isFreeForm: false
        }
      })
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages).toHaveLength(3)
      expect(messages.every((m) => m.mentionAll)).toBe(true)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an engine that cannot (WPP) is refused by create and preview, naming the field; nothing is saved", () => {
    const { layer } = withGateway(WPP)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const before = yield* everything
      const refused = yield* Effect.flip(
        planCampaign("u1", { ...base, mentionAll: true, messages: [{ content: "hi", scheduledAt: MINUTE }] })
      )
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(refused.message).toContain("this WhatsApp session's engine (WPP) cannot mention everyone")
      const own = yield* Effect.flip(
        planCampaign("u1", {
          ...base,
          messages: [
            { content: "a", scheduledAt: MINUTE },
            { content: "b", scheduledAt: 2 * MINUTE, mentionAll: true }
          ]
        })
      )
      expect(own).toMatchObject({ _tag: "InvalidCampaign", field: "messages.1.mentionAll" })
      const preview = yield* Effect.flip(
        previewCampaign("u1", { ...base, mentionAll: true, messages: [{ content: "hi", scheduledAt: MINUTE }] })
      )
      expect(preview).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(yield* everything).toEqual(before)
    }).pipe(Effect.provide(layer))
  })

  it.effect("updateMessage turns the mention on and off while unpicked; on is refused where the engine cannot", () => {
    const gateway = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", { ...base, messages: [{ content: "hi", scheduledAt: MINUTE }] })
      const [message] = yield* (yield* MessageRepository).listByCampaign(id)
      const messageId = message!.id
      yield* updateCampaignMessage("u1", { campaignId: id, messageId, mentionAll: true })
      expect((yield* (yield* MessageRepository).get(messageId))?.mentionAll).toBe(true)
      yield* updateCampaignMessage("u1", { campaignId: id, messageId, mentionAll: false })
      expect((yield* (yield* MessageRepository).get(messageId))?.mentionAll).toBe(false)
      gateway.set(WPP)
      const before = yield* everything
      const refused = yield* Effect.flip(updateCampaignMessage("u1", { campaignId: id, messageId, mentionAll: true }))
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(yield* everything).toEqual(before)
      // turning it off needs no gateway
      yield* updateCampaignMessage("u1", { campaignId: id, messageId, content: "hello", mentionAll: false })
      // once picked it cannot change
      yield* TestClock.setTime(MINUTE)
      gateway.set(MENTIONING_WAHA)
      yield* execute(MessageAggregate)(messageId, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
      const late = yield* Effect.flip(updateCampaignMessage("u1", { campaignId: id, messageId, mentionAll: true }))
      expect(late).toMatchObject({ _tag: "CampaignConflict" })
    }).pipe(Effect.provide(gateway.layer))
  })

  it.effect("a message sent again mentions everyone as the first did", () => {
    const { layer } = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", {
        ...base,
        mentionAll: true,
        messages: [{ content: "hi", scheduledAt: MINUTE }]
      })
      const [message] = yield* (yield* MessageRepository).listByCampaign(id)
      const first = message!.id
      yield* TestClock.setTime(MINUTE)
      yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
      yield* execute(MessageAggregate)(first, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
      const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
      expect(yield* (yield* MessageRepository).get(resend)).toMatchObject({ resendOf: first, mentionAll: true })
    }).pipe(Effect.provide(layer))
  })
})
