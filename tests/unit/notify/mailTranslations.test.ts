import { readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { APP_LANGUAGES } from "../../../src/domain/shared/languages.ts"
import type { MailCatalog } from "../../../src/infrastructure/notify/locales/MailCatalog.ts"
import { MAIL_CATALOGS } from "../../../src/infrastructure/notify/mailWords.ts"

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

const flatten = (
  value: string | MailCatalog,
  prefix = "",
  into: Record<string, string> = {}
): Record<string, string> => {
  if (typeof value === "string") into[prefix] = value
  else for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === "" ? key : `${prefix}.${key}`, into)
  return into
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Keys with plural forms folded (`due_one`, `due_other` → `due` with {one, other}), and each text's {{variables}}. */
const byBase = (catalog: MailCatalog) => {
  const bases = new Map<string, { forms: Set<string>; variables: Set<string> }>()
  for (const [key, text] of Object.entries(flatten(catalog))) {
    const plural = PLURAL_SUFFIX.exec(key)
    const base = plural === null ? key : key.slice(0, plural.index)
    const entry = bases.get(base) ?? { forms: new Set<string>(), variables: new Set<string>() }
    if (plural?.[1] !== undefined) entry.forms.add(plural[1])
    for (const match of text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)) if (match[1] !== undefined) entry.variables.add(match[1])
    bases.set(base, entry)
  }
  return bases
}

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
