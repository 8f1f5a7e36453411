import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { pollProblemOf } from "../../../src/application/campaign/pollSupport.ts"
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
/** WEBJS before 2025.12.2 answers sendPoll "not implemented" */
const OLD_WEBJS: GatewayServerVersion = { version: "2025.11.3", engine: "WEBJS", tier: "PLUS" }

const withGateway = memoryWithGateway

const base = { sessionName: "alice", groupId: "120363000000000001@g.us", groupName: "Choir" }
const everything = EventStore.use((s) => s.recordedSince(-1, 10_000))
const lunch = { options: ["Pizza", "Sushi"], multipleAnswers: true }

describe("pollProblemOf: which gateways can send polls", () => {
  it.each([
    [{ version: "2024.2.3", engine: "NOWEB", tier: "CORE" }, null],
    [{ version: "2025.5.5", engine: "GOWS", tier: "CORE" }, null],
    [{ version: "2025.12.2", engine: "webjs", tier: "CORE" }, null],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, null],
    [{ version: "latest", engine: "GOWS", tier: "PLUS" }, null],
    [OLD_WEBJS, /WAHA 2025\.11\.3 on WEBJS\) cannot send polls: that needs WAHA 2025\.12\.2 or later/],
    [{ version: "2025.5.4", engine: "GOWS", tier: "CORE" }, /needs WAHA 2025\.5\.5 or later/],
    [{ version: "2026.7.1", engine: "WPP", tier: "CORE" }, /engine \(WPP\) cannot send polls/],
    [{ version: "2026.7.1", engine: "", tier: "CORE" }, /engine \(an engine it does not name\)/]
  ] as const)("%o → %s", (gateway, expected) => {
    const problem = pollProblemOf(gateway)
    if (expected === null) expect(problem).toBeNull()
    else expect(problem).toMatch(expected)
  })
})

describe("campaign.create with polls, on the memory store", () => {
  it.effect("a poll is saved with its options (content is the question) next to a text; preview shows it", () => {
    const { layer, calls } = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const plain = yield* planCampaign("u1", { ...base, messages: [{ content: "plain", scheduledAt: MINUTE }] })
      // a text asks the gateway nothing
      expect(calls()).toBe(0)
      const input = {
        ...base,
        messages: [
          { content: "Lunch?", scheduledAt: MINUTE, poll: { options: ["Pizza", "Sushi"], multipleAnswers: true } },
          { content: "Bring a friend", scheduledAt: 2 * MINUTE },
          { content: "Day?", scheduledAt: 3 * MINUTE, poll: { options: ["Mon", "Tue", "Wed"] } }
        ]
      }
      const preview = yield* previewCampaign("u1", input)
      expect(preview.messages.map((m) => m.poll)).toEqual([
        lunch,
        null,
        { options: ["Mon", "Tue", "Wed"], multipleAnswers: false }
      ])
      const { id } = yield* planCampaign("u1", input)
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages.map((m) => [m.content, m.poll])).toEqual([
        ["Lunch?", lunch],
        ["Bring a friend", null],
        ["Day?", { options: ["Mon", "Tue", "Wed"], multipleAnswers: false }]
      ])
      expect((yield* (yield* MessageRepository).listByCampaign(plain.id)).map((m) => m.poll)).toEqual([null])
    }).pipe(Effect.provide(layer))
  })

  it.effect.each([
    { options: ["Only"], field: "messages.1.poll.options", text: "2 to 12 options (this one has 1)" },
    {
      options: Array.from({ length: 13 }, (_, i) => `O${i}`),
      field: "messages.1.poll.options",
      text: "(this one has 13)"
    },
    { options: ["Pizza", ""], field: "messages.1.poll.options.1", text: "must not be empty" },
    { options: ["Pizza", "Pizza"], field: "messages.1.poll.options.1", text: "must differ" }
  ])(
    "options $options are refused at $field before the gateway is asked; nothing is saved",
    ({ options, field, text }) => {
      const { layer, calls } = withGateway(MENTIONING_WAHA)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const before = yield* everything
        const refused = yield* Effect.flip(
          planCampaign("u1", {
            ...base,
            messages: [
              { content: "fine", scheduledAt: MINUTE },
              { content: "Lunch?", scheduledAt: 2 * MINUTE, poll: { options } }
            ]
          })
        )
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field })
        expect(refused.message).toContain(text)
        expect(calls()).toBe(0)
        expect(yield* everything).toEqual(before)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a gateway that cannot send polls is refused by create and preview, naming the field; nothing is saved",
    () => {
      const { layer } = withGateway(OLD_WEBJS)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const before = yield* everything
        const input = {
          ...base,
          messages: [
            { content: "text", scheduledAt: MINUTE },
            { content: "Lunch?", scheduledAt: 2 * MINUTE, poll: lunch }
          ]
        }
        const refused = yield* Effect.flip(planCampaign("u1", input))
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "messages.1.poll" })
        expect(refused.message).toContain("cannot send polls: that needs WAHA 2025.12.2 or later")
        expect(yield* Effect.flip(previewCampaign("u1", input))).toMatchObject({ field: "messages.1.poll" })
        expect(yield* everything).toEqual(before)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a poll cannot mention everyone: its own mention or the campaign's is refused, naming which", () => {
    const { layer } = withGateway(MENTIONING_WAHA)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const before = yield* everything
      const own = yield* Effect.flip(
        planCampaign("u1", {
          ...base,
          messages: [{ content: "Lunch?", scheduledAt: MINUTE, poll: lunch, mentionAll: true }]
        })
      )
      expect(own).toMatchObject({ _tag: "InvalidCampaign", field: "messages.0.mentionAll" })
      expect(own.message).toContain("a poll cannot mention everyone")
      const campaign = yield* Effect.flip(
        planCampaign("u1", {
          ...base,
          mentionAll: true,
          messages: [{ content: "Lunch?", scheduledAt: MINUTE, poll: lunch }]
        })
      )
      expect(campaign).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(yield* everything).toEqual(before)
      // the campaign's mention with the poll's own "no" is fine: the text mentions, the poll does not
      const { id } = yield* planCampaign("u1", {
        ...base,
        mentionAll: true,
        messages: [
          { content: "Hello all", scheduledAt: MINUTE },
          { content: "Lunch?", scheduledAt: 2 * MINUTE, poll: lunch, mentionAll: false }
        ]
      })
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages.map((m) => [m.mentionAll, m.poll !== null])).toEqual([
        [true, false],
        [false, true]
      ])
    }).pipe(Effect.provide(layer))
  })
})

describe("campaign.updateMessage and resendMessage with polls", () => {
  it.effect(
    "a poll's question and options change until it is picked; bad options and a text made a poll are refused",
    () => {
      const { layer, calls } = withGateway(MENTIONING_WAHA)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          ...base,
          messages: [
            { content: "Lunch?", scheduledAt: MINUTE, poll: lunch },
            { content: "text", scheduledAt: 2 * MINUTE }
          ]
        })
        const [poll, text] = yield* (yield* MessageRepository).listByCampaign(id)
        const messageId = poll!.id
        const asked = calls()
        yield* updateCampaignMessage("u1", {
          campaignId: id,
          messageId,
          content: "Dinner?",
          poll: { options: ["Tacos", "Pizza", "Curry"] }
        })
        // multipleAnswers kept when not given
        expect(yield* (yield* MessageRepository).get(messageId)).toMatchObject({
          content: "Dinner?",
          poll: { options: ["Tacos", "Pizza", "Curry"], multipleAnswers: true }
        })
        expect(calls()).toBe(asked)
        const before = yield* everything
        const bad = yield* Effect.flip(
          updateCampaignMessage("u1", { campaignId: id, messageId, poll: { options: ["Tacos", " "] } })
        )
        expect(bad).toMatchObject({ _tag: "InvalidCampaign", field: "poll.options.1" })
        const notPoll = yield* Effect.flip(
          updateCampaignMessage("u1", { campaignId: id, messageId: text!.id, poll: { options: ["A", "B"] } })
        )
        expect(notPoll).toMatchObject({ _tag: "InvalidCampaign", field: "poll" })
        const mention = yield* Effect.flip(updateCampaignMessage("u1", { campaignId: id, messageId, mentionAll: true }))
        expect(mention).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
        expect(mention.message).toContain("a poll cannot mention everyone")
        expect(yield* everything).toEqual(before)
        yield* TestClock.setTime(MINUTE)
        yield* execute(MessageAggregate)(messageId, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
        const late = yield* Effect.flip(
          updateCampaignMessage("u1", { campaignId: id, messageId, poll: { options: ["A", "B"] } })
        )
        expect(late).toMatchObject({ _tag: "CampaignConflict" })
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a poll sent again is the same poll; where the gateway no longer can, the resend is refused, nothing saved",
    () => {
      const gateway = withGateway(MENTIONING_WAHA)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          ...base,
          messages: [{ content: "Lunch?", scheduledAt: MINUTE, poll: lunch }]
        })
        const [message] = yield* (yield* MessageRepository).listByCampaign(id)
        const first = message!.id
        yield* TestClock.setTime(MINUTE)
        yield* execute(MessageAggregate)(first, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
        yield* execute(MessageAggregate)(first, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
        gateway.set(OLD_WEBJS)
        const before = yield* everything
        const refused = yield* Effect.flip(resendCampaignMessage("u1", { campaignId: id, messageId: first }))
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "poll" })
        expect(yield* everything).toEqual(before)
        gateway.set(MENTIONING_WAHA)
        const { id: resend } = yield* resendCampaignMessage("u1", { campaignId: id, messageId: first })
        expect(yield* (yield* MessageRepository).get(resend)).toMatchObject({
          resendOf: first,
          content: "Lunch?",
          poll: lunch
        })
      }).pipe(Effect.provide(gateway.layer))
    }
  )
})
