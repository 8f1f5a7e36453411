// Builds the scheduler process into one file, dist/scheduler.mjs, with rolldown (which vite
// already brings): minified and tree-shaken, so the process compiles and keeps only the code it
// runs rather than every module of effect, zod and the driver it imports (issue 24 item 3).
// Node's builtins stay imports; so does the mongodb driver (optional native parts it loads lazily).
import { rmSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { build } from "rolldown"

const root = fileURLToPath(new URL("..", import.meta.url))
const started = performance.now()
rmSync(join(root, "dist/scheduler.mjs"), { force: true })
await build({
  input: join(root, "src/interfaces/scheduler/main.ts"),
  platform: "node",
  external: [/^node:/, /^mongodb($|\/)/],
  output: { file: join(root, "dist/scheduler.mjs"), format: "esm", minify: true },
  logLevel: "warn"
})
console.log(`Built dist/scheduler.mjs in ${((performance.now() - started) / 1000).toFixed(1)} s`)
