import "i18next"
import type en from "./locales/en.json"

// t("…") is checked against the English catalog: a key that is not there does not compile
// (the other three are checked against English by tests/unit/browser/translations.test.ts).
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "translation"
    resources: { translation: typeof en }
    returnNull: false
  }
}
