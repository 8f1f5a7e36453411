// Builds the scheduler process into one file, dist/scheduler.mjs, with rolldown (which vite
// already brings): minified and tree-shaken, so the process compiles and keeps only the code it
// runs rather than every module of effect, zod and the driver it imports (issue 24 item 3).
// The mongodb driver is bundled too (importing it whole costs ~33 MB resident); the optional
// packages it requires only when configured (kerberos, compression, cloud credentials, client-side
// encryption, SOCKS proxies) stay outside: absent, the driver reports them as not installed, as it
// does unbundled. Node's builtins stay imports.
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
  external: [
    /^node:/,
    "kerberos",
    "@mongodb-js/zstd",
    "@aws-sdk/credential-providers",
    "gcp-metadata",
    "snappy",
    "socks",
    "mongodb-client-encryption"
  ],
  resolve: { alias: { "whatwg-url": join(root, "tools/schedulerBundle/whatwg-url.ts") } },
  // escaped, the source stays one byte a character in V8 (one non-ASCII character makes it two)
  output: { file: join(root, "dist/scheduler.mjs"), format: "esm", minify: true, charset: "ascii" },
  logLevel: "warn"
})
console.log(`Built dist/scheduler.mjs in ${((performance.now() - started) / 1000).toFixed(1)} s`)
