import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { AppLanguage } from "../../../../src/domain/shared/languages.ts"
import type { UserCommand, UserEvent, UserState } from "../../../../src/domain/user/User.ts"
import { decideUser, UserDecider, userStreamId } from "../../../../src/domain/user/User.ts"
import { fold } from "../../../support/fold.ts"

const AT = Date.UTC(2026, 0, 1)
const register = (overrides: Partial<Extract<UserCommand, { type: "Register" }>> = {}): UserCommand => ({
  type: "Register",
  userId: "u1",
  email: " Ada@Example.org ",
  name: "Ada",
  passwordHash: "scrypt$hash",
  role: "USER",
  status: "PENDING",
  emailVerified: true,
  verification: null,
  timeZone: null,
  locale: null,
  now: AT,
  ...overrides
})
const unverified = (
  digest: string,
  expiresAt = AT + 1000,
  overrides: Partial<Extract<UserCommand, { type: "Register" }>> = {}
) => register({ emailVerified: false, verification: { digest, expiresAt }, ...overrides })
const verify = (digest: string, now = AT + 1, makeAdmin = false): UserCommand => ({
  type: "VerifyEmail",
  digest,
  makeAdmin,
  now
})
const INVALID = { _tag: "Rejected", rejection: { _tag: "VerificationInvalid" } }

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
    expect(decideUser(register({ userId: "u2" }), state)).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "UserAlreadyExists" }
    })
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
    for (const command of [
      { type: "Approve", now: AT },
      { type: "MakeAdmin", now: AT },
      { type: "ChangePassword", passwordHash: "x", now: AT }
    ] as const) {
      expect(decideUser(command, UserDecider.initialState)).toEqual({
        _tag: "Rejected",
        rejection: { _tag: "UserNotFound" }
      })
    }
  })

  it("an unverified account is verified once by its link's digest before it expires; never by another, a used or an expired one", () => {
    const { state } = run([unverified("d1")])
    expect(state).toMatchObject({ emailVerified: false, verification: { digest: "d1", expiresAt: AT + 1000 } })
    expect(decideUser(verify("d2"), state)).toEqual(INVALID)
    expect(decideUser(verify("d1", AT + 1000), state)).toEqual(INVALID)
    const verified = run([unverified("d1"), verify("d1")]).state
    expect(verified).toMatchObject({ emailVerified: true, verification: null, role: "USER", status: "PENDING" })
    expect(decideUser(verify("d1", AT + 2), verified)).toEqual(INVALID)
    expect(decideUser(verify("d1"), UserDecider.initialState)).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "UserNotFound" }
    })
  })

  it("verifying the ADMIN_EMAIL account makes it ADMIN and ACTIVE in the same step", () => {
    const { state, events } = run([unverified("d1"), verify("d1", AT + 1, true)])
    expect(events.map((e) => e.type)).toEqual(["UserRegistered", "UserEmailVerified", "UserMadeAdmin"])
    expect(state).toMatchObject({ role: "ADMIN", status: "ACTIVE", emailVerified: true })
  })

  it("a new registration replaces an unverified one (same id and creation date, the old link dead); a verified one is never replaced", () => {
    const { state } = run([
      unverified("d1"),
      unverified("d2", AT + 5000, { userId: "u2", name: "Eve", passwordHash: "scrypt$eve", now: AT + 10 })
    ])
    expect(state).toMatchObject({
      id: "u1",
      name: "Eve",
      passwordHash: "scrypt$eve",
      createdAt: AT,
      updatedAt: AT + 10,
      version: 2
    })
    expect(decideUser(verify("d1", AT + 11), state)).toEqual(INVALID)
    expect(decideUser(verify("d2", AT + 11), state)._tag).toBe("Accepted")
    const verified = run([unverified("d1"), verify("d1")]).state
    expect(decideUser(unverified("d3"), verified)).toEqual({
      _tag: "Rejected",
      rejection: { _tag: "UserAlreadyExists" }
    })
  })

  it("ChangePassword replaces the hash", () => {
    expect(
      run([register(), { type: "ChangePassword", passwordHash: "scrypt$new", now: AT + 1 }]).state.passwordHash
    ).toBe("scrypt$new")
  })

  it("property: state is the fold of the events, id and email never change after registration, a verified account is never registered again nor unverified, and a verified account once ACTIVE is never PENDING or REJECTED again", () => {
    const command = fc.oneof(
      fc.record({
        type: fc.constant("Register" as const),
        userId: fc.string(),
        email: fc.emailAddress(),
        name: fc.string(),
        passwordHash: fc.string(),
        role: fc.constantFrom("ADMIN" as const, "USER" as const),
        status: fc.constantFrom("ACTIVE" as const, "PENDING" as const),
        emailVerified: fc.boolean(),
        verification: fc.option(fc.record({ digest: fc.constantFrom("d1", "d2"), expiresAt: fc.nat() })),
        timeZone: fc.option(fc.constantFrom("Europe/Berlin", "America/New_York")),
        locale: fc.option(fc.constantFrom("de-DE", "en-US")),
        now: fc.nat()
      }),
      fc.record({
        type: fc.constant("VerifyEmail" as const),
        digest: fc.constantFrom("d1", "d2"),
        makeAdmin: fc.boolean(),
        now: fc.nat()
      }),
      fc.record({ type: fc.constant("Approve" as const), now: fc.nat() }),
      fc.record({ type: fc.constantFrom("Reject" as const, "Disable" as const, "Enable" as const), now: fc.nat() }),
      fc.record({ type: fc.constant("MakeAdmin" as const), now: fc.nat() }),
      fc.record({ type: fc.constant("ChangePassword" as const), passwordHash: fc.string(), now: fc.nat() }),
      fc.record({
        type: fc.constant("SetPreferences" as const),
        timeZone: fc.option(fc.constantFrom("Europe/Berlin", "America/New_York")),
        locale: fc.option(fc.constantFrom("de-DE", "en-US")),
        now: fc.nat()
      })
    )
    fc.assert(
      fc.property(fc.array(command, { maxLength: 12 }), (commands) => {
        const { state, events } = run(commands)
        expect(fold(UserDecider, events)).toEqual(state)
        const first = events.find((e) => e.type === "UserRegistered")
        if (first?.type === "UserRegistered") expect(state).toMatchObject({ id: first.userId, email: first.email })
        let wasActive = false
        let wasVerified = false
        let s: UserState = UserDecider.initialState
        for (const e of events) {
          if (wasVerified) expect(e.type).not.toBe("UserRegistered")
          s = UserDecider.evolve(s, e)
          if (wasVerified) expect(s.emailVerified).toBe(true)
          // once let in, an account is never waiting or declined again: only disabled, or active
          if (wasActive && wasVerified) expect(["ACTIVE", "DISABLED"]).toContain(s.status)
          wasActive = (wasActive && wasVerified) || s.status === "ACTIVE"
          wasVerified = s.emailVerified
        }
      })
    )
  })

  describe("the admin's decisions", () => {
    const now = AT + 10
    const stateIn = (status: UserState["status"]): UserState => ({ ...run([register()]).state, status })
    const decisions = ["Approve", "Reject", "Disable", "Enable"] as const
    // [command, from] → the event it records, "none" (already there), or the conflict
    const table: ReadonlyArray<readonly [(typeof decisions)[number], UserState["status"], string]> = [
      ["Approve", "PENDING", "UserApproved"],
      ["Approve", "ACTIVE", "none"],
      ["Approve", "REJECTED", "conflict"],
      ["Approve", "DISABLED", "conflict"],
      ["Reject", "PENDING", "UserRejected"],
      ["Reject", "REJECTED", "none"],
      ["Reject", "ACTIVE", "conflict"],
      ["Reject", "DISABLED", "conflict"],
      ["Disable", "ACTIVE", "UserDisabled"],
      ["Disable", "DISABLED", "none"],
      ["Disable", "PENDING", "conflict"],
      ["Disable", "REJECTED", "conflict"],
      ["Enable", "DISABLED", "UserEnabled"],
      ["Enable", "REJECTED", "UserEnabled"],
      ["Enable", "ACTIVE", "none"],
      ["Enable", "PENDING", "conflict"]
    ]
    it.each(table)("%s on a %s account → %s", (type, from, expected) => {
      const result = decideUser({ type, now }, stateIn(from))
      if (expected === "conflict") {
        expect(result).toEqual({ _tag: "Rejected", rejection: { _tag: "UserStatusConflict", status: from } })
      } else if (expected === "none") {
        expect(result).toEqual({ _tag: "Accepted", events: [] })
      } else {
        expect(result).toEqual({ _tag: "Accepted", events: [{ type: expected, at: now }] })
      }
    })

    it("evolve: declined, disabled and enabled again, each stamped", () => {
      const { state, events } = run([
        register(),
        { type: "Reject", now: AT + 1 },
        { type: "Enable", now: AT + 2 },
        { type: "Disable", now: AT + 3 },
        { type: "Enable", now: AT + 4 }
      ])
      expect(events.map((e) => e.type)).toEqual([
        "UserRegistered",
        "UserRejected",
        "UserEnabled",
        "UserDisabled",
        "UserEnabled"
      ])
      expect(state).toMatchObject({ status: "ACTIVE", updatedAt: AT + 4, version: 5 })
      expect(run([register(), { type: "Approve", now: AT + 1 }, { type: "Disable", now: AT + 2 }]).state).toMatchObject(
        { status: "DISABLED", updatedAt: AT + 2, version: 3 }
      )
    })

    it("on an unknown account: UserNotFound", () => {
      for (const type of decisions) {
        expect(decideUser({ type, now }, UserDecider.initialState)).toEqual({
          _tag: "Rejected",
          rejection: { _tag: "UserNotFound" }
        })
      }
    })
  })

  describe("preferences (the reader's time zone and locale)", () => {
    const NY = { timeZone: "America/New_York", locale: "en-US" }
    const set = (prefs: { readonly timeZone: string | null; readonly locale: string | null }, now = AT + 5) =>
      ({ type: "SetPreferences", ...prefs, now }) as const
    const table: ReadonlyArray<
      readonly [
        string,
        ReadonlyArray<UserCommand>,
        { readonly timeZone: string | null; readonly locale: string | null },
        ReadonlyArray<UserEvent>
      ]
    > = [
      ["none yet, both set", [register()], NY, [{ type: "UserPreferencesSet", ...NY, at: AT + 5 }]],
      ["the same again: no event", [register(), set(NY, AT + 1)], NY, []],
      [
        "the zone changes, the locale stays",
        [register(), set(NY, AT + 1)],
        { timeZone: "Europe/Berlin", locale: "en-US" },
        [{ type: "UserPreferencesSet", timeZone: "Europe/Berlin", locale: "en-US", at: AT + 5 }]
      ],
      [
        "back to not known",
        [register(), set(NY, AT + 1)],
        { timeZone: null, locale: null },
        [{ type: "UserPreferencesSet", timeZone: null, locale: null, at: AT + 5 }]
      ],
      ["none and none: no event", [register()], { timeZone: null, locale: null }, []]
    ]
    it.each(table)("%s", (_, before, prefs, expected) => {
      expect(decideUser(set(prefs), run(before).state)).toEqual({ _tag: "Accepted", events: expected })
    })

    it("evolve keeps them (null before any, or as registered), stamped; a registration replacing an unconfirmed claim takes the registrant's, never the claim's; unknown account: UserNotFound", () => {
      expect(run([register()]).state).toMatchObject({ timeZone: null, locale: null })
      expect(run([register(NY)]).state).toMatchObject(NY)
      expect(run([register(), set(NY)]).state).toMatchObject({ ...NY, updatedAt: AT + 5, version: 2 })
      // somebody else claimed the address first with their own zone: the real owner's sign-up replaces both
      const berlin = { timeZone: "Europe/Berlin", locale: "de-DE" }
      const replaced = run([unverified("d1", AT + 1000, NY), unverified("d2", AT + 2000, { now: AT + 6, ...berlin })])
      expect(replaced.state).toMatchObject({ ...berlin, version: 2 })
      const replacedAfterSet = run([unverified("d1"), set(NY), unverified("d2", AT + 2000, { now: AT + 6 })]).state
      expect(replacedAfterSet).toMatchObject({ timeZone: null, locale: null, version: 3 })
      expect(decideUser(set(NY), UserDecider.initialState)).toEqual({
        _tag: "Rejected",
        rejection: { _tag: "UserNotFound" }
      })
    })
  })

  describe("the app's language the owner chose (ChooseLanguage)", () => {
    const choose = (language: AppLanguage | null, now = AT + 5) => ({ type: "ChooseLanguage", language, now }) as const
    const table: ReadonlyArray<
      readonly [string, ReadonlyArray<UserCommand>, AppLanguage | null, ReadonlyArray<UserEvent>]
    > = [
      ["none yet, one chosen", [register()], "es", [{ type: "UserLanguageChosen", language: "es", at: AT + 5 }]],
      ["the same again: no event", [register(), choose("es", AT + 1)], "es", []],
      [
        "another one",
        [register(), choose("es", AT + 1)],
        "pt-BR",
        [{ type: "UserLanguageChosen", language: "pt-BR", at: AT + 5 }]
      ],
      [
        "back to the browser's",
        [register(), choose("de", AT + 1)],
        null,
        [{ type: "UserLanguageChosen", language: null, at: AT + 5 }]
      ],
      ["none and none: no event", [register()], null, []]
    ]
    it.each(table)("%s", (_, before, language, expected) => {
      expect(decideUser(choose(language), run(before).state)).toEqual({ _tag: "Accepted", events: expected })
    })

    it("evolve keeps it (null on a new account), stamped; the time zone and locale untouched; unknown account: UserNotFound", () => {
      expect(run([register()]).state).toMatchObject({ language: null, version: 1 })
      const chosen = run([register({ timeZone: "Europe/Berlin", locale: "de-DE" }), choose("de")]).state
      expect(chosen).toMatchObject({
        language: "de",
        timeZone: "Europe/Berlin",
        locale: "de-DE",
        updatedAt: AT + 5,
        version: 2
      })
      expect(run([register(), choose("de", AT + 1), choose(null, AT + 9)]).state).toMatchObject({
        language: null,
        updatedAt: AT + 9,
        version: 3
      })
      expect(decideUser(choose("es"), UserDecider.initialState)).toEqual({
        _tag: "Rejected",
        rejection: { _tag: "UserNotFound" }
      })
    })
  })
})
