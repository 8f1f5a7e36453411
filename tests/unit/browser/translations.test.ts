import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join, relative } from "node:path"
import type { Node, SourceFile } from "typescript/unstable/ast"
import { SyntaxKind } from "typescript/unstable/ast"
import { API } from "typescript/unstable/sync"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { APP_LANGUAGES } from "../../../src/domain/shared/languages.ts"

// Fails when a string of the browser app has no translation (docs/browser-app.md, "Languages"):
// (a) every key the code uses is in all four catalogs, with the same {{variables}} and every
// plural form the language's Intl.PluralRules asks for, and no catalog holds a key nothing uses;
// (b) no user-visible English is left in the JSX (text, the string attributes a person reads or
// hears, and string constants of a .tsx file rendered as JSX children), found by walking the
// TypeScript compiler's syntax tree of every .tsx file; (c) no t(…) carries English of its own
// (a defaultValue), which would show whenever a key is missing instead of failing here.

const ROOT = join(import.meta.dirname, "../../..")
const BROWSER = join(ROOT, "src/interfaces/browser")
const LOCALES = join(BROWSER, "i18n/locales")

/**
 * Files still written in English only: the literal scan skips them (the key check still covers
 * whatever keys they use). Each is converted by moving its words to the catalogs and removing it
 * here; the list only ever shrinks.
 */
const NOT_YET_TRANSLATED: ReadonlyArray<string> = []

/** Words that are the same in every language: names, and marks that are not words. */
const ALLOWED_LITERALS: ReadonlySet<string> = new Set(["Herald", "WhatsApp", "WAHA", "Webhooks", "API"])

/**
 * String constants with letters, declared in a .tsx file and rendered as a JSX child, that are
 * not words (`path:NAME`, path from src/interfaces/browser): each one listed on purpose.
 */
const ALLOWED_CONSTANTS: ReadonlySet<string> = new Set<string>([])

/** Attributes a person reads or hears; string literals in them must be t(…) keys. */
const READ_ATTRIBUTES: ReadonlySet<string> = new Set([
  "placeholder",
  "title",
  "aria-label",
  "aria-description",
  "aria-roledescription",
  "aria-valuetext",
  "alt",
  "label",
  "hint",
  "heading",
  "description",
  "confirmLabel",
  "confirmText"
])

type Catalog = Readonly<Record<string, string>>

const flatten = (value: unknown, prefix = "", into: Record<string, string> = {}): Record<string, string> => {
  if (typeof value === "string") into[prefix] = value
  else if (typeof value === "object" && value !== null)
    for (const [key, inner] of Object.entries(value)) flatten(inner, prefix === "" ? key : `${prefix}.${key}`, into)
  return into
}

const catalogs: Readonly<Record<string, Catalog>> = Object.fromEntries(
  APP_LANGUAGES.map((language) => [
    language,
    flatten(JSON.parse(readFileSync(join(LOCALES, `${language}.json`), "utf8")))
  ])
)

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/

/** A catalog's keys with their plural forms folded: `messages_one`, `messages_other` → `messages` with {one, other}. */
const byBase = (catalog: Catalog): Map<string, { forms: Set<string>; texts: Array<string> }> => {
  const bases = new Map<string, { forms: Set<string>; texts: Array<string> }>()
  for (const [key, text] of Object.entries(catalog)) {
    const plural = PLURAL_SUFFIX.exec(key)
    const base = plural === null ? key : key.slice(0, plural.index)
    const entry = bases.get(base) ?? { forms: new Set<string>(), texts: [] }
    if (plural?.[1] !== undefined) entry.forms.add(plural[1])
    entry.texts.push(text)
    bases.set(base, entry)
  }
  return bases
}

/** `{{name}}` and `{{count, number}}` → name, count; `<1>` tags (Trans) as themselves. */
const variablesOf = (texts: ReadonlyArray<string>): Array<string> => {
  const found = new Set<string>()
  for (const text of texts) {
    for (const m of text.matchAll(/\{\{\s*([^,}\s]+)[^}]*\}\}/g)) if (m[1] !== undefined) found.add(m[1])
    for (const m of text.matchAll(/<\/?(\w+)\s*\/?>/g)) if (m[1] !== undefined) found.add(`<${m[1]}>`)
  }
  return [...found].sort()
}

interface Use {
  readonly key: string
  readonly plural: boolean
  readonly where: string
}

interface Finding {
  readonly text: string
  readonly where: string
}

const lineOf = (file: SourceFile, node: Node): number => file.text.slice(0, node.end).split("\n").length

const isStringLike = (node: Node): node is Node & { readonly text: string } =>
  node.kind === SyntaxKind.StringLiteral || node.kind === SyntaxKind.NoSubstitutionTemplateLiteral

const hasWords = (text: string) => /\p{L}/u.test(text) && !ALLOWED_LITERALS.has(text.trim())

/** The names an expression in JSX shows as they are (`{LABEL}`, `{ok ? SAVED : FAILED}`): the same walk as shownStrings. */
const shownNames = (node: Node): Array<Node & { readonly text: string }> => {
  switch (node.kind) {
    case SyntaxKind.Identifier:
      return [node as Node & { readonly text: string }]
    case SyntaxKind.ParenthesizedExpression:
      return shownNames((node as unknown as { readonly expression: Node }).expression)
    case SyntaxKind.ConditionalExpression: {
      const c = node as unknown as { readonly whenTrue: Node; readonly whenFalse: Node }
      return [...shownNames(c.whenTrue), ...shownNames(c.whenFalse)]
    }
    case SyntaxKind.BinaryExpression: {
      const b = node as unknown as { readonly left: Node; readonly right: Node; readonly operatorToken: Node }
      const op = b.operatorToken.kind
      if (op === SyntaxKind.QuestionQuestionToken || op === SyntaxKind.BarBarToken)
        return [...shownNames(b.left), ...shownNames(b.right)]
      // `ok && LABEL` shows LABEL, never ok
      if (op === SyntaxKind.AmpersandAmpersandToken) return shownNames(b.right)
      return []
    }
    default:
      return []
  }
}

/** Whether t's options hold English of their own: a `defaultValue` property, or a string as the second argument (i18next reads it as one). */
const passesDefault = (options: Node): boolean => {
  if (isStringLike(options) || options.kind === SyntaxKind.TemplateExpression) return true
  if (options.kind !== SyntaxKind.ObjectLiteralExpression) return false
  const properties = (options as unknown as { readonly properties: ReadonlyArray<Node & { readonly name?: Node }> })
    .properties
  return properties.some((p) => {
    const name = p.name as unknown as { readonly text?: string } | undefined
    return name?.text === "defaultValue" || (name?.text ?? "").startsWith("defaultValue_")
  })
}

/** The strings an expression in JSX shows as it is: itself, either branch of a ?:, the sides of ?? and ||, a template's parts. */
const shownStrings = (node: Node): Array<Node & { readonly text: string }> => {
  if (isStringLike(node)) return [node]
  switch (node.kind) {
    case SyntaxKind.ParenthesizedExpression:
      return shownStrings((node as unknown as { readonly expression: Node }).expression)
    case SyntaxKind.ConditionalExpression: {
      const c = node as unknown as { readonly whenTrue: Node; readonly whenFalse: Node }
      return [...shownStrings(c.whenTrue), ...shownStrings(c.whenFalse)]
    }
    case SyntaxKind.BinaryExpression: {
      const b = node as unknown as { readonly left: Node; readonly right: Node; readonly operatorToken: Node }
      const op = b.operatorToken.kind
      if (
        op === SyntaxKind.QuestionQuestionToken ||
        op === SyntaxKind.BarBarToken ||
        op === SyntaxKind.AmpersandAmpersandToken
      )
        return [...shownStrings(b.left), ...shownStrings(b.right)]
      return []
    }
    case SyntaxKind.TemplateExpression: {
      const t = node as unknown as {
        readonly head: Node & { readonly text: string }
        readonly templateSpans: ReadonlyArray<{ readonly literal: Node & { readonly text: string } }>
      }
      return [t.head, ...t.templateSpans.map((span) => span.literal)]
    }
    default:
      return []
  }
}

const attributeName = (attribute: Node): string => {
  const name = (attribute as unknown as { readonly name: Node & { readonly text?: string } }).name
  if (name.kind === SyntaxKind.JsxNamespacedName) {
    const n = name as unknown as {
      readonly namespace: { readonly text: string }
      readonly name: { readonly text: string }
    }
    return `${n.namespace.text}:${n.name.text}`
  }
  return name.text ?? ""
}

/** Whether t's options pass `count` (what makes i18next pick a plural form): a top-level property, not one of a nested call's. */
const passesCount = (file: SourceFile, options: Node): boolean => {
  if (options.kind !== SyntaxKind.ObjectLiteralExpression)
    return /\bcount\b/.test(file.text.slice(options.pos, options.end))
  const properties = (options as unknown as { readonly properties: ReadonlyArray<Node & { readonly name?: Node }> })
    .properties
  return properties.some(
    (p) => p.name !== undefined && (p.name as unknown as { readonly text?: string }).text === "count"
  )
}

/** Whether a <Trans i18nKey="…"> passes `count` (react-i18next's prop that picks the plural form). */
const transCounts = (attribute: Node): boolean => {
  const attributes = attribute.parent as unknown as { readonly properties?: ReadonlyArray<Node> } | undefined
  return (attributes?.properties ?? []).some((a) => a.kind === SyntaxKind.JsxAttribute && attributeName(a) === "count")
}

/** Walks one file: the keys it asks for (t("…"), i18nKey="…") and the English it shows. */
const scan = (file: SourceFile, path: string, scanLiterals: boolean) => {
  const uses: Array<Use> = []
  const literals: Array<Finding> = []
  const dynamicKeys: Array<Finding> = []
  const defaults: Array<Finding> = []
  // string constants with letters declared in this file, and the names it renders as JSX children
  const constants = new Map<string, Finding>()
  const rendered: Array<Node & { readonly text: string }> = []
  const where = (node: Node) => `${path}:${lineOf(file, node)}`
  const visit = (node: Node): void => {
    if (node.kind === SyntaxKind.CallExpression) {
      const call = node as unknown as { readonly expression: Node; readonly arguments: ReadonlyArray<Node> }
      const callee = call.expression
      const name =
        callee.kind === SyntaxKind.Identifier
          ? (callee as unknown as { readonly text: string }).text
          : callee.kind === SyntaxKind.PropertyAccessExpression
            ? (callee as unknown as { readonly name: { readonly text: string } }).name.text
            : ""
      const [first, options] = call.arguments
      if (name === "t" && first !== undefined) {
        if (options !== undefined && passesDefault(options))
          defaults.push({ text: file.text.slice(node.pos, node.end).trim(), where: where(node) })
        if (isStringLike(first)) {
          uses.push({
            key: first.text,
            plural: options !== undefined && passesCount(file, options),
            where: where(node)
          })
        } else dynamicKeys.push({ text: file.text.slice(first.pos, first.end).trim(), where: where(node) })
      }
    }
    if (node.kind === SyntaxKind.JsxAttribute) {
      const name = attributeName(node)
      const value = (node as unknown as { readonly initializer?: Node }).initializer
      if (name === "i18nKey" && value !== undefined && isStringLike(value))
        uses.push({ key: value.text, plural: transCounts(node), where: where(node) })
      if (scanLiterals && READ_ATTRIBUTES.has(name) && value !== undefined) {
        const shown =
          value.kind === SyntaxKind.JsxExpression
            ? shownStrings((value as unknown as { readonly expression?: Node }).expression ?? value)
            : isStringLike(value)
              ? [value]
              : []
        for (const s of shown) if (hasWords(s.text)) literals.push({ text: `${name}="${s.text}"`, where: where(s) })
      }
    }
    if (scanLiterals && node.kind === SyntaxKind.VariableDeclaration) {
      const declaration = node as unknown as { readonly name: Node; readonly initializer?: Node }
      const value = declaration.initializer
      if (declaration.name.kind === SyntaxKind.Identifier && value !== undefined && isStringLike(value)) {
        const constant = (declaration.name as unknown as { readonly text: string }).text
        if (hasWords(value.text)) constants.set(constant, { text: `${constant} = "${value.text}"`, where: where(node) })
      }
    }
    if (scanLiterals && node.kind === SyntaxKind.JsxText) {
      const text = (node as unknown as { readonly text: string }).text.trim()
      if (hasWords(text)) literals.push({ text, where: where(node) })
    }
    if (
      scanLiterals &&
      node.kind === SyntaxKind.JsxExpression &&
      node.parent !== undefined &&
      (node.parent.kind === SyntaxKind.JsxElement || node.parent.kind === SyntaxKind.JsxFragment)
    ) {
      const inner = (node as unknown as { readonly expression?: Node }).expression
      if (inner !== undefined) {
        for (const s of shownStrings(inner)) if (hasWords(s.text)) literals.push({ text: s.text, where: where(s) })
        rendered.push(...shownNames(inner))
      }
    }
    node.forEachChild(visit)
  }
  visit(file)
  for (const name of rendered) {
    const constant = constants.get(name.text)
    if (constant !== undefined && !ALLOWED_CONSTANTS.has(`${path}:${name.text}`))
      literals.push({ text: `{${name.text}}, ${constant.text} (${constant.where})`, where: where(name) })
  }
  return { uses, literals, dynamicKeys, defaults }
}

let api: API | undefined
let scanned: Array<ReturnType<typeof scan> & { readonly path: string }> = []

beforeAll(() => {
  api = new API({ cwd: ROOT })
  const snapshot = api.updateSnapshot({ openProjects: [join(BROWSER, "tsconfig.json")] })
  const project = snapshot.getProjects()[0]
  if (project === undefined) throw new Error("the browser app's tsconfig.json did not open")
  const program = project.program
  const files = program
    .getSourceFileNames()
    .filter((name) => name.startsWith(BROWSER) && /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
  scanned = files.map((name) => {
    const file = program.getSourceFile(name)
    if (file === undefined) throw new Error(`no syntax tree for ${name}`)
    const path = relative(BROWSER, name)
    return { path, ...scan(file, path, name.endsWith(".tsx") && !NOT_YET_TRANSLATED.includes(path)) }
  })
}, 60_000)

afterAll(() => api?.close())

describe("the browser app's translations", () => {
  const english = byBase(catalogs.en ?? {})

  it("found the app's files and the keys they use", () => {
    expect(scanned.length).toBeGreaterThan(50)
    expect(scanned.flatMap((f) => f.uses).length).toBeGreaterThan(0)
  })

  it("asks only for keys written out in the code (a key made at run time cannot be checked)", () => {
    expect(scanned.flatMap((f) => f.dynamicKeys)).toEqual([])
  })

  it("gives t(…) no English of its own (a defaultValue would hide a missing key)", () => {
    expect(scanned.flatMap((f) => f.defaults).map((d) => `${d.where}: ${d.text}`)).toEqual([])
  })

  it.each(APP_LANGUAGES)("%s has every key the code uses, with each plural form its language needs", (language) => {
    const catalog = byBase(catalogs[language] ?? {})
    const needed = new Intl.PluralRules(language).resolvedOptions().pluralCategories
    const missing: Array<string> = []
    for (const use of scanned.flatMap((f) => f.uses)) {
      const entry = catalog.get(use.key)
      if (entry === undefined) missing.push(`${use.key} (${use.where})`)
      else if (use.plural) {
        for (const form of needed) if (!entry.forms.has(form)) missing.push(`${use.key}_${form} (${use.where})`)
      } else if (entry.forms.size > 0) missing.push(`${use.key} is plural: pass { count } (${use.where})`)
    }
    expect(missing).toEqual([])
  })

  it.each(APP_LANGUAGES)("%s has the same keys as English, the same {{variables}} and no empty text", (language) => {
    const catalog = byBase(catalogs[language] ?? {})
    expect([...catalog.keys()].sort()).toEqual([...english.keys()].sort())
    const different: Array<string> = []
    for (const [base, entry] of catalog) {
      const theirs = variablesOf(entry.texts)
      const ours = variablesOf(english.get(base)?.texts ?? [])
      // a plural's "one" may say "a message" rather than {{count}}
      const fold = (vars: ReadonlyArray<string>) => vars.filter((v) => !(entry.forms.size > 0 && v === "count"))
      if (JSON.stringify(fold(theirs)) !== JSON.stringify(fold(ours)))
        different.push(`${base}: ${theirs.join(" ")} vs English ${ours.join(" ")}`)
      if (entry.texts.some((text) => text.trim() === "")) different.push(`${base}: empty`)
    }
    expect(different).toEqual([])
  })

  it("holds no key the code does not use", () => {
    const used = new Set(scanned.flatMap((f) => f.uses.map((u) => u.key)))
    expect([...english.keys()].filter((key) => !used.has(key))).toEqual([])
  })

  it("leaves no English in the JSX outside the files still to translate (a string a person reads is a t(…) key)", () => {
    expect(scanned.flatMap((f) => f.literals).map((l) => `${l.where}: ${l.text}`)).toEqual([])
  })

  it("names only files that exist in its list of files still to translate", () => {
    const paths = new Set(scanned.map((f) => f.path))
    expect(NOT_YET_TRANSLATED.filter((path) => !paths.has(path))).toEqual([])
  })

  it("catches what it is meant to: a defaultValue, and a constant of words rendered as a child", () => {
    const dir = mkdtempSync(join(tmpdir(), "herald-translations-"))
    const probe = new API({ cwd: dir })
    try {
      writeFileSync(
        join(dir, "tsconfig.json"),
        JSON.stringify({ compilerOptions: { jsx: "react-jsx" }, files: ["probe.tsx"] })
      )
      writeFileSync(
        join(dir, "probe.tsx"),
        [
          "declare const t: (key: string, options?: object | string) => string",
          'const SAVED = "Saved"',
          'const ARROW = "→"',
          'export const A = ({ ok }: { ok: boolean }) => <p>{ok ? SAVED : ARROW}{t("a.b", { defaultValue: "Hello" })}</p>',
          'export const B = () => <p>{t("a.c", "Hi")}{t("a.d", { name: "x" })}</p>'
        ].join("\n")
      )
      const program = probe.updateSnapshot({ openProjects: [join(dir, "tsconfig.json")] }).getProjects()[0]?.program
      const file = program?.getSourceFile(join(dir, "probe.tsx"))
      if (file === undefined) throw new Error("no syntax tree for the probe")
      const found = scan(file, "probe.tsx", true)
      expect(found.defaults.map((d) => d.where)).toEqual(["probe.tsx:4", "probe.tsx:5"])
      expect(found.literals.map((l) => l.text)).toEqual(['{SAVED}, SAVED = "Saved" (probe.tsx:2)'])
    } finally {
      probe.close()
      rmSync(dir, { recursive: true, force: true })
    }
  })
})
