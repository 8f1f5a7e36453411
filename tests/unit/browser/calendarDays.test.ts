import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import {
  dayHeading,
  dayKeyOf,
  messageCount,
  monthDays,
  parseDayKey,
  shiftMonth
} from "../../../src/interfaces/browser/upcoming/calendarDays.ts"

describe("the Upcoming screen's days", () => {
  it("keys local days, and refuses what is not one", () => {
    expect(dayKeyOf(new Date(2026, 11, 1, 23, 59).getTime())).toBe("2026-12-01")
    expect(parseDayKey("2026-12-01")).toEqual({ year: 2026, month: 11, day: 1 })
    expect(parseDayKey("2026-02-30")).toBeNull()
    expect(parseDayKey("tomorrow")).toBeNull()
    expect(parseDayKey(null)).toBeNull()
  })

  it("lays out a month, Monday first, and steps across years", () => {
    const { days, end } = monthDays(2026, 11)
    expect(days).toHaveLength(31)
    // 1 December 2026 is a Tuesday
    expect(days[0]).toMatchObject({ key: "2026-12-01", day: 1, weekday: 1 })
    expect(end).toBe(new Date(2027, 0, 1).getTime())
    expect(monthDays(2028, 1).days).toHaveLength(29)
    expect(shiftMonth(2026, 11, 1)).toEqual({ year: 2027, month: 0 })
    expect(shiftMonth(2026, 0, -1)).toEqual({ year: 2025, month: 11 })
  })

  it("heads days as today, tomorrow or their names, and counts messages in words", () => {
    expect(dayHeading("2026-12-01", "2026-12-01")).toMatch(/^[A-Z]/)
    expect(dayHeading("2026-12-02", "2026-12-01")).not.toBe(dayHeading("2026-12-01", "2026-12-01"))
    expect(dayHeading("2026-12-08", "2026-12-01")).toContain("8")
    expect(dayHeading("2027-01-08", "2026-12-01")).toContain("2027")
    expect(messageCount(0)).toBe("No messages")
    expect(messageCount(1)).toBe("1 message")
    expect(messageCount(3)).toBe("3 messages")
  })
})
