import { describe, expect, it } from "vitest"
import { folded, messageFinder, namedDay } from "../../../src/interfaces/browser/campaign/messageSearch.ts"

// Local days: the instants are built from local dates, so the test holds in any zone it runs in.
const at = (year: number, month: number, day: number, hour = 9) => new Date(year, month, day, hour).toISOString()

describe("finding a message on a campaign's page", () => {
  it("names a day in the forms people type, or none", () => {
    expect(namedDay("2026-12-01")).toEqual({ year: 2026, month: 11, day: 1 })
    expect(namedDay("1 Dec")).toEqual({ year: null, month: 11, day: 1 })
    expect(namedDay("1 december 2026")).toEqual({ year: 2026, month: 11, day: 1 })
    expect(namedDay("Dec 1")).toEqual({ year: null, month: 11, day: 1 })
    expect(namedDay("December 1, 2026")).toEqual({ year: 2026, month: 11, day: 1 })
    expect(namedDay("sept 3")).toEqual({ year: null, month: 8, day: 3 })
    expect(namedDay("31 Feb")).toBeNull()
    expect(namedDay("2026-13-01")).toBeNull()
    expect(namedDay("bring 3")).toBeNull()
    expect(namedDay("choir")).toBeNull()
  })

  it("finds by every word of the text, case and accents aside, or by the day it goes out", () => {
    const messages = [
      { content: "Répétition ce soir à 19h", scheduledAt: at(2026, 11, 1) },
      { content: "Bring the Mozart score", scheduledAt: at(2026, 11, 2) },
      { content: "Poll: which day?", scheduledAt: at(2027, 11, 1), poll: { options: ["Monday", "Friday"] } },
      { content: "", scheduledAt: at(2026, 10, 5), media: { filename: "programme.pdf" } }
    ]
    const find = (q: string) => messages.filter(messageFinder(q)).map((m) => m.content)
    expect(find("")).toHaveLength(4)
    expect(find("repetition")).toEqual(["Répétition ce soir à 19h"])
    expect(find("MOZART score")).toEqual(["Bring the Mozart score"])
    expect(find("mozart violin")).toEqual([])
    expect(find("friday")).toEqual(["Poll: which day?"])
    expect(find("programme")).toEqual([""])
    expect(find("1 Dec")).toEqual(["Répétition ce soir à 19h", "Poll: which day?"])
    expect(find("2026-12-01")).toEqual(["Répétition ce soir à 19h"])
    expect(find("Dec 2 2026")).toEqual(["Bring the Mozart score"])
    expect(folded("Été")).toBe("ete")
  })
})
