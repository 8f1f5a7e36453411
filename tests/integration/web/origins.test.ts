import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterEach, describe, expect, it } from "vitest"
import { loadStandaloneConfig } from "../../../src/infrastructure/config/standaloneConfig.ts"
import { failure } from "../../support/webClient.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { startTestWeb } from "../../support/webHarness.ts"

const started: Array<TestWeb> = []
const dirs: Array<string> = []
afterEach(async () => {
  for (const web of started.splice(0)) await web.close()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

/** The origins `npm start` accepts mutations from, for this environment. */
const standaloneOrigins = (env: Record<string, string>): ReadonlyArray<string> => {
  const dir = mkdtempSync(join(tmpdir(), "herald-origins-"))
  dirs.push(dir)
  const loaded = loadStandaloneConfig({ HERALD_DATA_DIR: dir, ...env })
  if (!loaded.ok) throw new Error(loaded.problems.join("; "))
  return loaded.config.allowedOrigins
}

/** The status of a failed sign-in sent with `origin`: 401 when the origin is accepted, 403 when refused as cross-site. */
const signInStatus = async (web: TestWeb, origin: string) =>
  (
    await failure(
      web.client({ origin }).api.auth.signIn.mutate({ email: "nobody@example.com", password: "not the password" })
    )
  ).status

describe("CSRF: the origins mutations are accepted from", () => {
  it("standalone without AUTH_URL: its port on localhost, 127.0.0.1 and [::1]; nothing else", async () => {
    const allowedOrigins = standaloneOrigins({ PORT: "8080" })
    const web = await startTestWeb({ kind: "memory" }, {}, { authUrl: "http://localhost:8080", allowedOrigins })
    started.push(web)
    for (const origin of ["http://localhost:8080", "http://127.0.0.1:8080", "http://[::1]:8080"]) {
      expect(await signInStatus(web, origin), origin).toBe(401)
    }
    for (const origin of [
      "http://localhost:8081",
      "https://localhost:8080",
      "http://127.0.0.2:8080",
      "http://0.0.0.0:8080",
      "http://localhost",
      "http://evil.example",
      "http://localhost.evil.example:8080",
      "null"
    ]) {
      expect(await signInStatus(web, origin), origin).toBe(403)
    }
  })

  it("standalone with AUTH_URL: that origin only, no loopback name", async () => {
    const allowedOrigins = standaloneOrigins({ PORT: "8080", AUTH_URL: "https://herald.example.org" })
    const web = await startTestWeb({ kind: "memory" }, {}, { authUrl: "https://herald.example.org", allowedOrigins })
    started.push(web)
    expect(await signInStatus(web, "https://herald.example.org")).toBe(401)
    for (const origin of [
      "http://localhost:8080",
      "http://127.0.0.1:8080",
      "http://[::1]:8080",
      "http://herald.example.org"
    ]) {
      expect(await signInStatus(web, origin), origin).toBe(403)
    }
  })

  it("web application (no list given): AUTH_URL's origin only", async () => {
    const web = await startTestWeb({ kind: "memory" }, {}, { authUrl: "http://localhost:8080" })
    started.push(web)
    expect(await signInStatus(web, "http://localhost:8080")).toBe(401)
    expect(await signInStatus(web, "http://127.0.0.1:8080")).toBe(403)
  })
})
