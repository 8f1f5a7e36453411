import i18next from "i18next"
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest"
import { savedAtText } from "../../../src/interfaces/browser/campaign/draft.ts"
import { passedText, planSentence, timeInZones } from "../../../src/interfaces/browser/campaign/planWords.ts"
import { formatInZone, viewerReading } from "../../../src/interfaces/browser/campaign/zoneFormat.ts"
import de from "../../../src/interfaces/browser/i18n/locales/de.json" with { type: "json" }
import en from "../../../src/interfaces/browser/i18n/locales/en.json" with { type: "json" }
import { pacingExample } from "../../../src/interfaces/browser/ui/pacingText.ts"
import { onViewerClock } from "../../../src/interfaces/browser/ui/viewerClock.ts"

// A German page in an English (en-US) browser: the helpers that write dates and times, called as
// the pages call them (no locale), write them the German way, not in the browser's default locale.

const NOW = Date.parse("2026-11-20T12:00:00Z")
const daily = {
  timeZone: "Europe/Berlin",
  recurrence: { startDate: "2026-12-01", endDate: "2026-12-14", sendTime: "08:30", frequency: "DAILY" as const }
}
const weekly = {
  timeZone: "Europe/Berlin",
  recurrence: { startDate: "2026-12-01", endDate: "2027-02-23", sendTime: "19:00", frequency: "WEEKLY" as const }
}

beforeAll(async () => {
  vi.stubGlobal("navigator", { language: "en-US", languages: ["en-US", "en"] })
  await i18next.init({
    lng: "de",
    resources: { en: { translation: en }, de: { translation: de } },
    fallbackLng: "en",
    interpolation: { escapeValue: false }
  })
})
afterAll(() => {
  vi.unstubAllGlobals()
})

describe("dates and times in the language on screen, not the browser's default locale", () => {
  it("the default locale is not German here, so the test can tell the two apart", () => {
    expect(new Intl.DateTimeFormat().resolvedOptions().locale.startsWith("de")).toBe(false)
    expect(i18next.language).toBe("de")
  })

  it("planSentence: German month and weekday names, a 24-hour clock", () => {
    const said = planSentence(daily, undefined, NOW)
    expect(said).toContain("Dezember")
    expect(said).toContain("08:30")
    expect(said).not.toMatch(/AM|PM|December/)
    const weekdays = planSentence(weekly, undefined, NOW)
    expect(weekdays).toContain("Dienstag")
    expect(weekdays).toContain("19:00")
    expect(weekdays).not.toMatch(/Tuesday|PM/)
  })

  it("timeInZones: German weekday and month, a 24-hour clock, the viewer's reading too", () => {
    const same = timeInZones("2026-12-01T07:30:00Z", "Europe/Berlin", "Europe/Berlin", undefined, NOW)
    expect(same).toContain("Di.")
    expect(same).toContain("Dez.")
    expect(same).toContain("08:30")
    expect(same).not.toMatch(/Tue|Dec|AM/)
    const apart = timeInZones("2026-12-01T20:30:00Z", "Europe/Berlin", "America/New_York", undefined, NOW)
    expect(apart).toContain("21:30")
    expect(apart).toContain("15:30")
    expect(apart).not.toMatch(/AM|PM/)
    // no campaign zone: the viewer's own date and time, still German
    expect(timeInZones("2026-12-01T07:30:00Z", null, "Europe/Berlin", undefined, NOW)).toBe("01.12.2026, 08:30")
  })

  it("formatInZone, viewerReading, savedAtText, pacingExample and onViewerClock follow it too", () => {
    expect(formatInZone("2027-03-28T19:30:00.000Z", "Europe/Paris")).toBe("So., 28. März 2027, 21:30")
    expect(viewerReading("2027-03-28T19:30:00.000Z", "Europe/Paris", "America/New_York")).toBe(
      "So., 28. März 2027, 15:30"
    )
    const saved = Date.parse("2026-11-24T09:42:00Z")
    expect(savedAtText(saved, "Europe/Berlin", undefined, new Date(NOW))).toMatch(/^24\. Nov\.?,? 10:42$/)
    expect(pacingExample({ minGapSeconds: 30, jitterSeconds: 0 })).toContain("09:00")
    expect(pacingExample({ minGapSeconds: 30, jitterSeconds: 0 })).not.toMatch(/AM|PM/)
    expect(onViewerClock("Tuesday 1 December, 21:00 Berlin time has already passed.")).toBe(
      "Tuesday 1 December, 21:00 Berlin time has already passed."
    )
  })

  it("a change of language makes new formatters: back in English, the words are English", async () => {
    await i18next.changeLanguage("en")
    expect(planSentence(daily, undefined, NOW)).toContain("December")
    await i18next.changeLanguage("de")
    expect(planSentence(daily, undefined, NOW)).toContain("Dezember")
  })

  it("a time the edit and resend forms refuse is German, on the campaign's clock: no English sentence of the domain", async () => {
    expect(passedText(Date.parse("2026-12-01T20:00:00Z"), "Europe/Berlin")).toBe(
      "Di., 1. Dez. 2026, 21:00 (Zeit in Berlin) ist schon vorbei."
    )
    await i18next.changeLanguage("en")
    expect(passedText(Date.parse("2026-12-01T20:00:00Z"), "Europe/Berlin")).toMatch(
      /^Tue, Dec 1, 2026, 9:00\sPM Berlin time has already passed\.$/
    )
    await i18next.changeLanguage("de")
  })
})
