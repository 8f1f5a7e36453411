import { describe, expect, it } from "vitest"
import type { SessionCommand, SessionEvent, SessionState } from "../../../../src/domain/session/MessagingSession.ts"
import {
  decideSession,
  evolveSession,
  firstMissedUnderPacing,
  initialSessionState,
  leftWorking,
  SESSION_NAME_PATTERN,
  sureToGoUnderPacing
} from "../../../../src/domain/session/MessagingSession.ts"
import { accept, reject } from "../../../../src/domain/shared/Decider.ts"
import {
  SessionCommandMother as Command,
  SessionEventMother as Event,
  SessionStateMother as State,
  SessionTimes as T
} from "../SessionMother.ts"

const evolveAll = (state: SessionState, events: ReadonlyArray<SessionEvent>): SessionState =>
  events.reduce(evolveSession, state)

const acceptedEvents = (command: SessionCommand, state: SessionState): ReadonlyArray<SessionEvent> => {
  const result = decideSession(command, state)
  if (result._tag !== "Accepted") throw new Error(`expected Accepted, got ${JSON.stringify(result.rejection)}`)
  return result.events
}

describe("Initiate", () => {
  it("creates an ACTIVE session with its name, user and time", () => {
    const command = Command.initiate({ sessionId: "s-7", userId: "u-7", sessionName: "herald_u7" })
    const events = acceptedEvents(command, initialSessionState)
    expect(events).toEqual([Event.initiated({ sessionId: "s-7", userId: "u-7", sessionName: "herald_u7" })])
    expect(evolveAll(initialSessionState, events)).toEqual({
      ...initialSessionState,
      id: "s-7",
      status: "ACTIVE",
      userId: "u-7",
      sessionName: "herald_u7",
      createdAt: T.INITIATED_AT,
      updatedAt: T.INITIATED_AT,
      version: 1
    })
  })

  it.each(["default", "a", "user_123", "user-123", "ABC_def-09", "_", "-", "0"])(
    "accepts the name %j",
    (sessionName) => {
      const result = decideSession(Command.initiate({ sessionName }), initialSessionState)
      expect(result).toEqual(accept(Event.initiated({ sessionName })))
    }
  )

  it.each([
    { label: "empty", sessionName: "" },
    { label: "a space", sessionName: "my session" },
    { label: "a leading space", sessionName: " session" },
    { label: "a trailing newline", sessionName: "session\n" },
    { label: "a slash", sessionName: "user/1" },
    { label: "a path traversal", sessionName: "../admin" },
    { label: "a dot", sessionName: "user.1" },
    { label: "an accented letter", sessionName: "sesión" },
    { label: "a non-Latin script", sessionName: "сессия" },
    { label: "an emoji", sessionName: "chat📱" },
    { label: "a query string", sessionName: "a?b=c" }
  ])("rejects a name with $label ($sessionName)", ({ sessionName }) => {
    expect(decideSession(Command.initiate({ sessionName }), initialSessionState)).toEqual(
      reject({ _tag: "InvalidSessionName", sessionName })
    )
  })

  it("the pattern is ^[a-zA-Z0-9_-]+$", () => {
    expect(SESSION_NAME_PATTERN.source).toBe("^[a-zA-Z0-9_-]+$")
  })

  it.each(["ACTIVE", "LOGGED_OUT"] as const)("a second Initiate on an %s session is rejected", (status) => {
    expect(decideSession(Command.initiate({ sessionName: "another" }), State.inStatus(status))).toEqual(
      reject({ _tag: "SessionAlreadyExists" })
    )
  })

  it("checks that the session is new before checking the name", () => {
    expect(decideSession(Command.initiate({ sessionName: "bad name" }), State.inStatus("ACTIVE"))).toEqual(
      reject({ _tag: "SessionAlreadyExists" })
    )
  })
})

describe("UpdatePhone", () => {
  it("records the phone number on an ACTIVE session", () => {
    const active = State.inStatus("ACTIVE")
    const command = Command.updatePhone({ phoneNumber: "+441234567890" })
    const events = acceptedEvents(command, active)
    expect(events).toEqual([{ type: "SessionPhoneUpdated", phoneNumber: "+441234567890", at: command.now }])
    const next = evolveAll(active, events)
    expect(next.phoneNumber).toBe("+441234567890")
    expect(next.updatedAt).toBe(command.now)
    expect(next.createdAt).toBe(T.INITIATED_AT)
    expect(next.status).toBe("ACTIVE")
    expect(next.version).toBe(active.version + 1)
  })

  it("a later update replaces the earlier number", () => {
    const state = State.fromEvents(
      Event.initiated(),
      Event.phoneUpdated({ phoneNumber: "+1" }),
      Event.phoneUpdated({ phoneNumber: "+2" })
    )
    expect(state.phoneNumber).toBe("+2")
  })

  it.each(["NEW", "LOGGED_OUT"] as const)("is rejected with SessionNotFound on a %s session", (status) => {
    expect(decideSession(Command.updatePhone(), State.inStatus(status))).toEqual(reject({ _tag: "SessionNotFound" }))
  })
})

describe("LogOut", () => {
  it("logs an ACTIVE session out", () => {
    const active = State.inStatus("ACTIVE")
    const command = Command.logOut()
    const events = acceptedEvents(command, active)
    expect(events).toEqual([{ type: "SessionLoggedOut", at: command.now }])
    const next = evolveAll(active, events)
    expect(next.status).toBe("LOGGED_OUT")
    expect(next.updatedAt).toBe(command.now)
    expect(next.sessionName).toBe(active.sessionName)
  })

  it.each(["NEW", "LOGGED_OUT"] as const)("is rejected with SessionNotFound on a %s session", (status) => {
    expect(decideSession(Command.logOut(), State.inStatus(status))).toEqual(reject({ _tag: "SessionNotFound" }))
  })
})

describe("RecordGatewayStatus", () => {
  const report = (status: string, reportedAt: number) => ({
    type: "RecordGatewayStatus" as const,
    status,
    reportedAt,
    now: reportedAt + 50
  })
  const record = (state: SessionState, status: string, reportedAt: number) =>
    evolveAll(state, acceptedEvents(report(status, reportedAt), state))

  it("records a new status with the one before it; leaving WORKING is told from the event alone", () => {
    const working = record(State.inStatus("ACTIVE"), "WORKING", 1_000)
    expect(working).toMatchObject({ gatewayStatus: "WORKING", gatewayStatusAt: 1_000 })
    const events = acceptedEvents(report("FAILED", 2_000), working)
    expect(events).toEqual([
      { type: "SessionGatewayStatusChanged", status: "FAILED", previousStatus: "WORKING", reportedAt: 2_000, at: 2_050 }
    ])
    expect(events.map(leftWorking)).toEqual(["FAILED"])
    const failed = evolveAll(working, events)
    expect(failed).toMatchObject({ status: "ACTIVE", gatewayStatus: "FAILED", gatewayStatusAt: 2_000 })
    // back to WORKING, or from one non-working status to another: not a departure
    expect(acceptedEvents(report("WORKING", 3_000), failed).map(leftWorking)).toEqual([null])
    expect(acceptedEvents(report("STOPPED", 3_000), failed).map(leftWorking)).toEqual([null])
  })

  it("a replay, the same status again, or a report older than the last one changes nothing", () => {
    const failed = record(record(State.inStatus("ACTIVE"), "WORKING", 1_000), "FAILED", 2_000)
    expect(decideSession(report("FAILED", 2_000), failed)).toEqual(accept())
    expect(decideSession(report("FAILED", 2_500), failed)).toEqual(accept())
    expect(decideSession(report("WORKING", 1_500), failed)).toEqual(accept())
  })

  it("an undated report is never newer than a recorded one: a replay of it records nothing; with nothing recorded it counts at now", () => {
    const undated = (status: string, now: number) => ({
      type: "RecordGatewayStatus" as const,
      status,
      reportedAt: null,
      now
    })
    const working = record(State.inStatus("ACTIVE"), "WORKING", 1_000)
    // however late it arrives, an undated FAILED does not take a dated WORKING's place
    expect(decideSession(undated("FAILED", 9_000), working)).toEqual(accept())
    const first = acceptedEvents(undated("WORKING", 5_000), State.inStatus("ACTIVE"))
    expect(first).toEqual([
      { type: "SessionGatewayStatusChanged", status: "WORKING", previousStatus: null, reportedAt: 5_000, at: 5_000 }
    ])
    const dated = evolveAll(State.inStatus("ACTIVE"), first)
    expect(decideSession(undated("FAILED", 6_000), dated)).toEqual(accept())
    // a dated report after it is news as usual
    expect(acceptedEvents(report("FAILED", 5_500), dated).map(leftWorking)).toEqual(["FAILED"])
  })

  it("another status at the very instant of the recorded one cannot be ordered: refused so the gateway is asked; the same status is a replay", () => {
    const working = record(State.inStatus("ACTIVE"), "WORKING", 1_000)
    expect(decideSession(report("STOPPED", 1_000), working)).toEqual(
      reject({ _tag: "StatusOrderUnknown", reportedAt: 1_000 })
    )
    expect(decideSession(report("WORKING", 1_000), working)).toEqual(accept())
    // the gateway's answer, asked at 1_300, stands and dates it: reports of the tied instant are older now
    const asked = { type: "RecordAskedGatewayStatus" as const, status: "STOPPED", now: 1_300 }
    expect(acceptedEvents(asked, working)).toEqual([
      {
        type: "SessionGatewayStatusChanged",
        status: "STOPPED",
        previousStatus: "WORKING",
        reportedAt: 1_300,
        at: 1_300
      }
    ])
    const stopped = evolveAll(working, acceptedEvents(asked, working))
    expect(decideSession(report("WORKING", 1_000), stopped)).toEqual(accept())
    // an answer that confirms what is recorded changes nothing
    expect(decideSession({ ...asked, status: "WORKING" }, working)).toEqual(accept())
    // a server clock behind the recorded report's never dates the answer before it
    expect(acceptedEvents({ ...asked, now: 900 }, working)).toMatchObject([{ reportedAt: 1_000 }])
    expect(decideSession(asked, initialSessionState)).toEqual(reject({ _tag: "SessionNotFound" }))
  })

  it("is refused for a session that does not exist or was logged out", () => {
    expect(decideSession(report("WORKING", 1), initialSessionState)).toEqual(reject({ _tag: "SessionNotFound" }))
    expect(decideSession(report("WORKING", 1), State.inStatus("LOGGED_OUT"))).toEqual(
      reject({ _tag: "SessionNotFound" })
    )
  })
})

describe("SetPacing", () => {
  it("records the gap and jitter of an active session, shown in its state; off by default", () => {
    const active = State.inStatus("ACTIVE")
    expect(active.pacing).toEqual({ minGapSeconds: 0, jitterSeconds: 0 })
    const events = acceptedEvents(Command.setPacing(30, 30), active)
    expect(events).toEqual([Event.pacingSet(30, 30)])
    const paced = evolveAll(active, events)
    expect(paced).toMatchObject({ pacing: { minGapSeconds: 30, jitterSeconds: 30 }, updatedAt: T.PHONE_AT, version: 2 })
    // and off again
    const off = evolveAll(paced, acceptedEvents(Command.setPacing(0, 0), paced))
    expect(off.pacing).toEqual({ minGapSeconds: 0, jitterSeconds: 0 })
  })

  it("the same pacing again records nothing", () => {
    const paced = State.fromEvents(Event.initiated(), Event.pacingSet(45, 10))
    expect(decideSession(Command.setPacing(45, 10), paced)).toEqual(accept())
    expect(decideSession(Command.setPacing(0, 0), State.inStatus("ACTIVE"))).toEqual(accept())
  })

  it.each([
    { label: "a negative gap", gap: -1, jitter: 0, field: "minGapSeconds" },
    { label: "a fractional gap", gap: 1.5, jitter: 0, field: "minGapSeconds" },
    { label: "a gap over 120 s", gap: 121, jitter: 0, field: "minGapSeconds" },
    { label: "a negative jitter", gap: 30, jitter: -5, field: "jitterSeconds" },
    { label: "a jitter over 120 s", gap: 0, jitter: 121, field: "jitterSeconds" },
    { label: "a NaN gap", gap: Number.NaN, jitter: 0, field: "minGapSeconds" },
    { label: "jitter without a gap", gap: 0, jitter: 10, field: "minGapSeconds" },
    { label: "gap and jitter beyond the 2-minute window", gap: 90, jitter: 31, field: "jitterSeconds" }
  ])("refuses $label, naming the field", ({ gap, jitter, field }) => {
    const result = decideSession(Command.setPacing(gap, jitter), State.inStatus("ACTIVE"))
    expect(result._tag).toBe("Rejected")
    if (result._tag !== "Rejected" || result.rejection._tag !== "InvalidPacing")
      throw new Error("expected InvalidPacing")
    expect(result.rejection.problems.map((p) => p.field)).toContain(field)
  })

  it("accepts the bounds: 120 s with no jitter, and a gap and jitter adding up to 120 s", () => {
    expect(decideSession(Command.setPacing(120, 0), State.inStatus("ACTIVE"))).toEqual(accept(Event.pacingSet(120, 0)))
    expect(decideSession(Command.setPacing(60, 60), State.inStatus("ACTIVE"))).toEqual(accept(Event.pacingSet(60, 60)))
  })

  it.each(["NEW", "LOGGED_OUT"] as const)("refuses a %s session as not found", (status) => {
    expect(decideSession(Command.setPacing(30, 30), State.inStatus(status))).toEqual(
      reject({ _tag: "SessionNotFound" })
    )
  })
})

describe("firstMissedUnderPacing: what a paced session could not send within the window", () => {
  const W = 120_000
  it("not paced: nothing", () => {
    expect(firstMissedUnderPacing([0, 0, 0, 0, 0], { minGapSeconds: 0, jitterSeconds: 0 }, W)).toBeNull()
    expect(sureToGoUnderPacing({ minGapSeconds: 0, jitterSeconds: 0 }, W)).toBeNull()
  })
  it("due together: ceil(window / (gap + jitter)) go; a turn exactly at the window's end is lost (sends take time)", () => {
    const pacing = { minGapSeconds: 30, jitterSeconds: 30 }
    expect(sureToGoUnderPacing(pacing, W)).toBe(2)
    expect(firstMissedUnderPacing([0, 0], pacing, W)).toBeNull()
    // the third's turn: 120 s after its time
    expect(firstMissedUnderPacing([0, 0, 0], pacing, W)).toEqual({ at: 0, position: 3 })
    // due 5 s later, its turn (120 s) is 115 s after its time: it goes
    expect(firstMissedUnderPacing([5, 0, 0], pacing, W)).toBeNull()
    expect(sureToGoUnderPacing({ minGapSeconds: 50, jitterSeconds: 0 }, W)).toBe(3)
    expect(firstMissedUnderPacing([0, 0, 0], { minGapSeconds: 50, jitterSeconds: 0 }, W)).toBeNull()
  })
  it("spread out: the queue drains between runs, and the place in line counts from the run's start", () => {
    const pacing = { minGapSeconds: 50, jitterSeconds: 0 }
    expect(firstMissedUnderPacing([0, 0, 0, 200_000, 200_000, 200_000], pacing, W)).toBeNull()
    expect(firstMissedUnderPacing([0, 0, 0, 200_000, 200_000, 200_000, 200_000], pacing, W)).toEqual({
      at: 200_000,
      position: 4
    })
    // joining a line still waiting: 0, 50, 100 sent; the one due at 30 s goes at 150: 120 late
    expect(firstMissedUnderPacing([0, 0, 0, 30_000], pacing, W)).toEqual({ at: 30_000, position: 4 })
  })
})
