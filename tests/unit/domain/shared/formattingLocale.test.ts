import { describe, expect, it } from "vitest"
import { formattingLocaleFor, ownLocaleFor } from "../../../../src/domain/shared/locale.ts"

// The one locale dates, times and numbers are written in, for the pages and the mails alike: the
// reader's own locale when it is a variant of the language read, else the language with its region
// where ICU has that pair, else the language alone.
describe("formattingLocaleFor", () => {
  it.each([
    ["de", "en-US", "de"],
    ["de", "de-AT", "de-AT"],
    ["en", "en-GB", "en-GB"],
    ["en", "de-DE", "en-DE"],
    ["en", "nl-NL", "en-NL"],
    ["en", "fr-FR", "en-FR"],
    ["en", "pt-BR", "en"],
    ["es", "es-MX", "es-MX"],
    ["es", "en-US", "es-US"],
    ["es", "de-DE", "es"],
    ["de", "pt-BR", "de"],
    ["pt-BR", "pt-PT", "pt-PT"],
    ["pt-BR", "en-US", "pt-BR"],
    ["pt-BR", "de-DE", "pt-BR"],
    ["en", "de", "en"],
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

  it("an English reader in the Netherlands reads 03/04/2026 as 3 April and a 24-hour clock, as at home", () => {
    const locale = formattingLocaleFor("en", "nl-NL")
    const at = Date.UTC(2026, 3, 3, 16, 0)
    expect(new Intl.DateTimeFormat(locale, { timeZone: "UTC", dateStyle: "short" }).format(at)).toBe("03/04/2026")
    expect(new Intl.DateTimeFormat(locale, { timeZone: "UTC", timeStyle: "short" }).format(at)).toBe("16:00")
  })
})

describe("ownLocaleFor: which of the browser's languages is the reader's own", () => {
  it("the first in the language read, else the first of all", () => {
    expect(ownLocaleFor("de", ["en-US", "de-AT", "de-DE"])).toBe("de-AT")
    expect(ownLocaleFor("pt-BR", ["en-US", "pt-PT"])).toBe("pt-PT")
    expect(ownLocaleFor("es", ["en-US", "de-AT"])).toBe("en-US")
    expect(ownLocaleFor("en", [])).toBeNull()
    expect(formattingLocaleFor("de", ownLocaleFor("de", ["en-US", "de-AT"]))).toBe("de-AT")
  })
})
