import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import { countOf, pacingExample, pacingSummary } from "../../../src/interfaces/browser/ui/pacingText.ts"

describe("what a pacing setting means, in an organiser's words", () => {
  it("counts with the plural rule: 1 second, 2 seconds, 0 groups", () => {
    expect(countOf(1, "second", "seconds")).toBe("1 second")
    expect(countOf(2, "second", "seconds")).toBe("2 seconds")
    expect(countOf(0, "group", "groups")).toBe("0 groups")
  })

  it("says what is set: off, a gap alone, a gap with a random part", () => {
    expect(pacingSummary({ minGapSeconds: 0, jitterSeconds: 0 })).toBe(
      "Off: Herald sends each message as soon as it is due."
    )
    expect(pacingSummary({ minGapSeconds: 1, jitterSeconds: 0 })).toBe(
      "On: Herald waits at least 1 second between two messages from this number."
    )
    expect(pacingSummary({ minGapSeconds: 30, jitterSeconds: 30 })).toBe(
      "On: Herald waits at least 30 seconds between two messages from this number, plus up to 30 seconds more at random (30 to 60 seconds in all)."
    )
  })

  it("off: a message to 30 groups at 09:00 goes to all of them at once", () => {
    expect(pacingExample({ minGapSeconds: 0, jitterSeconds: 0 }, "en-GB")).toBe(
      "A message to 30 groups at 09:00 goes to all of them at 09:00, one right after the other: quick, but that is how a machine sends."
    )
  })

  it("30 + 30: how long 30 groups would take, how many are sure to get it (the domain's count), and what to do instead", () => {
    expect(pacingExample({ minGapSeconds: 30, jitterSeconds: 30 }, "en-GB")).toBe(
      "A message to 30 groups at 09:00 would reach them one at a time, the last between 09:14 and 09:29. " +
        "But Herald never sends a message more than 2 minutes late: only the first 2 groups are sure to get it, " +
        "so Herald will not let you plan it. Plan it as several campaigns instead, each to at most 2 groups and 2 minutes after the one before, or lower the pacing."
    )
  })

  it("no words about WAHA or windows, and one group reads as one", () => {
    const text = pacingExample({ minGapSeconds: 120, jitterSeconds: 0 }, "en-GB")
    expect(text).toContain("the last at about 09:58")
    expect(text).toContain("only the first group is sure to get it")
    expect(text).toContain("each to at most 1 group and 2 minutes after the one before")
    for (const pacing of [
      { minGapSeconds: 0, jitterSeconds: 0 },
      { minGapSeconds: 45, jitterSeconds: 15 },
      { minGapSeconds: 120, jitterSeconds: 0 }
    ])
      expect(`${pacingSummary(pacing)} ${pacingExample(pacing, "en-GB")}`).not.toMatch(
        /WAHA|window|jitter| 1 [a-z]+s\b/
      )
  })

  it("on the locale's clock: 12-hour where the locale reads so (en-US), 24-hour elsewhere (de)", () => {
    expect(pacingExample({ minGapSeconds: 30, jitterSeconds: 30 }, "en-US")).toMatch(
      /^A message to 30 groups at 9:00\sAM would reach them one at a time, the last between 9:14\sAM and 9:29\sAM\. /
    )
    expect(pacingExample({ minGapSeconds: 0, jitterSeconds: 0 }, "de")).toContain(
      "at 09:00 goes to all of them at 09:00"
    )
  })

  it("a pacing fast enough for every group says when the last one gets it", () => {
    expect(pacingExample({ minGapSeconds: 4, jitterSeconds: 0 }, "en-GB")).toBe(
      "A message to 30 groups at 09:00 reaches them one at a time, the last at about 09:01."
    )
  })
})
