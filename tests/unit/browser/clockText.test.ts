import i18next from "i18next"
import { beforeAll, describe, expect, it } from "vitest"
import { nativeClockAgrees, parseClock } from "../../../src/interfaces/browser/ui/clockText.ts"

// The forms' time fields (ui/ClockField.tsx): a time typed on either clock, and when the browser's
// own time input may stay (it reads the page's 12 or 24 hours).

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
