import { describe, expect, it } from "vitest"
import { voterOf } from "../../../src/interfaces/web/wahaWebhook.ts"

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
