import { describe, expect, it } from "vitest"
import { loadWebConfig } from "../../../src/infrastructure/config/webConfig.ts"

const valid = {
  DATABASE_URL: "mongodb://herald:s3cr%40t@db.example.org:27017/herald",
  GATEWAY_API_URL: "https://waha.example.org",
  GATEWAY_API_KEY: "waha-key-SECRET",
  AUTH_SECRET: "0123456789abcdef0123456789abcdef-SECRET",
  AUTH_URL: "https://herald.example.org",
  MAIL_API_KEY: "key-MAILSECRET",
  MAIL_DOMAIN: "mg.example.org",
  FROM_EMAIL: "herald@mg.example.org",
  ADMIN_EMAIL: "Admin@Example.org"
}

const problemsOf = (env: Record<string, string | undefined>) => {
  const loaded = loadWebConfig(env)
  if (loaded.ok) throw new Error("expected problems")
  return loaded.problems
}

describe("loadWebConfig", () => {
  it("GATEWAY_WEBHOOK_SECRET is optional (null: no webhooks), at least 32 characters when set, and never echoed", () => {
    expect(loadWebConfig(valid)).toMatchObject({ ok: true, config: { webhookSecret: null } })
    const secret = "whsec-0123456789abcdef0123456789abcdef"
    expect(loadWebConfig({ ...valid, GATEWAY_WEBHOOK_SECRET: secret })).toMatchObject({
      ok: true,
      config: { webhookSecret: secret }
    })
    const problems = problemsOf({ ...valid, GATEWAY_WEBHOOK_SECRET: "short-WEBHOOK-SECRET" })
    expect(problems.join("\n")).toMatch(/GATEWAY_WEBHOOK_SECRET must be at least 32 characters/)
    expect(problems.join("\n")).not.toContain("short-WEBHOOK-SECRET")
  })

  it("accepts the nine required variables and applies the defaults", () => {
    const loaded = loadWebConfig(valid)
    expect(loaded).toMatchObject({
      ok: true,
      config: {
        authUrl: "https://herald.example.org",
        adminEmail: "admin@example.org",
        adminPhoneNumber: null,
        showFooter: true,
        port: 8080,
        requireApproval: true
      }
    })
  })

  it('reads the optional ones: ADMIN_PHONE_NUMBER, PUBLIC_SHOW_FOOTER (only "false" hides), PORT, REQUIRE_APPROVAL', () => {
    expect(
      loadWebConfig({
        ...valid,
        ADMIN_PHONE_NUMBER: "+15551234567",
        PUBLIC_SHOW_FOOTER: "false",
        PORT: "3001",
        REQUIRE_APPROVAL: "false"
      })
    ).toMatchObject({
      ok: true,
      config: { adminPhoneNumber: "+15551234567", showFooter: false, port: 3001, requireApproval: false }
    })
    expect(loadWebConfig({ ...valid, PUBLIC_SHOW_FOOTER: "no" })).toMatchObject({
      ok: true,
      config: { showFooter: true }
    })
  })

  it("TRUST_PROXY: the number of trusted proxies, 0 (none: X-Forwarded-For is ignored) by default", () => {
    expect(loadWebConfig(valid)).toMatchObject({ ok: true, config: { trustProxy: 0 } })
    expect(loadWebConfig({ ...valid, TRUST_PROXY: "1" })).toMatchObject({ ok: true, config: { trustProxy: 1 } })
    expect(loadWebConfig({ ...valid, TRUST_PROXY: "2" })).toMatchObject({ ok: true, config: { trustProxy: 2 } })
    for (const bad of ["true", "-1", "1.5", "one", "0x1", "1e1"]) {
      expect(problemsOf({ ...valid, TRUST_PROXY: bad }).join("\n"), bad).toMatch(
        /TRUST_PROXY must be the number of proxies/
      )
    }
  })

  it("per-user quota: 100 open campaigns and 10,000 pending messages by default, or MAX_OPEN_CAMPAIGNS_PER_USER and MAX_PENDING_MESSAGES_PER_USER", () => {
    expect(loadWebConfig(valid)).toMatchObject({
      ok: true,
      config: { quota: { maxOpenCampaigns: 100, maxPendingMessages: 10_000 } }
    })
    expect(
      loadWebConfig({ ...valid, MAX_OPEN_CAMPAIGNS_PER_USER: "5", MAX_PENDING_MESSAGES_PER_USER: "250000" })
    ).toMatchObject({ ok: true, config: { quota: { maxOpenCampaigns: 5, maxPendingMessages: 250_000 } } })
  })

  it("names every missing variable at once", () => {
    const problems = problemsOf({})
    for (const name of [
      "DATABASE_URL",
      "GATEWAY_API_URL",
      "GATEWAY_API_KEY",
      "AUTH_SECRET",
      "AUTH_URL",
      "MAIL_API_KEY",
      "MAIL_DOMAIN",
      "FROM_EMAIL",
      "ADMIN_EMAIL"
    ]) {
      expect(problems.join("\n")).toContain(`${name} is required`)
    }
  })

  it.each([
    [{ AUTH_SECRET: "short-SECRET" }, /AUTH_SECRET must be at least 32 characters/],
    [{ AUTH_URL: "herald.example.org" }, /AUTH_URL must start with http:\/\/ or https:\/\//],
    [{ AUTH_URL: "https://herald.example.org/" }, /AUTH_URL must not end with a slash/],
    [{ GATEWAY_API_URL: "http://waha:3000/" }, /GATEWAY_API_URL must not end with a slash/],
    [{ MAIL_API_KEY: "MAILSECRET" }, /MAIL_API_KEY must start with key-/],
    [{ FROM_EMAIL: "herald@other.org" }, /FROM_EMAIL must be an address at MAIL_DOMAIN/],
    [{ ADMIN_EMAIL: "not-an-address" }, /ADMIN_EMAIL must be an e-mail address/],
    [{ ADMIN_PHONE_NUMBER: "+1 555 123" }, /ADMIN_PHONE_NUMBER must be \+ and the country code/],
    [{ ADMIN_PHONE_NUMBER: "15551234567" }, /ADMIN_PHONE_NUMBER must be \+/],
    [{ REQUIRE_APPROVAL: "yes" }, /REQUIRE_APPROVAL must be true or false/],
    [{ MAX_OPEN_CAMPAIGNS_PER_USER: "0" }, /MAX_OPEN_CAMPAIGNS_PER_USER must be at least 1/],
    [{ MAX_OPEN_CAMPAIGNS_PER_USER: "ten" }, /MAX_OPEN_CAMPAIGNS_PER_USER must be a whole number/],
    [{ MAX_PENDING_MESSAGES_PER_USER: "-5" }, /MAX_PENDING_MESSAGES_PER_USER must be at least 1/],
    [{ MAX_PENDING_MESSAGES_PER_USER: "1.5" }, /MAX_PENDING_MESSAGES_PER_USER must be a whole number/],
    [{ DATABASE_URL: "mongodb://herald:p@ss@db/herald" }, /DATABASE_URL/]
  ])("rejects %j with a message saying how to fix it", (override, message) => {
    expect(problemsOf({ ...valid, ...override }).join("\n")).toMatch(message)
  })

  it("never echoes a secret in its problems", () => {
    const problems = problemsOf({
      ...valid,
      AUTH_SECRET: "tooshort-hush",
      MAIL_API_KEY: "MAILhush",
      DATABASE_URL: "mongodb://herald:pa ss-hush@db/herald",
      FROM_EMAIL: "x@elsewhere.org"
    }).join("\n")
    expect(problems).not.toMatch(/hush/)
    expect(problems).not.toContain("waha-key")
  })
})
