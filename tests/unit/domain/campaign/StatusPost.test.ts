import { describe, expect, it } from "vitest"
import { CampaignEventSchema } from "../../../../src/application/eventSourcing/codecs.ts"
import { decideCampaign, evolveCampaign, initialCampaignState } from "../../../../src/domain/campaign/Campaign.ts"
import { targetKindOf, targetStates } from "../../../../src/domain/campaign/CampaignTargets.ts"
import type { StatusPost } from "../../../../src/domain/campaign/StatusPost.ts"
import {
  defaultStatusPost,
  MAX_STATUS_CONTACTS,
  statusPostProblem
} from "../../../../src/domain/campaign/StatusPost.ts"

const post = (overrides: Partial<StatusPost> = {}): StatusPost => ({ ...defaultStatusPost, ...overrides })
const STATUS = { groupId: "status@broadcast", groupName: "My Status", statusPost: post({ contacts: ["491511@c.us"] }) }

describe("targetKindOf", () => {
  it.each([
    ["120363000000000001@g.us", "group"],
    ["120363000000000001@newsletter", "channel"],
    ["status@broadcast", "status"],
    // ids stored before channels and Status read as groups
    ["anything", "group"],
    ["status@broadcast ", "group"]
  ] as const)("%s → %s", (id, kind) => {
    expect(targetKindOf(id)).toBe(kind)
  })
})

describe("statusPostProblem", () => {
  it("accepts WAHA's defaults (all contacts) and chosen @c.us and @lid contacts", () => {
    expect(statusPostProblem(defaultStatusPost)).toBeNull()
    expect(statusPostProblem(post({ font: 10, contacts: ["4915112345678@c.us", "123456789012345@lid"] }))).toBeNull()
  })

  it.each([
    [post({ backgroundColor: "red" }), "backgroundColor", /#rrggbb/],
    [post({ backgroundColor: "#12345" }), "backgroundColor", /#rrggbb/],
    // a number WhatsApp does not name (the decoder's type says no, a hand-made value still may)
    [{ ...defaultStatusPost, font: 3 } as unknown as StatusPost, "font", /one of 0, 1, 2, 6, 7, 8, 9, 10/],
    [post({ contacts: [] }), "contacts", /at least one contact/],
    [post({ contacts: ["4915112345678@c.us", "120363000000000001@g.us"] }), "contacts.1", /not a WhatsApp contact/],
    [post({ contacts: ["4915112345678@c.us", "4915112345678@c.us"] }), "contacts.1", /twice/],
    [
      post({ contacts: Array.from({ length: MAX_STATUS_CONTACTS + 1 }, (_, i) => `49151${100000 + i}@c.us`) }),
      "contacts",
      /at most 2,000 chosen contacts \(this one has 2,001\)/
    ]
  ])("%#: refused at %s", (value, at, message) => {
    const problem = statusPostProblem(value)
    expect(problem?.at).toBe(at)
    expect(problem?.message).toMatch(message)
  })
})

describe("the Status target in a campaign's events", () => {
  const create = (targets: ReadonlyArray<typeof STATUS | { groupId: string; groupName: string }>) => {
    const [group] = targets
    if (group === undefined) throw new Error("a target")
    return decideCampaign(
      {
        type: "Create",
        campaignId: "c1",
        userId: "u1",
        sessionId: "s1",
        group,
        targets,
        title: "t",
        messageIds: ["m1"],
        now: 1
      },
      initialCampaignState
    )
  }

  it("a lone Status target keeps its settings in the event's targets, and the state reads them back", () => {
    const decided = create([STATUS])
    if (decided._tag !== "Accepted") throw new Error("accepted")
    const [event] = decided.events
    expect(event).toMatchObject({ type: "CampaignCreated", targets: [STATUS] })
    // through the codec, as read back from a store
    const decoded = CampaignEventSchema.parse(JSON.parse(JSON.stringify(event)))
    const state = evolveCampaign(initialCampaignState, decoded)
    expect(state.targets).toEqual([STATUS])
    expect(targetStates("SCHEDULED", state.targets, [])[0]).toMatchObject({ statusPost: STATUS.statusPost })
  })

  it("one group alone is written as before targets; events written before Status decode without settings", () => {
    const decided = create([{ groupId: "a@g.us", groupName: "A" }])
    if (decided._tag !== "Accepted") throw new Error("accepted")
    expect(decided.events[0]).not.toHaveProperty("targets")
    const older = {
      type: "CampaignCreated",
      campaignId: "c1",
      userId: "u1",
      sessionId: "s1",
      group: { groupId: "a@g.us", groupName: "A" },
      targets: [
        { groupId: "a@g.us", groupName: "A" },
        { groupId: "b@g.us", groupName: "B" }
      ],
      title: "t",
      messageIds: [],
      at: 1
    }
    expect(CampaignEventSchema.parse(older)).toEqual(older)
    // a font WhatsApp does not name is not a Status's
    const bad = { ...older, targets: [{ ...STATUS, statusPost: { ...STATUS.statusPost, font: 4 } }] }
    expect(CampaignEventSchema.safeParse(bad).success).toBe(false)
  })
})
