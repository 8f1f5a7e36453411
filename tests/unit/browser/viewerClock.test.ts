import { describe, expect, it } from "vitest"
import { onViewerClock } from "../../../src/interfaces/browser/ui/viewerClock.ts"

describe("a server's past-time sentence on the reader's clock (issue 22 item 2)", () => {
  const sentence = "Tuesday 1 December, 21:05 Berlin time has already passed."
  it("12-hour where the locale reads so", () => {
    expect(onViewerClock(sentence, "en-US").replace(/\s/g, " ")).toBe(
      "Tuesday 1 December, 9:05 PM Berlin time has already passed."
    )
    expect(onViewerClock("Thursday 2 January 2020, 00:30 UTC has already passed.", "en-US").replace(/\s/g, " ")).toBe(
      "Thursday 2 January 2020, 12:30 AM UTC has already passed."
    )
  })
  it("24-hour elsewhere, unchanged", () => {
    expect(onViewerClock(sentence, "en-GB")).toBe(sentence)
    expect(onViewerClock(sentence, "de")).toBe(sentence)
  })
  it("only the time of a past-time sentence: other words and numbers stay", () => {
    const plan = "Every message of this plan is in the past: choose later dates."
    expect(onViewerClock(plan, "en-US")).toBe(plan)
    const other = "Refused at 10:30, try again."
    expect(onViewerClock(other, "en-US")).toBe(other)
    const both = `${sentence} Choose a later start date.`
    expect(onViewerClock(both, "en-US").replace(/\s/g, " ")).toBe(
      "Tuesday 1 December, 9:05 PM Berlin time has already passed. Choose a later start date."
    )
  })
})
