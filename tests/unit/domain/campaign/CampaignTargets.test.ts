import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { countersOf } from "../../../../src/application/ports/CampaignRepository.ts"
import type { TargetMessage } from "../../../../src/domain/campaign/CampaignTargets.ts"
import { targetStates } from "../../../../src/domain/campaign/CampaignTargets.ts"
import { MESSAGE_STATUSES } from "../../../../src/domain/message/Message.ts"

const A = { groupId: "a@g.us", groupName: "Club A" }
const B = { groupId: "b@g.us", groupName: "Club B" }

const msg = (id: string, groupId: string, status: TargetMessage["status"], resentAs: string | null = null) => ({
  id,
  groupId,
  status,
  isSent: status === "SENT",
  isDeleted: status === "DELETED" || status === "CANCELLED",
  resentAs
})

const stateOf = (
  campaign: Parameters<typeof targetStates>[0],
  messages: ReadonlyArray<TargetMessage>,
  targets = [A, B]
) => targetStates(campaign, targets, messages).map(({ groupName: _, ...s }) => s)

describe("targetStates: where each target group of a campaign stands", () => {
  it("counts each group's own copies; scheduled, then in progress once one is sent or being sent", () => {
    expect(stateOf("SCHEDULED", [msg("a1", A.groupId, "SCHEDULED"), msg("b1", B.groupId, "SCHEDULED")])).toEqual([
      { groupId: A.groupId, status: "SCHEDULED", totalMessages: 1, sentMessages: 0, failedMessages: 0 },
      { groupId: B.groupId, status: "SCHEDULED", totalMessages: 1, sentMessages: 0, failedMessages: 0 }
    ])
    expect(
      stateOf("IN_PROGRESS", [
        msg("a1", A.groupId, "SENT"),
        msg("a2", A.groupId, "SCHEDULED"),
        msg("b1", B.groupId, "PICKED"),
        msg("b2", B.groupId, "SCHEDULED")
      ]).map((s) => [s.status, s.sentMessages, s.totalMessages])
    ).toEqual([
      ["IN_PROGRESS", 1, 2],
      ["IN_PROGRESS", 0, 2]
    ])
  })

  it("a resend skipped after a pause still stands for its failed first: the group completes, 1 of 1, as the campaign", () => {
    const skipped = { ...msg("r1", A.groupId, "SKIPPED"), isDeleted: true }
    const messages = [msg("a1", A.groupId, "SENT"), msg("a2", A.groupId, "FAILED", "r1"), skipped]
    expect(stateOf("COMPLETED", messages, [A])).toEqual([
      { groupId: A.groupId, status: "COMPLETED", totalMessages: 1, sentMessages: 1, failedMessages: 0 }
    ])
  })

  it("one group's failure fails that group only; the other completes", () => {
    const states = stateOf("FAILED", [
      msg("a1", A.groupId, "SENT"),
      msg("a2", A.groupId, "SENT"),
      msg("b1", B.groupId, "SENT"),
      msg("b2", B.groupId, "FAILED")
    ])
    expect(states).toEqual([
      { groupId: A.groupId, status: "COMPLETED", totalMessages: 2, sentMessages: 2, failedMessages: 0 },
      { groupId: B.groupId, status: "FAILED", totalMessages: 2, sentMessages: 1, failedMessages: 1 }
    ])
  })

  it.each(["MISSED", "OUTCOME_UNKNOWN"] as const)("%s fails its group as a failed send does", (status) => {
    expect(stateOf("FAILED", [msg("a1", A.groupId, status)], [A])[0]).toMatchObject({
      status: "FAILED",
      failedMessages: 1
    })
  })

  it("a standing resend takes its first's place: the group is no longer failed and completes when it is sent", () => {
    const resent = [msg("b1", B.groupId, "FAILED", "b1r"), msg("b1r", B.groupId, "SCHEDULED")]
    expect(stateOf("SCHEDULED", resent, [B])[0]).toEqual({
      groupId: B.groupId,
      status: "SCHEDULED",
      totalMessages: 1,
      sentMessages: 0,
      failedMessages: 0
    })
    const sent = [msg("b1", B.groupId, "FAILED", "b1r"), msg("b1r", B.groupId, "SENT")]
    expect(stateOf("COMPLETED", sent, [B])[0]).toMatchObject({ status: "COMPLETED", totalMessages: 1, sentMessages: 1 })
    // withdrawn (deleted): the failure stands again
    const withdrawn = [msg("b1", B.groupId, "FAILED", "b1r"), msg("b1r", B.groupId, "DELETED")]
    expect(stateOf("FAILED", withdrawn, [B])[0]).toMatchObject({
      status: "FAILED",
      totalMessages: 1,
      failedMessages: 1
    })
  })

  it("deleted messages are left out; a cancelled campaign's unsent groups are CANCELLED, a fully sent one stays COMPLETED", () => {
    const messages = [
      msg("a1", A.groupId, "SENT"),
      msg("a2", A.groupId, "DELETED"),
      msg("b1", B.groupId, "CANCELLED"),
      msg("b2", B.groupId, "SENT"),
      msg("b3", B.groupId, "CANCELLED")
    ]
    expect(stateOf("CANCELLED", messages).map((s) => [s.status, s.sentMessages, s.totalMessages])).toEqual([
      ["COMPLETED", 1, 1],
      ["COMPLETED", 1, 1]
    ])
    expect(
      stateOf("CANCELLED", [msg("a1", A.groupId, "SENT"), msg("a2", A.groupId, "SCHEDULED")], [A])[0]
    ).toMatchObject({
      status: "CANCELLED"
    })
  })

  it("keeps the targets' order and names, and ignores messages of other groups", () => {
    const states = targetStates("SCHEDULED", [B, A], [msg("x", "other@g.us", "FAILED")])
    expect(states.map((s) => [s.groupName, s.status, s.totalMessages])).toEqual([
      ["Club B", "COMPLETED", 0],
      ["Club A", "COMPLETED", 0]
    ])
  })
})

describe("targetStates: properties", () => {
  const messages = fc
    .array(
      fc.record({
        group: fc.constantFrom(A.groupId, B.groupId),
        status: fc.constantFrom(...MESSAGE_STATUSES.filter((s) => s !== "NEW")),
        resent: fc.option(fc.nat(20), { nil: null })
      }),
      { maxLength: 20 }
    )
    // a resend is of the same group as its first (it keeps its target)
    .map((drawn) =>
      drawn.map((d, i) => {
        const resentAs = d.resent === null || d.resent === i ? null : `m${d.resent}`
        const same = resentAs !== null && drawn[d.resent ?? -1]?.group === d.group
        return { ...msg(`m${i}`, d.group, d.status, same ? resentAs : null) }
      })
    )

  it("the groups' totals and sent counts add up to the campaign's counters", () => {
    fc.assert(
      fc.property(messages, (ms) => {
        const states = targetStates("IN_PROGRESS", [A, B], ms)
        const counters = countersOf(
          ms.map((m) => ({ ...m, deliveredAt: null, scheduledAt: 0, resendOf: null, version: 1 }))
        )
        expect(states.reduce((n, s) => n + s.totalMessages, 0)).toBe(counters.totalMessages)
        expect(states.reduce((n, s) => n + s.sentMessages, 0)).toBe(counters.sentMessages)
      })
    )
  })

  it("a group is FAILED exactly when it has an unanswered failure, and COMPLETED only when all it counts are sent", () => {
    fc.assert(
      fc.property(messages, (ms) => {
        for (const s of targetStates("IN_PROGRESS", [A, B], ms)) {
          expect(s.status === "FAILED").toBe(s.failedMessages > 0)
          if (s.status === "COMPLETED") expect(s.sentMessages).toBe(s.totalMessages)
        }
      })
    )
  })
})
