import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { duplicateCampaign } from "../../../src/application/campaign/duplicateCampaign.ts"
import { getCampaign } from "../../../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../../../src/application/campaign/listCampaigns.ts"
import { planCampaign } from "../../../src/application/campaign/planCampaign.ts"
import { previewCampaign } from "../../../src/application/campaign/previewCampaign.ts"
import { ALL_CONTACTS_ONLY, statusReachOf } from "../../../src/application/campaign/statusSupport.ts"
import { updateCampaignMessage } from "../../../src/application/campaign/updateCampaignMessage.ts"
import { CampaignRepository } from "../../../src/application/ports/CampaignRepository.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { GatewayServerVersion } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { getMessagingSession } from "../../../src/application/session/getMessagingSession.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { memoryWithGateway } from "../../support/versionGateway.ts"

// campaign.create's rules for the number's Status (statusPlan.ts, statusSupport.ts) on the memory store

const MINUTE = 60_000
const NOWEB: GatewayServerVersion = { version: "2026.7.1", engine: "NOWEB", tier: "CORE" }
const WEBJS: GatewayServerVersion = { version: "2026.7.1", engine: "WEBJS", tier: "CORE" }
const GROUP = { groupId: "120363000000000001@g.us", groupName: "Choir" }
const CHOSEN = { backgroundColor: "#ff8800", font: 6 as const, contacts: ["4915112345678@c.us"] }
const STATUS = { groupId: "status@broadcast", groupName: "", statusPost: CHOSEN }
const everything = EventStore.use((s) => s.recordedSince(-1, 10_000))

describe("statusReachOf: what each gateway can do with a Status", () => {
  const ok = { ok: true }
  it.each([
    [NOWEB, ok, ok, ok],
    [{ version: "2024.10.8", engine: "NOWEB", tier: "CORE" }, ok, ok, /all contacts needs WAHA 2024\.11\.4/],
    [{ version: "2025.8.2", engine: "GOWS", tier: "CORE" }, ok, ok, ok],
    [{ version: "2025.3.2", engine: "gows", tier: "CORE" }, ok, /chosen contacts: that needs WAHA 2025\.8\.2/, ok],
    [{ version: "2025.1.4", engine: "GOWS", tier: "CORE" }, /needs WAHA 2025\.1\.5/, /cannot post/, /cannot post/],
    [WEBJS, ok, ALL_CONTACTS_ONLY, ok],
    [{ version: "2024.10.8", engine: "WEBJS", tier: "PLUS" }, /needs WAHA 2024\.11\.1/, /cannot/, /cannot/],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, ok, ok, ok],
    [{ version: "2026.7.1", engine: "WPP", tier: "CORE" }, /engine \(WPP\) cannot post a Status/, /WPP/, /WPP/]
  ] as const)("%o", (gateway, status, chosen, all) => {
    const reach = statusReachOf(gateway)
    const check = (got: (typeof reach)["status"], want: typeof ok | string | RegExp) => {
      if (typeof want === "object" && "ok" in want) return expect(got).toEqual(ok)
      expect(got.ok).toBe(false)
      if (got.ok) return
      if (typeof want === "string") expect(got.reason).toBe(want)
      else expect(got.reason).toMatch(want)
    }
    check(reach.status, status)
    check(reach.chosenContacts, chosen)
    check(reach.allContacts, all)
  })
})

describe("campaign.create with the Status as a target, on the memory store", () => {
  it.effect(
    "a group and the Status: one copy each, the Status named My Status with its settings; preview says the same",
    () => {
      const { layer } = memoryWithGateway(NOWEB)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const input = {
          sessionName: "alice",
          targets: [GROUP, STATUS],
          messages: [{ content: "Concert tonight", scheduledAt: MINUTE }]
        }
        const preview = yield* previewCampaign("u1", input)
        expect(preview.targets).toEqual([GROUP, { ...STATUS, groupName: "My Status" }])
        const { id } = yield* planCampaign("u1", input)
        const messages = yield* (yield* MessageRepository).listByCampaign(id)
        // copies due together: in no particular order
        expect(messages.map((m) => [m.groupId, m.groupName, m.content]).sort()).toEqual([
          [GROUP.groupId, "Choir", "Concert tonight"],
          ["status@broadcast", "My Status", "Concert tonight"]
        ])
        expect((yield* (yield* CampaignRepository).get(id))?.targets).toEqual([
          GROUP,
          { ...STATUS, groupName: "My Status" }
        ])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("the Status alone with no settings: WAHA's defaults, all contacts", () => {
    const { layer } = memoryWithGateway(WEBJS)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", {
        sessionName: "alice",
        groupId: "status@broadcast",
        groupName: "",
        messages: [{ content: "Hello", scheduledAt: MINUTE }]
      })
      const campaign = yield* (yield* CampaignRepository).get(id)
      expect(campaign?.title).toBe("My Status")
      expect(campaign?.targets).toEqual([
        {
          groupId: "status@broadcast",
          groupName: "My Status",
          statusPost: { backgroundColor: "#38b42f", font: 0, contacts: null }
        }
      ])
    }).pipe(Effect.provide(layer))
  })

  const refusals = [
    {
      name: "chosen contacts on WEBJS",
      gateway: WEBJS,
      input: { targets: [GROUP, STATUS], messages: [{ content: "x", scheduledAt: MINUTE }] },
      field: "targets.1",
      text: "a Status goes to all your contacts"
    },
    {
      name: "a poll",
      gateway: NOWEB,
      input: {
        targets: [STATUS],
        messages: [{ content: "Lunch?", scheduledAt: MINUTE, poll: { options: ["A", "B"] } }]
      },
      field: "messages.0.poll",
      text: "a poll cannot be posted to your Status"
    },
    {
      name: "mention everyone",
      gateway: NOWEB,
      input: { targets: [GROUP, STATUS], mentionAll: true, messages: [{ content: "x", scheduledAt: MINUTE }] },
      field: "mentionAll",
      text: "mentioning everyone works in groups only"
    },
    {
      name: "Status settings on a group",
      gateway: NOWEB,
      input: { targets: [{ ...GROUP, statusPost: CHOSEN }], messages: [{ content: "x", scheduledAt: MINUTE }] },
      field: "targets.0.statusPost",
      text: "belong to your Status only"
    },
    {
      name: "a colour that is not #rrggbb",
      gateway: NOWEB,
      input: {
        targets: [GROUP, { ...STATUS, statusPost: { ...CHOSEN, backgroundColor: "orange" } }],
        messages: [{ content: "x", scheduledAt: MINUTE }]
      },
      field: "targets.1.statusPost.backgroundColor",
      text: "#rrggbb"
    },
    {
      name: "a group id among the contacts",
      gateway: NOWEB,
      input: {
        targets: [{ ...STATUS, statusPost: { ...CHOSEN, contacts: ["120363000000000001@g.us"] } }],
        messages: [{ content: "x", scheduledAt: MINUTE }]
      },
      field: "targets.0.statusPost.contacts.0",
      text: "not a WhatsApp contact"
    }
  ]
  it.effect.each(refusals)("refuses $name at $field; nothing is saved", ({ gateway, input, field, text }) => {
    const { layer } = memoryWithGateway(gateway)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const before = yield* everything
      const refused = yield* Effect.flip(planCampaign("u1", { sessionName: "alice", ...input }))
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field })
      expect(refused.message).toContain(text)
      expect(yield* everything).toEqual(before)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a Status copy cannot be edited to mention everyone; its group's copy can", () => {
    const { layer } = memoryWithGateway(NOWEB)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", {
        sessionName: "alice",
        targets: [GROUP, STATUS],
        messages: [{ content: "x", scheduledAt: MINUTE }]
      })
      const messages = yield* (yield* MessageRepository).listByCampaign(id)
      const status = messages.find((m) => m.groupId === "status@broadcast")
      const group = messages.find((m) => m.groupId === GROUP.groupId)
      const refused = yield* Effect.flip(
        updateCampaignMessage("u1", { campaignId: id, messageId: status!.id, mentionAll: true })
      )
      expect(refused).toMatchObject({ _tag: "InvalidCampaign", field: "mentionAll" })
      expect(refused.message).toContain("groups only")
      yield* updateCampaignMessage("u1", { campaignId: id, messageId: group!.id, mentionAll: true })
      expect((yield* (yield* MessageRepository).get(group!.id))?.mentionAll).toBe(true)
      expect((yield* (yield* MessageRepository).get(status!.id))?.mentionAll).toBe(false)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a copy of a campaign keeps its Status with its colour, font and contacts", () => {
    const { layer } = memoryWithGateway(NOWEB)
    return Effect.gen(function* () {
      yield* createMessagingSession("u1", "alice")
      const { id } = yield* planCampaign("u1", {
        sessionName: "alice",
        targets: [GROUP, STATUS],
        messages: [{ content: "x", scheduledAt: MINUTE }]
      })
      const copy = yield* duplicateCampaign("u1", { id, startDate: "1970-01-03", timeZone: "UTC" })
      expect((yield* (yield* CampaignRepository).get(copy.id))?.targets).toEqual([
        GROUP,
        { ...STATUS, groupName: "My Status" }
      ])
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a copy of a campaign whose group copy was edited to mention everyone: the group's copy keeps the mention, the Status's goes without it, once",
    () => {
      const { layer } = memoryWithGateway(NOWEB)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          sessionName: "alice",
          targets: [GROUP, STATUS],
          messages: [{ content: "x", scheduledAt: MINUTE }]
        })
        const group = (yield* (yield* MessageRepository).listByCampaign(id)).find((m) => m.groupId === GROUP.groupId)
        yield* updateCampaignMessage("u1", { campaignId: id, messageId: group!.id, mentionAll: true })
        const copy = yield* duplicateCampaign("u1", { id, startDate: "1970-01-03", timeZone: "UTC" })
        const copied = yield* (yield* MessageRepository).listByCampaign(copy.id)
        // copies due at one time come in no set order: compare them sorted by target
        const byTarget = [...copied].sort((a, b) => a.groupId.localeCompare(b.groupId))
        expect(byTarget.map((m) => [m.groupId, m.content, m.mentionAll])).toEqual([
          [GROUP.groupId, "x", true],
          ["status@broadcast", "x", false]
        ])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "the campaign list gives the Status's chosen contacts as a number (the campaign, the list itself); the session's groups leave the Status out",
    () => {
      const { layer } = memoryWithGateway(NOWEB)
      return Effect.gen(function* () {
        yield* createMessagingSession("u1", "alice")
        const { id } = yield* planCampaign("u1", {
          sessionName: "alice",
          targets: [GROUP, STATUS],
          messages: [{ content: "x", scheduledAt: MINUTE }]
        })
        const listed = yield* listCampaigns("u1", { limit: 10, cursor: 0 })
        expect(listed.items[0]?.targets).toEqual([
          GROUP,
          {
            groupId: "status@broadcast",
            groupName: "My Status",
            statusPost: { backgroundColor: "#ff8800", font: 6, contactCount: 1 }
          }
        ])
        const got = yield* getCampaign("u1", id)
        expect(got.targets[1]?.statusPost?.contacts).toEqual(CHOSEN.contacts)
        const session = yield* getMessagingSession("u1")
        expect(session?.groups.map((g) => g.groupId)).toEqual([GROUP.groupId])
      }).pipe(Effect.provide(layer))
    }
  )
})
