import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import { hasChannel, isChannel, targetsCount } from "../../../src/interfaces/browser/campaign/channelWords.ts"
import { channelOption, optionsOf } from "../../../src/interfaces/browser/ui/targetOptions.ts"

const group = (n: number) => ({ groupId: `12036300000000000${n}@g.us` })
const channel = (n: number) => ({ groupId: `12036300000000010${n}@newsletter` })

describe("channels in the browser app", () => {
  it("tells channels from groups by their id", () => {
    expect(isChannel(channel(1))).toBe(true)
    expect(isChannel(group(1))).toBe(false)
    expect(hasChannel([group(1), group(2)])).toBe(false)
    expect(hasChannel([group(1), channel(1)])).toBe(true)
  })

  it("counts a campaign's targets by kind", () => {
    expect(targetsCount([group(1), group(2), group(3)])).toBe("3 groups")
    expect(targetsCount([group(1), group(2), channel(1)])).toBe("2 groups and 1 channel")
    expect(targetsCount([channel(1), channel(2)])).toBe("2 channels")
    expect(targetsCount([group(1), channel(1), channel(2)])).toBe("1 group and 2 channels")
  })

  it("counts the number's Status as itself, not as a group", () => {
    const status = { groupId: "status@broadcast" }
    expect(targetsCount([group(1), status])).toBe("1 group and your Status")
    expect(targetsCount([group(1), group(2), channel(1), status])).toBe("2 groups, 1 channel and your Status")
    expect(targetsCount([channel(1), status])).toBe("1 channel and your Status")
  })

  it("lists a channel in the picker with its role and followers under its name", () => {
    const options = optionsOf([
      {
        items: [
          channelOption({ channelId: "1@newsletter", name: "Club news", role: "OWNER", subscribers: 1_240 }),
          channelOption({ channelId: "2@newsletter", name: "", role: "ADMIN", subscribers: null }),
          channelOption({ channelId: "3@newsletter", name: "Tiny", role: "ADMIN", subscribers: 1 })
        ]
      }
    ])
    expect(options).toEqual([
      { groupId: "1@newsletter", groupName: "Club news", note: "You own this channel · 1,240 followers" },
      { groupId: "2@newsletter", groupName: "2@newsletter", note: "You are an admin of this channel" },
      { groupId: "3@newsletter", groupName: "Tiny", note: "You are an admin of this channel · 1 follower" }
    ])
  })
})
