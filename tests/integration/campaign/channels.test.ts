import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { duplicateCampaign } from "../../../src/application/campaign/duplicateCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { previewCampaign } from "../../../src/application/campaign/previewCampaign.ts"
import { resendCampaignMessage } from "../../../src/application/campaign/resendCampaignMessage.ts"
import { updateCampaignMessage } from "../../../src/application/campaign/updateCampaignMessage.ts"
import { MessageAggregate, SessionAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { uploadMedia } from "../../../src/application/media/uploadMedia.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayChannel, GatewayServerVersion } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { failCampaign } from "../../../src/application/scheduler/failCampaign.ts"
import { GatewayDirectory } from "../../../src/application/session/GatewayDirectory.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { memoryWithGateway } from "../../support/versionGateway.ts"

/**
 * Campaigns to WhatsApp Channels (issue 25 item 1, docs/reach.md "Plan for Herald (channels)"):
 * what planning accepts and refuses, with the field named and nothing saved.
 */

const MINUTE = 60_000
const NOWEB: GatewayServerVersion = { version: "2026.7.1", engine: "NOWEB", tier: "CORE" }
const WEBJS: GatewayServerVersion = { version: "2026.7.1", engine: "WEBJS", tier: "CORE" }
const OLD_WEBJS: GatewayServerVersion = { version: "2026.1.2", engine: "WEBJS", tier: "CORE" }

const CHOIR = { groupId: "120363000000000001@g.us", groupName: "Choir" }
const NEWS = { groupId: "120363000000000101@newsletter", groupName: "Club news" }
const FOLLOWED = { groupId: "120363000000000103@newsletter", groupName: "City council" }
const LISTED: ReadonlyArray<GatewayChannel> = [
  { channelId: NEWS.groupId, name: "Club news", role: "OWNER", verified: false, subscribers: 240 },
  { channelId: FOLLOWED.groupId, name: "City council", role: "SUBSCRIBER", verified: true, subscribers: 12_400 }
]

const everything = EventStore.use((s) => s.recordedSince(-1, 10_000))
const plan = (targets: ReadonlyArray<{ groupId: string; groupName: string }>, messages: ReadonlyArray<object>) => ({
  sessionName: "alice",
  targets,
  messages: messages.map((m, i) => ({ content: `message ${i}`, scheduledAt: (i + 1) * MINUTE, ...m }))
})
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47])
const PDF = new TextEncoder().encode("%PDF-1.4\n")

describe("campaign.create to WhatsApp channels, on the memory store", () => {
  it.effect(
    "a group and a channel the number owns get a copy each of a text, an image and a poll; get names the kinds",
    () => {
      const { layer } = memoryWithGateway(NOWEB, () => LISTED)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const image = yield* uploadMedia({ ownerId: "u1", filename: "logo.png", bytes: PNG, detected: "image/png" })
        const input = plan(
          [CHOIR, NEWS],
          [{}, { media: { id: image.id } }, { content: "Lunch?", poll: { options: ["Pizza", "Sushi"] } }]
        )
        const preview = yield* previewCampaign("u1", input)
        expect(preview.targets).toEqual([CHOIR, NEWS])
        const { id } = yield* planCampaign("u1", input)
        const messages = yield* (yield* MessageRepository).listByCampaign(id)
        expect(
          messages
            .filter((m) => m.groupId === NEWS.groupId)
            .map((m) => [m.content, m.media?.kind ?? null, m.poll !== null])
        ).toEqual([
          ["message 0", null, false],
          ["message 1", "image", false],
          ["Lunch?", null, true]
        ])
        const campaign = yield* getCampaign("u1", id)
        expect(campaign.targets.map((t) => [t.groupName, t.targetKind])).toEqual([
          ["Choir", "group"],
          ["Club news", "channel"]
        ])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect.each([
    {
      what: "mention everyone (the campaign's)",
      input: { ...plan([CHOIR, NEWS], [{}]), mentionAll: true },
      field: "mentionAll",
      text: /mentioning everyone works in groups only/
    },
    {
      what: "mention everyone (a message's own)",
      input: plan([NEWS], [{}, { mentionAll: true }]),
      field: "messages.1.mentionAll",
      text: /mentioning everyone works in groups only/
    },
    {
      what: "a document",
      input: "document" as const,
      field: "messages.0.media",
      text: /WhatsApp channels take text, images, videos and polls, not documents/
    },
    {
      what: "a channel the number only follows",
      input: plan([CHOIR, FOLLOWED], [{}]),
      field: "targets.1.groupId",
      text: /only follows City council: only its owner and admins may post there/
    },
    {
      what: "a channel not listed (stale or mistyped)",
      input: plan([{ groupId: "999@newsletter", groupName: "Gone" }], [{}]),
      field: "targets.0.groupId",
      text: /Gone is not among the WhatsApp channels this number owns or administers/
    }
  ])("$what is refused by create and preview at $field; nothing is saved", ({ input, field, text }) => {
    const { layer } = memoryWithGateway(NOWEB, () => LISTED)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const pdf = yield* uploadMedia({ ownerId: "u1", filename: "rules.pdf", bytes: PDF, detected: "application/pdf" })
      const asked = input === "document" ? plan([NEWS], [{ media: { id: pdf.id } }]) : input
      const before = yield* everything
      for (const attempt of [Effect.asVoid(previewCampaign("u1", asked)), Effect.asVoid(planCampaign("u1", asked))]) {
        const refused = yield* Effect.flip(attempt)
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field })
        expect(refused.message).toMatch(text)
      }
      expect(yield* everything).toEqual(before)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a gateway too old for channels, or one that cannot send polls to them, is refused before the list is read",
    () => {
      let listed = 0
      const { layer, set } = memoryWithGateway(OLD_WEBJS, () => {
        listed += 1
        return LISTED
      })
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const old = yield* Effect.flip(planCampaign("u1", plan([CHOIR, NEWS], [{}])))
        expect(old).toMatchObject({ _tag: "InvalidCampaign", field: "targets.1.groupId" })
        expect(old.message).toBe(
          "the messaging gateway (WAHA 2026.1.2 on WEBJS) cannot post to WhatsApp channels reliably: that needs WAHA 2026.3.3 or later; send to groups instead, or ask the operator to upgrade"
        )
        set(WEBJS)
        const poll = yield* Effect.flip(
          planCampaign("u1", plan([NEWS], [{}, { content: "Lunch?", poll: { options: ["Pizza", "Sushi"] } }]))
        )
        expect(poll).toMatchObject({ _tag: "InvalidCampaign", field: "messages.1.poll" })
        expect(poll.message).toMatch(
          /engine \(WEBJS\) cannot send polls to WhatsApp channels; send the poll to groups only/
        )
        expect(listed).toBe(0)
        // the same plan to a group alone is fine there: nothing of channels is asked
        yield* planCampaign("u1", plan([CHOIR], [{ content: "Lunch?", poll: { options: ["Pizza", "Sushi"] } }]))
        expect(listed).toBe(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a gateway that cannot list channels fails the plan with its error; nothing is saved", () => {
    const { layer } = memoryWithGateway(NOWEB, () => new GatewayError({ reason: "Timeout", message: "list: timeout" }))
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const before = yield* everything
      const failed = yield* Effect.flip(planCampaign("u1", plan([NEWS], [{}])))
      expect(failed).toMatchObject({ _tag: "GatewayError", reason: "Timeout" })
      expect(yield* everything).toEqual(before)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "while the phone is not connected: a channel is taken as given, or checked against the channels last read",
    () => {
      let listed = 0
      const { layer, set } = memoryWithGateway(NOWEB, () => {
        listed += 1
        return new GatewayError({
          reason: "SessionNotReady",
          message: "list: session status is not as expected",
          status: 422,
          sessionStatus: "SCAN_QR_CODE"
        })
      })
      return Effect.gen(function* () {
        const { id: sessionId } = yield* createMessagingSession("u1", "alice")
        // the gateway answers that the session is not WORKING: accepted as given, no directory to ask
        yield* planCampaign("u1", plan([NEWS], [{}]))
        expect(listed).toBe(1)
        // its status is known to be other than WORKING: the gateway is not asked
        yield* execute(SessionAggregate)(sessionId, {
          type: "RecordGatewayStatus",
          status: "SCAN_QR_CODE",
          reportedAt: 1,
          now: 1
        })
        yield* planCampaign("u1", plan([FOLLOWED], [{}]))
        expect(listed).toBe(1)
        // the version check still applies
        set(OLD_WEBJS)
        const old = yield* Effect.flip(planCampaign("u1", plan([NEWS], [{}])))
        expect(old.message).toMatch(/cannot post to WhatsApp channels reliably/)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("while the phone is not connected, the channels the directory read within the minute are the check", () => {
    let working = true
    const { layer } = memoryWithGateway(NOWEB, () =>
      working ? LISTED : new GatewayError({ reason: "SessionNotRunning", message: "list: not WORKING", status: 422 })
    )
    const withDirectory = Layer.provideMerge(GatewayDirectory.layer, layer)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      yield* (yield* GatewayDirectory).channels("alice")
      working = false
      yield* planCampaign("u1", plan([NEWS], [{}]))
      const refused = yield* Effect.flip(planCampaign("u1", plan([FOLLOWED], [{}])))
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "targets.0.groupId" })
      expect(refused.message).toMatch(/this number only follows City council/)
    }).pipe(Effect.provide(withDirectory))
  })

  it.effect("a channel's message cannot be edited to mention everyone", () => {
    const { layer } = memoryWithGateway(NOWEB, () => LISTED)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", plan([NEWS], [{}]))
      const [message] = yield* (yield* MessageRepository).listByCampaign(id)
      const refused = yield* Effect.flip(
        updateCampaignMessage("u1", { campaignId: id, messageId: message!.id, mentionAll: true })
      )
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(refused.message).toMatch(/mentioning everyone works in groups only/)
    }).pipe(Effect.provide(layer))
  })
})

/** The message claimed and refused by the gateway, its campaign FAILED, as the scheduler records them. */
const failSend = (campaignId: string, messageId: string, target: { groupId: string; groupName: string }) =>
  Effect.gen(function* () {
    yield* execute(MessageAggregate)(messageId, { type: "Pick", selectedAt: MINUTE, now: MINUTE, by: "s" })
    yield* execute(MessageAggregate)(messageId, { type: "RecordSendFailure", reason: "refused", now: MINUTE })
    yield* failCampaign(campaignId, messageId, "failed to send message: gateway answered 400: forbidden", target)
  })

describe("a channel campaign later: duplicated, repeating, a message sent again", () => {
  it.effect(
    "a duplicate goes to the same group and channel; once the number no longer runs the channel, refused",
    () => {
      let listed = LISTED
      const { layer } = memoryWithGateway(NOWEB, () => listed)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          ...plan([CHOIR, NEWS], [{}, { content: "Lunch?", poll: { options: ["Pizza", "Sushi"] } }]),
          title: "Weekly"
        })
        const copy = yield* duplicateCampaign("u1", { id, startDate: "1970-01-10", timeZone: "UTC" })
        const got = yield* getCampaign("u1", copy.id)
        expect(got.targets.map((t) => [t.groupName, t.targetKind])).toEqual([
          ["Choir", "group"],
          ["Club news", "channel"]
        ])
        expect(got.messages.filter((m) => m.groupId === NEWS.groupId).map((m) => [m.content, m.poll !== null])).toEqual(
          [
            ["message 0", false],
            ["Lunch?", true]
          ]
        )
        // the number is now only a follower of Club news
        listed = [{ ...LISTED[0]!, role: "SUBSCRIBER" }, LISTED[1]!]
        const before = yield* everything
        const refused = yield* Effect.flip(duplicateCampaign("u1", { id, startDate: "1970-01-10", timeZone: "UTC" }))
        expect(refused).toMatchObject({ _tag: "InvalidCampaign" })
        expect(refused.message).toMatch(/this number only follows Club news: only its owner and admins may post there/)
        expect(yield* everything).toEqual(before)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a repeating campaign to a channel: one post a day; mention everyone is refused for it", () => {
    const { layer } = memoryWithGateway(NOWEB, () => LISTED)
    return Effect.gen(function* () {
      yield* TestClock.setTime(Date.parse("2026-03-01T00:00:00Z"))
      yield* createMessagingSession("u1", "alice")
      const recurring = {
        sessionName: "alice",
        targets: [NEWS],
        recurrence: {
          startDate: "2026-03-02",
          endDate: "2026-03-04",
          sendTime: "09:00",
          timeZone: "UTC",
          frequency: "DAILY" as const,
          template: "Today's news",
          isFreeForm: false
        }
      }
      const { id } = yield* planCampaign("u1", recurring)
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      expect(messages.map((m) => [m.groupId, new Date(m.scheduledAt).toISOString()])).toEqual([
        [NEWS.groupId, "2026-03-02T09:00:00.000Z"],
        [NEWS.groupId, "2026-03-03T09:00:00.000Z"],
        [NEWS.groupId, "2026-03-04T09:00:00.000Z"]
      ])
      const refused = yield* Effect.flip(planCampaign("u1", { ...recurring, mentionAll: true }))
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a channel's failed post: named as the channel's; sent again, the gateway's channel support asked again",
    () => {
      const { layer, set } = memoryWithGateway(NOWEB, () => LISTED)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", plan([NEWS], [{}]))
        const [message] = yield* (yield* MessageRepository).listByCampaign(id)
        yield* failSend(id, message!.id, NEWS)
        const failed = yield* getCampaign("u1", id)
        expect(failed.status).toBe("FAILED")
        expect(failed.failureReason).toBe("channel Club news: failed to send message: gateway answered 400: forbidden")
        yield* TestClock.setTime(2 * MINUTE)
        // a gateway that can no longer post to channels: refused, nothing saved
        set(OLD_WEBJS)
        const before = yield* everything
        const refused = yield* Effect.flip(resendCampaignMessage("u1", { campaignId: id, messageId: message!.id }))
        expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "groupId" })
        expect(refused.message).toMatch(/cannot post to WhatsApp channels reliably: that needs WAHA 2026.3.3/)
        expect(yield* everything).toEqual(before)
        set(NOWEB)
        const resent = yield* resendCampaignMessage("u1", { campaignId: id, messageId: message!.id })
        const copy = (yield* (yield* MessageRepository).listByCampaign(id)).find((m) => m.id === resent.id)
        expect(copy).toMatchObject({ groupId: NEWS.groupId, content: "message 0", status: "SCHEDULED" })
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a channel's failed poll is sent again only where polls to channels work", () => {
    const { layer, set } = memoryWithGateway(NOWEB, () => LISTED)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", plan([NEWS], [{ content: "Lunch?", poll: { options: ["A", "B"] } }]))
      const [message] = yield* (yield* MessageRepository).listByCampaign(id)
      yield* failSend(id, message!.id, NEWS)
      yield* TestClock.setTime(2 * MINUTE)
      // WEBJS posts to channels and sends polls to groups, but not polls to channels
      set(WEBJS)
      const refused = yield* Effect.flip(resendCampaignMessage("u1", { campaignId: id, messageId: message!.id }))
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "poll" })
      expect(refused.message).toMatch(/cannot send polls to WhatsApp channels/)
      set(NOWEB)
      yield* resendCampaignMessage("u1", { campaignId: id, messageId: message!.id })
    }).pipe(Effect.provide(layer))
  })
})
