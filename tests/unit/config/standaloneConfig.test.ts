import { chmodSync, mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs"
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
  it("GATEWAY_WEBHOOK_SECRET is optional (null by default) and at least 32 characters when set", () => {
    expect(configOf({ HERALD_DATA_DIR: join(dataDir(), "data") }).webhookSecret).toBeNull()
    const secret = "whsec-0123456789abcdef0123456789abcdef"
    expect(configOf({ HERALD_DATA_DIR: join(dataDir(), "data"), GATEWAY_WEBHOOK_SECRET: secret }).webhookSecret).toBe(
      secret
    )
    const problems = problemsOf({ HERALD_DATA_DIR: join(dataDir(), "data"), GATEWAY_WEBHOOK_SECRET: "too-short" })
    expect(problems).toMatch(/GATEWAY_WEBHOOK_SECRET must be at least 32 characters/)
    expect(problems).not.toContain("too-short")
  })

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

  it("an existing data folder open to others (0755) becomes its owner's only, and so does a kept AUTH_SECRET (0644)", () => {
    const dir = join(dataDir(), "data")
    mkdirSync(dir, { mode: 0o755 })
    chmodSync(dir, 0o755)
    const secret = "s".repeat(40)
    writeFileSync(join(dir, "auth-secret"), `${secret}\n`, { mode: 0o644 })
    chmodSync(join(dir, "auth-secret"), 0o644)
    const config = configOf({ HERALD_DATA_DIR: dir })
    expect(config.authSecret.value).toBe(secret)
    expect(statSync(dir).mode & 0o777).toBe(0o700)
    expect(statSync(join(dir, "auth-secret")).mode & 0o777).toBe(0o600)
    // with AUTH_SECRET given and DATABASE_URL set the folder still holds mail and sandbox files
    chmodSync(dir, 0o755)
    configOf({ HERALD_DATA_DIR: dir, AUTH_SECRET: "x".repeat(32), DATABASE_URL: "mongodb://db.example.org/herald" })
    expect(statSync(dir).mode & 0o777).toBe(0o700)
  })

  it("refuses a shared folder (sticky, like /tmp) rather than closing it to everyone else", () => {
    const shared = dataDir()
    chmodSync(shared, 0o1777)
    expect(problemsOf({ HERALD_DATA_DIR: shared })).toMatch(
      /HERALD_DATA_DIR .+ is a shared folder \(the file system root, or sticky like \/tmp\): give Herald a folder of its own/
    )
    expect(statSync(shared).mode & 0o7777).toBe(0o1777)
    expect(problemsOf({ HERALD_DATA_DIR: "/" })).toMatch(/HERALD_DATA_DIR \/ is a shared folder/)
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
    expect(
      configOf({
        HERALD_DATA_DIR: dataDir(),
        MAIL_SMTP_URL: "smtp://u:p@mail:587",
        FROM_EMAIL: "a@b.org",
        ADMIN_EMAIL: "c@d.org"
      }).mail
    ).toEqual({ kind: "smtp", url: "smtp://u:p@mail:587" })
  })

  it("without AUTH_URL, mutations are accepted from its own port on every loopback name; with AUTH_URL, from that origin only", () => {
    expect(configOf({ HERALD_DATA_DIR: dataDir(), PORT: "9090" }).allowedOrigins).toEqual([
      "http://localhost:9090",
      "http://127.0.0.1:9090",
      "http://[::1]:9090"
    ])
    expect(configOf({ HERALD_DATA_DIR: dataDir() }).allowedOrigins).toEqual([
      "http://localhost:8080",
      "http://127.0.0.1:8080",
      "http://[::1]:8080"
    ])
    const behindProxy = configOf({ HERALD_DATA_DIR: dataDir(), PORT: "9090", AUTH_URL: "https://herald.example.org" })
    expect(behindProxy.allowedOrigins).toEqual(["https://herald.example.org"])
    expect(configOf({ HERALD_DATA_DIR: dataDir(), AUTH_URL: "http://localhost:8080/herald" }).allowedOrigins).toEqual([
      "http://localhost:8080"
    ])
  })

  it("TRUST_PROXY: 0 by default, a number of proxies when set", () => {
    expect(configOf({ HERALD_DATA_DIR: dataDir() }).trustProxy).toBe(0)
    expect(configOf({ HERALD_DATA_DIR: dataDir(), TRUST_PROXY: "1" }).trustProxy).toBe(1)
    expect(problemsOf({ HERALD_DATA_DIR: dataDir(), TRUST_PROXY: "yes" })).toMatch(
      /TRUST_PROXY must be the number of proxies/
    )
  })

  it("per-user quota: 100 open campaigns and 10,000 pending messages by default, or MAX_OPEN_CAMPAIGNS_PER_USER and MAX_PENDING_MESSAGES_PER_USER", () => {
    expect(configOf({ HERALD_DATA_DIR: dataDir() }).quota).toEqual({
      maxOpenCampaigns: 100,
      maxPendingMessages: 10_000
    })
    expect(
      configOf({ HERALD_DATA_DIR: dataDir(), MAX_OPEN_CAMPAIGNS_PER_USER: "3", MAX_PENDING_MESSAGES_PER_USER: "40" })
        .quota
    ).toEqual({ maxOpenCampaigns: 3, maxPendingMessages: 40 })
  })

  it.each([
    [{ MAX_OPEN_CAMPAIGNS_PER_USER: "0" }, /MAX_OPEN_CAMPAIGNS_PER_USER must be at least 1/],
    [{ MAX_PENDING_MESSAGES_PER_USER: "lots" }, /MAX_PENDING_MESSAGES_PER_USER must be a whole number/],
    [{ GATEWAY_API_URL: "http://waha:3000" }, /GATEWAY_API_URL and GATEWAY_API_KEY go together/],
    [{ MAIL_API_KEY: "key-abc" }, /MAIL_API_KEY and MAIL_DOMAIN go together/],
    [
      { MAIL_API_KEY: "key-abc", MAIL_DOMAIN: "mg.example.org", ADMIN_EMAIL: "a@b.org" },
      /FROM_EMAIL is required to send real mail/
    ],
    [{ MAIL_SMTP_URL: "smtp://u:p@mail:587", FROM_EMAIL: "a@b.org" }, /ADMIN_EMAIL is required to send real mail/],
    [{ AUTH_SECRET: "short" }, /AUTH_SECRET must be at least 32 characters/],
    [{ DATABASE_URL: "mongodb://herald:p@ss@db/herald" }, /DATABASE_URL/],
    [
      { HERALD_DATA_DIR: "/proc/herald/data" },
      /HERALD_DATA_DIR \/proc\/herald\/data cannot be made readable by its owner only \(.+\): choose a folder this account owns/
    ]
  ])("%j is refused with a clear message", (env, message) => {
    expect(problemsOf({ HERALD_DATA_DIR: dataDir(), ...env })).toMatch(message)
  })
})
