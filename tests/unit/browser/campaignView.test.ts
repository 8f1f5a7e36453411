import "../../support/englishWords.ts"
import { describe, expect, it } from "vitest"
import type { CampaignStatus, MessageStatus } from "../../../src/interfaces/browser/campaignView.ts"
import {
  campaignPollInterval,
  canCancel,
  canPause,
  canResume,
  countedMessages,
  deliveryWords,
  FAST_POLL_MS,
  gapText,
  instantFromLocal,
  isChangeable,
  LIST_FAST_POLL_MS,
  listPollInterval,
  localDateAndTime,
  messageStatusWords,
  outcomeUnknownExplanation,
  resumeOutlook,
  SLOW_POLL_MS,
  stillWaiting
} from "../../../src/interfaces/browser/campaignView.ts"

const now = Date.parse("2026-05-01T10:00:00Z")
const at = (offsetMs: number) => new Date(now + offsetMs).toISOString()
const campaign = (status: CampaignStatus, ...messages: Array<[MessageStatus, number]>) => ({
  status,
  messages: messages.map(([s, offset]) => ({ status: s, scheduledAt: at(offset) }))
})

describe("campaignPollInterval: how often the campaign page asks again", () => {
  it("asks every 2 s while a message is being sent", () => {
    expect(
      campaignPollInterval(
        campaign("IN_PROGRESS", ["SENT", -60_000], ["PICKED", -1_000], ["SCHEDULED", 3_600_000]),
        now
      )
    ).toBe(FAST_POLL_MS)
  })

  it("asks every 2 s when a message is due within 2 minutes, or overdue and not picked yet", () => {
    expect(campaignPollInterval(campaign("SCHEDULED", ["SCHEDULED", 119_000]), now)).toBe(FAST_POLL_MS)
    expect(campaignPollInterval(campaign("SCHEDULED", ["SCHEDULED", -5_000]), now)).toBe(FAST_POLL_MS)
  })

  it("asks every 30 s for a message long overdue (no scheduler running): it will not be sent now", () => {
    expect(campaignPollInterval(campaign("SCHEDULED", ["SCHEDULED", -10 * 60_000]), now)).toBe(SLOW_POLL_MS)
  })

  it("asks every 30 s while messages are planned further ahead", () => {
    expect(campaignPollInterval(campaign("SCHEDULED", ["SCHEDULED", 121_000], ["SCHEDULED", 86_400_000]), now)).toBe(
      SLOW_POLL_MS
    )
    expect(
      campaignPollInterval(campaign("IN_PROGRESS", ["SENT", -60_000], ["DELETED", 10_000], ["SCHEDULED", 600_000]), now)
    ).toBe(SLOW_POLL_MS)
  })

  it("keeps following a FAILED campaign while it has messages to send", () => {
    expect(campaignPollInterval(campaign("FAILED", ["FAILED", -60_000], ["SCHEDULED", 30_000]), now)).toBe(FAST_POLL_MS)
    expect(campaignPollInterval(campaign("FAILED", ["FAILED", -60_000], ["SCHEDULED", 3_600_000]), now)).toBe(
      SLOW_POLL_MS
    )
  })

  it("stops once nothing is left to send", () => {
    expect(campaignPollInterval(campaign("COMPLETED", ["SENT", -60_000]), now)).toBe(false)
    expect(campaignPollInterval(campaign("CANCELLED", ["SENT", -60_000], ["CANCELLED", 60_000]), now)).toBe(false)
    expect(campaignPollInterval(campaign("FAILED", ["FAILED", -60_000], ["CANCELLED", 60_000]), now)).toBe(false)
    expect(campaignPollInterval(campaign("FAILED", ["OUTCOME_UNKNOWN", -600_000], ["MISSED", -300_000]), now)).toBe(
      false
    )
  })

  it("asks slowly while an unfinished campaign has nothing planned (its last send being recorded)", () => {
    expect(campaignPollInterval(campaign("IN_PROGRESS", ["SENT", -10 * 60_000]), now)).toBe(SLOW_POLL_MS)
  })

  it("asks every 2 s while a message just sent (a resend) is not yet reflected in the campaign's status", () => {
    expect(campaignPollInterval(campaign("IN_PROGRESS", ["SENT", -1_000]), now)).toBe(FAST_POLL_MS)
    expect(campaignPollInterval(campaign("FAILED", ["FAILED", -60_000], ["SENT", -1_000]), now)).toBe(FAST_POLL_MS)
    expect(campaignPollInterval(campaign("COMPLETED", ["FAILED", -60_000], ["SENT", -1_000]), now)).toBe(false)
  })

  it("does not ask before there is anything", () => {
    expect(campaignPollInterval(undefined, now)).toBe(false)
  })
})

describe("listPollInterval: how often the campaign list asks again", () => {
  const item = (status: CampaignStatus, next: number | null) => ({
    status,
    nextScheduledAt: next === null ? null : at(next),
    sentMessages: 0,
    totalMessages: 1
  })

  it("asks every 5 s when a campaign shown has a message due within 2 minutes", () => {
    expect(listPollInterval([item("COMPLETED", null), item("SCHEDULED", 60_000)], now)).toBe(LIST_FAST_POLL_MS)
  })

  it("asks every 5 s while a campaign is sending its last message", () => {
    expect(listPollInterval([item("IN_PROGRESS", null)], now)).toBe(LIST_FAST_POLL_MS)
  })

  it("asks every 30 s while campaigns are planned further ahead, or long overdue", () => {
    expect(
      listPollInterval([item("SCHEDULED", 3_600_000), item("FAILED", 7_200_000), item("CANCELLED", null)], now)
    ).toBe(SLOW_POLL_MS)
    expect(listPollInterval([item("SCHEDULED", -600_000)], now)).toBe(SLOW_POLL_MS)
  })

  it("stops when every campaign is finished", () => {
    expect(listPollInterval([item("COMPLETED", null), item("CANCELLED", null), item("FAILED", null)], now)).toBe(false)
    expect(listPollInterval([], now)).toBe(false)
  })
})

describe("what the campaign page offers", () => {
  it("cancel while something may still be sent", () => {
    expect(canCancel(campaign("SCHEDULED", ["SCHEDULED", 1]))).toBe(true)
    expect(canCancel(campaign("IN_PROGRESS", ["SENT", -1], ["SCHEDULED", 1]))).toBe(true)
    expect(canCancel(campaign("FAILED", ["FAILED", -1], ["SCHEDULED", 1]))).toBe(true)
    expect(canCancel(campaign("FAILED", ["FAILED", -1]))).toBe(false)
    // failed while paused: its held messages can still be cancelled
    expect(canCancel(campaign("FAILED", ["FAILED", -1], ["PAUSED", 1]))).toBe(true)
    expect(canCancel(campaign("COMPLETED", ["SENT", -1]))).toBe(false)
    expect(canCancel(campaign("CANCELLED", ["CANCELLED", 1]))).toBe(false)
  })

  it("receipts in words, a group's count when more than one member", () => {
    const sent = { status: "SENT" as const, isDelivered: true, isRead: false, deliveredCount: 1, readCount: 0 }
    expect(deliveryWords(sent)).toBe("Delivered")
    expect(deliveryWords({ ...sent, deliveredCount: 4 })).toBe("Delivered to 4")
    expect(deliveryWords({ ...sent, isRead: true, readCount: 3 })).toBe("Read by 3")
    expect(deliveryWords({ ...sent, isDelivered: false })).toBeNull()
    expect(deliveryWords({ ...sent, status: "SCHEDULED" })).toBeNull()
  })

  it("the number's Status: how many saw it, nothing before anyone has", () => {
    const status = {
      status: "SENT" as const,
      groupId: "status@broadcast",
      isDelivered: true,
      isRead: true,
      deliveredCount: 5,
      readCount: 3
    }
    expect(deliveryWords(status)).toBe("Seen by 3")
    expect(deliveryWords({ ...status, readCount: 1 })).toBe("Seen by 1")
    expect(deliveryWords({ ...status, isRead: false, readCount: 0 })).toBeNull()
  })
})

describe("date and time inputs in the viewer's zone", () => {
  it("round-trips an instant through the date and time inputs (to the minute)", () => {
    const iso = "2026-07-14T18:45:00.000Z"
    const { date, time } = localDateAndTime(iso)
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(time).toMatch(/^\d{2}:\d{2}$/)
    expect(instantFromLocal(date, time)).toEqual({ _tag: "Instant", iso })
    expect(localDateAndTime(iso, "Asia/Kolkata")).toEqual({ date: "2026-07-15", time: "00:15" })
    expect(instantFromLocal("2026-07-15", "00:15", "Asia/Kolkata")).toEqual({ _tag: "Instant", iso })
  })

  it("refuses values the inputs would not give", () => {
    expect(instantFromLocal("", "10:00")).toEqual({ _tag: "Invalid" })
    expect(instantFromLocal("2026-02-30", "10:00")).toEqual({ _tag: "Invalid" })
    expect(instantFromLocal("2026-02-10", "")).toEqual({ _tag: "Invalid" })
  })

  it("refuses a time the clocks skip (spring forward) instead of moving it by the gap", () => {
    // Paris, Sunday 2027-03-28: 02:00 becomes 03:00
    expect(instantFromLocal("2027-03-28", "02:30", "Europe/Paris")).toEqual({ _tag: "Gap" })
    expect(instantFromLocal("2027-03-28", "02:00", "Europe/Paris")).toEqual({ _tag: "Gap" })
    expect(instantFromLocal("2027-03-28", "01:59", "Europe/Paris")).toEqual({
      _tag: "Instant",
      iso: "2027-03-28T00:59:00.000Z"
    })
    expect(instantFromLocal("2027-03-28", "03:00", "Europe/Paris")).toEqual({
      _tag: "Instant",
      iso: "2027-03-28T01:00:00.000Z"
    })
    // autumn's repeated 02:30 exists (twice): the first
    expect(instantFromLocal("2027-10-31", "02:30", "Europe/Paris")).toEqual({
      _tag: "Instant",
      iso: "2027-10-31T00:30:00.000Z"
    })
    expect(gapText("Europe/Paris")).toBe("This time does not exist on that day in Europe/Paris: the clocks go forward.")
  })
})

describe("countedMessages: what the campaign page's progress counts", () => {
  const m = (id: string, status: MessageStatus, resentAs: string | null = null) => ({
    id,
    status,
    isDeleted: status === "DELETED" || status === "CANCELLED",
    resentAs
  })
  it("leaves out deleted messages, and a message sent again while its resend stands", () => {
    const messages = [
      m("sent", "SENT"),
      m("deleted", "DELETED"),
      m("answered", "FAILED", "r1"),
      m("r1", "SCHEDULED"),
      m("withdrawn", "MISSED", "r2"),
      m("r2", "DELETED"),
      m("lost", "OUTCOME_UNKNOWN", "never-scheduled")
    ]
    expect(countedMessages(messages).map((x) => x.id)).toEqual(["sent", "r1", "withdrawn", "lost"])
  })
})

describe("outcome unknown: where to look", () => {
  it("a group's copy says to check the group; a Status's says to check the Status on the phone", () => {
    expect(outcomeUnknownExplanation("120363000000000001@g.us")).toMatch(/check the group/)
    expect(outcomeUnknownExplanation("status@broadcast")).toMatch(/check your Status on your phone/)
    expect(outcomeUnknownExplanation("status@broadcast")).not.toMatch(/group/)
  })
})

describe("pausing and resuming: what the page offers and says", () => {
  it("pauses a campaign that sends at its times, resumes only a paused one", () => {
    expect((["SCHEDULED", "IN_PROGRESS"] as const).map(canPause)).toEqual([true, true])
    expect((["DRAFT", "COMPLETED", "CANCELLED", "FAILED", "PAUSED"] as const).map(canPause)).toEqual([
      false,
      false,
      false,
      false,
      false
    ])
    expect(canCancel(campaign("PAUSED", ["PAUSED", 60_000]))).toBe(true)
  })

  it("resumes whatever the campaign's status while a message is held; a pause cut short is told by what still waits", () => {
    expect(canResume(campaign("PAUSED", ["SENT", -60_000]))).toBe(true)
    // failed while paused, or a pause that raced a resume: the held ones still need resuming
    expect(canResume(campaign("FAILED", ["FAILED", -60_000], ["PAUSED", 60_000]))).toBe(true)
    expect(canResume(campaign("SCHEDULED", ["SCHEDULED", 60_000], ["PAUSED", 60_000]))).toBe(true)
    expect(canResume(campaign("FAILED", ["FAILED", -60_000], ["SCHEDULED", 60_000]))).toBe(false)
    expect(stillWaiting(campaign("PAUSED", ["PAUSED", 1], ["SCHEDULED", 2], ["NEW", 3], ["SENT", -1]).messages)).toBe(2)
    expect(stillWaiting(campaign("PAUSED", ["PAUSED", 1], ["SKIPPED", -1]).messages)).toBe(0)
  })

  it("a paused message can still be edited or deleted; a skipped one cannot", () => {
    expect(isChangeable({ status: "PAUSED" })).toBe(true)
    expect(isChangeable({ status: "SKIPPED" })).toBe(false)
    expect([messageStatusWords.PAUSED.label, messageStatusWords.SKIPPED.label]).toEqual(["Paused", "Skipped"])
  })

  it("resuming now skips what is due or past and lets the rest go", () => {
    const messages = campaign(
      "PAUSED",
      ["PAUSED", -10 * 60_000],
      ["PAUSED", 0],
      ["PAUSED", 1],
      ["PAUSED", 3_600_000],
      ["SENT", -3_600_000],
      ["PICKED", -1_000]
    ).messages
    expect(resumeOutlook(messages, now)).toEqual({ skipped: 2, go: 2 })
  })

  it("a paused campaign is followed slowly: nothing goes until it is resumed", () => {
    expect(campaignPollInterval(campaign("PAUSED", ["PAUSED", 30_000], ["PAUSED", 3_600_000]), now)).toBe(SLOW_POLL_MS)
  })
})
