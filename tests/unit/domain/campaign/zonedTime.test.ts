import { describe, expect, it } from "vitest"
import { readInZone } from "../../../../src/domain/campaign/zonedTime.ts"

/** The DST mark of an instant written with its offset, read in `zone`. */
const marked = (instant: string, zone = "Europe/Paris") => readInZone(Date.parse(instant), zone)?.dstChange

describe("readInZone", () => {
  it("reads an instant on a zone's wall clock with its offset and the offsets its local day begins and ends with", () => {
    expect(readInZone(Date.parse("2027-03-28T07:00:00Z"), "Europe/Paris")).toEqual({
      localTime: "2027-03-28T09:00:00.000+02:00",
      utcOffset: "+02:00",
      utcOffsetDayStart: "+01:00",
      utcOffsetDayEnd: "+02:00",
      dstChange: true
    })
    // before the change hour: the instant's offset is still winter's, the day is the change day all the same
    expect(readInZone(Date.parse("2027-03-28T01:30:00+01:00"), "Europe/Paris")).toEqual({
      localTime: "2027-03-28T01:30:00.000+01:00",
      utcOffset: "+01:00",
      utcOffsetDayStart: "+01:00",
      utcOffsetDayEnd: "+02:00",
      dstChange: true
    })
    expect(readInZone(Date.parse("2027-10-31T08:00:00Z"), "Europe/Paris")).toMatchObject({
      localTime: "2027-10-31T09:00:00.000+01:00",
      utcOffsetDayStart: "+02:00",
      utcOffsetDayEnd: "+01:00",
      dstChange: true
    })
  })

  it.each([
    ["01:30", "+01:00", "+01:00", "+02:00"],
    ["09:00", "+01:00", "+02:00", "+02:00"],
    ["23:30", "+01:00", "+02:00", "+02:00"]
  ])(
    "Paris in spring (Sunday 2027-03-28, 02:00 → 03:00), a message at %s: the mark is on the 28th alone",
    (time, dayBefore, changeDay, dayAfter) => {
      expect(marked(`2027-03-27T${time}:00${dayBefore}`)).toBe(false)
      expect(marked(`2027-03-28T${time}:00${changeDay}`)).toBe(true)
      expect(marked(`2027-03-29T${time}:00${dayAfter}`)).toBe(false)
    }
  )

  it.each([
    ["01:30", "+02:00", "+02:00", "+01:00"],
    ["09:00", "+02:00", "+01:00", "+01:00"],
    ["23:30", "+02:00", "+01:00", "+01:00"]
  ])(
    "Paris in autumn (Sunday 2027-10-31, 03:00 → 02:00), a message at %s: the mark is on the 31st alone",
    (time, dayBefore, changeDay, dayAfter) => {
      expect(marked(`2027-10-30T${time}:00${dayBefore}`)).toBe(false)
      expect(marked(`2027-10-31T${time}:00${changeDay}`)).toBe(true)
      expect(marked(`2027-11-01T${time}:00${dayAfter}`)).toBe(false)
    }
  )

  it("a zone without daylight saving never marks a day", () => {
    for (const day of ["2027-03-27", "2027-03-28", "2027-03-29", "2027-10-31"]) {
      for (const time of ["01:30", "09:00", "23:30"]) {
        expect(readInZone(Date.parse(`${day}T${time}:00+09:00`), "Asia/Tokyo")).toMatchObject({
          utcOffset: "+09:00",
          utcOffsetDayStart: "+09:00",
          utcOffsetDayEnd: "+09:00",
          dstChange: false
        })
      }
    }
    expect(readInZone(Date.parse("2027-03-28T07:00:00Z"), "UTC")).toMatchObject({
      utcOffset: "+00:00",
      dstChange: false
    })
  })

  it("a zone that changes at midnight marks the day whose clock starts on the new offset (Santiago, 2027)", () => {
    // spring: Saturday 4 September ends at 24:00 -04:00, Sunday 5 starts at 01:00 -03:00
    expect(marked("2027-09-04T12:00:00-04:00", "America/Santiago")).toBe(false)
    expect(readInZone(Date.parse("2027-09-05T12:00:00-03:00"), "America/Santiago")).toMatchObject({
      utcOffsetDayStart: "-04:00",
      utcOffsetDayEnd: "-03:00",
      dstChange: true
    })
    expect(marked("2027-09-06T12:00:00-03:00", "America/Santiago")).toBe(false)
    // autumn: Saturday 3 April reaches 24:00 -03:00 and goes back to 23:00 -04:00: it has 25 hours
    expect(readInZone(Date.parse("2027-04-03T12:00:00-03:00"), "America/Santiago")).toMatchObject({
      utcOffsetDayStart: "-03:00",
      utcOffsetDayEnd: "-04:00",
      dstChange: true
    })
    expect(marked("2027-04-04T12:00:00-04:00", "America/Santiago")).toBe(false)
  })

  it("an unknown zone is null", () => {
    expect(readInZone(0, "Mars/Base")).toBeNull()
  })
})
