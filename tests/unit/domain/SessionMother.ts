import type { SessionCommand, SessionEvent, SessionState } from "../../../src/domain/session/MessagingSession.ts"
import { SessionDecider } from "../../../src/domain/session/MessagingSession.ts"
import { fold } from "../../support/fold.ts"

/** Object mothers for the MessagingSession aggregate; states are built by folding events. */

type CommandOf<T extends SessionCommand["type"]> = Extract<SessionCommand, { type: T }>
type EventOf<T extends SessionEvent["type"]> = Extract<SessionEvent, { type: T }>
type Overrides<T> = Partial<Omit<T, "type">>

export const SessionTimes = {
  INITIATED_AT: Date.UTC(2026, 0, 1, 8, 0, 0),
  PHONE_AT: Date.UTC(2026, 0, 1, 8, 5, 0),
  LOGGED_OUT_AT: Date.UTC(2026, 0, 2, 8, 0, 0)
} as const

const T = SessionTimes

export const SessionCommandMother = {
  initiate: (overrides: Overrides<CommandOf<"Initiate">> = {}): CommandOf<"Initiate"> => ({
    type: "Initiate",
    sessionId: "session-1",
    userId: "user-1",
    sessionName: "user_1-main",
    now: T.INITIATED_AT,
    ...overrides
  }),
  updatePhone: (overrides: Overrides<CommandOf<"UpdatePhone">> = {}): CommandOf<"UpdatePhone"> => ({
    type: "UpdatePhone",
    phoneNumber: "+34600111222",
    now: T.PHONE_AT,
    ...overrides
  }),
  setPacing: (minGapSeconds: number, jitterSeconds: number, now: number = T.PHONE_AT): CommandOf<"SetPacing"> => ({
    type: "SetPacing",
    pacing: { minGapSeconds, jitterSeconds },
    now
  }),
  logOut: (overrides: Overrides<CommandOf<"LogOut">> = {}): CommandOf<"LogOut"> => ({
    type: "LogOut",
    now: T.LOGGED_OUT_AT,
    ...overrides
  })
}

export const SessionEventMother = {
  initiated: (overrides: Overrides<EventOf<"SessionInitiated">> = {}): EventOf<"SessionInitiated"> => ({
    type: "SessionInitiated",
    sessionId: "session-1",
    userId: "user-1",
    sessionName: "user_1-main",
    at: T.INITIATED_AT,
    ...overrides
  }),
  phoneUpdated: (overrides: Overrides<EventOf<"SessionPhoneUpdated">> = {}): EventOf<"SessionPhoneUpdated"> => ({
    type: "SessionPhoneUpdated",
    phoneNumber: "+34600111222",
    at: T.PHONE_AT,
    ...overrides
  }),
  pacingSet: (minGapSeconds: number, jitterSeconds: number, at: number = T.PHONE_AT): EventOf<"SessionPacingSet"> => ({
    type: "SessionPacingSet",
    minGapSeconds,
    jitterSeconds,
    at
  }),
  loggedOut: (at: number = T.LOGGED_OUT_AT): EventOf<"SessionLoggedOut"> => ({ type: "SessionLoggedOut", at })
}

const E = SessionEventMother

export const SessionStateMother = {
  fromEvents: (...events: ReadonlyArray<SessionEvent>): SessionState => fold(SessionDecider, events),
  inStatus: (status: SessionState["status"]): SessionState => {
    switch (status) {
      case "NEW":
        return fold(SessionDecider, [])
      case "ACTIVE":
        return fold(SessionDecider, [E.initiated()])
      case "LOGGED_OUT":
        return fold(SessionDecider, [E.initiated(), E.loggedOut()])
    }
  }
}
