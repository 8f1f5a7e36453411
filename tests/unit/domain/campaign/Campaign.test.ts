import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type {
  CampaignCommand,
  CampaignEvent,
  CampaignState,
  CampaignStatus
} from "../../../../src/domain/campaign/Campaign.ts"
import {
  CampaignDecider,
  decideCampaign,
  evolveCampaign,
  initialCampaignState
} from "../../../../src/domain/campaign/Campaign.ts"
import { accept, reject } from "../../../../src/domain/shared/Decider.ts"
import { fold } from "../../../support/fold.ts"
import {
  ALL_CAMPAIGN_STATUSES,
  CampaignGroupMother,
  CampaignCommandMother as Command,
  CampaignEventMother as Event,
  CampaignStateMother as State
} from "../CampaignMother.ts"

const evolveAll = (state: CampaignState, events: ReadonlyArray<CampaignEvent>): CampaignState =>
  events.reduce(evolveCampaign, state)

const acceptedEvents = (command: CampaignCommand, state: CampaignState): ReadonlyArray<CampaignEvent> => {
  const result = decideCampaign(command, state)
  if (result._tag !== "Accepted") throw new Error(`expected Accepted, got ${JSON.stringify(result.rejection)}`)
  return result.events
}

const FINISHED = ["COMPLETED", "CANCELLED", "FAILED"] as const
const UNFINISHED = ["DRAFT", "SCHEDULED", "IN_PROGRESS"] as const

describe("Create", () => {
  it("without messages gives a DRAFT campaign", () => {
    const command = Command.create({ messageIds: [] })
    const events = acceptedEvents(command, initialCampaignState)
    expect(events).toEqual([Event.created({ messageIds: [] })])
    expect(evolveAll(initialCampaignState, events).status).toBe("DRAFT")
  })

  it("keeps whether the title was made up as its event says; an event from before it was recorded reads by the old match", () => {
    const a = CampaignGroupMother.create({ groupId: "1@g.us", groupName: "Club A" })
    const b = CampaignGroupMother.create({ groupId: "2@g.us", groupName: "Club B" })
    const created = (more: Partial<CampaignCommand & { type: "Create" }>) =>
      evolveAll(
        initialCampaignState,
        acceptedEvents(
          Command.create({ group: a, targets: [a, b], title: "Club A and 1 more", ...more }),
          initialCampaignState
        )
      )
    // recorded: the same words, one made up, one written
    expect(created({ titleMadeUp: true }).titleMadeUp).toBe(true)
    expect(created({ titleMadeUp: false }).titleMadeUp).toBe(false)
    // not recorded (older events): the words decide
    expect(created({}).titleMadeUp).toBe(true)
    expect(created({ title: "Our club" }).titleMadeUp).toBe(false)
  })

  it("with messages gives a SCHEDULED campaign that keeps everything it was created with", () => {
    const group = CampaignGroupMother.create({ groupName: "Choir" })
    const command = Command.create({ campaignId: "c-9", title: "Rehearsals", group, messageIds: ["a", "b", "c"] })
    const state = evolveAll(initialCampaignState, acceptedEvents(command, initialCampaignState))
    expect(state).toEqual({
      ...initialCampaignState,
      id: "c-9",
      status: "SCHEDULED",
      userId: "user-1",
      sessionId: "session-1",
      group,
      targets: [group],
      title: "Rehearsals",
      messageIds: ["a", "b", "c"],
      createdAt: command.now,
      updatedAt: command.now,
      version: 1
    })
  })

  it.each(ALL_CAMPAIGN_STATUSES)("is rejected on an existing %s campaign", (status) => {
    expect(decideCampaign(Command.create(), State.inStatus(status))).toEqual(reject({ _tag: "CampaignAlreadyExists" }))
  })

  it.each([Command.recordProgress(), Command.fail(), Command.cancel()])(
    "$type on a campaign that does not exist is rejected with CampaignNotFound",
    (command) => {
      expect(decideCampaign(command, initialCampaignState)).toEqual(reject({ _tag: "CampaignNotFound" }))
    }
  )
})

describe("RecordProgress", () => {
  it("the first send of a SCHEDULED campaign starts it (IN_PROGRESS)", () => {
    const scheduled = State.inStatus("SCHEDULED")
    const command = Command.recordProgress({ sent: 1, open: 1 })
    const events = acceptedEvents(command, scheduled)
    expect(events).toEqual([{ type: "CampaignStarted", at: command.now }])
    const next = evolveAll(scheduled, events)
    expect(next.status).toBe("IN_PROGRESS")
    expect(next.updatedAt).toBe(command.now)
  })

  it("a further send with messages still open records nothing", () => {
    expect(decideCampaign(Command.recordProgress({ sent: 1, open: 1 }), State.inStatus("IN_PROGRESS"))).toEqual(
      accept()
    )
  })

  it("nothing sent yet records nothing", () => {
    expect(decideCampaign(Command.recordProgress({ sent: 0, open: 2 }), State.inStatus("SCHEDULED"))).toEqual(accept())
  })

  it("a SCHEDULED campaign whose every message was deleted (sent = 0, open = 0) is COMPLETED: nothing is left to send", () => {
    const command = Command.recordProgress({ sent: 0, open: 0 })
    const events = acceptedEvents(command, State.inStatus("SCHEDULED"))
    expect(events).toEqual([{ type: "CampaignCompleted", at: command.now }])
    expect(decideCampaign(command, State.inStatus("DRAFT"))).toEqual(accept())
  })

  it("the last send of an IN_PROGRESS campaign (open = 0) completes it", () => {
    const command = Command.recordProgress({ sent: 2, open: 0 })
    const events = acceptedEvents(command, State.inStatus("IN_PROGRESS"))
    expect(events).toEqual([{ type: "CampaignCompleted", at: command.now }])
    expect(evolveAll(State.inStatus("IN_PROGRESS"), events).status).toBe("COMPLETED")
  })

  it("a single-message campaign gets CampaignStarted and CampaignCompleted at once", () => {
    const created = State.fromEvents(Event.created({ messageIds: ["only"] }))
    const command = Command.recordProgress({ sent: 1, open: 0 })
    const events = acceptedEvents(command, created)
    expect(events).toEqual([
      { type: "CampaignStarted", at: command.now },
      { type: "CampaignCompleted", at: command.now }
    ])
    const next = evolveAll(created, events)
    expect(next.status).toBe("COMPLETED")
    expect(next.version).toBe(created.version + 2)
  })

  it.each(
    FINISHED.flatMap((status) => [
      { status, sent: 1, open: 0 },
      { status, sent: 1, open: 1 },
      { status, sent: 2, open: 0 }
    ])
  )("a $status campaign ignores progress (sent=$sent, open=$open)", ({ status, sent, open }) => {
    expect(decideCampaign(Command.recordProgress({ sent, open }), State.inStatus(status))).toEqual(accept())
  })
})

describe("Fail", () => {
  it.each(["DRAFT", "SCHEDULED", "IN_PROGRESS", "COMPLETED", "CANCELLED"] as const)(
    "a %s campaign becomes FAILED with the reason and the message",
    (status) => {
      const state = State.inStatus(status)
      const command = Command.fail({ reason: "missed", messageId: "message-7" })
      const events = acceptedEvents(command, state)
      expect(events).toEqual([{ type: "CampaignFailed", at: command.now, reason: "missed", messageId: "message-7" }])
      const next = evolveAll(state, events)
      expect(next.status).toBe("FAILED")
      expect(next.failureReason).toBe("missed")
      expect(next.updatedAt).toBe(command.now)
    }
  )

  it("accepts a failure that belongs to no particular message", () => {
    const command = Command.fail({ messageId: null })
    expect(acceptedEvents(command, State.inStatus("SCHEDULED"))).toEqual([
      { type: "CampaignFailed", at: command.now, reason: command.reason, messageId: null }
    ])
  })

  it("a FAILED campaign stays FAILED with its first reason: a second Fail gives no events", () => {
    const first = Command.fail({ reason: "first: ECONNREFUSED", now: 1 })
    const second = Command.fail({ reason: "second: outcome unknown", now: 2 })
    const failed = evolveAll(State.inStatus("SCHEDULED"), acceptedEvents(first, State.inStatus("SCHEDULED")))
    expect(decideCampaign(second, failed)).toEqual(accept())
    expect(failed.failureReason).toBe("first: ECONNREFUSED")
    expect(failed.updatedAt).toBe(1)
  })

  it("a FAILED campaign ignores later sends: a success does not hide the failure", () => {
    expect(decideCampaign(Command.recordProgress({ sent: 2, open: 0 }), State.inStatus("FAILED"))).toEqual(accept())
  })
})

describe("a COMPLETED campaign never moves back", () => {
  const completed = State.inStatus("COMPLETED")

  it("progress that reports open messages again records nothing", () => {
    expect(decideCampaign(Command.recordProgress({ sent: 1, open: 1 }), completed)).toEqual(accept())
  })

  it("it cannot be cancelled", () => {
    expect(decideCampaign(Command.cancel(), completed)).toEqual(
      reject({ _tag: "CampaignNotCancellable", status: "COMPLETED" })
    )
  })
})

describe("Cancel", () => {
  it.each(UNFINISHED)("a %s campaign is cancelled", (status) => {
    const state = State.inStatus(status)
    const command = Command.cancel()
    const events = acceptedEvents(command, state)
    expect(events).toEqual([{ type: "CampaignCancelled", at: command.now }])
    expect(evolveAll(state, events).status).toBe("CANCELLED")
  })

  it.each(FINISHED)("a %s campaign is not cancellable", (status) => {
    expect(decideCampaign(Command.cancel(), State.inStatus(status))).toEqual(
      reject({ _tag: "CampaignNotCancellable", status })
    )
  })
})

describe("RecordFailureNotified", () => {
  const command = { type: "RecordFailureNotified", now: Date.UTC(2026, 0, 5) } as const

  it("a FAILED campaign records the notice once; a second time records nothing", () => {
    const state = State.inStatus("FAILED")
    const events = acceptedEvents(command, state)
    expect(events).toEqual([{ type: "CampaignFailureNotified", at: command.now }])
    const notified = evolveAll(state, events)
    expect(notified).toMatchObject({ status: "FAILED", failureNotified: true, failureReason: "missed" })
    expect(decideCampaign(command, notified)).toEqual(accept())
  })

  it.each(["DRAFT", "SCHEDULED", "IN_PROGRESS", "COMPLETED", "CANCELLED"] as const)(
    "a %s campaign has nothing to tell",
    (status) => {
      expect(decideCampaign(command, State.inStatus(status))).toEqual(accept())
    }
  )

  it("an unknown campaign is rejected", () => {
    expect(decideCampaign(command, initialCampaignState)).toEqual(reject({ _tag: "CampaignNotFound" }))
  })
})

describe("AddResend: a message sent again joins the campaign", () => {
  const resend = (overrides: Partial<Extract<CampaignCommand, { type: "AddResend" }>> = {}): CampaignCommand => ({
    type: "AddResend",
    messageId: "message-3",
    resendOf: "message-2",
    sent: 1,
    otherFailures: 0,
    paused: 0,
    now: Date.UTC(2026, 0, 1, 12),
    ...overrides
  })
  const added: CampaignEvent = {
    type: "CampaignMessageAdded",
    at: Date.UTC(2026, 0, 1, 12),
    messageId: "message-3",
    resendOf: "message-2"
  }
  const reopened = (status: "SCHEDULED" | "IN_PROGRESS"): CampaignEvent => ({
    type: "CampaignReopened",
    at: Date.UTC(2026, 0, 1, 12),
    status
  })

  // status before, what the messages say, the events, the status after
  it.each([
    { from: "FAILED", sent: 1, otherFailures: 0, events: [added, reopened("IN_PROGRESS")], to: "IN_PROGRESS" },
    { from: "FAILED", sent: 0, otherFailures: 0, events: [added, reopened("SCHEDULED")], to: "SCHEDULED" },
    { from: "FAILED", sent: 1, otherFailures: 1, events: [added], to: "FAILED" },
    { from: "COMPLETED", sent: 2, otherFailures: 0, events: [added, reopened("IN_PROGRESS")], to: "IN_PROGRESS" },
    { from: "IN_PROGRESS", sent: 1, otherFailures: 0, events: [added], to: "IN_PROGRESS" },
    { from: "SCHEDULED", sent: 0, otherFailures: 0, events: [added], to: "SCHEDULED" }
  ] as const)(
    "a $from campaign ($sent sent, $otherFailures other failures unanswered) takes it and is $to",
    ({ from, sent, otherFailures, events, to }) => {
      const state = State.inStatus(from)
      expect(decideCampaign(resend({ sent, otherFailures }), state)).toEqual(accept(...events))
      const next = evolveAll(state, events)
      expect(next.status).toBe(to)
      expect(next.messageIds).toEqual([...state.messageIds, "message-3"])
      expect(next.version).toBe(state.version + events.length)
    }
  )

  it.each(["CANCELLED", "DRAFT"] as const)("a %s campaign refuses it: nothing more is sent", (status) => {
    expect(decideCampaign(resend(), State.inStatus(status))).toEqual(reject({ _tag: "CampaignNotResendable", status }))
  })

  it("an unknown campaign is rejected", () => {
    expect(decideCampaign(resend(), initialCampaignState)).toEqual(reject({ _tag: "CampaignNotFound" }))
  })

  it("the same message twice records nothing the second time", () => {
    const once = evolveAll(State.inStatus("FAILED"), acceptedEvents(resend(), State.inStatus("FAILED")))
    expect(decideCampaign(resend(), once)).toEqual(accept())
  })

  it("reopening clears the failure, so a later failure fails it and is told again", () => {
    const failed = evolveAll(State.inStatus("FAILED"), [{ type: "CampaignFailureNotified", at: 1 }])
    const open = evolveAll(failed, acceptedEvents(resend(), failed))
    expect(open).toMatchObject({ status: "IN_PROGRESS", failureReason: null, failureNotified: false })
    const again = evolveAll(open, acceptedEvents(Command.fail({ reason: "failed again" }), open))
    expect(again).toMatchObject({ status: "FAILED", failureReason: "failed again" })
    expect(acceptedEvents({ type: "RecordFailureNotified", now: 2 }, again)).toEqual([
      { type: "CampaignFailureNotified", at: 2 }
    ])
  })

  it("once reopened, the resend's send completes it like any other", () => {
    const open = evolveAll(State.inStatus("FAILED"), acceptedEvents(resend(), State.inStatus("FAILED")))
    const progress = Command.recordProgress({ sent: 2, open: 0 })
    expect(acceptedEvents(progress, open)).toEqual([Event.completed(progress.now)])
  })
})

describe("Campaign decider: properties over random command sequences", () => {
  /** Statuses a campaign may move to from each status (FAILED from any state). */
  const allowed: Record<CampaignStatus | "NEW", ReadonlyArray<CampaignStatus>> = {
    NEW: ["DRAFT", "SCHEDULED"],
    DRAFT: ["CANCELLED", "FAILED"],
    // COMPLETED straight from SCHEDULED: every message was deleted before any was sent
    SCHEDULED: ["IN_PROGRESS", "COMPLETED", "CANCELLED", "FAILED", "PAUSED"],
    IN_PROGRESS: ["COMPLETED", "CANCELLED", "FAILED", "PAUSED"],
    // back to SCHEDULED or IN_PROGRESS only when the user sends a message again (AddResend)
    COMPLETED: ["FAILED", "SCHEDULED", "IN_PROGRESS"],
    CANCELLED: ["FAILED"],
    FAILED: ["SCHEDULED", "IN_PROGRESS"],
    // resumed as its messages stand; COMPLETED when a send under way was the last, or all were skipped
    PAUSED: ["SCHEDULED", "IN_PROGRESS", "COMPLETED", "CANCELLED", "FAILED"]
  }

  const now = fc.integer({ min: 0, max: 1_000_000 })
  const command: fc.Arbitrary<CampaignCommand> = fc.oneof(
    fc.record({
      type: fc.constant("Create" as const),
      campaignId: fc.constantFrom("c-1", "c-2"),
      userId: fc.constant("user-1"),
      sessionId: fc.constant("session-1"),
      group: fc.constant(CampaignGroupMother.create()),
      title: fc.constant("Plan"),
      messageIds: fc.uniqueArray(fc.constantFrom("m-1", "m-2", "m-3"), { maxLength: 3 }),
      now
    }),
    fc.record({
      type: fc.constant("RecordProgress" as const),
      sent: fc.integer({ min: 0, max: 3 }),
      open: fc.integer({ min: 0, max: 3 }),
      now
    }),
    fc.record({
      type: fc.constant("Fail" as const),
      reason: fc.constantFrom("missed", "ECONNREFUSED", "outcome unknown"),
      messageId: fc.option(fc.constantFrom("m-1", "m-2"), { nil: null }),
      now
    }),
    fc.record({ type: fc.constant("Cancel" as const), now }),
    fc.record({ type: fc.constant("Pause" as const), now }),
    fc.record({
      type: fc.constant("Resume" as const),
      sent: fc.integer({ min: 0, max: 3 }),
      open: fc.integer({ min: 0, max: 3 }),
      now
    }),
    fc.record({
      type: fc.constant("AddResend" as const),
      messageId: fc.constantFrom("r-1", "r-2", "r-3"),
      resendOf: fc.constantFrom("m-1", "m-2"),
      sent: fc.integer({ min: 0, max: 3 }),
      otherFailures: fc.integer({ min: 0, max: 2 }),
      paused: fc.integer({ min: 0, max: 1 }),
      now
    })
  )

  /**
   * Progress as the messages read model reports it: the counts never exceed the campaign's
   * messages (sent + open ≤ number of messages).
   */
  const realistic = (command: CampaignCommand, state: CampaignState): CampaignCommand => {
    if (command.type !== "RecordProgress" && command.type !== "Resume") return command
    const total = state.messageIds.length
    const sent = Math.min(command.sent, total)
    return { ...command, sent, open: Math.min(command.open, total - sent) }
  }

  const runs = fc.array(command, { minLength: 1, maxLength: 25 }).map((commands) => {
    let state = initialCampaignState
    const events: Array<CampaignEvent> = []
    const transitions: Array<readonly [CampaignState["status"], CampaignState["status"]]> = []
    for (const raw of commands) {
      const result = decideCampaign(realistic(raw, state), state)
      if (result._tag === "Rejected") continue
      for (const event of result.events) {
        const next = evolveCampaign(state, event)
        // the one event that keeps the status: a message joins the campaign
        if (event.type === "CampaignMessageAdded") expect(next.status).toBe(state.status)
        else transitions.push([state.status, next.status])
        state = next
        events.push(event)
      }
    }
    return { state, events, transitions }
  })

  it("the generator reaches every status", () => {
    const reached = new Set(
      fc.sample(runs, { numRuns: 1_000, seed: 7 }).flatMap((r) => r.transitions.map(([, to]) => to))
    )
    expect([...reached].sort()).toEqual([...ALL_CAMPAIGN_STATUSES].sort())
  })

  it("the status only ever moves along allowed transitions", () => {
    fc.assert(
      fc.property(runs, ({ transitions }) => {
        // every campaign event changes the status, so a self-transition is a failure too
        for (const [from, to] of transitions) expect(allowed[from]).toContain(to)
      }),
      { numRuns: 1_000 }
    )
  })

  it("the state equals the fold of its events, and its version is their number", () => {
    fc.assert(
      fc.property(runs, ({ state, events }) => {
        expect(state).toEqual(fold(CampaignDecider, events))
        expect(state.version).toBe(events.length)
      }),
      { numRuns: 1_000 }
    )
  })

  it("once FAILED, the failure reason never changes until a resend reopens the campaign", () => {
    fc.assert(
      fc.property(runs, ({ events, state }) => {
        const reopened = events.findLastIndex((e) => e.type === "CampaignReopened")
        const failures = events.slice(reopened + 1).filter((e) => e.type === "CampaignFailed")
        expect(failures.length).toBeLessThanOrEqual(1)
        if (failures[0] !== undefined) expect(state.failureReason).toBe(failures[0].reason)
        else if (reopened !== -1) expect(state.failureReason).toBeNull()
      }),
      { numRuns: 1_000 }
    )
  })

  it("a message joins only by AddResend, once, and never a cancelled campaign", () => {
    fc.assert(
      fc.property(runs, ({ events, state }) => {
        const added = events.flatMap((e) => (e.type === "CampaignMessageAdded" ? [e.messageId] : []))
        expect(new Set(added).size).toBe(added.length)
        expect(state.messageIds.slice(state.messageIds.length - added.length)).toEqual(added)
        const cancelled = events.findIndex((e) => e.type === "CampaignCancelled")
        if (cancelled !== -1) {
          // after a cancel only a failure can move it: never a resend
          const after = events.slice(cancelled + 1)
          const failed = after.findIndex((e) => e.type === "CampaignFailed")
          expect(
            after.slice(0, failed === -1 ? after.length : failed).some((e) => e.type === "CampaignMessageAdded")
          ).toBe(false)
        }
      }),
      { numRuns: 1_000 }
    )
  })
})

describe("targets: a campaign to several groups", () => {
  const club = (n: number) =>
    CampaignGroupMother.create({ groupId: `12036300000000000${n}@g.us`, groupName: `Club ${n}` })
  const targets = [club(1), club(2), club(3)]

  it("records every target, the first as `group`; its state lists them in order", () => {
    const command = Command.create({ group: club(1), targets })
    const events = acceptedEvents(command, initialCampaignState)
    expect(events).toEqual([Event.created({ group: club(1), targets })])
    expect(evolveAll(initialCampaignState, events)).toMatchObject({ group: club(1), targets })
  })

  it("one target records the event as before targets (no `targets`), and an event without them reads as [group]", () => {
    const events = acceptedEvents(Command.create({ group: club(1), targets: [club(1)] }), initialCampaignState)
    expect(events).toEqual([Event.created({ group: club(1) })])
    expect(events[0]).not.toHaveProperty("targets")
    expect(State.fromEvents(Event.created({ group: club(2) })).targets).toEqual([club(2)])
  })

  it.each([
    ["a group twice", [club(1), club(2), club(1)]],
    ["a first target that is not `group`", [club(2), club(1)]],
    ["no target", []]
  ])("refuses %s", (_, given) => {
    const result = decideCampaign(Command.create({ group: club(1), targets: given }), initialCampaignState)
    expect(result).toMatchObject({ _tag: "Rejected", rejection: { _tag: "InvalidTargets" } })
  })

  it("a failure names the group of the message that failed when there are several", () => {
    const several = State.fromEvents(Event.created({ group: club(1), targets }))
    expect(acceptedEvents(Command.fail({ reason: "missed", group: club(2) }), several)).toEqual([
      Event.failed({ at: Command.fail().now, reason: "group Club 2: missed", messageId: "message-2" })
    ])
    // the number's Status is named as such, not as a group
    const status = { groupId: "status@broadcast", groupName: "My Status" }
    const withStatus = State.fromEvents(Event.created({ group: club(1), targets: [club(1), status] }))
    expect(acceptedEvents(Command.fail({ reason: "missed", group: status }), withStatus)).toEqual([
      Event.failed({ at: Command.fail().now, reason: "your Status: missed", messageId: "message-2" })
    ])
    // one group: the reason as it was
    const one = State.fromEvents(Event.created({ group: club(1) }))
    expect(acceptedEvents(Command.fail({ reason: "missed", group: club(1) }), one)).toEqual([
      Event.failed({ at: Command.fail().now, reason: "missed", messageId: "message-2" })
    ])
  })

  it("a channel's failure names the channel as a channel, with one target or several", () => {
    const news = { groupId: "120363000000000101@newsletter", groupName: "Club news" }
    const several = State.fromEvents(Event.created({ group: club(1), targets: [club(1), news] }))
    expect(acceptedEvents(Command.fail({ reason: "missed", group: news }), several)).toEqual([
      Event.failed({ at: Command.fail().now, reason: "channel Club news: missed", messageId: "message-2" })
    ])
    const one = State.fromEvents(Event.created({ group: news }))
    expect(acceptedEvents(Command.fail({ reason: "missed", group: news }), one)).toEqual([
      Event.failed({ at: Command.fail().now, reason: "channel Club news: missed", messageId: "message-2" })
    ])
  })
})

describe("Pause and Resume", () => {
  const pause = { type: "Pause", now: 5 } as const
  const resume = (sent: number, open: number) => ({ type: "Resume", sent, open, now: 9 }) as const

  it.each(["SCHEDULED", "IN_PROGRESS"] as const)("a %s campaign is paused", (status) => {
    const state = State.inStatus(status)
    const events = acceptedEvents(pause, state)
    expect(events).toEqual([{ type: "CampaignPaused", at: 5 }])
    expect(evolveAll(state, events).status).toBe("PAUSED")
  })

  it("pausing a paused campaign records nothing (a pause cut short is simply asked again)", () => {
    expect(decideCampaign(pause, State.inStatus("PAUSED"))).toEqual(accept())
  })

  it.each(["DRAFT", "COMPLETED", "CANCELLED", "FAILED"] as const)("a %s campaign is not pausable", (status) => {
    expect(decideCampaign(pause, State.inStatus(status))).toEqual(reject({ _tag: "CampaignNotPausable", status }))
  })

  it.each([
    { sent: 0, open: 2, events: [{ type: "CampaignResumed", at: 9, status: "SCHEDULED" }], to: "SCHEDULED" },
    { sent: 1, open: 2, events: [{ type: "CampaignResumed", at: 9, status: "IN_PROGRESS" }], to: "IN_PROGRESS" },
    {
      sent: 1,
      open: 0,
      events: [
        { type: "CampaignResumed", at: 9, status: "IN_PROGRESS" },
        { type: "CampaignCompleted", at: 9 }
      ],
      to: "COMPLETED"
    },
    {
      sent: 0,
      open: 0,
      events: [
        { type: "CampaignResumed", at: 9, status: "SCHEDULED" },
        { type: "CampaignCompleted", at: 9 }
      ],
      to: "COMPLETED"
    }
  ] as const)("resumed with $sent sent and $open to go, it is $to", ({ sent, open, events, to }) => {
    const state = State.inStatus("PAUSED")
    expect(decideCampaign(resume(sent, open), state)).toEqual(accept(...events))
    expect(evolveAll(state, events).status).toBe(to)
  })

  it.each(["SCHEDULED", "IN_PROGRESS", "COMPLETED", "CANCELLED", "FAILED"] as const)(
    "a %s campaign cannot be resumed",
    (status) => {
      expect(decideCampaign(resume(0, 1), State.inStatus(status))).toEqual(
        reject({ _tag: "CampaignNotPaused", status })
      )
    }
  )

  it("while paused, a send under way does not start it again, but the last one completes it", () => {
    const paused = State.inStatus("PAUSED")
    expect(decideCampaign(Command.recordProgress({ sent: 1, open: 2 }), paused)).toEqual(accept())
    const last = Command.recordProgress({ sent: 1, open: 0 })
    expect(acceptedEvents(last, paused)).toEqual([Event.completed(last.now)])
  })

  it("a paused campaign can be cancelled, and fails on a failed send as any other", () => {
    expect(evolveAll(State.inStatus("PAUSED"), acceptedEvents(Command.cancel(), State.inStatus("PAUSED"))).status).toBe(
      "CANCELLED"
    )
    expect(evolveAll(State.inStatus("PAUSED"), acceptedEvents(Command.fail(), State.inStatus("PAUSED"))).status).toBe(
      "FAILED"
    )
  })

  it("a paused campaign takes no resend: it would go at once", () => {
    const resend = {
      type: "AddResend",
      messageId: "message-3",
      resendOf: "message-1",
      sent: 0,
      otherFailures: 0,
      paused: 0,
      now: 9
    } as const
    expect(decideCampaign(resend, State.inStatus("PAUSED"))).toEqual(
      reject({ _tag: "CampaignNotResendable", status: "PAUSED" })
    )
  })

  it("failed while paused, it takes no resend while messages are held: resumed first, it does", () => {
    const resend = {
      type: "AddResend",
      messageId: "message-3",
      resendOf: "message-1",
      sent: 0,
      otherFailures: 0,
      paused: 2,
      now: 9
    } as const
    expect(decideCampaign(resend, State.inStatus("FAILED"))).toEqual(reject({ _tag: "CampaignHoldsPaused", paused: 2 }))
    // nothing held any more: reopened as before
    expect(acceptedEvents({ ...resend, paused: 0 }, State.inStatus("FAILED")).map((e) => e.type)).toEqual([
      "CampaignMessageAdded",
      "CampaignReopened"
    ])
  })
})
