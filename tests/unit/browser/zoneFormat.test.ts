import "../../support/englishWords.ts"
import { afterEach, describe, expect, it } from "vitest"
import {
  currentZoneName,
  dstNote,
  formatInZone,
  offsetLabel,
  searchZones,
  soonAfter,
  todayIn,
  viewerReading,
  zoneChoices,
  zoneOffsetNow
} from "../../../src/interfaces/browser/campaign/zoneFormat.ts"

describe("zone formatting for the preview", () => {
  it("an instant on the wall clock of a zone, 24-hour", () => {
    expect(formatInZone("2027-03-28T07:00:00.000Z", "Europe/Paris", "en-GB")).toBe("Sun, 28 Mar 2027, 09:00")
    expect(formatInZone("2027-03-27T08:00:00.000Z", "Europe/Paris", "en-GB")).toBe("Sat, 27 Mar 2027, 09:00")
    // the locale's own clock, as its pages and time inputs show it: 12 hours in en-US
    expect(formatInZone("2027-03-28T07:00:00.000Z", "Europe/Paris", "en-US")).toBe("Sun, Mar 28, 2027, 9:00 AM")
    expect(formatInZone("2027-03-28T19:30:00.000Z", "Europe/Paris", "de-DE")).toBe("So., 28. März 2027, 21:30")
  })
  it("a message within the minute after the one above says how soon: its time reads the same", () => {
    expect(soonAfter(undefined, "2027-03-28T07:00:00.000Z")).toBeNull()
    expect(soonAfter("2027-03-28T07:00:00.000Z", "2027-03-28T07:00:01.000Z")).toBe("1 second after the message above")
    expect(soonAfter("2027-03-28T07:00:00.000Z", "2027-03-28T07:00:02.000Z")).toBe("2 seconds after the message above")
    // the same instant, a minute or more, or earlier: nothing to say
    expect(soonAfter("2027-03-28T07:00:00.000Z", "2027-03-28T07:00:00.000Z")).toBeNull()
    expect(soonAfter("2027-03-28T07:00:00.000Z", "2027-03-28T07:01:00.000Z")).toBeNull()
    expect(soonAfter("2027-03-28T07:00:01.000Z", "2027-03-28T07:00:00.000Z")).toBeNull()
  })
  it("the viewer's reading only when it differs", () => {
    expect(viewerReading("2027-03-28T07:00:00.000Z", "Europe/Paris", "Europe/Paris", "en-GB")).toBeNull()
    // same clock, another name: nothing to add
    expect(viewerReading("2027-03-28T07:00:00.000Z", "Europe/Paris", "Europe/Berlin", "en-GB")).toBeNull()
    expect(viewerReading("2027-03-28T07:00:00.000Z", "Europe/Paris", "America/New_York", "en-GB")).toBe(
      "Sun, 28 Mar 2027, 03:00"
    )
  })
  it("a DST change day says so in words", () => {
    expect(dstNote({ dstChange: true, utcOffsetDayStart: "+01:00", utcOffsetDayEnd: "+02:00" })).toBe(
      "Clocks change this day: UTC+01:00 → UTC+02:00"
    )
    expect(dstNote({ dstChange: false, utcOffsetDayStart: "+02:00", utcOffsetDayEnd: "+02:00" })).toBeNull()
    expect(offsetLabel("+00:00")).toBe("UTC")
    expect(offsetLabel("-05:00")).toBe("UTC-05:00")
  })
  it("today's date in a zone; the zone list starts with UTC and keeps the viewer's", () => {
    const now = new Date("2027-03-27T23:30:00Z")
    expect(todayIn("Europe/Paris", now)).toBe("2027-03-28")
    expect(todayIn("America/New_York", now)).toBe("2027-03-27")
    const zones = zoneChoices(["Europe/Kiev"])
    expect(zones[0]).toBe("UTC")
    expect(zones).toContain("Europe/Paris")
    // by today's names: the viewer's old one too
    expect(zones).toContain("Europe/Kyiv")
    expect(zones).toContain("Asia/Kolkata")
    expect(zones).toContain("Asia/Ho_Chi_Minh")
    expect(zones).not.toContain("Europe/Kiev")
    expect(zones).not.toContain("Asia/Calcutta")
    expect(zones).not.toContain("Asia/Saigon")
    expect(new Set(zones).size).toBe(zones.length)
  })
  it("current names, each zone's offset at an instant, and searching the list", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata")
    expect(currentZoneName("Europe/Paris")).toBe("Europe/Paris")
    const winter = new Date("2027-01-15T12:00:00Z")
    const summer = new Date("2027-07-15T12:00:00Z")
    expect(zoneOffsetNow("Europe/Berlin", winter)).toBe("UTC+1")
    expect(zoneOffsetNow("Europe/Berlin", summer)).toBe("UTC+2")
    expect(zoneOffsetNow("Asia/Kolkata", winter)).toBe("UTC+5:30")
    expect(zoneOffsetNow("Asia/Kathmandu", winter)).toBe("UTC+5:45")
    expect(zoneOffsetNow("America/New_York", winter)).toBe("UTC-5")
    expect(zoneOffsetNow("UTC", winter)).toBe("UTC")
    const zones = ["UTC", "America/New_York", "Asia/Kolkata", "Europe/Kyiv", "Europe/Paris"]
    expect(searchZones(zones, "new york", "Europe/Paris")).toEqual(["America/New_York", "Europe/Paris"])
    expect(searchZones(zones, "KYIV", "UTC")).toEqual(["UTC", "Europe/Kyiv"])
    expect(searchZones(zones, "  ", "UTC")).toEqual(zones)
  })

  describe("formatters are made once per zone and options", () => {
    const Original = Intl.DateTimeFormat
    afterEach(() => {
      Intl.DateTimeFormat = Original
    })
    it("a 1,000-message preview builds a handful of Intl.DateTimeFormat, not thousands", () => {
      let made = 0
      // counts the formatters built while the preview is formatted
      Intl.DateTimeFormat = class extends Original {
        constructor(...args: ConstructorParameters<typeof Original>) {
          super(...args)
          made++
        }
      } as typeof Intl.DateTimeFormat
      const start = Date.parse("2031-01-01T09:00:00Z")
      for (let i = 0; i < 1_000; i++) {
        const iso = new Date(start + i * 86_400_000).toISOString()
        formatInZone(iso, "Asia/Kolkata")
        viewerReading(iso, "Asia/Kolkata", "America/Lima")
      }
      todayIn("Asia/Kolkata")
      todayIn("Asia/Kolkata")
      // Kolkata and Lima for the readable form, Kolkata for today's date, the locale's clock once
      expect(made).toBeLessThanOrEqual(4)
      expect(formatInZone("2031-01-01T09:00:00.000Z", "Asia/Kolkata", "en-GB")).toBe("Wed, 1 Jan 2031, 14:30")
    })
  })
})
