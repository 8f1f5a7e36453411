import { describe, expect, it } from "vitest"
import { voterOf, votersOf } from "../../../src/interfaces/web/wahaWebhook.ts"

const GROUP = "120363000000000001@g.us"

describe("voterOf: who voted, from each engine's poll.vote (docs/reach.md#3-poll-results)", () => {
  it.each([
    ["NOWEB in a group: from is the voter, no participant", { id: "x", to: GROUP, from: "15551@c.us" }, "15551@c.us"],
    [
      "GOWS in a group: from is the group, participant the voter",
      { id: "x", to: "15552@s.whatsapp.net", from: GROUP, participant: "15552@s.whatsapp.net" },
      "15552@c.us"
    ],
    ["GOWS without participant: to, as from is the group", { id: "x", to: "15553@c.us", from: GROUP }, "15553@c.us"],
    ["WEBJS: from with participant", { id: "x", to: GROUP, from: "4455@lid", participant: "4455@lid" }, "4455@lid"],
    ["a device of the number counts as the number", { id: "x", from: "15554:12@s.whatsapp.net" }, "15554@c.us"],
    ["the organiser's own phone", { id: "x", to: GROUP, from: "15550@c.us", fromMe: true }, "me"],
    ["nobody named", { id: "x", to: GROUP, from: GROUP }, null]
  ])("%s", (_label, vote, expected) => {
    expect(voterOf(vote)).toBe(expected)
  })
})

describe("votersOf: one person named both by number and by hidden id is keyed by the number", () => {
  it.each([
    [
      "GOWS one to one: participant the number, from the hidden id",
      { id: "x", from: "4455@lid", participant: "15552@s.whatsapp.net" },
      undefined,
      { voter: "15552@c.us", lid: "4455@lid" }
    ],
    [
      "NOWEB in a group: the key's participantAlt",
      { id: "x", to: GROUP, from: "4455@lid" },
      { key: { participantAlt: "15551@s.whatsapp.net", remoteJidAlt: null } },
      { voter: "15551@c.us", lid: "4455@lid" }
    ],
    [
      "GOWS: Info.SenderAlt",
      { id: "x", from: GROUP, participant: "15553@s.whatsapp.net" },
      { Info: { SenderAlt: "4466@lid" } },
      { voter: "15553@c.us", lid: "4466@lid" }
    ],
    ["the hidden id alone", { id: "x", to: GROUP, from: "4455@lid" }, null, { voter: "4455@lid", lid: null }],
    ["the organiser's own phone", { id: "x", from: "4455@lid", fromMe: true }, null, { voter: "me", lid: null }]
  ])("%s", (_label, vote, data, expected) => {
    expect(votersOf(vote, data)).toEqual(expected)
  })
})
