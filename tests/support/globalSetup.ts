import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import type { TestProject } from "vitest/node"
import { ferretDbAvailable, startFerretDb } from "./ferretdb.ts"
import { MONGO_SKIP_REASON } from "./mongoProvided.ts"

/**
 * Provides `mongoUrl` to every test file (read it with `mongoTestUrl()` from ./mongo.ts):
 * MONGODB_TEST_URL when set (any MongoDB-protocol server, e.g. a real MongoDB); otherwise a
 * FerretDB v1 started here for the whole run (built from the Go module proxy when needed);
 * otherwise null, and the Mongo suites say they are skipped (never under CI=true).
 */
export default async function setup(project: TestProject) {
  // the processes the tests start serve the browser app from dist/browser: build it when stale
  execFileSync(
    process.execPath,
    [fileURLToPath(new URL("../../tools/buildBrowserApp.ts", import.meta.url)), "--if-stale"],
    { stdio: "inherit" }
  )
  const external = process.env.MONGODB_TEST_URL
  if (external !== undefined && external !== "") {
    project.provide("mongoUrl", external)
    return
  }
  if (!ferretDbAvailable()) {
    // CI always runs the Mongo suites: a machine without Go there is a broken CI, not a skip.
    if (process.env.CI === "true")
      throw new Error(`[herald tests] CI=true but the Mongo suites would be ${MONGO_SKIP_REASON}`)
    project.provide("mongoUrl", null)
    console.warn(`[herald tests] Mongo suites ${MONGO_SKIP_REASON}`)
    return
  }
  const ferret = await startFerretDb()
  project.provide("mongoUrl", ferret.url)
  return async () => {
    await ferret.stop()
  }
}
