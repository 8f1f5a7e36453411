import { describe, expect, it } from "vitest"
import { loadSchedulerConfig } from "../../../src/infrastructure/config/schedulerConfig.ts"

const valid = {
  DATABASE_URL: "mongodb://herald:s3cr%40t@db.example.org:27017/herald",
  GATEWAY_API_URL: "https://waha.example.org",
  GATEWAY_API_KEY: "waha-key-SECRET"
}

describe("loadSchedulerConfig", () => {
  it("needs only the three variables and applies the defaults", () => {
    const loaded = loadSchedulerConfig(valid)
    expect(loaded).toMatchObject({
      ok: true,
      config: {
        gatewayUrl: "https://waha.example.org",
        gatewayApiKey: "waha-key-SECRET",
        pollIntervalMs: 30_000,
        leaseMs: 300_000,
        sendTimeoutMs: 30_000,
        sessionConcurrency: 100,
        databaseTimeoutMs: 30_000
      }
    })
    if (loaded.ok) expect(loaded.config.databaseUrlRedacted).not.toContain("s3cr")
  })

  it("reads the optional tuning variables", () => {
    const loaded = loadSchedulerConfig({
      ...valid,
      SCHEDULER_POLL_INTERVAL_MS: "500",
      SCHEDULER_SESSION_CONCURRENCY: "8",
      SCHEDULER_DATABASE_TIMEOUT_MS: "5000"
    })
    expect(loaded).toMatchObject({
      ok: true,
      config: { pollIntervalMs: 500, sessionConcurrency: 8, databaseTimeoutMs: 5_000 }
    })
  })

  it("lists every problem at once, without echoing any value", () => {
    const loaded = loadSchedulerConfig({
      DATABASE_URL: "mongodb://herald:pa ss@db/herald",
      GATEWAY_API_URL: "waha.example.org/",
      GATEWAY_API_KEY: "",
      SCHEDULER_POLL_INTERVAL_MS: "soon"
    })
    expect(loaded.ok).toBe(false)
    if (loaded.ok) return
    const text = loaded.problems.join("\n")
    expect(loaded.problems).toHaveLength(5)
    expect(text).toMatch(/GATEWAY_API_KEY is required/)
    expect(text).toMatch(/GATEWAY_API_URL must start with http:\/\/ or https:\/\//)
    expect(text).toMatch(/GATEWAY_API_URL must not end with a slash/)
    expect(text).toMatch(/SCHEDULER_POLL_INTERVAL_MS must be a whole number/)
    expect(text).toMatch(/DATABASE_URL: .*space/)
    expect(text).not.toContain("pa ss")
  })

  it("treats empty values as unset", () => {
    const loaded = loadSchedulerConfig({ ...valid, SCHEDULER_LEASE_MS: "" })
    expect(loaded).toMatchObject({ ok: true, config: { leaseMs: 300_000 } })
  })
})
