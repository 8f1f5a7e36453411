import i18next from "i18next"
import { describe, expect, it } from "vitest"
import de from "../../../src/interfaces/browser/i18n/locales/de.json" with { type: "json" }
import en from "../../../src/interfaces/browser/i18n/locales/en.json" with { type: "json" }
import es from "../../../src/interfaces/browser/i18n/locales/es.json" with { type: "json" }
import ptBR from "../../../src/interfaces/browser/i18n/locales/pt-BR.json" with { type: "json" }

// Sentences that hold a value where each language puts it, not glued after a full stop
// (docs/browser-app.md, "Languages"): read in every catalog.
const instance = i18next.createInstance()
await instance.init({
  resources: {
    en: { translation: en },
    es: { translation: es },
    "pt-BR": { translation: ptBR },
    de: { translation: de }
  },
  lng: "en",
  fallbackLng: false,
  interpolation: { escapeValue: false }
})

describe("whole sentences with a value inside", () => {
  it.each(["en", "es", "pt-BR", "de"])("%s: a pause cut short names its reason inside the first sentence", (lng) => {
    const t = instance.getFixedT(lng)
    for (const count of [1, 2, 1_000_000]) {
      const text = t("pause.notFinishedWhy", { count, reason: "REASON" })
      const reason = text.indexOf("REASON")
      expect(reason, text).toBeGreaterThan(0)
      // before the first full stop: part of its sentence, not a fragment after it
      expect(reason, text).toBeLessThan(text.indexOf("."))
      expect(t("pause.notFinished", { count })).not.toContain("REASON")
    }
  })
})
