import { describe, expect, it } from "vitest"
import {
  POLL_RESULTS_LATER_MS,
  POLL_RESULTS_MS,
  pollRefreshMs
} from "../../../src/interfaces/browser/campaign/pollRefresh.ts"

const HOUR = 60 * 60_000
const NOW = Date.parse("2026-11-26T10:00:00Z")

describe("how often a campaign's polls are asked again", () => {
  it("every 5 seconds while one was sent in the last hour, or its send time is not known yet", () => {
    expect(pollRefreshMs([NOW - 10_000], NOW)).toBe(POLL_RESULTS_MS)
    expect(pollRefreshMs([NOW - 2 * HOUR, NOW - HOUR + 1], NOW)).toBe(POLL_RESULTS_MS)
    expect(pollRefreshMs([NOW - 2 * HOUR, null], NOW)).toBe(POLL_RESULTS_MS)
  })

  it("every minute once every poll of the campaign is older than an hour (a finished campaign)", () => {
    expect(pollRefreshMs([NOW - HOUR], NOW)).toBe(POLL_RESULTS_LATER_MS)
    expect(pollRefreshMs([NOW - 3 * HOUR, NOW - 30 * HOUR], NOW)).toBe(POLL_RESULTS_LATER_MS)
    expect(POLL_RESULTS_LATER_MS).toBe(60_000)
  })
})
