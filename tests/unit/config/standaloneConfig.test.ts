import { mkdtempSync, readFileSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { loadStandaloneConfig } from "../../../src/infrastructure/config/standaloneConfig.ts"

const dataDir = () => mkdtempSync(join(tmpdir(), "herald-cfg-"))

const configOf = (env: Record<string, string>) => {
  const loaded = loadStandaloneConfig(env)
  if (!loaded.ok) throw new Error(loaded.problems.join("; "))
  return loaded.config
}
const problemsOf = (env: Record<string, string>) => {
  const loaded = loadStandaloneConfig(env)
  if (loaded.ok) throw new Error("expected problems")
  return loaded.problems.join("\n")
}

describe("loadStandaloneConfig", () => {
  it("with nothing set: SQLite, sandbox gateway, mail as files, the first account as admin, a kept AUTH_SECRET", () => {
    const dir = join(dataDir(), "data")
    const config = configOf({ HERALD_DATA_DIR: dir })
    // made for its owner only: it holds password hashes and reset links
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(config).toMatchObject({
      port: 8080,
      host: "127.0.0.1",
      authUrl: "http://localhost:8080",
      store: { kind: "sqlite", path: join(dir, "herald.db") },
      gateway: { kind: "sandbox", dir: join(dir, "sandbox"), connectAfterMs: 5_000 },
      mail: { kind: "files", dir: join(dir, "mail") },
      adminEmail: null,
      requireApproval: true,
      pollIntervalMs: 30_000
    })
    const secretFile = join(dir, "auth-secret")
    expect(config.authSecret).toEqual({ value: readFileSync(secretFile, "utf8").trim(), generatedIn: secretFile })
    expect(config.authSecret.value.length).toBeGreaterThanOrEqual(32)
    expect(statSync(secretFile).mode & 0o777).toBe(0o600)
    // the next start keeps it
    expect(configOf({ HERALD_DATA_DIR: dir }).authSecret.value).toBe(config.authSecret.value)
  })

  it("each real variable switches its part", () => {
    const config = configOf({
      HERALD_DATA_DIR: dataDir(),
      DATABASE_URL: "mongodb://herald:s3cr%40t@db.example.org/herald",
      GATEWAY_API_URL: "http://waha:3000",
      GATEWAY_API_KEY: "k",
      MAIL_API_KEY: "key-abc",
      MAIL_DOMAIN: "mg.example.org",
      FROM_EMAIL: "herald@mg.example.org",
      ADMIN_EMAIL: "Boss@Example.org",
      AUTH_SECRET: "x".repeat(32)
    })
    expect(config).toMatchObject({
      store: { kind: "mongo" },
      gateway: { kind: "waha", url: "http://waha:3000", apiKey: "k" },
      mail: { kind: "api", apiKey: "key-abc", domain: "mg.example.org", baseUrl: null },
      adminEmail: "boss@example.org",
      authSecret: { generatedIn: null }
    })
    expect(config.store.kind === "mongo" && config.store.redacted).not.toContain("s3cr")
    expect(configOf({ HERALD_DATA_DIR: dataDir(), MAIL_SMTP_URL: "smtp://u:p@mail:587", FROM_EMAIL: "a@b.org", ADMIN_EMAIL: "c@d.org" }).mail).toEqual({ kind: "smtp", url: "smtp://u:p@mail:587" })
  })

  it("per-user quota: 100 open campaigns and 10,000 pending messages by default, or MAX_OPEN_CAMPAIGNS_PER_USER and MAX_PENDING_MESSAGES_PER_USER", () => {
    expect(configOf({ HERALD_DATA_DIR: dataDir() }).quota).toEqual({ maxOpenCampaigns: 100, maxPendingMessages: 10_000 })
    expect(configOf({ HERALD_DATA_DIR: dataDir(), MAX_OPEN_CAMPAIGNS_PER_USER: "3", MAX_PENDING_MESSAGES_PER_USER: "40" }).quota)
      .toEqual({ maxOpenCampaigns: 3, maxPendingMessages: 40 })
  })

  it.each([
    [{ MAX_OPEN_CAMPAIGNS_PER_USER: "0" }, /MAX_OPEN_CAMPAIGNS_PER_USER must be at least 1/],
    [{ MAX_PENDING_MESSAGES_PER_USER: "lots" }, /MAX_PENDING_MESSAGES_PER_USER must be a whole number/],
    [{ GATEWAY_API_URL: "http://waha:3000" }, /GATEWAY_API_URL and GATEWAY_API_KEY go together/],
    [{ MAIL_API_KEY: "key-abc" }, /MAIL_API_KEY and MAIL_DOMAIN go together/],
    [{ MAIL_API_KEY: "key-abc", MAIL_DOMAIN: "mg.example.org", ADMIN_EMAIL: "a@b.org" }, /FROM_EMAIL is required to send real mail/],
    [{ MAIL_SMTP_URL: "smtp://u:p@mail:587", FROM_EMAIL: "a@b.org" }, /ADMIN_EMAIL is required to send real mail/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must be at least 32 characters/],
    [{ DATABASE_URL: "mongodb://herald:p@ss@db/herald" }, /DATABASE_URL/]
  ])("%j is refused with a clear message", (env, message) => {
    expect(problemsOf({ HERALD_DATA_DIR: dataDir(), ...env })).toMatch(message)
  })
})
