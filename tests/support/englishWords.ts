import i18next from "i18next"
import en from "../../src/interfaces/browser/i18n/locales/en.json" with { type: "json" }

// The browser app's pure helpers that say things (accountForms.ts, …) ask i18next for their
// words; their unit tests read them in English, from the app's own catalog. Import for its effect.
await i18next.init({
  lng: "en",
  resources: { en: { translation: en } },
  fallbackLng: false,
  interpolation: { escapeValue: false }
})
