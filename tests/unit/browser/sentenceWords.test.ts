import i18next from "i18next"
import { describe, expect, it } from "vitest"
import { uploadMedia } from "../../../src/interfaces/browser/campaign/uploadMedia.ts"
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

  it("reads as a native speaker writes it: channels are not 'jede', skipped lines are 'omitiendo', the file's name before 'adicionada'", () => {
    const de = instance.getFixedT("de")
    for (const key of ["picker.chosenSeveral", "picker.chosenSeveralFull", "campaignPage.toSeveral"]) {
      expect(de(key, { targets: "2 Kanäle", max: 10 }), key).toContain("2 Kanäle")
      expect(de(key, { targets: "2 Kanäle", max: 10 }), key).toContain(
        ", jeweils mit einer eigenen Kopie jeder Nachricht"
      )
    }
    expect(instance.getFixedT("es")("csv.addedSkipping", { count: 2, name: "n", lines: "1 línea" })).toContain(
      "omitiendo 1 línea del archivo"
    )
    expect(instance.getFixedT("pt-BR")("csv.added", { count: 1, name: "plan.csv" })).toBe(
      "1 mensagem de <name>plan.csv</name> adicionada."
    )
  })

  it.each(["es", "pt-BR", "de"])(
    "%s: an upload that never reached the server says so in the reader's language",
    async (lng) => {
      await i18next.init({
        lng,
        resources: { es: { translation: es }, "pt-BR": { translation: ptBR }, de: { translation: de } },
        fallbackLng: false
      })
      const fetchBefore = globalThis.fetch
      globalThis.fetch = () => Promise.reject(new TypeError("Failed to fetch"))
      try {
        const answer = await uploadMedia(new File(["x"], "a.png", { type: "image/png" }))
        expect(answer).toEqual({ ok: false, error: instance.getFixedT(lng)("media.unreached") })
        // a file too large for WhatsApp, refused before it is sent
        const big = new File([new Uint8Array(17 * 1024 * 1024)], "big.mp4", { type: "video/mp4" })
        expect(await uploadMedia(big)).toEqual({ ok: false, error: instance.getFixedT(lng)("media.tooLarge") })
        expect(answer.ok === false && answer.error).not.toMatch(/the upload did not reach/)
      } finally {
        globalThis.fetch = fetchBefore
      }
    }
  )
})
