import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { NAMED_SESSIONS_UNSUPPORTED } from "../../src/application/ports/GatewayPort.ts"
import { GATEWAY_WITHOUT_KEY } from "../../src/application/session/gatewayAtStart.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { closedPort } from "../support/net.ts"
import { schedulerEntry, standaloneEntry, startProcess, webEntry } from "../support/processes.ts"

// The processes read the gateway's version before anything else: refusing needs no database.
const UNREACHED_DATABASE = "mongodb://herald:pw@127.0.0.1:1/herald"

const dirs: Array<string> = []
let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  for (const d of dirs) rmSync(d, { recursive: true, force: true })
})

const webEnv = () => ({
  DATABASE_URL: UNREACHED_DATABASE,
  GATEWAY_API_URL: fake.url,
  GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
  AUTH_SECRET: "test-secret-0123456789-0123456789-abcdef",
  AUTH_URL: "http://herald.example.test",
  MAIL_API_KEY: "key-test-mail",
  MAIL_DOMAIN: "mg.example.test",
  FROM_EMAIL: "herald@mg.example.test",
  ADMIN_EMAIL: "admin@example.test",
  PORT: "1"
})
const schedulerEnv = () => ({
  DATABASE_URL: UNREACHED_DATABASE,
  GATEWAY_API_URL: fake.url,
  GATEWAY_API_KEY: FAKE_WAHA_API_KEY
})
const standaloneEnv = async () => {
  const dataDir = mkdtempSync(join(tmpdir(), "herald-gateway-start-"))
  dirs.push(dataDir)
  return {
    HERALD_DATA_DIR: dataDir,
    PORT: String(await closedPort()),
    GATEWAY_API_URL: fake.url,
    GATEWAY_API_KEY: FAKE_WAHA_API_KEY
  }
}

describe("at start, every process that talks to WAHA reads its version (GET /api/server/version)", () => {
  const refusals = [
    ["web application", webEntry, async () => webEnv(), "Herald web application cannot start"],
    ["scheduler", schedulerEntry, async () => schedulerEnv(), "Herald scheduler cannot start"],
    ["standalone (GATEWAY_API_URL set)", standaloneEntry, standaloneEnv, "Herald cannot start"]
  ] as const

  for (const [name, entry, env, prefix] of refusals) {
    it(`the ${name} refuses to start on a WAHA Core before 2026.6.1 (only the session default), with one clear line`, async () => {
      fake.setServerVersion({ version: "2025.11.2", tier: "CORE", engine: "NOWEB" })
      try {
        const proc = startProcess(entry, await env())
        expect((await proc.exited).code).toBe(1)
        expect(proc.output()).toContain(
          `${prefix}: gateway: WAHA 2025.11.2 CORE engine NOWEB: ${NAMED_SESSIONS_UNSUPPORTED}`
        )
        expect(proc.output()).not.toContain(FAKE_WAHA_API_KEY)
      } finally {
        fake.setServerVersion({ version: "2026.7.1", tier: "CORE", engine: "WEBJS" })
      }
    }, 30_000)
  }

  it("standalone logs `gateway: WAHA <version> <tier> engine <engine>` and runs on a WAHA with named sessions", async () => {
    fake.setServerVersion({ version: "2026.6.1", tier: "CORE", engine: "GOWS" })
    const proc = startProcess(standaloneEntry, await standaloneEnv())
    try {
      await proc.waitForOutput(/scheduler: in this process/, 30_000)
      expect(proc.output()).toMatch(/gateway: WAHA 2026\.6\.1 CORE engine GOWS/)
      proc.child.kill("SIGTERM")
      expect((await proc.exited).code).toBe(0)
    } finally {
      proc.child.kill("SIGKILL")
      fake.setServerVersion({ version: "2026.7.1", tier: "CORE", engine: "WEBJS" })
    }
  }, 60_000)

  it("a gateway that is down at start does not stop the process: it says so, starts, and logs the version once the gateway answers", async () => {
    await fake.refuse()
    const proc = startProcess(standaloneEntry, await standaloneEnv())
    try {
      await proc.waitForOutput(/scheduler: in this process/, 30_000)
      expect(proc.output()).toMatch(
        /gateway: could not read WAHA's version \(failed to read the gateway's version: connect ECONNREFUSED 127\.0\.0\.1:\d+\); starting anyway/
      )
      await fake.accept()
      await proc.waitForOutput(/gateway: WAHA 2026\.7\.1 CORE engine WEBJS/, 30_000)
      proc.child.kill("SIGTERM")
      expect((await proc.exited).code).toBe(0)
    } finally {
      proc.child.kill("SIGKILL")
      await fake.accept()
    }
  }, 60_000)

  const starts = [
    ["web application", webEntry, async () => webEnv()],
    ["scheduler", schedulerEntry, async () => schedulerEnv()],
    ["standalone (GATEWAY_API_URL set)", standaloneEntry, standaloneEnv]
  ] as const
  for (const [name, entry, env] of starts) {
    it(`the ${name} warns loudly when WAHA answers without its API key, and says nothing of it when WAHA enforces the key`, async () => {
      // the check comes before the version line, so once that line is out the warning is or is not there
      const versionLine = /gateway: WAHA 2026\.7\.1 CORE engine WEBJS/
      const startedOn = async (keyless: boolean) => {
        fake.withoutKey(keyless)
        const proc = startProcess(entry, await env())
        try {
          await proc.waitForOutput(versionLine, 30_000)
          return proc.output()
        } finally {
          proc.child.kill("SIGKILL")
          await proc.exited
        }
      }
      try {
        const open = await startedOn(true)
        expect(open).toContain(GATEWAY_WITHOUT_KEY)
        expect(open).not.toContain(FAKE_WAHA_API_KEY)
        // asked without a key: the request carried none
        const asked = fake.requests.filter((r) => r.path === "/api/sessions" && r.method === "GET")
        expect(asked.length).toBeGreaterThan(0)
        expect(asked.every((r) => !("x-api-key" in r.headers))).toBe(true)
        expect(await startedOn(false)).not.toContain("answers requests that carry no API key")
      } finally {
        fake.withoutKey(false)
      }
    }, 60_000)
  }
})
