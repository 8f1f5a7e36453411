import { describe, expect, it } from "vitest"
import { alreadyPassed, wallClockWords, zonePlaceName } from "../../../../src/domain/campaign/pastTime.ts"

const NOW = Date.parse("2026-11-25T12:00:00Z")

describe("a time that has passed, in the organiser's words", () => {
  it("reads it on the campaign zone's wall clock, named as a place", () => {
    expect(alreadyPassed(Date.parse("2026-11-25T08:00:00Z"), "Europe/Berlin", NOW)).toBe(
      "Wednesday 25 November, 09:00 Berlin time has already passed."
    )
    expect(wallClockWords(Date.parse("2026-11-25T03:30:00Z"), "Asia/Kolkata", NOW)).toBe(
      "Wednesday 25 November, 09:00 Kolkata time"
    )
    // still the 24th in New York
    expect(wallClockWords(Date.parse("2026-11-25T02:00:00Z"), "America/New_York", NOW)).toBe(
      "Tuesday 24 November, 21:00 New York time"
    )
  })
  it("adds the year when it is not this year there, and reads an unknown zone in UTC", () => {
    expect(wallClockWords(Date.parse("2020-01-01T09:00:00Z"), "UTC", NOW)).toBe("Wednesday 1 January 2020, 09:00 UTC")
    expect(wallClockWords(Date.parse("2026-11-25T09:00:00Z"), "Mars/Olympus", NOW)).toBe(
      "Wednesday 25 November, 09:00 UTC"
    )
  })
  it("names zones by their place", () => {
    expect(zonePlaceName("Europe/Berlin")).toBe("Berlin time")
    expect(zonePlaceName("America/Argentina/Buenos_Aires")).toBe("Buenos Aires time")
    expect(zonePlaceName("UTC")).toBe("UTC")
    expect(zonePlaceName("Etc/UTC")).toBe("UTC")
    // a zone of no place by its offset (Etc/GMT+5 is five hours behind UTC)
    expect(zonePlaceName("Etc/GMT+5")).toBe("UTC-5")
    expect(zonePlaceName("Etc/GMT-14")).toBe("UTC+14")
  })
})
