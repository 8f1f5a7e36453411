import { describe, expect, it } from "vitest"
import {
  channelPollProblemOf,
  channelProblemOf,
  postableChannels
} from "../../../src/application/campaign/channelSupport.ts"
import type { GatewayChannel } from "../../../src/application/ports/GatewayPort.ts"
import { targetKindOf } from "../../../src/domain/campaign/CampaignTargets.ts"
import { ChannelsBody, readChannels } from "../../../src/infrastructure/gateway/wahaChannels.ts"

describe("targetKindOf: a target's kind from its id", () => {
  it.each([
    ["120363000000000001@g.us", "group"],
    ["120363000000000101@newsletter", "channel"],
    ["status@broadcast", "status"],
    // a contact's chat is sent to as a group is
    ["15551234567@c.us", "group"],
    // only the suffix counts
    ["newsletter@g.us", "group"],
    ["status@broadcast.example", "group"]
  ] as const)("%s is a %s", (id, kind) => {
    expect(targetKindOf(id)).toBe(kind)
  })
})

describe("channelProblemOf: which gateways post to channels", () => {
  it.each([
    [{ version: "2025.10.4", engine: "NOWEB", tier: "CORE" }, null],
    [
      { version: "2025.10.3", engine: "NOWEB", tier: "PLUS" },
      /WAHA 2025\.10\.3 on NOWEB\) cannot post to WhatsApp channels reliably: that needs WAHA 2025\.10\.4 or later/
    ],
    [{ version: "2025.1.5", engine: "GOWS", tier: "CORE" }, null],
    [{ version: "2024.12.9", engine: "gows", tier: "CORE" }, /needs WAHA 2025\.1\.5 or later/],
    [{ version: "2026.3.3", engine: "WEBJS", tier: "CORE" }, null],
    [
      { version: "2026.1.2", engine: "WEBJS", tier: "CORE" },
      /\(WAHA 2026\.1\.2 on WEBJS\).*needs WAHA 2026\.3\.3 or later; send to groups instead, or ask the operator to upgrade/
    ],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, null],
    // a version that cannot be read is not refused for it
    [{ version: "latest", engine: "WEBJS", tier: "PLUS" }, null],
    [{ version: "2026.7.1", engine: "WPP", tier: "CORE" }, /engine \(WPP\) cannot post to WhatsApp channels/],
    [{ version: "2026.7.1", engine: "", tier: "CORE" }, /engine \(an engine it does not name\)/]
  ] as const)("%o → %s", (gateway, expected) => {
    const problem = channelProblemOf(gateway)
    if (expected === null) expect(problem).toBeNull()
    else expect(problem).toMatch(expected)
  })
})

describe("channelPollProblemOf: which gateways send polls to channels", () => {
  it.each([
    [{ version: "2025.9.8", engine: "NOWEB", tier: "CORE" }, null],
    [
      { version: "2025.9.7", engine: "NOWEB", tier: "CORE" },
      /needs WAHA 2025\.9\.8 or later; send the poll to groups only/
    ],
    [{ version: "2025.8.2", engine: "GOWS", tier: "CORE" }, null],
    [{ version: "2025.8.1", engine: "GOWS", tier: "CORE" }, /needs WAHA 2025\.8\.2 or later/],
    // not verified on WEBJS: refused at any version
    [{ version: "2026.7.1", engine: "WEBJS", tier: "CORE" }, /engine \(WEBJS\) cannot send polls to WhatsApp channels/],
    [{ version: "sandbox", engine: "SANDBOX", tier: "SANDBOX" }, null]
  ] as const)("%o → %s", (gateway, expected) => {
    const problem = channelPollProblemOf(gateway)
    if (expected === null) expect(problem).toBeNull()
    else expect(problem).toMatch(expected)
  })
})

describe("reading WAHA's channel list", () => {
  const listed = (body: unknown) => readChannels(ChannelsBody.parse(body))

  it("keeps `…@newsletter` ids only, reads an unknown or missing role as GUEST, and nulls as WAHA gives them", () => {
    expect(
      listed([
        {
          id: "1@newsletter",
          name: "News",
          invite: "https://whatsapp.com/channel/x",
          preview: null,
          picture: null,
          role: "OWNER",
          description: "",
          verified: true,
          subscribersCount: 12
        },
        { id: "2@newsletter", name: "Other", role: "admin", verified: false, subscribersCount: null },
        { id: "3@newsletter", name: "Viewer", role: "VIEWER" },
        { id: "4@newsletter", name: null },
        { id: "5@g.us", name: "Not a channel", role: "OWNER" },
        { id: "@newsletter", name: "No digits", role: "OWNER" }
      ])
    ).toEqual([
      { channelId: "1@newsletter", name: "News", role: "OWNER", verified: true, subscribers: 12 },
      { channelId: "2@newsletter", name: "Other", role: "ADMIN", verified: false, subscribers: null },
      { channelId: "3@newsletter", name: "Viewer", role: "GUEST", verified: false, subscribers: null },
      { channelId: "4@newsletter", name: "", role: "GUEST", verified: false, subscribers: null }
    ])
  })

  it("offers only the channels the number owns or administers", () => {
    const of = (role: GatewayChannel["role"]): GatewayChannel => ({
      channelId: `${role}@newsletter`,
      name: role,
      role,
      verified: false,
      subscribers: null
    })
    expect(postableChannels([of("GUEST"), of("OWNER"), of("SUBSCRIBER"), of("ADMIN")]).map((c) => c.role)).toEqual([
      "OWNER",
      "ADMIN"
    ])
  })
})
