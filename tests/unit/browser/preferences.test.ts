import { describe, expect, it } from "vitest"
import {
  browserPreferences,
  offeredPreferences,
  preferencesToKeep
} from "../../../src/interfaces/browser/preferences.ts"

describe("the browser's zone and locale, for the mails", () => {
  it("reads them canonical, by today's zone names; what the browser lacks is null", () => {
    expect(browserPreferences("America/New_York", "en-US")).toEqual({ timeZone: "America/New_York", locale: "en-US" })
    expect(browserPreferences("Asia/Calcutta", "en-in")).toEqual({ timeZone: "Asia/Kolkata", locale: "en-IN" })
    expect(browserPreferences("", null)).toEqual({ timeZone: null, locale: null })
    expect(browserPreferences("Nowhere/Atlantis", "en_US")).toEqual({ timeZone: null, locale: null })
  })

  it("offers only what it knows to the sign-up and forgot-password forms", () => {
    expect(offeredPreferences({ timeZone: "Europe/Berlin", locale: null })).toEqual({ timeZone: "Europe/Berlin" })
    expect(offeredPreferences({ timeZone: null, locale: null })).toEqual({})
  })

  it("keeps the browser's values only when they differ; what it does not know keeps the stored value", () => {
    const stored = { timeZone: "America/New_York", locale: "en-US" }
    expect(preferencesToKeep(stored, stored)).toBeNull()
    expect(preferencesToKeep(stored, { timeZone: null, locale: null })).toBeNull()
    expect(preferencesToKeep(stored, { timeZone: "Europe/Berlin", locale: null })).toEqual({
      timeZone: "Europe/Berlin",
      locale: "en-US"
    })
    expect(preferencesToKeep({ timeZone: null, locale: null }, stored)).toEqual(stored)
  })
})
