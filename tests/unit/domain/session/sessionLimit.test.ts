import { describe, expect, it } from "vitest"
import type { SessionCommand, SessionEvent, SessionState } from "../../../../src/domain/session/MessagingSession.ts"
import {
  decideSession,
  evolveSession,
  isHeld,
  LIMIT_HOLD_MS,
  LIMIT_MAIL_AGAIN_AFTER_MS,
  typingDelayMs
} from "../../../../src/domain/session/MessagingSession.ts"
import { SessionStateMother as State } from "../SessionMother.ts"

/** Issue 23 item 3: when WhatsApp limits a number, the session's sends are held, then lifted by themselves. */
const T = Date.UTC(2026, 2, 1, 10, 0, 0)
const HOUR = 3_600_000

const run = (
  state: SessionState,
  command: SessionCommand
): { events: ReadonlyArray<SessionEvent>; state: SessionState } => {
  const result = decideSession(command, state)
  if (result._tag !== "Accepted") throw new Error(`expected Accepted, got ${JSON.stringify(result.rejection)}`)
  return { events: result.events, state: result.events.reduce(evolveSession, state) }
}
const limited = (until: number | null, now = T, reason = "server returned error 463"): SessionCommand => ({
  type: "RecordLimited",
  until,
  reason,
  now
})

describe("RecordLimited", () => {
  it("holds the session until the gateway's end, which it keeps as known", () => {
    const { events, state } = run(State.inStatus("ACTIVE"), limited(T + 5 * HOUR))
    expect(events).toEqual([
      { type: "SessionLimited", until: T + 5 * HOUR, untilKnown: true, reason: "server returned error 463", at: T }
    ])
    expect(state.limit).toEqual({
      since: T,
      until: T + 5 * HOUR,
      untilKnown: true,
      reason: "server returned error 463",
      notified: false
    })
    expect(isHeld(state.limit, T + 5 * HOUR - 1)).toBe(true)
    expect(isHeld(state.limit, T + 5 * HOUR)).toBe(false)
  })

  it("without an end from the gateway (or one already past), holds for Herald's own wait", () => {
    expect(run(State.inStatus("ACTIVE"), limited(null)).state.limit).toMatchObject({
      until: T + LIMIT_HOLD_MS,
      untilKnown: false
    })
    expect(run(State.inStatus("ACTIVE"), limited(T - 1)).state.limit).toMatchObject({
      until: T + LIMIT_HOLD_MS,
      untilKnown: false
    })
  })

  it("a second report within the hold records nothing, unless it moves the end later (keeping its start)", () => {
    const held = run(State.inStatus("ACTIVE"), limited(T + 2 * HOUR)).state
    expect(run(held, limited(T + HOUR, T + 60_000)).events).toEqual([])
    expect(run(held, limited(T + 2 * HOUR, T + 60_000)).events).toEqual([])
    const moved = run(held, limited(T + 3 * HOUR, T + 60_000)).state
    expect(moved.limit).toMatchObject({ since: T, until: T + 3 * HOUR })
  })

  it("is refused for a session that is not active", () => {
    expect(decideSession(limited(null), State.inStatus("LOGGED_OUT"))).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "SessionNotFound" }
    })
  })
})

describe("LiftLimit", () => {
  const heldKnown = run(State.inStatus("ACTIVE"), limited(T + 2 * HOUR)).state
  const heldOwn = run(State.inStatus("ACTIVE"), limited(null)).state

  it("by expiry: nothing before the end, lifted at or after it", () => {
    expect(run(heldKnown, { type: "LiftLimit", by: "expired", now: T + 2 * HOUR - 1 }).events).toEqual([])
    const lifted = run(heldKnown, { type: "LiftLimit", by: "expired", now: T + 2 * HOUR })
    expect(lifted.events).toEqual([{ type: "SessionLimitLifted", by: "expired", at: T + 2 * HOUR }])
    expect(lifted.state.limit).toBeNull()
  })

  it("by the gateway's word: only a hold whose end the gateway gave ends early", () => {
    expect(run(heldKnown, { type: "LiftLimit", by: "gateway", now: T + HOUR }).events).toEqual([
      { type: "SessionLimitLifted", by: "gateway", at: T + HOUR }
    ])
    expect(run(heldOwn, { type: "LiftLimit", by: "gateway", now: T + 60_000 }).events).toEqual([])
  })

  it("records nothing on a session that is not held", () => {
    expect(run(State.inStatus("ACTIVE"), { type: "LiftLimit", by: "expired", now: T }).events).toEqual([])
  })
})

describe("RecordLimitNotified: the owner is told once per hold", () => {
  it("marks the hold told; a second time records nothing; a new hold the next day is told again", () => {
    const held = run(State.inStatus("ACTIVE"), limited(T + HOUR)).state
    const told = run(held, { type: "RecordLimitNotified", now: T + 1 })
    expect(told.events).toEqual([{ type: "SessionLimitNotified", since: T, at: T + 1 }])
    expect(told.state.limit?.notified).toBe(true)
    expect(run(told.state, { type: "RecordLimitNotified", now: T + 2 }).events).toEqual([])
    // the hold moved later is the same hold: still told
    expect(run(told.state, limited(T + 4 * HOUR, T + 5)).state.limit?.notified).toBe(true)
    const lifted = run(told.state, { type: "LiftLimit", by: "expired", now: T + HOUR }).state
    const nextDay = run(lifted, limited(null, T + LIMIT_MAIL_AGAIN_AFTER_MS + 1)).state
    expect(nextDay.limit?.notified).toBe(false)
  })

  it("a hold that comes back soon after the last mail (Herald's wait ran out, WhatsApp still refuses) is not mailed again", () => {
    const held = run(State.inStatus("ACTIVE"), limited(null)).state
    const told = run(held, { type: "RecordLimitNotified", now: T + 1 }).state
    const lifted = run(told, { type: "LiftLimit", by: "expired", now: T + LIMIT_HOLD_MS }).state
    const again = run(lifted, limited(null, T + LIMIT_HOLD_MS + 60_000))
    expect(again.events).toHaveLength(1)
    expect(again.state.limit).toMatchObject({ since: T + LIMIT_HOLD_MS + 60_000, notified: true })
    expect(run(again.state, { type: "RecordLimitNotified", now: T + LIMIT_HOLD_MS + 60_001 }).events).toEqual([])
  })

  it("records nothing when no hold stands", () => {
    expect(run(State.inStatus("ACTIVE"), { type: "RecordLimitNotified", now: T }).events).toEqual([])
  })

  it("records nothing for a hold that ended but was not lifted yet, so the next hold is mailed", () => {
    const held = run(State.inStatus("ACTIVE"), limited(T + HOUR)).state
    const late = run(held, { type: "RecordLimitNotified", now: T + HOUR })
    expect(late.events).toEqual([])
    const lifted = run(late.state, { type: "LiftLimit", by: "expired", now: T + HOUR + 1 }).state
    expect(run(lifted, limited(null, T + 2 * HOUR)).state.limit?.notified).toBe(false)
  })
})

describe("SetTyping: show typing before each send (off by default)", () => {
  it("turns it on and off; the same value again records nothing; refused on a session that is not active", () => {
    const active = State.inStatus("ACTIVE")
    expect(active.typingBeforeSend).toBe(false)
    expect(run(active, { type: "SetTyping", on: false, now: T }).events).toEqual([])
    const on = run(active, { type: "SetTyping", on: true, now: T })
    expect(on.events).toEqual([{ type: "SessionTypingSet", on: true, at: T }])
    expect(on.state.typingBeforeSend).toBe(true)
    expect(run(on.state, { type: "SetTyping", on: false, now: T + 1 }).state.typingBeforeSend).toBe(false)
    expect(decideSession({ type: "SetTyping", on: true, now: T }, State.inStatus("LOGGED_OUT"))._tag).toBe("Rejected")
  })

  it("types longer for a longer text, never the same time twice, at most 8 seconds", () => {
    expect(typingDelayMs(0, 0)).toBe(2_000)
    expect(typingDelayMs(10, 0.5)).toBe(2_000 + 400 + 1_000)
    expect(typingDelayMs(10, 0.9)).toBeGreaterThan(typingDelayMs(10, 0.1))
    expect(typingDelayMs(4_096, 0.99)).toBe(8_000)
  })
})
