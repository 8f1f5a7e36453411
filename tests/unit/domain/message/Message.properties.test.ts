import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type {
  MessageCommand,
  MessageEvent,
  MessageRejection,
  MessageState,
  MessageStatus
} from "../../../../src/domain/message/Message.ts"
import {
  decideMessage,
  evolveMessage,
  initialMessageState,
  MessageDecider,
  SETTLED_BY_ID,
  SETTLED_FROM_HISTORY
} from "../../../../src/domain/message/Message.ts"
import type { DecideResult } from "../../../../src/domain/shared/Decider.ts"
import { fold } from "../../../support/fold.ts"
import { MessageTargetMother, MessageTimes } from "../MessageMother.ts"

/**
 * Random command sequences, applied as the application does: decide, then evolve with the
 * accepted events. Times are drawn around one scheduled time, partly on a whole-minute grid
 * so the edges of the 2-minute window and of the lease are hit exactly.
 */

const BASE = MessageTimes.SCHEDULED_AT
const MINUTE = 60_000

const time: fc.Arbitrary<number> = fc.oneof(
  fc.integer({ min: -4, max: 6 }).map((m) => BASE + m * MINUTE),
  fc.integer({ min: -4 * MINUTE, max: 6 * MINUTE }).map((ms) => BASE + ms)
)
const content = fc.constantFrom("Meeting at 8", "Bring snacks", "", "   ")
const target = fc.constant(MessageTargetMother.create())

const schedule: fc.Arbitrary<MessageCommand> = fc.record({
  type: fc.constant("Schedule" as const),
  messageId: fc.constantFrom("message-1", "message-2"),
  target,
  content,
  scheduledAt: time,
  now: time
})

/** A Schedule that is accepted on a new message, so most sequences get somewhere. */
const validSchedule: fc.Arbitrary<MessageCommand> = fc
  .record({
    scheduledAt: fc.integer({ min: BASE, max: BASE + MINUTE }),
    before: fc.integer({ min: 0, max: 10 * MINUTE })
  })
  .map(({ scheduledAt, before }) => ({
    type: "Schedule",
    messageId: "message-1",
    target: MessageTargetMother.create(),
    content: "Meeting at 8",
    scheduledAt,
    now: scheduledAt - before
  }))

/** Every command type; the claim and what follows it weigh more, so sends are common. */
const command: fc.Arbitrary<MessageCommand> = fc.oneof(
  { weight: 1, arbitrary: schedule },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant("Edit" as const),
      content: fc.option(content, { nil: undefined }),
      scheduledAt: fc.option(time, { nil: undefined }),
      now: time
    })
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("Delete" as const), now: time }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("Cancel" as const), now: time }) },
  {
    weight: 8,
    arbitrary: fc.record(
      {
        type: fc.constant("Pick" as const),
        selectedAt: time,
        now: time,
        by: fc.constantFrom("scheduler-a", "scheduler-b"),
        gatewayMessageId: fc.constantFrom("A", "B")
      },
      { requiredKeys: ["type", "selectedAt", "now", "by"] }
    )
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("RecordSent" as const),
      gatewayMessageId: fc.constantFrom("true_1@g.us_AB", null),
      now: time
    })
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant("RecordSendFailure" as const),
      reason: fc.constantFrom("boom", "ECONNREFUSED"),
      now: time
    })
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("RecordOutcomeUnknown" as const),
      leaseMs: fc.constantFrom(MINUTE, 5 * MINUTE),
      now: time
    })
  },
  {
    weight: 3,
    arbitrary: fc.record({
      type: fc.constant("SettleSentFromHistory" as const),
      leaseMs: fc.constantFrom(MINUTE, 5 * MINUTE),
      now: time,
      sentAt: time,
      gatewayMessageId: fc.constantFrom("A", "B"),
      evidence: fc.constantFrom("gateway message A", "gateway message B")
    })
  },
  {
    weight: 3,
    arbitrary: fc.record(
      {
        type: fc.constant("SettleSentById" as const),
        gatewayMessageId: fc.constantFrom("A", "B"),
        sentAt: time,
        leaseMs: fc.constantFrom(MINUTE, 5 * MINUTE),
        now: time,
        by: fc.constantFrom("scheduler-a", "scheduler-b"),
        // a receipt level most of the time, so settlements with one are common
        ack: fc.constantFrom(-1, 0, 1, 2, 3, 4, 2, 3)
      },
      { requiredKeys: ["type", "gatewayMessageId", "sentAt", "leaseMs", "now", "ack"] }
    )
  },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("RecordMissed" as const), now: time }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constant("Pause" as const), now: time }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant("Resume" as const), now: time }) }
)

const commands: fc.Arbitrary<ReadonlyArray<MessageCommand>> = fc
  .tuple(fc.option(validSchedule, { nil: undefined, freq: 4 }), fc.array(command, { minLength: 3, maxLength: 30 }))
  .map(([first, rest]) => (first === undefined ? rest : [first, ...rest]))

interface Step {
  readonly command: MessageCommand
  readonly before: MessageState
  readonly result: DecideResult<MessageEvent, MessageRejection>
  readonly after: MessageState
}

interface Run {
  readonly steps: ReadonlyArray<Step>
  readonly events: ReadonlyArray<MessageEvent>
  readonly state: MessageState
}

const deepFreeze = <A>(value: A): A => {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const inner of Object.values(value)) deepFreeze(inner)
  }
  return value
}

/** Applies the commands one by one; states are frozen so a decider that mutated them would throw. */
const run = (sequence: ReadonlyArray<MessageCommand>): Run => {
  let state = deepFreeze(initialMessageState)
  const events: Array<MessageEvent> = []
  const steps: Array<Step> = []
  for (const command of sequence) {
    const before = state
    const result = decideMessage(command, before)
    if (result._tag === "Accepted") {
      events.push(...result.events)
      state = deepFreeze(result.events.reduce(evolveMessage, before))
    }
    steps.push({ command, before, result, after: state })
  }
  return { steps, events, state }
}

const count = (events: ReadonlyArray<MessageEvent>, type: MessageEvent["type"]): number =>
  events.filter((e) => e.type === type).length

const runs = commands.map(run)
const settings = { numRuns: 1_000 }

describe("Message decider: properties over random command sequences", () => {
  it("the generator reaches every outcome (so the properties below are not vacuous)", () => {
    const sample = fc.sample(runs, { numRuns: 2_000, seed: 20260101 })
    const withEvent = (type: MessageEvent["type"]) => sample.filter((r) => count(r.events, type) > 0).length
    for (const type of [
      "MessageScheduled",
      "MessageEdited",
      "MessageDeleted",
      "MessageCancelled",
      "MessagePicked",
      "MessageSent",
      "MessageSendFailed",
      "MessageOutcomeUnknown",
      "MessageMissed",
      "MessagePaused",
      "MessageResumed",
      "MessageSkipped"
    ] as const) {
      expect(withEvent(type), type).toBeGreaterThan(20)
    }
    // both ways a claim ends in SENT: the sender's report and a settlement from the chat's history
    const settled = sample.filter((r) =>
      r.events.some((e) => e.type === "MessageSent" && e.note?.startsWith(SETTLED_FROM_HISTORY) === true)
    ).length
    const byId = sample.filter((r) =>
      r.events.some((e) => e.type === "MessageSent" && e.note?.startsWith(SETTLED_BY_ID) === true)
    ).length
    const byIdAcknowledged = sample.filter((r) => count(r.events, "MessageAcknowledged") > 0).length
    const refusedId = sample.filter((r) =>
      r.steps.some((s) => s.result._tag === "Rejected" && s.result.rejection._tag === "NotTheClaimsId")
    ).length
    expect(byId, "settled by id").toBeGreaterThan(20)
    expect(byIdAcknowledged, "settled by id with a receipt").toBeGreaterThan(10)
    expect(refusedId, "refused: not the claim's id").toBeGreaterThan(20)
    const reported = sample.filter((r) => r.events.some((e) => e.type === "MessageSent" && e.note === undefined)).length
    expect(settled, "settled").toBeGreaterThan(20)
    expect(reported, "reported").toBeGreaterThan(20)
    const rejections = sample.flatMap((r) => r.steps.filter((s) => s.result._tag === "Rejected"))
    expect(rejections.length).toBeGreaterThan(100)
  })

  it("(1) no sequence yields more than one MessageSent", () => {
    fc.assert(
      fc.property(runs, ({ events }) => {
        expect(count(events, "MessageSent")).toBeLessThanOrEqual(1)
      }),
      settings
    )
  })

  it("(2) MessageSent never follows MessageDeleted or MessageCancelled, and follows exactly one MessagePicked", () => {
    fc.assert(
      fc.property(runs, ({ events }) => {
        events.forEach((event, index) => {
          if (event.type !== "MessageSent") return
          const earlier = events.slice(0, index)
          expect(count(earlier, "MessageDeleted")).toBe(0)
          expect(count(earlier, "MessageCancelled")).toBe(0)
          expect(count(earlier, "MessagePicked")).toBe(1)
        })
      }),
      settings
    )
  })

  it("(2b) a message settled from the chat's history was claimed, its lease had expired, and it was never deleted, cancelled or finished before", () => {
    fc.assert(
      fc.property(runs, ({ steps }) => {
        for (const { command, before, result, after } of steps) {
          if (command.type !== "SettleSentFromHistory" || result._tag !== "Accepted") continue
          expect(before.status).toBe("PICKED")
          expect(before.pickedAt).not.toBeNull()
          expect(command.now).toBeGreaterThanOrEqual((before.pickedAt ?? 0) + command.leaseMs)
          // sent between the claim and the settlement, never outside
          expect(after.sentAt).toBeGreaterThanOrEqual(before.pickedAt ?? 0)
          expect(after.sentAt).toBeLessThanOrEqual(command.now)
        }
      }),
      settings
    )
  })

  it("(2d) a message settled by its id was claimed with that very id, after the lease or by the claim's own scheduler", () => {
    fc.assert(
      fc.property(runs, ({ steps, events }) => {
        for (const { command, before, result, after } of steps) {
          if (command.type !== "SettleSentById" || result._tag !== "Accepted") continue
          expect(before.status).toBe("PICKED")
          expect(before.claimGatewayId).toBe(command.gatewayMessageId)
          // the one claim of the stream recorded it
          expect(events.find((e) => e.type === "MessagePicked")).toMatchObject({
            gatewayMessageId: command.gatewayMessageId
          })
          const pickedAt = before.pickedAt ?? 0
          const own = command.by !== undefined && command.by === before.pickedBy
          if (!own) expect(command.now).toBeGreaterThanOrEqual(pickedAt + command.leaseMs)
          // between the claim and now (the claim's own scheduler's clock may read before its claim)
          expect(after.sentAt).toBeGreaterThanOrEqual(pickedAt)
          expect(after.sentAt).toBeLessThanOrEqual(Math.max(command.now, pickedAt))
          expect(after.gatewayMessageId).toBe(command.gatewayMessageId)
          // a receipt of the whole message with it from DEVICE (2) on, READ from 3
          const ack = command.ack ?? -1
          expect(result.events.map((e) => e.type)).toEqual(
            ack >= 2 ? ["MessageSent", "MessageAcknowledged"] : ["MessageSent"]
          )
          expect(after.delivery.deliveredAt === null).toBe(ack < 2)
          expect(after.delivery.readAt === null).toBe(ack < 3)
          expect(after.delivery.deliveredTo).toEqual([])
        }
      }),
      settings
    )
  })

  it("(2e) a receipt is recorded only on a sent message, and the claim's id is the last claim's, or none", () => {
    fc.assert(
      fc.property(runs, ({ events, state }) => {
        events.forEach((event, index) => {
          if (event.type === "MessageAcknowledged") expect(count(events.slice(0, index), "MessageSent")).toBe(1)
        })
        const claims = events.filter((e) => e.type === "MessagePicked")
        const last = claims[claims.length - 1]
        expect(state.claimGatewayId).toBe(last?.gatewayMessageId ?? null)
      }),
      settings
    )
  })

  it("(2c) a claim ends once: never both outcome-unknown and sent, never sent after a failure", () => {
    fc.assert(
      fc.property(runs, ({ events }) => {
        const endings = events.filter(
          (e) => e.type === "MessageSent" || e.type === "MessageSendFailed" || e.type === "MessageOutcomeUnknown"
        )
        expect(endings.length).toBeLessThanOrEqual(1)
      }),
      settings
    )
  })

  it("(3b) no paused message is ever claimed, and none is picked after a pause unless resumed first", () => {
    fc.assert(
      fc.property(runs, ({ steps }) => {
        for (const { command, before, result } of steps) {
          if (command.type === "Pick" && before.status === "PAUSED") expect(result._tag).toBe("Rejected")
          if (command.type === "RecordMissed" && before.status === "PAUSED") expect(result._tag).toBe("Rejected")
          // resuming never sends late: a message resumed at or after its time is skipped
          if (command.type === "Resume" && result._tag === "Accepted") {
            const type = before.scheduledAt > command.now ? "MessageResumed" : "MessageSkipped"
            expect(result.events.map((e) => e.type)).toEqual([type])
          }
        }
      }),
      settings
    )
  })

  it("(3) at most one MessagePicked ever", () => {
    fc.assert(
      fc.property(runs, ({ events }) => {
        expect(count(events, "MessagePicked")).toBeLessThanOrEqual(1)
      }),
      settings
    )
  })

  it("(4) the state is the fold of the accumulated events, and its version is their number", () => {
    fc.assert(
      fc.property(runs, ({ steps, events, state }) => {
        expect(state).toEqual(fold(MessageDecider, events))
        expect(state.version).toBe(events.length)
        // and after every step, not only at the end
        let seen = 0
        for (const step of steps) {
          if (step.result._tag === "Accepted") seen += step.result.events.length
          expect(step.after.version).toBe(seen)
        }
      }),
      settings
    )
  })

  it("(5) a rejected command never changes the state", () => {
    fc.assert(
      fc.property(runs, ({ steps }) => {
        for (const step of steps) {
          if (step.result._tag !== "Rejected") continue
          // frozen `before` means decide could not have mutated it; it must also not move on
          expect(step.after).toBe(step.before)
          // the same command on the same state is rejected the same way (decide is pure)
          expect(decideMessage(step.command, step.before)).toEqual(step.result)
        }
      }),
      settings
    )
  })

  it("an accepted command emits at least one event, except an edit that changes nothing", () => {
    fc.assert(
      fc.property(runs, ({ steps }) => {
        for (const step of steps) {
          if (step.result._tag !== "Accepted" || step.result.events.length > 0) continue
          expect(step.command.type).toBe("Edit")
          expect(step.after).toEqual(step.before)
        }
      }),
      settings
    )
  })

  it("the status only moves along the documented transitions", () => {
    const allowed: Record<MessageStatus, ReadonlyArray<MessageStatus>> = {
      NEW: ["SCHEDULED"],
      SCHEDULED: ["SCHEDULED", "PICKED", "DELETED", "CANCELLED", "MISSED", "PAUSED"],
      PICKED: ["SENT", "FAILED", "OUTCOME_UNKNOWN"],
      SENT: [],
      FAILED: [],
      OUTCOME_UNKNOWN: [],
      MISSED: [],
      DELETED: [],
      CANCELLED: [],
      // resumed: ahead of its time it waits again, at or past it it is skipped (never sent late)
      PAUSED: ["PAUSED", "SCHEDULED", "SKIPPED", "DELETED", "CANCELLED"],
      SKIPPED: []
    }
    fc.assert(
      fc.property(runs, ({ steps }) => {
        for (const { before, after, result } of steps) {
          if (result._tag === "Accepted") expect(allowed[before.status]).toContain(after.status)
        }
      }),
      settings
    )
  })
})
