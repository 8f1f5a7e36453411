import { readdirSync, readFileSync } from "node:fs"
import { dirname, join, relative, resolve } from "node:path"
import { describe, expect, it } from "vitest"

// The browser app is bundled for the browser: it may run domain code (pure) and name the web
// server's types (erased), nothing else of the server. Every module it reaches is checked.

const root = resolve(import.meta.dirname, "../../..")
const browserDir = join(root, "src/interfaces/browser")
const sourceFiles = (dir: string): Array<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [join(dir, e.name)] : []
  )

/** Relative imports of a module (static and dynamic), and whether each is type-only. */
const importsOf = (file: string): Array<{ readonly path: string; readonly typeOnly: boolean }> => {
  const text = readFileSync(file, "utf8")
  const statics = [...text.matchAll(/^\s*(?:import|export)\s+(type\s+)?[^"]*?\sfrom\s+"(\.[^"]+)"/gm)].map((m) => ({
    path: m[2]!,
    typeOnly: m[1] !== undefined
  }))
  const dynamics = [...text.matchAll(/\bimport\(\s*"(\.[^"]+)"\s*\)/g)].map((m) => ({ path: m[1]!, typeOnly: false }))
  return [...statics, ...dynamics].map(({ path, typeOnly }) => ({ path: resolve(dirname(file), path), typeOnly }))
}

describe("the browser app's imports", () => {
  it("run only the browser's own modules and domain code; the web server is named by type only", () => {
    const outside: Array<string> = []
    const seen = new Set<string>()
    const queue = sourceFiles(browserDir).filter((f) => !f.endsWith(".d.ts") && !f.endsWith("vite.config.ts"))
    while (queue.length > 0) {
      const file = queue.pop()!
      if (seen.has(file)) continue
      seen.add(file)
      for (const { path, typeOnly } of importsOf(file)) {
        const where = relative(root, path)
        if (where.startsWith("src/interfaces/browser/") || where.startsWith("src/domain/")) queue.push(path)
        else if (!(typeOnly && where.startsWith("src/interfaces/web/")))
          outside.push(`${relative(root, file)} → ${where}`)
      }
    }
    expect(seen.size).toBeGreaterThan(20)
    expect(outside).toEqual([])
  })
})
