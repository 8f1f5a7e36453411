// The shape of an i18next catalog kept as a TypeScript object (the mails', the server's refusals):
// its keys with plural forms folded and each sentence's {{variables}}, for the translation guards.

export interface Catalog {
  readonly [key: string]: string | Catalog
}

export const flatten = (
  value: string | Catalog,
  prefix = "",
  into: Record<string, string> = {}
): Record<string, string> => {
  if (typeof value === "string") into[prefix] = value
  else for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === "" ? key : `${prefix}.${key}`, into)
  return into
}

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** Keys with plural forms folded (`due_one`, `due_other` → `due` with {one, other}), and each text's {{variables}}. */
export const byBase = (catalog: Catalog) => {
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

/**
 * What a translated catalog lacks against English: a key, a {{variable}}, or a plural form its
 * language's Intl.PluralRules asks for (one line each; none: []).
 */
export const differences = (english: Catalog, translated: Catalog, language: string): Array<string> => {
  const reference = byBase(english)
  const catalog = byBase(translated)
  const out: Array<string> = []
  for (const key of catalog.keys()) if (!reference.has(key)) out.push(`${key}: not in English`)
  const categories = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories].sort()
  for (const [key, entry] of reference) {
    const mine = catalog.get(key)
    if (mine === undefined) {
      out.push(`${key}: missing`)
      continue
    }
    const vars = (s: Set<string>) => [...s].sort().join(",")
    if (vars(mine.variables) !== vars(entry.variables))
      out.push(`${key}: variables ${vars(mine.variables)} instead of ${vars(entry.variables)}`)
    if (entry.forms.size > 0 && vars(mine.forms) !== categories.join(","))
      out.push(`${key}: plural forms ${vars(mine.forms)} instead of ${categories.join(",")}`)
  }
  return out
}
