import { describe, expect, it } from "vitest"
import { zoneNameIn } from "../../../../src/domain/shared/zoneNames.ts"

// A zone's name in the reader's language (Node's ICU), for the times in mails: English by place as
// ever, Spanish and Portuguese by place where ICU names one, German by the zone's generic name.
const AT = Date.parse("2026-11-26T14:00:00Z")

describe("zoneNameIn", () => {
  it.each([
    ["America/New_York", "en-US", "New York time"],
    ["Asia/Calcutta", "en-GB", "Kolkata time"],
    ["America/Mexico_City", "es-MX", "hora de Ciudad de México"],
    ["America/New_York", "es", "hora de Nueva York"],
    // ICU gives Spain's Spanish an abbreviation here (CET): the generic name instead
    ["Europe/Berlin", "es", "hora de Europa central"],
    ["America/New_York", "pt-BR", "Horário Nova York"],
    // … and Brazil's Portuguese one for São Paulo (BRT)
    ["America/Sao_Paulo", "pt-BR", "Horário Padrão de Brasília"],
    ["Europe/Berlin", "de", "Mitteleuropäische Zeit"],
    ["America/New_York", "de-AT", "Nordamerikanische Ostküstenzeit"],
    // no generic name: ICU's fallback would be a place in brackets; the name at that moment instead
    ["Europe/London", "de", "Mittlere Greenwich-Zeit"]
  ] as const)("%s in %s: %s", (zone, locale, expected) => {
    expect(zoneNameIn(zone, locale, AT)).toBe(expected)
  })

  it.each(["en-US", "es", "pt-BR", "de"])("UTC and a zone of no place read UTC and UTC-5 in %s", (locale) => {
    expect(zoneNameIn("UTC", locale, AT)).toBe("UTC")
    expect(zoneNameIn("Etc/GMT+5", locale, AT)).toBe("UTC-5")
  })

  it("a zone ICU names only by an offset reads that offset, never its English name", () => {
    // Antarctica/Troll in June: +02:00, which German's ICU names "GMT+02:00" and nothing else
    expect(zoneNameIn("Antarctica/Troll", "de", Date.UTC(2026, 5, 1))).toBe("UTC+2")
  })
})
