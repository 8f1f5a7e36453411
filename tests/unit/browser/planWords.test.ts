import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import type { PlanFrequency } from "../../../src/interfaces/browser/campaign/planWords.ts"
import {
  clockTime,
  formZoneHint,
  futureChangeOutcome,
  futureChangeQuestion,
  planSentence,
  timeInZones,
  zoneLabel
} from "../../../src/interfaces/browser/campaign/planWords.ts"

/** Intl's range dash may come with thin spaces around it: compared without them. */
const plain = (s: string) => s.replace(/[\u2009\u202f ]?–[\u2009\u202f ]?/g, "–").replace(/\u202f/g, " ")
const NOW = Date.parse("2026-11-20T12:00:00Z")
const daily = {
  timeZone: "Europe/Berlin",
  recurrence: { startDate: "2026-12-01", endDate: "2026-12-14", sendTime: "08:30", frequency: "DAILY" as const }
}

describe("a plan in words", () => {
  it("daily, in the campaign's zone by its city, the locale's clock", () => {
    expect(plain(planSentence(daily, "en-GB", NOW))).toBe("Daily at 08:30 Berlin time, 1–14 December")
    expect(plain(planSentence(daily, "en-US", NOW))).toBe("Daily at 8:30 AM Berlin time, December 1–14")
    // another year than this one: the year is said
    expect(plain(planSentence(daily, "en-GB", Date.parse("2025-06-01T00:00:00Z")))).toBe(
      "Daily at 08:30 Berlin time, 1–14 December 2026"
    )
  })

  it("weekly says the weekday; the other rhythms in plain words", () => {
    const r = { ...daily.recurrence, endDate: "2027-02-23" }
    const of = (frequency: PlanFrequency, tz = "America/New_York") =>
      plain(planSentence({ timeZone: tz, recurrence: { ...r, frequency, sendTime: "19:00" } }, "en-GB", NOW))
    expect(of("WEEKLY")).toBe("Every Tuesday at 19:00 New York time, 1 December 2026–23 February 2027")
    expect(of("SEMI_MONTHLY")).toBe(
      "Twice a month, on days 1 and 16, at 19:00 New York time, 1 December 2026–23 February 2027"
    )
    expect(of("MONTHLY")).toBe("Monthly on day 1 at 19:00 New York time, 1 December 2026–23 February 2027")
    expect(of("SEMI_ANNUALLY")).toBe(
      "Twice a year, on 1 December and 1 June, at 19:00 New York time, 1 December 2026–23 February 2027"
    )
    expect(of("ANNUALLY")).toBe("Every year on 1 December at 19:00 New York time, 1 December 2026–23 February 2027")
    expect(of("ONCE")).toBe("Once, on Tuesday 1 December at 19:00 New York time")
  })

  it("a one-off plan is its zone; Etc/UTC reads UTC, a fixed offset by its offset", () => {
    expect(planSentence({ timeZone: "Europe/Berlin" }, "en-GB", NOW)).toBe("Berlin time")
    expect(zoneLabel("Etc/UTC")).toBe("UTC")
    expect(zoneLabel("UTC")).toBe("UTC")
    // Etc/GMT+5 is five hours behind UTC (POSIX signs)
    expect(zoneLabel("Etc/GMT+5")).toBe("UTC-5")
    expect(zoneLabel("America/Argentina/Buenos_Aires")).toBe("Buenos Aires time")
    // by today's name, whatever the engine reports
    expect(zoneLabel("Asia/Calcutta")).toBe("Kolkata time")
    expect(plain(planSentence({ ...daily, timeZone: "Etc/UTC" }, "en-GB", NOW))).toBe(
      "Daily at 08:30 UTC, 1–14 December"
    )
  })

  it("a time of day in the locale's clock", () => {
    expect(clockTime("08:30", "en-GB")).toBe("08:30")
    expect(clockTime("20:05", "en-US").replace("\u202f", " ")).toBe("8:05 PM")
    expect(clockTime("20:05", "de")).toBe("20:05")
  })
})

describe("times on the campaign's page", () => {
  it("in the campaign's zone, the viewer's in brackets when it differs (time alone on the same day)", () => {
    expect(timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "UTC", "en-GB", NOW)).toBe(
      "Tue 1 Dec, 08:30 Berlin time (07:30 your time)"
    )
    // the same clock under another name: nothing in brackets
    expect(timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "Europe/Paris", "en-GB", NOW)).toBe(
      "Tue 1 Dec, 08:30 Berlin time"
    )
    expect(timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "Europe/Berlin", "en-GB", NOW)).toBe("Tue 1 Dec, 08:30")
    // another day for the viewer: the date too
    expect(timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "America/Los_Angeles", "en-GB", NOW)).toBe(
      "Tue 1 Dec, 08:30 Berlin time (Mon 30 Nov, 23:30 your time)"
    )
    // no zone known (a campaign before plans were kept): the viewer's, as before
    expect(timeInZones("2026-12-01T07:30:00Z", null, "UTC", "en-GB", NOW)).toBe("1 Dec 2026, 07:30")
  })

  it("across a DST change the campaign's wall clock stays, the viewer's moves", () => {
    // Berlin leaves summer time on 25 Oct 2026: 08:30 is 06:30 UTC before, 07:30 UTC after
    expect(timeInZones("2026-10-24T06:30:00Z", "Europe/Berlin", "UTC", "en-GB", NOW)).toBe(
      "Sat 24 Oct, 08:30 Berlin time (06:30 your time)"
    )
    expect(timeInZones("2026-10-26T07:30:00Z", "Europe/Berlin", "UTC", "en-GB", NOW)).toBe(
      "Mon 26 Oct, 08:30 Berlin time (07:30 your time)"
    )
    expect(timeInZones("2027-01-05T07:30:00Z", "Europe/Berlin", "UTC", "en-GB", NOW)).toBe(
      "Tue, 5 Jan 2027, 08:30 Berlin time (07:30 your time)"
    )
    expect(timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "UTC", "en-US", NOW).replaceAll("\u202f", " ")).toBe(
      "Tue, Dec 1, 8:30 AM Berlin time (7:30 AM your time)"
    )
  })

  it("the form names its zone; the questions count by the plural rules", () => {
    expect(formZoneHint("Europe/Berlin", "UTC")).toBe("In Berlin time (Europe/Berlin)")
    expect(formZoneHint(null, "UTC")).toBe("Your time zone: UTC")
    expect(futureChangeQuestion(1)).toBe("This changes the 1 message still to be sent. Change it?")
    expect(futureChangeQuestion(14)).toBe("This changes all 14 messages still to be sent. Change them?")
    expect(futureChangeOutcome({ changed: 14, skipped: 0 })).toBe("14 messages changed.")
    expect(futureChangeOutcome({ changed: 1, skipped: 1 })).toBe(
      "1 message changed; 1 message was already being sent and kept its time and text."
    )
  })
})
