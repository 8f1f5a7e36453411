// Builds the browser app (src/interfaces/browser → dist/browser) with Vite. With `--if-stale` it
// builds only when dist/browser is missing or was built from other sources: `npm start` and the
// tests call it that way, so a fresh clone needs no separate build step (docs/browser-app.md "Build and serving").
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs"
import { join, relative } from "node:path"
import process from "node:process"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const appDir = join(root, "src/interfaces/browser")
const outDir = join(root, "dist/browser")
const stampFile = join(outDir, ".source-hash")

const filesUnder = (dir: string): ReadonlyArray<string> =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)]
  )

/**
 * What the build depends on: the app's files, the domain and application code it may import
 * (constants, the recurrence rules; a change there must reach the bundle), and the exact versions
 * of its packages. Hashing a little more than the bundle reads costs a rebuild of two seconds.
 */
const sources = (): ReadonlyArray<string> => [
  ...filesUnder(appDir),
  ...filesUnder(join(root, "src/domain")),
  ...filesUnder(join(root, "src/application")),
  join(root, "package-lock.json")
]

const sourceHash = (): string => {
  const hash = createHash("sha256")
  for (const file of [...sources()].sort()) {
    hash.update(relative(root, file)).update("\0").update(readFileSync(file)).update("\0")
  }
  return hash.digest("hex")
}

const ifStale = process.argv.includes("--if-stale")
const wanted = sourceHash()
if (
  ifStale &&
  existsSync(join(outDir, "index.html")) &&
  existsSync(stampFile) &&
  readFileSync(stampFile, "utf8") === wanted
) {
  process.exit(0)
}
console.log("Building the browser app (dist/browser)…")
// always a production build: under vitest NODE_ENV is "test", which would bundle React's development build
process.env.NODE_ENV = "production"
const { build } = await import("vite")
await build({ configFile: join(appDir, "vite.config.ts"), mode: "production", logLevel: "warn" })
writeFileSync(stampFile, wanted)
console.log("Built the browser app.")
