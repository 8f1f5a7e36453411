import { describe, expect, it } from "vitest"
import { CampaignEventSchema } from "../../../../src/application/eventSourcing/codecs.ts"
import type { CampaignPlan } from "../../../../src/domain/campaign/Campaign.ts"
import { decideCampaign, evolveCampaign, initialCampaignState } from "../../../../src/domain/campaign/Campaign.ts"
import type { FutureMessage } from "../../../../src/domain/campaign/futureMessages.ts"
import { describeFutureChangeProblem, planFutureChange } from "../../../../src/domain/campaign/futureMessages.ts"
import { planRecurrence } from "../../../../src/domain/campaign/Recurrence.ts"
import {
  CampaignCommandMother as Command,
  campaignHistoryFor,
  CampaignEventMother as Event
} from "../CampaignMother.ts"

const DAILY: CampaignPlan = {
  timeZone: "Europe/Berlin",
  recurrence: {
    startDate: "2026-12-01",
    endDate: "2026-12-14",
    sendTime: "08:30",
    timeZone: "Europe/Berlin",
    frequency: "DAILY",
    template: "Only {days_left} days left",
    isFreeForm: true,
    splitMarker: "---"
  }
}

const fold = (events: ReadonlyArray<Parameters<typeof evolveCampaign>[1]>) =>
  events.reduce(evolveCampaign, initialCampaignState)

describe("a campaign's plan", () => {
  it("is recorded on creation and kept by the state", () => {
    const decided = decideCampaign(Command.create({ plan: DAILY }), initialCampaignState)
    expect(decided._tag).toBe("Accepted")
    if (decided._tag !== "Accepted") return
    expect(decided.events[0]).toMatchObject({ type: "CampaignCreated", plan: DAILY })
    expect(fold(decided.events).plan).toEqual(DAILY)
  })

  it("an event written before plans were kept reads as before, with no plan (codec and evolve)", () => {
    const { plan: _, ...old } = Event.created()
    const decoded = CampaignEventSchema.parse(JSON.parse(JSON.stringify(old)))
    expect(decoded).toEqual(old)
    expect(fold([decoded]).plan).toBeNull()
    // and a command without plan writes no plan field, as before
    const decided = decideCampaign(Command.create(), initialCampaignState)
    expect(decided._tag === "Accepted" && "plan" in (decided.events[0] ?? {})).toBe(false)
  })

  it("changes by CampaignPlanChanged while the campaign can still send; a finished one refuses", () => {
    const changed = { ...DAILY, recurrence: { ...DAILY.recurrence!, sendTime: "09:15" } }
    for (const status of ["SCHEDULED", "IN_PROGRESS", "FAILED"] as const) {
      const state = fold(campaignHistoryFor(status))
      const decided = decideCampaign({ type: "ChangePlan", plan: changed, now: 5 }, state)
      expect(decided).toEqual({ _tag: "Accepted", events: [{ type: "CampaignPlanChanged", at: 5, plan: changed }] })
      if (decided._tag !== "Accepted") return
      const after = decided.events.reduce(evolveCampaign, state)
      expect(after.plan).toEqual(changed)
      expect(after.status).toBe(status)
      expect(CampaignEventSchema.parse(decided.events[0])).toEqual(decided.events[0])
    }
    for (const status of ["COMPLETED", "CANCELLED"] as const) {
      expect(decideCampaign({ type: "ChangePlan", plan: changed, now: 5 }, fold(campaignHistoryFor(status)))).toEqual({
        _tag: "Rejected",
        rejection: { _tag: "CampaignPlanClosed", status }
      })
    }
  })
})

/** The messages creation makes of `plan` for one group, all open. */
const messagesOf = (plan: CampaignPlan, title = "Advent"): Array<FutureMessage & { content: string }> => {
  const planned = planRecurrence(plan.recurrence!, title)
  if (planned._tag !== "Planned") throw new Error("plan")
  return planned.messages.map((m, i) => ({ ...m, id: `m${i}`, groupId: "g", open: true }))
}

describe("changing every future message", () => {
  const NOW = Date.parse("2026-11-20T00:00:00Z")

  it("moves each to the new time on its own date in the campaign's zone, across a DST change", () => {
    const plan: CampaignPlan = {
      timeZone: "Europe/Berlin",
      recurrence: { ...DAILY.recurrence!, startDate: "2026-10-24", endDate: "2026-10-26" }
    }
    const messages = messagesOf(plan)
    const result = planFutureChange(plan, "Advent", messages, { sendTime: "07:45" }, Date.parse("2026-10-01T00:00Z"))
    expect(result._tag).toBe("Planned")
    if (result._tag !== "Planned") return
    // 24 Oct is summer time (UTC+2), 25 and 26 Oct winter time (UTC+1)
    expect(result.edits.map((e) => new Date(e.scheduledAt ?? 0).toISOString())).toEqual([
      "2026-10-24T05:45:00.000Z",
      "2026-10-25T06:45:00.000Z",
      "2026-10-26T06:45:00.000Z"
    ])
    expect(result.edits.every((e) => e.content === undefined)).toBe(true)
    expect(result.plan.recurrence?.sendTime).toBe("07:45")
  })

  it("a time the clocks skip that day moves as creation moves it (past the gap)", () => {
    const plan: CampaignPlan = {
      timeZone: "Europe/Berlin",
      recurrence: { ...DAILY.recurrence!, startDate: "2027-03-28", endDate: "2027-03-28", frequency: "DAILY" }
    }
    const result = planFutureChange(plan, "", messagesOf(plan), { sendTime: "02:30" }, Date.parse("2027-01-01T00:00Z"))
    expect(result._tag === "Planned" && new Date(result.edits[0]?.scheduledAt ?? 0).toISOString()).toBe(
      "2027-03-28T01:30:00.000Z"
    )
  })

  it("renders the new template per occurrence, days left and header as creation does; split parts keep their place", () => {
    const plan: CampaignPlan = {
      timeZone: "Europe/Berlin",
      recurrence: {
        ...DAILY.recurrence!,
        endDate: "2026-12-03",
        isFreeForm: false,
        template: "Morning\n---\n{days_left} days to go"
      }
    }
    const messages = messagesOf(plan)
    expect(messages).toHaveLength(6)
    const result = planFutureChange(plan, "Advent", messages, { template: "Hello\n---\nOnly {days_left} days" }, NOW)
    expect(result._tag === "Planned" && result.edits.map((e) => e.content)).toEqual([
      "*Advent*\nHello",
      "Only 2 days",
      "*Advent*\nHello",
      "Only 1 day",
      "*Advent*\nHello",
      "Only 0 days"
    ])
  })

  it("leaves messages that are not open alone, and refuses when none is left", () => {
    const messages = messagesOf(DAILY).map((m, i) => ({ ...m, open: i >= 12 }))
    const result = planFutureChange(DAILY, "", messages, { sendTime: "10:00" }, NOW)
    expect(result._tag === "Planned" && result.edits.map((e) => e.id)).toEqual(["m12", "m13"])
    const none = planFutureChange(
      DAILY,
      "",
      messages.map((m) => ({ ...m, open: false })),
      { sendTime: "10:00" },
      NOW
    )
    expect(none).toEqual({ _tag: "Invalid", problem: { _tag: "NoFutureMessage" } })
  })

  it("refuses the whole change when one message would land in the past, naming it in the campaign's zone", () => {
    // it is 1 Dec, 09:00 in Berlin: today's 08:30 was moved to 10:00 by hand and is still open
    const now = Date.parse("2026-12-01T08:00:00Z")
    const messages = messagesOf(DAILY).map((m, i) =>
      i === 0 ? { ...m, scheduledAt: Date.parse("2026-12-01T09:00Z") } : m
    )
    const result = planFutureChange(DAILY, "", messages, { sendTime: "08:45" }, now)
    expect(result).toEqual({
      _tag: "Invalid",
      problem: { _tag: "InThePast", scheduledAt: Date.parse("2026-12-01T07:45:00Z"), timeZone: "Europe/Berlin" }
    })
    if (result._tag !== "Invalid") return
    expect(describeFutureChangeProblem(result.problem, now)).toBe(
      "Tuesday 1 December, 08:45 Berlin time has already passed. Choose a later time: the first message to change would be sent then."
    )
  })

  it("refuses a template of another number of parts, a bad time, nothing to change, and a one-off campaign", () => {
    const messages = messagesOf(DAILY)
    const parts = planFutureChange(DAILY, "", messages, { template: "a\n---\nb" }, NOW)
    expect(parts).toEqual({ _tag: "Invalid", problem: { _tag: "PartsDiffer", was: 1, now: 2 } })
    if (parts._tag === "Invalid")
      expect(describeFutureChangeProblem(parts.problem, NOW)).toBe(
        "Each day of this campaign sends 1 message, but the new text makes 2 messages: keep no line holding only ---, or plan a new campaign."
      )
    expect(planFutureChange(DAILY, "", messages, { sendTime: "25:00" }, NOW)).toMatchObject({
      problem: { _tag: "InvalidSendTime" }
    })
    expect(planFutureChange(DAILY, "", messages, {}, NOW)).toMatchObject({ problem: { _tag: "NothingToChange" } })
    expect(planFutureChange({ timeZone: "Europe/Berlin" }, "", messages, { sendTime: "10:00" }, NOW)).toMatchObject({
      problem: { _tag: "NotRepeating" }
    })
    expect(planFutureChange(null, "", messages, { sendTime: "10:00" }, NOW)).toMatchObject({
      problem: { _tag: "NotRepeating" }
    })
  })
})
