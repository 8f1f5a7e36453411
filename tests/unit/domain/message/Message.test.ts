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
  gatewayMessageKey,
  initialMessageState,
  isDeleted,
  isDue,
  isPicked,
  isSent,
  LOOKBACK_MS,
  MISSED_WHILE_LIMITED,
  readCountOf,
  SETTLED_BY_ID,
  SETTLED_FROM_HISTORY,
  STATUS_SEEN_NAMES,
  unansweredFailures
} from "../../../../src/domain/message/Message.ts"
import { accept, reject } from "../../../../src/domain/shared/Decider.ts"
import {
  ALL_MESSAGE_STATUSES,
  CLAIM_GATEWAY_ID,
  MessageCommandMother as Command,
  MessageEventMother as Event,
  GATEWAY_MESSAGE_ID,
  MessageTargetMother,
  MessageStateMother as State,
  MessageTimes as T
} from "../MessageMother.ts"

const evolveAll = (state: MessageState, events: ReadonlyArray<MessageEvent>): MessageState =>
  events.reduce(evolveMessage, state)

const acceptedEvents = (command: MessageCommand, state: MessageState): ReadonlyArray<MessageEvent> => {
  const result = decideMessage(command, state)
  if (result._tag !== "Accepted") throw new Error(`expected Accepted, got ${JSON.stringify(result.rejection)}`)
  return result.events
}

describe("decideMessage: every command in every status", () => {
  /**
   * What each command does in each status. `ok` = accepted (the events are checked below);
   * the others are the rejection tag (`picked` and `inFlight` carry the current status).
   */
  type Outcome =
    | "ok"
    | "notFound"
    | "exists"
    | "picked"
    | "inFlight"
    | "notSent"
    | "notResendable"
    | "paused"
    | "notPaused"
  type Row = readonly [
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome,
    Outcome
  ]
  const inFlightOnly: Row = [
    "notFound",
    "inFlight",
    "ok",
    "inFlight",
    "inFlight",
    "inFlight",
    "inFlight",
    "inFlight",
    "inFlight",
    "inFlight",
    "inFlight"
  ]
  // biome-ignore format: a table
  const matrix: Record<MessageCommand["type"], Row> = {
    //        NEW         SCHEDULED  PICKED    SENT      FAILED    OUTCOME_UNK MISSED   DELETED   CANCELLED PAUSED    SKIPPED
    Schedule: ["ok", "exists", "exists", "exists", "exists", "exists", "exists", "exists", "exists", "exists", "exists"],
    Edit: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "ok", "picked"],
    Delete: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "ok", "picked"],
    Cancel: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "ok", "picked"],
    Pick: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "paused", "picked"],
    RecordMissed: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "paused", "picked"],
    RecordSent: inFlightOnly,
    RecordSendFailure: inFlightOnly,
    RecordSendCutOff: inFlightOnly,
    RecordOutcomeUnknown: inFlightOnly,
    SettleSentFromHistory: inFlightOnly,
    SettleSentById: inFlightOnly,
    RecordAck: ["notFound", "notSent", "notSent", "ok", "notSent", "notSent", "notSent", "notSent", "notSent", "notSent", "notSent"],
    Resend: ["notFound", "notResendable", "notResendable", "notResendable", "ok", "ok", "ok", "notResendable", "notResendable", "notResendable", "ok"],
    Pause: ["notFound", "ok", "picked", "picked", "picked", "picked", "picked", "picked", "picked", "paused", "picked"],
    Resume: ["notFound", "notPaused", "notPaused", "notPaused", "notPaused", "notPaused", "notPaused", "notPaused", "notPaused", "ok", "notPaused"]
  }

  /** A command that is valid on the time line of the mothers, so only the status decides. */
  const commands: Record<MessageCommand["type"], MessageCommand> = {
    Schedule: Command.schedule(),
    Edit: Command.edit(),
    Delete: Command.delete(),
    Cancel: Command.cancel(),
    Pick: Command.pick(),
    RecordMissed: Command.recordMissed(),
    RecordSent: Command.recordSent(),
    RecordSendFailure: Command.recordSendFailure(),
    RecordSendCutOff: Command.recordSendCutOff(),
    RecordOutcomeUnknown: Command.recordOutcomeUnknown(),
    SettleSentFromHistory: Command.settleSentFromHistory(),
    SettleSentById: Command.settleSentById(),
    RecordAck: Command.recordAck(),
    Resend: Command.resend(),
    Pause: Command.pause(),
    Resume: Command.resume()
  }

  const rejectionFor = (outcome: Exclude<Outcome, "ok">, status: MessageStatus): MessageRejection => {
    switch (outcome) {
      case "notFound":
        return { _tag: "MessageNotFound" }
      case "exists":
        return { _tag: "MessageAlreadyExists" }
      case "picked":
        return status === "DELETED" || status === "CANCELLED" || status === "MISSED" || status === "SKIPPED"
          ? { _tag: "MessageClosed", status }
          : { _tag: "MessageAlreadyPicked", status }
      case "inFlight":
        return { _tag: "MessageNotInFlight", status }
      case "notSent":
        return { _tag: "MessageNotSent", status }
      case "notResendable":
        return { _tag: "MessageNotResendable", status }
      case "paused":
        return { _tag: "MessagePaused" }
      case "notPaused":
        return { _tag: "MessageNotPaused", status }
    }
  }

  const cases = (Object.keys(matrix) as Array<MessageCommand["type"]>).flatMap((command) =>
    ALL_MESSAGE_STATUSES.map((status, column) => ({ command, status, outcome: matrix[command][column]! }))
  )
  const rejected = cases.flatMap(({ command, status, outcome }) =>
    outcome === "ok" ? [] : [{ command, status, rejection: rejectionFor(outcome, status) }]
  )

  it("covers every command in every status", () => {
    expect(cases).toHaveLength(16 * 11)
  })

  it.each(rejected)(
    "$command on a $status message is rejected with $rejection._tag",
    ({ command, status, rejection }) => {
      expect(decideMessage(commands[command], State.inStatus(status))).toEqual(reject(rejection))
    }
  )

  /** The accepted cells: exactly these events, and the status they lead to. */
  const accepted: ReadonlyArray<{
    command: MessageCommand["type"]
    from: MessageStatus
    events: ReadonlyArray<MessageEvent>
    to: MessageStatus
  }> = [
    { command: "Schedule", from: "NEW", events: [Event.scheduled()], to: "SCHEDULED" },
    {
      command: "Edit",
      from: "SCHEDULED",
      events: [
        {
          type: "MessageEdited",
          content: "Meeting tonight at 9",
          scheduledAt: T.SCHEDULED_AT,
          at: T.CREATED_AT + 60_000
        }
      ],
      to: "SCHEDULED"
    },
    {
      command: "Delete",
      from: "SCHEDULED",
      events: [{ type: "MessageDeleted", at: T.CREATED_AT + 60_000 }],
      to: "DELETED"
    },
    {
      command: "Cancel",
      from: "SCHEDULED",
      events: [{ type: "MessageCancelled", at: T.CREATED_AT + 60_000 }],
      to: "CANCELLED"
    },
    {
      command: "Pick",
      from: "SCHEDULED",
      events: [{ type: "MessagePicked", at: T.PICKED_AT, by: "scheduler-a" }],
      to: "PICKED"
    },
    {
      command: "RecordMissed",
      from: "SCHEDULED",
      events: [{ type: "MessageMissed", at: T.SCHEDULED_AT + LOOKBACK_MS + 60_000 }],
      to: "MISSED"
    },
    {
      command: "RecordSent",
      from: "PICKED",
      events: [{ type: "MessageSent", at: T.SENT_AT, gatewayMessageId: GATEWAY_MESSAGE_ID }],
      to: "SENT"
    },
    {
      command: "RecordAck",
      from: "SENT",
      events: [
        { type: "MessageAcknowledged", at: T.SENT_AT + 60_000, level: "DELIVERED", participant: "15551230001@c.us" }
      ],
      to: "SENT"
    },
    {
      command: "RecordSendFailure",
      from: "PICKED",
      events: [
        {
          type: "MessageSendFailed",
          at: T.SENT_AT,
          reason: "failed to send message: connect ECONNREFUSED 127.0.0.1:3000"
        }
      ],
      to: "FAILED"
    },
    {
      command: "RecordSendCutOff",
      from: "PICKED",
      events: [
        {
          type: "MessageOutcomeUnknown",
          at: T.SENT_AT,
          reason: "failed to send message: timed out after 30000 ms; outcome unknown"
        }
      ],
      to: "OUTCOME_UNKNOWN"
    },
    {
      command: "SettleSentFromHistory",
      from: "PICKED",
      events: [
        {
          type: "MessageSent",
          at: T.SENT_AT,
          gatewayMessageId: "true_120363000000000001@g.us_3EB0AA",
          note: `${SETTLED_FROM_HISTORY}: gateway message true_120363000000000001@g.us_3EB0AA`
        }
      ],
      to: "SENT"
    },
    {
      command: "SettleSentById",
      from: "PICKED",
      events: [
        {
          type: "MessageSent",
          at: T.SENT_AT,
          gatewayMessageId: CLAIM_GATEWAY_ID,
          note: `${SETTLED_BY_ID}: gateway message ${CLAIM_GATEWAY_ID}`
        }
      ],
      to: "SENT"
    },
    {
      command: "Edit",
      from: "PAUSED",
      events: [
        {
          type: "MessageEdited",
          content: "Meeting tonight at 9",
          scheduledAt: T.SCHEDULED_AT,
          at: T.CREATED_AT + 60_000
        }
      ],
      to: "PAUSED"
    },
    {
      command: "Delete",
      from: "PAUSED",
      events: [{ type: "MessageDeleted", at: T.CREATED_AT + 60_000 }],
      to: "DELETED"
    },
    {
      command: "Cancel",
      from: "PAUSED",
      events: [{ type: "MessageCancelled", at: T.CREATED_AT + 60_000 }],
      to: "CANCELLED"
    },
    { command: "Pause", from: "SCHEDULED", events: [Event.paused()], to: "PAUSED" },
    { command: "Resume", from: "PAUSED", events: [Event.resumed()], to: "SCHEDULED" },
    ...(["FAILED", "OUTCOME_UNKNOWN", "MISSED", "SKIPPED"] as const).map((from) => ({
      command: "Resend" as const,
      from,
      events: [Event.resent()],
      to: from
    }))
    // RecordOutcomeUnknown has a generated reason; see its own describe block.
  ]

  it("lists one accepted case per `ok` cell of the matrix (RecordOutcomeUnknown aside)", () => {
    const okCells = cases.filter((c) => c.outcome === "ok").map((c) => `${c.command}@${c.status}`)
    const listed = [...accepted.map((c) => `${c.command}@${c.from}`), "RecordOutcomeUnknown@PICKED"]
    expect(listed.sort()).toEqual(okCells.sort())
  })

  it.each(accepted)(
    "$command on a $from message gives exactly its event and leads to $to",
    ({ command, from, events, to }) => {
      const state = State.inStatus(from)
      const result = decideMessage(commands[command], state)
      expect(result).toEqual(accept(...events))
      const next = evolveAll(state, events)
      expect(next.status).toBe(to)
      expect(next.version).toBe(state.version + 1)
    }
  )

  it("RecordOutcomeUnknown on a PICKED message gives one MessageOutcomeUnknown and leads to OUTCOME_UNKNOWN", () => {
    const command = Command.recordOutcomeUnknown()
    const events = acceptedEvents(command, State.inStatus("PICKED"))
    expect(events).toEqual([{ type: "MessageOutcomeUnknown", at: command.now, reason: expect.any(String) }])
    expect(evolveAll(State.inStatus("PICKED"), events).status).toBe("OUTCOME_UNKNOWN")
  })
})

describe("Resend: sent again only by the user, one resend at a time", () => {
  it("records the resend's id on the first message, which keeps its status and failure", () => {
    const failed = State.inStatus("FAILED")
    const next = evolveAll(failed, acceptedEvents(Command.resend(), failed))
    expect(next).toEqual({ ...failed, resentAs: "message-2", version: failed.version + 1 })
  })

  it("the same resend twice records nothing the second time", () => {
    const resent = State.fromEvents(Event.scheduled(), Event.picked(), Event.sendFailed(), Event.resent())
    expect(decideMessage(Command.resend({ currentResend: "SCHEDULED" }), resent)).toEqual(accept())
  })

  // what became of the first resend decides whether another may be made
  it.each([
    ["SCHEDULED", false],
    ["PICKED", false],
    ["SENT", false],
    ["FAILED", false],
    ["OUTCOME_UNKNOWN", false],
    ["MISSED", false],
    ["DELETED", true],
    ["CANCELLED", true],
    ["NEW", true]
  ] as const)("while its resend is %s, another is allowed: %s", (current, allowed) => {
    const resent = State.fromEvents(Event.scheduled(), Event.picked(), Event.sendFailed(), Event.resent())
    const second = Command.resend({ resendId: "message-3", currentResend: current })
    expect(decideMessage(second, resent)).toEqual(
      allowed
        ? accept({ type: "MessageResent", at: T.RESENT_AT, resendId: "message-3" })
        : reject({ _tag: "MessageAlreadyResent", resendId: "message-2", status: current })
    )
  })

  it("a resend is scheduled like any message, and knows what it sends again", () => {
    const events = acceptedEvents(
      Command.schedule({ messageId: "message-2", resendOf: "message-1", scheduledAt: T.RESENT_AT, now: T.RESENT_AT }),
      initialMessageState
    )
    expect(events).toEqual([
      Event.scheduled({ messageId: "message-2", resendOf: "message-1", scheduledAt: T.RESENT_AT, at: T.RESENT_AT })
    ])
    expect(evolveAll(initialMessageState, events)).toMatchObject({
      status: "SCHEDULED",
      resendOf: "message-1",
      resentAs: null
    })
  })

  it("unansweredFailures: failures with no standing resend", () => {
    const m = (id: string, status: MessageStatus, resentAs: string | null = null) => ({ id, status, resentAs })
    const messages = [
      m("sent", "SENT"),
      m("failed", "FAILED"),
      m("answered", "MISSED", "r1"),
      m("r1", "SCHEDULED"),
      m("withdrawn", "OUTCOME_UNKNOWN", "r2"),
      m("r2", "DELETED"),
      m("lost", "FAILED", "never-scheduled"),
      m("chain", "FAILED", "r3"),
      m("r3", "FAILED")
    ]
    expect(unansweredFailures(messages).map((x) => x.id)).toEqual(["failed", "withdrawn", "lost", "r3"])
  })
})

describe("Schedule", () => {
  it("records target, content and time, and starts the stream at version 1", () => {
    const target = MessageTargetMother.create({ groupName: "Choir" })
    const command = Command.schedule({ messageId: "m-42", target, content: "Rehearsal", scheduledAt: T.SCHEDULED_AT })
    const state = evolveAll(initialMessageState, acceptedEvents(command, initialMessageState))
    expect(state).toEqual({
      ...initialMessageState,
      id: "m-42",
      status: "SCHEDULED",
      target,
      content: "Rehearsal",
      scheduledAt: T.SCHEDULED_AT,
      version: 1
    })
  })

  it("accepts a time equal to now", () => {
    const command = Command.schedule({ scheduledAt: T.CREATED_AT, now: T.CREATED_AT })
    expect(acceptedEvents(command, initialMessageState)).toEqual([
      Event.scheduled({ scheduledAt: T.CREATED_AT, at: T.CREATED_AT })
    ])
  })

  it("rejects a time in the past, even by 1 ms", () => {
    const command = Command.schedule({ scheduledAt: T.CREATED_AT - 1, now: T.CREATED_AT })
    expect(decideMessage(command, initialMessageState)).toEqual(
      reject({ _tag: "ScheduledInThePast", scheduledAt: T.CREATED_AT - 1, now: T.CREATED_AT })
    )
  })

  it.each(["", " ", "\n\t  "])("rejects empty or blank content %j", (content) => {
    expect(decideMessage(Command.schedule({ content }), initialMessageState)).toEqual(reject({ _tag: "EmptyContent" }))
  })

  it("keeps content as written (no trimming)", () => {
    const events = acceptedEvents(Command.schedule({ content: "  hi  " }), initialMessageState)
    expect(events).toEqual([Event.scheduled({ content: "  hi  " })])
  })
})

describe("Edit", () => {
  const scheduled = State.scheduled()

  it("records nothing when it changes nothing", () => {
    expect(
      decideMessage(Command.edit({ content: scheduled.content, scheduledAt: scheduled.scheduledAt }), scheduled)
    ).toEqual({
      _tag: "Accepted",
      events: []
    })
  })

  it("changes only the content when no time is given", () => {
    const events = acceptedEvents(Command.edit({ content: "New text" }), scheduled)
    expect(events).toEqual([Event.edited({ content: "New text", scheduledAt: T.SCHEDULED_AT })])
    const next = evolveAll(scheduled, events)
    expect(next.content).toBe("New text")
    expect(next.scheduledAt).toBe(T.SCHEDULED_AT)
    expect(next.status).toBe("SCHEDULED")
  })

  it("changes only the time when no content is given", () => {
    const later = T.SCHEDULED_AT + 3_600_000
    const command: MessageCommand = { type: "Edit", scheduledAt: later, now: T.CREATED_AT + 60_000 }
    const next = evolveAll(scheduled, acceptedEvents(command, scheduled))
    expect(next.scheduledAt).toBe(later)
    expect(next.content).toBe(scheduled.content)
  })

  it("rejects moving the message into the past", () => {
    const now = T.CREATED_AT + 60_000
    expect(decideMessage(Command.edit({ scheduledAt: now - 1, now }), scheduled)).toEqual(
      reject({ _tag: "ScheduledInThePast", scheduledAt: now - 1, now })
    )
  })

  it.each(["", "   "])("rejects empty content %j", (content) => {
    expect(decideMessage(Command.edit({ content }), scheduled)).toEqual(reject({ _tag: "EmptyContent" }))
  })

  it.each(["PICKED", "SENT", "FAILED"] as const)(
    "is rejected with MessageAlreadyPicked once the message is %s",
    (status) => {
      expect(decideMessage(Command.edit(), State.inStatus(status))).toEqual(
        reject({ _tag: "MessageAlreadyPicked", status })
      )
    }
  )
})

describe("Pick: the due window now − LOOKBACK_MS ≤ scheduledAt ≤ now, measured at selection", () => {
  const selectedAt = T.SCHEDULED_AT + 30_000
  const pickAt = (scheduledAt: number) =>
    decideMessage(Command.pick({ selectedAt, now: selectedAt }), State.scheduled({ scheduledAt }))

  it("LOOKBACK_MS is two minutes", () => {
    expect(LOOKBACK_MS).toBe(120_000)
  })

  it("accepts a message scheduled exactly LOOKBACK_MS before selection", () => {
    expect(pickAt(selectedAt - LOOKBACK_MS)).toEqual(
      accept({ type: "MessagePicked", at: selectedAt, by: "scheduler-a" })
    )
  })

  it("accepts a message scheduled exactly at selection", () => {
    expect(pickAt(selectedAt)).toEqual(accept({ type: "MessagePicked", at: selectedAt, by: "scheduler-a" }))
  })

  it("rejects a message scheduled 1 ms before the window", () => {
    const scheduledAt = selectedAt - LOOKBACK_MS - 1
    expect(pickAt(scheduledAt)).toEqual(reject({ _tag: "MessageNotDue", scheduledAt, selectedAt }))
  })

  it("rejects a message scheduled 1 ms after selection", () => {
    const scheduledAt = selectedAt + 1
    expect(pickAt(scheduledAt)).toEqual(reject({ _tag: "MessageNotDue", scheduledAt, selectedAt }))
  })

  it("judges the window at selectedAt, not at the (later) time of the claim", () => {
    const claimAt = selectedAt + 10 * 60_000
    const result = decideMessage(Command.pick({ selectedAt, now: claimAt, by: "scheduler-b" }), State.scheduled())
    expect(result).toEqual(accept({ type: "MessagePicked", at: claimAt, by: "scheduler-b" }))
  })

  it("rejects a claim on a message edited out of the window after it was selected", () => {
    const scheduled = State.scheduled()
    const moved = evolveAll(
      scheduled,
      acceptedEvents(Command.edit({ scheduledAt: selectedAt + 60_000, now: selectedAt - 1 }), scheduled)
    )
    expect(decideMessage(Command.pick({ selectedAt }), moved)).toEqual(
      reject({ _tag: "MessageNotDue", scheduledAt: selectedAt + 60_000, selectedAt })
    )
  })

  it("records who claimed it and when", () => {
    const picked = evolveAll(State.scheduled(), acceptedEvents(Command.pick({ by: "scheduler-z" }), State.scheduled()))
    expect(picked.pickedAt).toBe(T.PICKED_AT)
    expect(picked.pickedBy).toBe("scheduler-z")
  })

  it("records the id taken for the send with the claim, and none when none was taken", () => {
    const command = Command.pick({ gatewayMessageId: "3EB0AA" })
    const events = acceptedEvents(command, State.scheduled())
    expect(events).toEqual([{ type: "MessagePicked", at: T.PICKED_AT, by: "scheduler-a", gatewayMessageId: "3EB0AA" }])
    expect(evolveAll(State.scheduled(), events).claimGatewayId).toBe("3EB0AA")
    const [without] = acceptedEvents(Command.pick(), State.scheduled())
    // absent, not undefined: the event is stored as the older ones were
    expect(without === undefined ? [] : Object.keys(without)).toEqual(["type", "at", "by"])
    expect(State.scheduled().claimGatewayId).toBeNull()
  })

  it("a later claim replaces the id of an earlier one, and one without an id keeps none of it", () => {
    const first = Event.picked({ gatewayMessageId: "3EB0AA" })
    expect(
      State.fromEvents(Event.scheduled(), first, Event.picked({ gatewayMessageId: "3EB0BB" })).claimGatewayId
    ).toBe("3EB0BB")
    expect(State.fromEvents(Event.scheduled(), first, Event.picked()).claimGatewayId).toBeNull()
  })

  it("a second claim on the same message is rejected", () => {
    expect(decideMessage(Command.pick({ by: "scheduler-b" }), State.picked())).toEqual(
      reject({ _tag: "MessageAlreadyPicked", status: "PICKED" })
    )
  })

  it.each([
    { scheduledAt: 0, now: LOOKBACK_MS, due: true },
    { scheduledAt: 0, now: LOOKBACK_MS + 1, due: false },
    { scheduledAt: 5, now: 5, due: true },
    { scheduledAt: 6, now: 5, due: false }
  ])("isDue($scheduledAt, $now) is $due", ({ scheduledAt, now, due }) => {
    expect(isDue(T.SCHEDULED_AT + scheduledAt, T.SCHEDULED_AT + now)).toBe(due)
  })
})

describe("RecordMissed: only strictly older than now − LOOKBACK_MS", () => {
  const now = T.SCHEDULED_AT + 10 * 60_000
  const missedAt = (scheduledAt: number) =>
    decideMessage(Command.recordMissed({ now }), State.scheduled({ scheduledAt }))

  it("accepts a message scheduled 1 ms before the window", () => {
    expect(missedAt(now - LOOKBACK_MS - 1)).toEqual(accept({ type: "MessageMissed", at: now }))
  })

  it("rejects a message scheduled exactly at the start of the window (it can still be picked)", () => {
    const scheduledAt = now - LOOKBACK_MS
    expect(missedAt(scheduledAt)).toEqual(reject({ _tag: "MessageNotDue", scheduledAt, selectedAt: now }))
  })

  it.each([
    { label: "inside the window", scheduledAt: now - 1 },
    { label: "in the future", scheduledAt: now + 60_000 }
  ])("rejects a message scheduled $label", ({ scheduledAt }) => {
    expect(missedAt(scheduledAt)._tag).toBe("Rejected")
  })

  it("marks the message MISSED with the reason `missed`, and neither picked nor sent", () => {
    const state = State.inStatus("MISSED")
    expect(state.status).toBe("MISSED")
    expect(state.failureReason).toBe("missed")
    expect(isPicked(state)).toBe(false)
    expect(isSent(state)).toBe(false)
  })
})

describe("RecordOutcomeUnknown: only once the lease has expired", () => {
  const pickedAt = T.PICKED_AT
  const leaseMs = T.LEASE_MS
  const picked = State.picked(pickedAt)

  it("accepts when pickedAt + lease equals now", () => {
    const now = pickedAt + leaseMs
    const events = acceptedEvents(Command.recordOutcomeUnknown({ leaseMs, now }), picked)
    expect(events).toHaveLength(1)
    expect(events[0]).toMatchObject({ type: "MessageOutcomeUnknown", at: now })
  })

  it("rejects 1 ms before the lease expires", () => {
    expect(decideMessage(Command.recordOutcomeUnknown({ leaseMs, now: pickedAt + leaseMs - 1 }), picked)).toEqual(
      reject({ _tag: "LeaseNotExpired", pickedAt })
    )
  })

  it("gives a reason that says the outcome is unknown, and keeps it on the state", () => {
    const events = acceptedEvents(Command.recordOutcomeUnknown({ leaseMs, now: pickedAt + leaseMs }), picked)
    const event = events[0]
    if (event?.type !== "MessageOutcomeUnknown") throw new Error("expected MessageOutcomeUnknown")
    expect(event.reason).toContain("outcome unknown")
    const next = evolveAll(picked, events)
    expect(next.status).toBe("OUTCOME_UNKNOWN")
    expect(next.failureReason).toBe(event.reason)
  })

  it("the message stays picked and is never sent afterwards", () => {
    const state = State.inStatus("OUTCOME_UNKNOWN")
    expect(isPicked(state)).toBe(true)
    expect(decideMessage(Command.recordSent(), state)).toEqual(
      reject({ _tag: "MessageNotInFlight", status: "OUTCOME_UNKNOWN" })
    )
    expect(decideMessage(Command.pick(), state)).toEqual(
      reject({ _tag: "MessageAlreadyPicked", status: "OUTCOME_UNKNOWN" })
    )
  })
})

describe("SettleSentFromHistory: a claim past its lease that the chat shows sent", () => {
  const pickedAt = T.PICKED_AT
  const leaseMs = T.LEASE_MS
  const picked = State.picked(pickedAt)

  it("is refused before the lease expires, like RecordOutcomeUnknown", () => {
    expect(decideMessage(Command.settleSentFromHistory({ leaseMs, now: pickedAt + leaseMs - 1 }), picked)).toEqual(
      reject({ _tag: "LeaseNotExpired", pickedAt })
    )
    expect(acceptedEvents(Command.settleSentFromHistory({ leaseMs, now: pickedAt + leaseMs }), picked)).toHaveLength(1)
  })

  it("records MessageSent at the chat's time, kept between the claim and now whatever the clocks say", () => {
    const now = pickedAt + leaseMs
    const at = (sentAt: number) => {
      const [event] = acceptedEvents(Command.settleSentFromHistory({ now, sentAt }), picked)
      return event?.type === "MessageSent" ? event.at : null
    }
    expect(at(pickedAt + 1_000)).toBe(pickedAt + 1_000)
    expect(at(pickedAt - 30_000)).toBe(pickedAt)
    expect(at(now + 30_000)).toBe(now)
  })

  it("says how it is known, and leads to SENT with sentAt, like a reported send", () => {
    const events = acceptedEvents(
      Command.settleSentFromHistory({ sentAt: pickedAt + 2_000, gatewayMessageId: "X", evidence: "gateway message X" }),
      picked
    )
    expect(events).toEqual([
      {
        type: "MessageSent",
        at: pickedAt + 2_000,
        gatewayMessageId: "X",
        note: "settled from the chat's history: gateway message X"
      }
    ])
    const next = evolveAll(picked, events)
    expect(next).toMatchObject({ status: "SENT", sentAt: pickedAt + 2_000, failureReason: null })
    expect(isSent(next)).toBe(true)
  })

  it("a message already finished another way is never settled again", () => {
    for (const status of ["SENT", "FAILED", "OUTCOME_UNKNOWN"] as const) {
      expect(decideMessage(Command.settleSentFromHistory(), State.inStatus(status))).toEqual(
        reject({ _tag: "MessageNotInFlight", status })
      )
    }
  })
})

describe("SettleSentById: the gateway finds the message by the id its claim recorded", () => {
  const pickedAt = T.PICKED_AT
  const leaseMs = T.LEASE_MS
  const picked = State.picked(pickedAt)
  const after = pickedAt + leaseMs

  it("is refused before the lease expires, like SettleSentFromHistory, unless the claim's own scheduler asks", () => {
    expect(decideMessage(Command.settleSentById({ leaseMs, now: after - 1 }), picked)).toEqual(
      reject({ _tag: "LeaseNotExpired", pickedAt })
    )
    expect(acceptedEvents(Command.settleSentById({ leaseMs, now: after }), picked)).toHaveLength(1)
    // another scheduler, before the lease: the claim may still be sending
    expect(
      decideMessage(Command.settleSentById({ leaseMs, now: pickedAt + 10_000, by: "scheduler-b" }), picked)
    ).toEqual(reject({ _tag: "LeaseNotExpired", pickedAt }))
    // the claim's own scheduler settles its own cut-off send at once, as it would have recorded it sent
    const own = acceptedEvents(
      Command.settleSentById({ leaseMs, now: pickedAt + 10_000, sentAt: pickedAt + 2_000, by: "scheduler-a" }),
      picked
    )
    expect(own).toEqual([
      {
        type: "MessageSent",
        at: pickedAt + 2_000,
        gatewayMessageId: CLAIM_GATEWAY_ID,
        note: `settled by its id: gateway message ${CLAIM_GATEWAY_ID}`
      }
    ])
  })

  it("only with the id the claim recorded: another id, or a claim that took none, is refused", () => {
    expect(decideMessage(Command.settleSentById({ gatewayMessageId: "3EB0FFFF" }), picked)).toEqual(
      reject({ _tag: "NotTheClaimsId", claimGatewayId: CLAIM_GATEWAY_ID })
    )
    const withoutId = State.picked(pickedAt, null)
    expect(decideMessage(Command.settleSentById(), withoutId)).toEqual(
      reject({ _tag: "NotTheClaimsId", claimGatewayId: null })
    )
    // an earlier claim's id, after a later claim without one
    const reclaimed = State.fromEvents(
      Event.scheduled(),
      Event.picked({ gatewayMessageId: CLAIM_GATEWAY_ID }),
      Event.picked({ at: pickedAt + 1 })
    )
    expect(decideMessage(Command.settleSentById(), reclaimed)).toEqual(
      reject({ _tag: "NotTheClaimsId", claimGatewayId: null })
    )
  })

  it("records MessageSent at the gateway's time, kept between the claim and now", () => {
    const now = after
    const at = (sentAt: number) => {
      const [event] = acceptedEvents(Command.settleSentById({ now, sentAt }), picked)
      return event?.type === "MessageSent" ? event.at : null
    }
    expect(at(pickedAt + 1_000)).toBe(pickedAt + 1_000)
    expect(at(pickedAt - 30_000)).toBe(pickedAt)
    expect(at(now + 30_000)).toBe(now)
  })

  it.each([
    { ack: -1, level: null },
    { ack: 0, level: null },
    { ack: 1, level: null },
    { ack: 2, level: "DELIVERED" },
    { ack: 3, level: "READ" },
    { ack: 4, level: "READ" }
  ] as const)("ack $ack also records a receipt of the whole message: $level", ({ ack, level }) => {
    const command = Command.settleSentById({ ack })
    const events = acceptedEvents(command, picked)
    expect(events[0]).toMatchObject({ type: "MessageSent", gatewayMessageId: CLAIM_GATEWAY_ID })
    expect(events.slice(1)).toEqual(
      level === null ? [] : [{ type: "MessageAcknowledged", at: command.now, level, participant: null }]
    )
    const next = evolveAll(picked, events)
    expect(next).toMatchObject({ status: "SENT", sentAt: T.SENT_AT, gatewayMessageId: CLAIM_GATEWAY_ID })
    expect(next.delivery).toEqual({
      deliveredAt: level === null ? null : command.now,
      readAt: level === "READ" ? command.now : null,
      deliveredTo: [],
      readBy: [],
      readMore: 0
    })
    expect(next.version).toBe(picked.version + events.length)
    // a webhook receipt of the same level later changes nothing; its key matches the sent message
    if (level !== null) {
      expect(decideMessage(Command.recordAck({ level, participant: null }), next)).toEqual(accept())
    }
    expect(gatewayMessageKey(`true_120363000000000001@g.us_${CLAIM_GATEWAY_ID}`)).toBe(next.gatewayMessageId)
  })

  it("settles once: a message already finished (by its id or another way) is never settled again", () => {
    const settled = evolveAll(picked, acceptedEvents(Command.settleSentById(), picked))
    expect(decideMessage(Command.settleSentById(), settled)).toEqual(
      reject({ _tag: "MessageNotInFlight", status: "SENT" })
    )
    for (const status of ["SENT", "FAILED", "OUTCOME_UNKNOWN"] as const) {
      expect(decideMessage(Command.settleSentById(), State.inStatus(status))).toEqual(
        reject({ _tag: "MessageNotInFlight", status })
      )
    }
  })
})

describe("after the send", () => {
  it("RecordSent keeps sentAt", () => {
    const sent = evolveAll(State.picked(), acceptedEvents(Command.recordSent({ now: T.SENT_AT + 7 }), State.picked()))
    expect(sent.sentAt).toBe(T.SENT_AT + 7)
  })

  it("RecordSent keeps the gateway's message id; a send whose answer named none keeps null", () => {
    const sent = evolveAll(State.picked(), acceptedEvents(Command.recordSent(), State.picked()))
    expect(sent.gatewayMessageId).toBe(GATEWAY_MESSAGE_ID)
    const unnamed = evolveAll(
      State.picked(),
      acceptedEvents(Command.recordSent({ gatewayMessageId: null }), State.picked())
    )
    expect(unnamed.gatewayMessageId).toBeNull()
  })

  it("RecordSendFailure keeps the reason", () => {
    const reason = "failed to send message: connect ECONNREFUSED 10.0.0.1:3000"
    const failed = evolveAll(State.picked(), acceptedEvents(Command.recordSendFailure({ reason }), State.picked()))
    expect(failed.status).toBe("FAILED")
    expect(failed.failureReason).toBe(reason)
    expect(failed.sentAt).toBeNull()
  })
})

describe("derived flags (the API's isPicked, isSent, isDeleted)", () => {
  it.each([
    { status: "NEW", picked: false, sent: false, deleted: false },
    { status: "SCHEDULED", picked: false, sent: false, deleted: false },
    { status: "PICKED", picked: true, sent: false, deleted: false },
    { status: "SENT", picked: true, sent: true, deleted: false },
    { status: "FAILED", picked: true, sent: false, deleted: false },
    { status: "OUTCOME_UNKNOWN", picked: true, sent: false, deleted: false },
    { status: "MISSED", picked: false, sent: false, deleted: false },
    { status: "DELETED", picked: false, sent: false, deleted: true },
    { status: "CANCELLED", picked: false, sent: false, deleted: true }
  ] as const)("$status: isPicked=$picked isSent=$sent isDeleted=$deleted", ({ status, picked, sent, deleted }) => {
    const state = State.inStatus(status)
    expect(state.status).toBe(status)
    expect({ isPicked: isPicked(state), isSent: isSent(state), isDeleted: isDeleted(state) }).toEqual({
      isPicked: picked,
      isSent: sent,
      isDeleted: deleted
    })
  })
})

describe("delivery receipts", () => {
  const ack = (
    state: MessageState,
    level: "DELIVERED" | "READ",
    participant: string | null,
    now = T.SENT_AT + 60_000
  ) => evolveAll(state, acceptedEvents(Command.recordAck({ level, participant, now }), state))

  it("counts each group member once per level; a read message counts as delivered", () => {
    let state = State.inStatus("SENT")
    expect(state.delivery).toEqual({ deliveredAt: null, readAt: null, deliveredTo: [], readBy: [], readMore: 0 })
    state = ack(state, "DELIVERED", "1@c.us", T.SENT_AT + 1_000)
    state = ack(state, "DELIVERED", "2@c.us", T.SENT_AT + 2_000)
    state = ack(state, "READ", "3@lid", T.SENT_AT + 3_000)
    expect(state.delivery).toEqual({
      deliveredAt: T.SENT_AT + 1_000,
      readAt: T.SENT_AT + 3_000,
      deliveredTo: ["1@c.us", "2@c.us", "3@lid"],
      readBy: ["3@lid"],
      readMore: 0
    })
    expect(state.status).toBe("SENT")
  })

  it("a replayed receipt changes nothing: no event", () => {
    const once = ack(State.inStatus("SENT"), "READ", "1@c.us")
    expect(decideMessage(Command.recordAck({ level: "READ", participant: "1@c.us" }), once)).toEqual(accept())
    // read implies delivered: a late DELIVERED from the same member is a duplicate too
    expect(decideMessage(Command.recordAck({ level: "DELIVERED", participant: "1@c.us" }), once)).toEqual(accept())
    // but another member's receipt still counts
    expect(acceptedEvents(Command.recordAck({ level: "DELIVERED", participant: "2@c.us" }), once)).toHaveLength(1)
  })

  it("a receipt for the whole message (no participant) sets the level once", () => {
    const delivered = ack(State.inStatus("SENT"), "DELIVERED", null, T.SENT_AT + 5)
    expect(delivered.delivery).toEqual({
      deliveredAt: T.SENT_AT + 5,
      readAt: null,
      deliveredTo: [],
      readBy: [],
      readMore: 0
    })
    expect(decideMessage(Command.recordAck({ level: "DELIVERED", participant: null }), delivered)).toEqual(accept())
    const read = ack(delivered, "READ", null, T.SENT_AT + 9)
    expect(read.delivery).toMatchObject({ deliveredAt: T.SENT_AT + 5, readAt: T.SENT_AT + 9 })
  })
})

describe("a Status's receipts (thousands of contacts)", () => {
  const statusSent = () =>
    State.inStatus("SENT", {
      target: { ...MessageTargetMother.create(), groupId: "status@broadcast", groupName: "My Status" }
    })

  it("3,000 contacts each deliver and view it, some twice: the stream stays small and the viewers are counted right", () => {
    let state = statusSent()
    const events: Array<MessageEvent> = []
    const receive = (level: "DELIVERED" | "READ", participant: string) => {
      const decided = acceptedEvents(Command.recordAck({ level, participant, now: T.SENT_AT + 1_000 }), state)
      events.push(...decided)
      state = evolveAll(state, decided)
    }
    for (let i = 0; i < 3_000; i++) receive("DELIVERED", `${i}@c.us`)
    for (let i = 0; i < 3_000; i++) receive("READ", `${i}@c.us`)
    // the first viewers again (a repeated webhook): they are named, so not counted twice
    for (let i = 0; i < STATUS_SEEN_NAMES; i++) receive("READ", `${i}@c.us`)
    // one DELIVERED for the Status as a whole, a named event per viewer up to the cap, a counted one past it
    expect(events.filter((e) => e.type === "MessageAcknowledged" && e.level === "DELIVERED")).toHaveLength(1)
    expect(events.filter((e) => e.type === "MessageAcknowledged" && e.participant !== null)).toHaveLength(
      STATUS_SEEN_NAMES
    )
    expect(state.delivery.readBy).toHaveLength(STATUS_SEEN_NAMES)
    expect(state.delivery.deliveredTo.length).toBeLessThanOrEqual(STATUS_SEEN_NAMES)
    expect(readCountOf(state.delivery)).toBe(3_000)
    expect(state.delivery.deliveredAt).toBe(T.SENT_AT + 1_000)
  })

  it("a group's receipts are kept per member as before, past the Status's cap too", () => {
    let state = State.inStatus("SENT")
    for (let i = 0; i < STATUS_SEEN_NAMES + 10; i++)
      state = evolveAll(state, acceptedEvents(Command.recordAck({ level: "READ", participant: `${i}@c.us` }), state))
    expect(state.delivery.readBy).toHaveLength(STATUS_SEEN_NAMES + 10)
    expect(state.delivery.readMore).toBe(0)
  })
})

describe("gatewayMessageKey", () => {
  it.each([
    ["true_120363000000000001@g.us_3EB0A1B2C3", "3EB0A1B2C3"],
    // a group member's receipt appends the member (WEBJS, message.ack.group)
    ["true_120363000000000001@g.us_3EB0A1B2C3_9999@lid", "3EB0A1B2C3"],
    ["false_15551234567@c.us_AAAA", "AAAA"],
    // a bare key (NOWEB's key.id, GOWS's Info.ID)
    ["3EB0A1B2C3", "3EB0A1B2C3"]
  ])("%s → %s", (id, key) => {
    expect(gatewayMessageKey(id)).toBe(key)
  })
})

describe("Mention everyone (issue 14)", () => {
  it("a message mentions nobody unless scheduled so: the event then says it, and only then", () => {
    const plain = acceptedEvents(Command.schedule(), initialMessageState)
    expect(plain).toEqual([Event.scheduled()])
    expect(plain[0]).not.toHaveProperty("mentionAll")
    expect(evolveAll(initialMessageState, plain).mentionAll).toBe(false)
    // false is the default: nothing is written for it
    expect(acceptedEvents(Command.schedule({ mentionAll: false }), initialMessageState)).toEqual([Event.scheduled()])
    const mentioning = acceptedEvents(Command.schedule({ mentionAll: true }), initialMessageState)
    expect(mentioning).toEqual([{ ...Event.scheduled(), mentionAll: true }])
    expect(evolveAll(initialMessageState, mentioning).mentionAll).toBe(true)
  })

  it.each([
    { before: false, asked: true, event: { mentionAll: true } },
    { before: true, asked: false, event: { mentionAll: false } },
    { before: true, asked: undefined, event: {} },
    { before: true, asked: true, event: {} }
  ])("an edit from $before asking $asked records $event alongside the text", ({ before, asked, event }) => {
    const scheduled = { ...State.scheduled(), mentionAll: before }
    const command: MessageCommand = {
      type: "Edit",
      content: "New text",
      ...(asked === undefined ? {} : { mentionAll: asked }),
      now: T.CREATED_AT + 60_000
    }
    const events = acceptedEvents(command, scheduled)
    expect(events).toEqual([{ ...Event.edited({ content: "New text", scheduledAt: T.SCHEDULED_AT }), ...event }])
    expect(evolveAll(scheduled, events).mentionAll).toBe(asked ?? before)
  })

  it("an edit of the mention alone is recorded; asking for what it already is records nothing", () => {
    const scheduled = State.scheduled()
    const on = acceptedEvents({ type: "Edit", mentionAll: true, now: T.CREATED_AT + 60_000 }, scheduled)
    expect(on).toEqual([
      { ...Event.edited({ content: scheduled.content, scheduledAt: T.SCHEDULED_AT }), mentionAll: true }
    ])
    const mentioning = evolveAll(scheduled, on)
    expect(mentioning.mentionAll).toBe(true)
    expect(decideMessage({ type: "Edit", mentionAll: true, now: T.CREATED_AT + 60_000 }, mentioning)).toEqual(accept())
  })

  it.each(["PICKED", "SENT", "FAILED", "DELETED"] as const)("cannot be changed once the message is %s", (status) => {
    const result = decideMessage({ type: "Edit", mentionAll: true, now: T.CREATED_AT + 60_000 }, State.inStatus(status))
    expect(result._tag).toBe("Rejected")
  })

  it("an edit recorded before mentions existed (no mentionAll) leaves the mention as it was", () => {
    const mentioning = { ...State.scheduled(), mentionAll: true }
    const next = evolveMessage(mentioning, Event.edited({ content: "Old edit" }))
    expect(next.mentionAll).toBe(true)
    expect(next.content).toBe("Old edit")
  })
})

describe("Polls (issue 14)", () => {
  const poll = { options: ["Pizza", "Sushi"], multipleAnswers: false }
  const edit = (fields: Partial<Extract<MessageCommand, { type: "Edit" }>>): MessageCommand => ({
    type: "Edit",
    now: T.CREATED_AT + 60_000,
    ...fields
  })

  it("a text stays a text: no poll on its event, null in its state", () => {
    const events = acceptedEvents(Command.schedule(), initialMessageState)
    expect(events[0]).not.toHaveProperty("poll")
    expect(evolveAll(initialMessageState, events).poll).toBeNull()
  })

  it("a poll is scheduled with its options on the event (its own fields only) and folded into the state", () => {
    const events = acceptedEvents(
      Command.schedule({ poll: { ...poll, extra: "dropped" } as typeof poll }),
      initialMessageState
    )
    expect(events).toEqual([{ ...Event.scheduled(), poll }])
    expect(evolveAll(initialMessageState, events).poll).toEqual(poll)
  })

  it.each([
    { options: ["Only one"], at: "options", text: "2 to 12 options (this one has 1)" },
    { options: Array.from({ length: 13 }, (_, i) => `Option ${i + 1}`), at: "options", text: "(this one has 13)" },
    { options: ["Pizza", "  "], at: "options.1", text: "must not be empty" },
    { options: ["Pizza", " pizza "], at: "options.1", text: "must differ" },
    { options: ["Pizza", "x".repeat(101)], at: "options.1", text: "at most 100 characters" }
  ])("a poll with options $options is refused at $at", ({ options, at, text }) => {
    const result = decideMessage(Command.schedule({ poll: { options, multipleAnswers: false } }), initialMessageState)
    expect(result).toMatchObject({ _tag: "Rejected", rejection: { _tag: "InvalidPoll", at } })
    if (result._tag === "Rejected" && result.rejection._tag === "InvalidPoll") {
      expect(result.rejection.message).toContain(text)
    }
  })

  it("12 options are enough and accepted", () => {
    const options = Array.from({ length: 12 }, (_, i) => `Option ${i + 1}`)
    expect(acceptedEvents(Command.schedule({ poll: { options, multipleAnswers: true } }), initialMessageState)).toEqual(
      [{ ...Event.scheduled(), poll: { options, multipleAnswers: true } }]
    )
  })

  it("a poll cannot mention everyone, neither scheduled so nor edited so", () => {
    expect(decideMessage(Command.schedule({ poll, mentionAll: true }), initialMessageState)).toEqual(
      reject({ _tag: "PollCannotMention" })
    )
    const scheduled = { ...State.scheduled(), poll }
    expect(decideMessage(edit({ mentionAll: true }), scheduled)).toEqual(reject({ _tag: "PollCannotMention" }))
  })

  it("an edit of the options records the new poll; of the question alone, no poll (it stays as it was)", () => {
    const scheduled = { ...State.scheduled(), poll }
    const changed = { options: ["Sushi", "Pizza", "Tacos"], multipleAnswers: true }
    const events = acceptedEvents(edit({ poll: changed }), scheduled)
    expect(events).toEqual([
      { ...Event.edited({ content: scheduled.content, scheduledAt: T.SCHEDULED_AT }), poll: changed }
    ])
    expect(evolveAll(scheduled, events).poll).toEqual(changed)
    const question = acceptedEvents(edit({ content: "Where?" }), scheduled)
    expect(question[0]).not.toHaveProperty("poll")
    expect(evolveAll(scheduled, question)).toMatchObject({ content: "Where?", poll })
    // the same options again: nothing to record
    expect(decideMessage(edit({ poll: { ...poll, options: [...poll.options] } }), scheduled)).toEqual(accept())
  })

  it("an edit refuses bad options, and a text cannot become a poll", () => {
    const scheduled = { ...State.scheduled(), poll }
    expect(decideMessage(edit({ poll: { options: ["One"], multipleAnswers: false } }), scheduled)).toMatchObject({
      _tag: "Rejected",
      rejection: { _tag: "InvalidPoll", at: "options" }
    })
    expect(decideMessage(edit({ poll }), State.scheduled())).toEqual(reject({ _tag: "NotAPoll" }))
  })

  it.each(["PICKED", "SENT", "FAILED", "CANCELLED"] as const)("a poll cannot be edited once %s", (status) => {
    const result = decideMessage(edit({ poll: { options: ["A", "B"], multipleAnswers: false } }), {
      ...State.inStatus(status),
      poll
    })
    expect(result._tag).toBe("Rejected")
  })

  it("an edit recorded before polls existed (no poll) leaves the poll as it was", () => {
    expect(evolveMessage({ ...State.scheduled(), poll }, Event.edited({ content: "Old edit" })).poll).toEqual(poll)
  })
})

describe("Images and files (issue 14)", () => {
  const media = { id: "md1", mimetype: "image/png", filename: "team.png", size: 68, kind: "image" as const }

  it("a message without media has none on its event and null in its state", () => {
    const events = acceptedEvents(Command.schedule(), initialMessageState)
    expect(events[0]).not.toHaveProperty("media")
    expect(evolveAll(initialMessageState, events).media).toBeNull()
  })

  it("media is scheduled with its own fields only, folded into the state; the caption may then be empty", () => {
    const events = acceptedEvents(
      Command.schedule({ content: "", media: { ...media, extra: "dropped" } as typeof media }),
      initialMessageState
    )
    expect(events).toEqual([{ ...Event.scheduled(), content: "", media }])
    expect(evolveAll(initialMessageState, events)).toMatchObject({ content: "", media })
    // without media an empty content is still refused
    expect(decideMessage(Command.schedule({ content: " " }), initialMessageState)).toEqual(
      reject({ _tag: "EmptyContent" })
    )
  })

  it("a poll cannot carry media", () => {
    expect(
      decideMessage(
        Command.schedule({ poll: { options: ["A", "B"], multipleAnswers: false }, media }),
        initialMessageState
      )
    ).toEqual(reject({ _tag: "PollCannotCarryMedia" }))
  })

  it("an edit keeps the media, and may empty the caption of a message with media (not of a text)", () => {
    const scheduled = { ...State.scheduled(), media }
    const edit: MessageCommand = { type: "Edit", content: "", now: T.CREATED_AT + 60_000 }
    const events = acceptedEvents(edit, scheduled)
    expect(events[0]).not.toHaveProperty("media")
    expect(evolveAll(scheduled, events)).toMatchObject({ content: "", media })
    expect(decideMessage(edit, State.scheduled())).toEqual(reject({ _tag: "EmptyContent" }))
  })
})

describe("Pause and Resume: a paused message is never sent, nor sent late", () => {
  const paused = State.inStatus("PAUSED")

  it.each([
    ["well ahead of its time", T.SCHEDULED_AT - 15 * 60_000, "MessageResumed", "SCHEDULED"],
    ["a millisecond before its time", T.SCHEDULED_AT - 1, "MessageResumed", "SCHEDULED"],
    ["at its time", T.SCHEDULED_AT, "MessageSkipped", "SKIPPED"],
    ["inside the 2-minute window after it", T.SCHEDULED_AT + 60_000, "MessageSkipped", "SKIPPED"],
    ["past the window", T.SCHEDULED_AT + LOOKBACK_MS + 60_000, "MessageSkipped", "SKIPPED"]
  ] as const)("resumed %s, it is %s", (_, now, type, to) => {
    const events = acceptedEvents(Command.resume({ now }), paused)
    expect(events).toEqual([{ type, at: now }])
    expect(evolveAll(paused, events).status).toBe(to)
  })

  it("is not claimed while paused, even inside its window, nor recorded missed after it", () => {
    expect(decideMessage(Command.pick(), paused)).toEqual(reject({ _tag: "MessagePaused" }))
    expect(decideMessage(Command.recordMissed(), paused)).toEqual(reject({ _tag: "MessagePaused" }))
  })

  it("an edit keeps it paused with its new text and time", () => {
    const later = T.SCHEDULED_AT + 3_600_000
    const edited = evolveAll(paused, acceptedEvents(Command.edit({ scheduledAt: later }), paused))
    expect(edited).toMatchObject({ status: "PAUSED", content: "Meeting tonight at 9", scheduledAt: later })
  })

  it("a skipped message counts like a deleted one, is no failure, and can be sent again", () => {
    const skipped = State.inStatus("SKIPPED")
    expect(isDeleted(skipped)).toBe(true)
    expect(isPicked(skipped)).toBe(false)
    expect(unansweredFailures([{ id: "message-1", status: "SKIPPED", resentAs: null }])).toEqual([])
    expect(acceptedEvents(Command.resend(), skipped)).toEqual([Event.resent()])
  })

  it("older streams without pause events read as before", () => {
    const history = [Event.scheduled(), Event.picked(), Event.sent()]
    expect(evolveAll(initialMessageState, history).status).toBe("SENT")
  })
})

describe("RecordMissed while WhatsApp limits the number", () => {
  it("says so in its event and its reason; an older event without it reads as plainly missed", () => {
    const now = T.SCHEDULED_AT + LOOKBACK_MS + 60_000
    const held = acceptedEvents(Command.recordMissed({ now, whileLimited: true }), State.scheduled())
    expect(held).toEqual([{ type: "MessageMissed", at: now, whileLimited: true }])
    expect(evolveAll(State.scheduled(), held)).toMatchObject({ status: "MISSED", failureReason: MISSED_WHILE_LIMITED })
    const plain = acceptedEvents(Command.recordMissed({ now, whileLimited: false }), State.scheduled())
    expect(plain).toEqual([{ type: "MessageMissed", at: now }])
    expect(evolveAll(State.scheduled(), [{ type: "MessageMissed", at: now }]).failureReason).toBe("missed")
  })
})
