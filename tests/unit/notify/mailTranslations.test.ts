import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import { APP_LANGUAGES } from "../../../src/domain/shared/languages.ts"
import { MAIL_CATALOGS } from "../../../src/infrastructure/notify/mailWords.ts"
import { byBase } from "../../support/catalogShape.ts"

// Fails when a mail sentence has no translation (src/infrastructure/notify/mailWords.ts): every key
// the mail code uses is in all four catalogs, with the same {{variables}} and every plural form the
// language's Intl.PluralRules asks for, and no catalog holds a key nothing uses.

const NOTIFY = join(import.meta.dirname, "../../../src/infrastructure/notify")
/** the files that name catalog keys: the mails to users and to the admin, the admin's phone texts */
const CODE = [
  "MailNotifier.ts",
  "MessagingNotifier.ts",
  "failureMailWords.ts",
  "sessionStatusWords.ts",
  "campaignTitleWords.ts"
].map((file) => readFileSync(join(NOTIFY, file), "utf8"))
const STATUS_CODE = readFileSync(join(NOTIFY, "sessionStatusWords.ts"), "utf8")

const english = byBase(MAIL_CATALOGS.en)

/** The keys the code names: string literals shaped like a catalog key, and status.<STATUS>.* as sessionStatusWords builds them. */
const usedKeys = (): Set<string> => {
  const used = new Set<string>()
  for (const source of CODE) {
    for (const match of source.matchAll(/"([a-z][A-Za-z]*(?:\.[A-Za-z_]+)+|greeting)"/g)) {
      if (match[1] !== undefined && !match[1].endsWith(".ts")) used.add(match[1])
    }
  }
  for (const match of STATUS_CODE.matchAll(/"([A-Z_]{4,})"/g)) {
    if (match[1] !== undefined)
      for (const part of ["headline", "happened", "nextStep"]) used.add(`status.${match[1]}.${part}`)
  }
  for (const part of ["headline", "happened", "nextStep"]) used.add(`status.OTHER.${part}`)
  return used
}

describe("the mail catalogs", () => {
  it("hold every key the mail code uses, in English", () => {
    const missing = [...usedKeys()].filter((key) => !english.has(key))
    expect(missing).toEqual([])
    expect(usedKeys().size).toBeGreaterThan(40)
  })

  it("hold no key nothing uses", () => {
    const used = usedKeys()
    expect([...english.keys()].filter((key) => !used.has(key))).toEqual([])
  })

  it.each(APP_LANGUAGES.filter((language) => language !== "en"))(
    "%s has the same keys and {{variables}} as English, with every plural form its language asks for",
    (language) => {
      const catalog = byBase(MAIL_CATALOGS[language])
      expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort())
      const categories = new Intl.PluralRules(language).resolvedOptions().pluralCategories
      for (const [key, entry] of english) {
        const translated = catalog.get(key)
        expect({ key, variables: [...(translated?.variables ?? [])].sort() }).toEqual({
          key,
          variables: [...entry.variables].sort()
        })
        if (entry.forms.size > 0) {
          expect({ key, forms: [...(translated?.forms ?? [])].sort() }).toEqual({ key, forms: [...categories].sort() })
        }
      }
    }
  )

  it("English has the plural forms English asks for", () => {
    const categories = new Intl.PluralRules("en").resolvedOptions().pluralCategories
    for (const entry of english.values())
      if (entry.forms.size > 0) expect([...entry.forms].sort()).toEqual([...categories].sort())
  })
})

describe("the mail catalogs' failure words", () => {
  const BROWSER = join(import.meta.dirname, "../../../src/interfaces/browser/i18n/locales")
  it.each(APP_LANGUAGES)("%s: the same as the browser app's failure.send, word for word", (language) => {
    const browser = z
      .object({ failure: z.object({ send: z.record(z.string(), z.string()) }) })
      .parse(JSON.parse(readFileSync(join(BROWSER, `${language}.json`), "utf8")))
    const mail = MAIL_CATALOGS[language].failure
    expect(mail).toEqual(browser.failure.send)
  })
})
