import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { fold } from "../../../../src/domain/shared/Decider.ts"
import { decideUser, normalizeEmail, UserDecider, userStreamId } from "../../../../src/domain/user/User.ts"
import type { UserCommand, UserEvent, UserState } from "../../../../src/domain/user/User.ts"

const AT = Date.UTC(2026, 0, 1)
const register = (overrides: Partial<Extract<UserCommand, { type: "Register" }>> = {}): UserCommand => ({
  type: "Register",
  userId: "u1",
  email: " Ada@Example.org ",
  name: "Ada",
  passwordHash: "scrypt$hash",
  role: "USER",
  status: "PENDING",
  now: AT,
  ...overrides
})

const run = (commands: ReadonlyArray<UserCommand>) => {
  let state: UserState = UserDecider.initialState
  const events: Array<UserEvent> = []
  for (const command of commands) {
    const result = decideUser(command, state)
    if (result._tag === "Accepted") {
      events.push(...result.events)
      state = result.events.reduce(UserDecider.evolve, state)
    }
  }
  return { state, events }
}

describe("User decider", () => {
  it("registers once, with the address normalized; a second registration is rejected", () => {
    const { state } = run([register()])
    expect(state).toMatchObject({ id: "u1", email: "ada@example.org", status: "PENDING", role: "USER", version: 1 })
    expect(decideUser(register({ userId: "u2" }), state)).toEqual({ _tag: "Rejected", rejection: { _tag: "UserAlreadyExists" } })
    expect(userStreamId("ADA@example.org ")).toBe("user-ada@example.org")
  })

  it("approve makes a PENDING account ACTIVE and is a no-op on an ACTIVE one", () => {
    const { state } = run([register(), { type: "Approve", now: AT + 1 }])
    expect(state.status).toBe("ACTIVE")
    expect(decideUser({ type: "Approve", now: AT + 2 }, state)).toEqual({ _tag: "Accepted", events: [] })
  })

  it("MakeAdmin makes the account ADMIN and ACTIVE; no-op when it already is", () => {
    const { state } = run([register(), { type: "MakeAdmin", now: AT + 1 }])
    expect(state).toMatchObject({ role: "ADMIN", status: "ACTIVE" })
    expect(decideUser({ type: "MakeAdmin", now: AT + 2 }, state)).toEqual({ _tag: "Accepted", events: [] })
  })

  it("commands on an unknown account are rejected as UserNotFound", () => {
    for (const command of [{ type: "Approve", now: AT }, { type: "MakeAdmin", now: AT }, { type: "ChangePassword", passwordHash: "x", now: AT }] as const) {
      expect(decideUser(command, UserDecider.initialState)).toEqual({ _tag: "Rejected", rejection: { _tag: "UserNotFound" } })
    }
  })

  it("ChangePassword replaces the hash", () => {
    expect(run([register(), { type: "ChangePassword", passwordHash: "scrypt$new", now: AT + 1 }]).state.passwordHash).toBe("scrypt$new")
  })

  it("property: state is the fold of the events, email never changes after registration, and an ACTIVE account never goes back to PENDING", () => {
    const command = fc.oneof(
      fc.record({ type: fc.constant("Register" as const), userId: fc.string(), email: fc.emailAddress(), name: fc.string(), passwordHash: fc.string(), role: fc.constantFrom("ADMIN" as const, "USER" as const), status: fc.constantFrom("ACTIVE" as const, "PENDING" as const), now: fc.nat() }),
      fc.record({ type: fc.constant("Approve" as const), now: fc.nat() }),
      fc.record({ type: fc.constant("MakeAdmin" as const), now: fc.nat() }),
      fc.record({ type: fc.constant("ChangePassword" as const), passwordHash: fc.string(), now: fc.nat() })
    )
    fc.assert(
      fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
        const { state, events } = run(commands)
        expect(fold(UserDecider, events)).toEqual(state)
        expect(events.filter((e) => e.type === "UserRegistered").length).toBeLessThanOrEqual(1)
        const first = commands.find((c) => c.type === "Register")
        if (first?.type === "Register") expect(state.email).toBe(normalizeEmail(first.email))
        let wasActive = false
        let s: UserState = UserDecider.initialState
        for (const e of events) {
          s = UserDecider.evolve(s, e)
          if (wasActive) expect(s.status).toBe("ACTIVE")
          wasActive = s.status === "ACTIVE"
        }
      })
    )
  })
})
