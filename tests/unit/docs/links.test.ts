import { existsSync, readdirSync, readFileSync } from "node:fs"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

// The README links to pages under docs/ and they link to each other and to the README's sections:
// a moved section or a renamed heading must not leave a link that leads nowhere.
const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..")

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens; repeats get -1, -2. */
const anchorsOf = (markdown: string): ReadonlySet<string> => {
  const seen = new Map<string, number>()
  const anchors = new Set<string>()
  for (const line of withoutCodeBlocks(markdown)) {
    const heading = /^#{1,6} +(.*?) *#* *$/.exec(line)
    if (heading === null) continue
    const base = (heading[1] ?? "")
      .toLowerCase()
      .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, "")
      .replace(/ /g, "-")
    const count = seen.get(base) ?? 0
    seen.set(base, count + 1)
    anchors.add(count === 0 ? base : `${base}-${count}`)
  }
  return anchors
}

/** The lines outside fenced code blocks (a `#` comment in a shell block is no heading, a link there no link). */
const withoutCodeBlocks = (markdown: string): ReadonlyArray<string> => {
  let inBlock = false
  return markdown.split("\n").filter((line) => {
    if (/^\s*```/.test(line)) {
      inBlock = !inBlock
      return false
    }
    return !inBlock
  })
}

/** Every relative link and image of a Markdown text (not inside inline code), e.g. `docs/api.md#campaigns`. */
const relativeLinksOf = (markdown: string): ReadonlyArray<string> =>
  withoutCodeBlocks(markdown)
    .map((line) => line.replace(/`[^`]*`/g, ""))
    .flatMap((line) => [...line.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1] ?? ""))
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target))

/** The links of `file` that lead nowhere: a missing file, or an anchor no heading of the target has. */
const brokenLinks = (file: string, read: (path: string) => string | undefined): ReadonlyArray<string> => {
  const text = read(file) ?? ""
  return relativeLinksOf(text).filter((link) => {
    const [path = "", anchor] = link.split("#", 2)
    const target = path === "" ? file : join(dirname(file), decodeURIComponent(path))
    const content = read(target)
    if (content === undefined) return true
    if (anchor === undefined || anchor === "") return false
    return target.endsWith(".md") && !anchorsOf(content).has(anchor.toLowerCase())
  })
}

const readFromDisk = (path: string): string | undefined =>
  existsSync(path) ? (path.endsWith(".md") ? readFileSync(path, "utf8") : "") : undefined

const pages = [
  join(root, "README.md"),
  ...readdirSync(join(root, "docs"))
    .filter((name) => name.endsWith(".md"))
    .map((name) => join(root, "docs", name))
]

describe("links in README.md and docs/*.md", () => {
  it.each(pages.map((page) => [page.slice(root.length + 1), page]))(
    "%s: every relative link and anchor resolves",
    (_, page) => {
      expect(brokenLinks(page, readFromDisk)).toEqual([])
    }
  )

  it("the check finds a missing file, a missing anchor and a missing picture, and accepts good ones", () => {
    const files: Record<string, string> = {
      "/r/README.md": [
        "# Herald",
        "## Trying it: `npm start`",
        "[ok](docs/a.md#behind-a-reverse-proxy-tls) [ok](#trying-it-npm-start) [ok](docs/a.md#same-1)",
        "[gone](docs/gone.md) [bad anchor](docs/a.md#nowhere) ![gone](docs/shot.png) [web](https://x.org/#y)",
        "```sh",
        "[in code](nowhere.md)",
        "```"
      ].join("\n"),
      "/r/docs/a.md": "# A\n### Behind a reverse proxy (TLS)\n## Same\n## Same\n```sh\n# not a heading\n```"
    }
    expect(brokenLinks("/r/README.md", (path) => files[path])).toEqual([
      "docs/gone.md",
      "docs/a.md#nowhere",
      "docs/shot.png"
    ])
  })
})
