import { describe, expect, it } from "vitest"
import { readInZone } from "../../../../src/domain/campaign/zonedTime.ts"

describe("readInZone", () => {
  it("reads an instant on a zone's wall clock with its offset, and marks the day the offset changed", () => {
    expect(readInZone(Date.parse("2027-03-28T07:00:00Z"), "Europe/Paris")).toEqual({
      localTime: "2027-03-28T09:00:00.000+02:00",
      utcOffset: "+02:00",
      utcOffsetDayBefore: "+01:00",
      dstChange: true
    })
    expect(readInZone(Date.parse("2027-03-29T07:00:00Z"), "Europe/Paris")?.dstChange).toBe(false)
    expect(readInZone(Date.parse("2027-10-31T08:00:00Z"), "Europe/Paris")).toMatchObject({ localTime: "2027-10-31T09:00:00.000+01:00", dstChange: true })
    expect(readInZone(Date.parse("2027-03-28T07:00:00Z"), "UTC")).toMatchObject({ utcOffset: "+00:00", dstChange: false })
  })
  it("an unknown zone is null", () => {
    expect(readInZone(0, "Mars/Base")).toBeNull()
  })
})
