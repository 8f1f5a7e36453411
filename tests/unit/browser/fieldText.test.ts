import i18next from "i18next"
import { beforeAll, describe, expect, it } from "vitest"
import {
  calendarDate,
  clockInWords,
  dateInWords,
  nativeClockAgrees,
  nativeDateAgrees,
  parseClock,
  parseDate,
  unreadableClock,
  unreadableDate
} from "../../../src/interfaces/browser/ui/fieldText.ts"

// The forms' time and date fields (ui/PageFormatFields.tsx): a time typed on either clock, a date
// in the page's order, and when the browser's own inputs may stay (they read as the page does).

beforeAll(async () => {
  await i18next.init({ lng: "de", resources: {} })
})

describe("parseClock", () => {
  it.each([
    ["21:30", "21:30"],
    ["21.30", "21:30"],
    ["2130", "21:30"],
    ["21:30 Uhr", "21:30"],
    ["7:05", "07:05"],
    ["9", "09:00"],
    ["9:30 PM", "21:30"],
    ["9:30 p. m.", "21:30"],
    ["12:15 am", "00:15"],
    ["12 pm", "12:00"]
  ])("%s is %s", (typed, expected) => {
    expect(parseClock(typed)).toBe(expected)
  })

  it.each(["24:00", "9:60", "13 pm", "0 am", "half past nine", ""])("%s is no time of day", (typed) => {
    expect(parseClock(typed)).toBeNull()
  })
})

describe("nativeClockAgrees", () => {
  it("a German page in an en-US browser gets the page's own field; pages on the browser's clock keep the native one", () => {
    expect(nativeClockAgrees("de", "en-US")).toBe(false)
    expect(nativeClockAgrees("en", "de-DE")).toBe(false)
    expect(nativeClockAgrees("de", "de-DE")).toBe(true)
    expect(nativeClockAgrees("en-GB", "de-DE")).toBe(true)
    expect(nativeClockAgrees("es-MX", "en-US")).toBe(true)
  })
})

describe("dates in the page's order", () => {
  it("written and read as the locale writes them, or as YYYY-MM-DD", () => {
    expect(calendarDate("2026-11-27", "de")).toBe("27.11.2026")
    expect(calendarDate("2026-11-27", "en-US")).toBe("11/27/2026")
    expect(parseDate("27.11.2026", "de")).toBe("2026-11-27")
    expect(parseDate("3.4.26", "de")).toBe("2026-04-03")
    expect(parseDate("3/4/2026", "en-US")).toBe("2026-03-04")
    expect(parseDate("3/4/2026", "pt-BR")).toBe("2026-04-03")
    expect(parseDate("2026-04-03", "en-US")).toBe("2026-04-03")
  })

  it.each(["31.02.2026", "27.13.2026", "27.11.", "morgen", ""])("%s is no date (de)", (typed) => {
    expect(parseDate(typed, "de")).toBeNull()
  })

  it("a German page in an en-US browser gets the page's own field; the same order keeps the native one", () => {
    expect(nativeDateAgrees("de", "en-US")).toBe(false)
    expect(nativeDateAgrees("en", "en-GB")).toBe(false)
    expect(nativeDateAgrees("de", "de-DE")).toBe(true)
    expect(nativeDateAgrees("es", "pt-BR")).toBe(true)
  })
})

describe("typing a date", () => {
  it("a two-digit year is not 20xx while typing, only once the field is left", () => {
    expect(parseDate("31.03.20", "de", { shortYear: false })).toBeNull()
    expect(parseDate("31.03.202", "de", { shortYear: false })).toBeNull()
    expect(parseDate("31.03.2027", "de", { shortYear: false })).toBe("2027-03-31")
    expect(parseDate("31.03.27", "de")).toBe("2027-03-31")
  })
})

describe("what a field says", () => {
  it("of text it cannot read: that it cannot, and how to write it in the page's format", () => {
    i18next.addResourceBundle("de", "translation", {
      field: {
        unreadableTime: "Herald kann „{{typed}}“ nicht als Uhrzeit lesen. Schreib sie so: {{example}}.",
        unreadableDate: "Herald kann „{{typed}}“ nicht als Datum lesen. Schreib es so: {{example}}."
      }
    })
    expect(unreadableClock("halb zehn")).toBe("Herald kann „halb zehn“ nicht als Uhrzeit lesen. Schreib sie so: 21:30.")
    expect(unreadableDate("31.02.2026")).toBe(
      "Herald kann „31.02.2026“ nicht als Datum lesen. Schreib es so: 31.12.2026."
    )
    expect(unreadableClock("21:30")).toBeNull()
    expect(unreadableDate("2026-02-28")).toBeNull()
    expect(unreadableDate("")).toBeNull()
  })

  it("of what it read, in words: a swapped day and month, a morning hour without AM", () => {
    expect(dateInWords("2026-03-04", "en-NL")).toMatch(/^Wednesday,? 4 March 2026$/)
    expect(dateInWords("2026-03-04", "en-US")).toBe("Wednesday, March 4, 2026")
    expect(dateInWords("2026-03-04", "de")).toBe("Mittwoch, 4. März 2026")
    expect(clockInWords("03:00")).toBe("03:00")
  })

  it("a time typed without AM or PM on a 12-hour page shows it was read as the morning", async () => {
    await i18next.changeLanguage("en")
    expect(clockInWords(parseClock("3:00")!)).toBe("3:00 AM")
    await i18next.changeLanguage("de")
  })
})
