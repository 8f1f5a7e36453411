import { describe, expect, it } from "vitest"
import { formattingLocaleFor } from "../../../../src/domain/shared/locale.ts"

// The one locale dates, times and numbers are written in, for the pages and the mails alike: the
// language read, with the reader's own locale only when it is a variant of that language.
describe("formattingLocaleFor", () => {
  it.each([
    ["de", "en-US", "de"],
    ["de", "de-AT", "de-AT"],
    ["en", "en-GB", "en-GB"],
    ["en", "de-DE", "en"],
    ["es", "es-MX", "es-MX"],
    ["es", "en-US", "es"],
    ["pt-BR", "pt-PT", "pt-PT"],
    ["pt-BR", "en-US", "pt-BR"],
    ["en", null, "en"],
    ["de", "not a locale", "de"]
  ] as const)("%s read with the locale %s: %s", (language, locale, expected) => {
    expect(formattingLocaleFor(language, locale)).toBe(expected)
  })

  it("a German reader whose locale is en-US gets a 24-hour clock and German month order, not 9:00 AM", () => {
    const locale = formattingLocaleFor("de", "en-US")
    const at = Date.UTC(2026, 10, 26, 21, 0)
    expect(new Intl.DateTimeFormat(locale, { timeZone: "UTC", timeStyle: "short" }).format(at)).toBe("21:00")
    expect(new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "long" }).format(at)).toBe("26. November 2026")
  })
})
