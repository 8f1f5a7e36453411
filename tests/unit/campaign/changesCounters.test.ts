import { describe, expect, it } from "vitest"
import { changesCounters } from "../../../src/application/ports/CampaignRepository.ts"

const scheduled = {
  isDeleted: false,
  isSent: false,
  deliveredAt: null,
  status: "SCHEDULED",
  scheduledAt: 1_000,
  resentAs: null
} as const

describe("changesCounters: which message saves recount the campaign", () => {
  it("a new view, a pick, a send, a delete and a new time do", () => {
    expect(changesCounters(null, scheduled)).toBe(true)
    expect(changesCounters(scheduled, { ...scheduled, status: "PICKED" })).toBe(true)
    expect(changesCounters({ ...scheduled, status: "PICKED" }, { ...scheduled, status: "SENT", isSent: true })).toBe(
      true
    )
    expect(changesCounters(scheduled, { ...scheduled, isDeleted: true, status: "DELETED" })).toBe(true)
    expect(changesCounters(scheduled, { ...scheduled, scheduledAt: 2_000 })).toBe(true)
  })

  it("only a message's first delivery does; later receipts and unchanged views do not", () => {
    const sent = { ...scheduled, status: "SENT", isSent: true } as const
    expect(changesCounters(sent, { ...sent, deliveredAt: 5_000 })).toBe(true)
    expect(changesCounters({ ...sent, deliveredAt: 5_000 }, { ...sent, deliveredAt: 6_000 })).toBe(false)
    expect(changesCounters(sent, sent)).toBe(false)
  })

  it("a message sent again does: its resend takes its place in the counts", () => {
    const failed = { ...scheduled, status: "FAILED" } as const
    expect(changesCounters(failed, { ...failed, resentAs: "m2" })).toBe(true)
    expect(changesCounters({ ...failed, resentAs: "m2" }, { ...failed, resentAs: "m3" })).toBe(true)
  })
})
