import { describe, expect, it } from "@effect/vitest"
import { sha256 } from "@oslojs/crypto/sha2"
import { encodeHexLowerCase } from "@oslojs/encoding"
import { Effect, Exit, Fiber, Layer, Logger } from "effect"
import { TestClock } from "effect/testing"
import type { AuthSettingsShape } from "../../../src/application/auth/AuthSettings.ts"
import { AuthSettings } from "../../../src/application/auth/AuthSettings.ts"
import { authenticate } from "../../../src/application/auth/authenticate.ts"
import { ADDRESS_CAP_FACTOR, SignInThrottle } from "../../../src/application/auth/SignInThrottle.ts"
import { signUp } from "../../../src/application/auth/signUp.ts"
import { startAuthSession } from "../../../src/application/auth/startAuthSession.ts"
import { keyedDigest } from "../../../src/application/auth/tokens.ts"
import { verifyEmail } from "../../../src/application/auth/verifyEmail.ts"
import { AuthSessionRepository } from "../../../src/application/ports/AuthSessionRepository.ts"
import type { Notification } from "../../../src/application/ports/Notifier.ts"
import { PasswordHasher } from "../../../src/application/ports/PasswordHasher.ts"
import { UserRepository } from "../../../src/application/ports/UserRepository.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MemoryNotifier } from "../../../src/infrastructure/notify/MemoryNotifier.ts"

const T = Date.parse("2026-06-01T10:00:00.000Z")
const DAY = 24 * 60 * 60 * 1000
const KEY = "k".repeat(40)

const settings = (overrides: Partial<AuthSettingsShape> = {}) =>
  Layer.succeed(AuthSettings, { ...AuthSettings.defaultValue(), tokenKey: KEY, ...overrides })

const withUser = Effect.gen(function* () {
  yield* (yield* UserRepository).save({
    id: "u1",
    email: "ada@example.com",
    name: "Ada",
    role: "USER",
    status: "ACTIVE",
    emailVerified: true,
    timeZone: null,
    locale: null,
    language: null,
    createdAt: T,
    updatedAt: T,
    version: 1
  })
})

describe("stored token digests (AUTH_SECRET as the HMAC key)", () => {
  it.effect(
    "a session is stored under HMAC-SHA256(AUTH_SECRET, token), never the token or its bare SHA-256; another secret signs nobody in",
    () => {
      const db = makeMemoryDatabase()
      const store = Layer.mergeAll(MemoryStore.layer(db), Logger.layer([]))
      return Effect.gen(function* () {
        yield* withUser
        const { token } = yield* startAuthSession("u1").pipe(Effect.provide(settings()))
        const stored = [...db.authSessions.keys()]
        expect(stored).toEqual([keyedDigest(KEY, token)])
        expect(stored[0]).not.toBe(token)
        expect(stored[0]).not.toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))))
        expect((yield* authenticate(token).pipe(Effect.provide(settings())))?.user.id).toBe("u1")
        // a new AUTH_SECRET: the same cookie matches nothing any more
        expect(
          yield* authenticate(token).pipe(
            Effect.provide(settings({ tokenKey: "another secret of at least thirty-two chars" }))
          )
        ).toBeNull()
      }).pipe(Effect.provide(store))
    }
  )
})

describe("session lifetime", () => {
  it.effect(
    "sliding renewal never goes past 90 days from sign-in; on day 90 the session ends however active it was",
    () => {
      const db = makeMemoryDatabase()
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        yield* withUser
        const { token } = yield* startAuthSession("u1")
        const renewals: Array<number | null> = []
        for (const day of [20, 40, 60, 80]) {
          yield* TestClock.setTime(T + day * DAY)
          const auth = yield* authenticate(token)
          expect(auth?.user.id).toBe("u1")
          renewals.push(auth?.renewedUntil ?? null)
        }
        expect(renewals).toEqual([T + 50 * DAY, T + 70 * DAY, T + 90 * DAY, null])
        yield* TestClock.setTime(T + 90 * DAY)
        expect(yield* authenticate(token)).toBeNull()
        expect(yield* (yield* AuthSessionRepository).get(keyedDigest(KEY, token))).toBeNull()
      }).pipe(Effect.provide(Layer.mergeAll(MemoryStore.layer(db), settings(), Logger.layer([]))))
    }
  )
})

describe("sign-in throttle", () => {
  const throttled = <A, E>(effect: Effect.Effect<A, E, SignInThrottle>) =>
    effect.pipe(
      Effect.provide(SignInThrottle.layer),
      Effect.provide(settings({ maxFailedSignIns: 5, signInWindowMs: 15 * 60_000 }))
    )
  const attempt = (email: string, client: string) => Effect.exit(SignInThrottle.use((t) => t.reserve(email, client)))

  it.effect(
    "failures of one client never refuse another client on the same address; the failing client is refused after 5",
    () =>
      throttled(
        Effect.gen(function* () {
          yield* TestClock.setTime(T)
          for (let i = 0; i < 5; i++) expect(Exit.isSuccess(yield* attempt("boss@example.com", "10.0.0.66"))).toBe(true)
          const sixth = yield* attempt("boss@example.com", "10.0.0.66")
          expect(Exit.isFailure(sixth)).toBe(true)
          // the owner, from elsewhere, is not affected
          expect(Exit.isSuccess(yield* attempt("boss@example.com", "192.0.2.7"))).toBe(true)
          // the attacker's other addresses are still allowed (up to the client's overall allowance)
          expect(Exit.isSuccess(yield* attempt("other@example.com", "10.0.0.66"))).toBe(true)
          // after the window, the attacker may try again
          yield* TestClock.setTime(T + 15 * 60_000 + 1)
          expect(Exit.isSuccess(yield* attempt("boss@example.com", "10.0.0.66"))).toBe(true)
        })
      )
  )

  it.effect("a success clears only that client's count on that address", () =>
    throttled(
      Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const throttle = yield* SignInThrottle
        for (let i = 0; i < 4; i++) yield* throttle.reserve("ada@example.com", "a")
        for (let i = 0; i < 5; i++) yield* throttle.reserve("ada@example.com", "b")
        yield* throttle.succeeded("ada@example.com", "a")
        for (let i = 0; i < 5; i++) expect(Exit.isSuccess(yield* attempt("ada@example.com", "a"))).toBe(true)
        expect(Exit.isFailure(yield* attempt("ada@example.com", "b"))).toBe(true)
      })
    )
  )

  it.effect("a client is refused after 20x the allowance over all addresses (spraying)", () =>
    throttled(
      Effect.gen(function* () {
        yield* TestClock.setTime(T)
        for (let i = 0; i < 100; i++)
          expect(Exit.isSuccess(yield* attempt(`user${i}@example.com`, "sprayer"))).toBe(true)
        expect(Exit.isFailure(yield* attempt("fresh@example.com", "sprayer"))).toBe(true)
        expect(Exit.isSuccess(yield* attempt("fresh@example.com", "someone else"))).toBe(true)
      })
    )
  )

  it.effect("many clients failing on one address only slow down a client with no failures (2 s), never refuse it", () =>
    throttled(
      Effect.gen(function* () {
        yield* TestClock.setTime(T)
        // a botnet: each client stays under its own allowance, together past the address's cap
        for (let i = 0; i < 5 * ADDRESS_CAP_FACTOR; i++) yield* attempt("boss@example.com", `bot-${i}`)
        const owner = yield* Effect.forkChild(attempt("boss@example.com", "owner"))
        yield* TestClock.adjust(1_999)
        expect(owner.pollUnsafe()).toBeUndefined()
        yield* TestClock.adjust(1)
        expect(Exit.isSuccess(yield* Fiber.join(owner))).toBe(true)
      })
    )
  )

  it.effect(
    "successful sign-ins give their attempt back: a client (many users behind one NAT) is never refused for succeeding",
    () =>
      throttled(
        Effect.gen(function* () {
          yield* TestClock.setTime(T)
          const throttle = yield* SignInThrottle
          for (let i = 0; i < 300; i++) {
            yield* throttle.reserve(`user${i}@example.com`, "office-nat")
            yield* throttle.succeeded(`user${i}@example.com`, "office-nat")
          }
          expect(Exit.isSuccess(yield* attempt("someone@example.com", "office-nat"))).toBe(true)
        })
      )
  )

  it.effect(
    "over the address's cap, attempts from clients that already failed on it go one at a time (one per 2 s, however many in parallel); the owner waits 2 s",
    () =>
      throttled(
        Effect.gen(function* () {
          yield* TestClock.setTime(T)
          for (let i = 0; i < 5 * ADDRESS_CAP_FACTOR; i++) yield* attempt("boss@example.com", `bot-${i % 25}`)
          const bots = yield* Effect.forEach([1, 2, 3], () => Effect.forkChild(attempt("boss@example.com", "bot-7")))
          const owner = yield* Effect.forkChild(attempt("boss@example.com", "owner"))
          const done = () => bots.filter((f) => f.pollUnsafe() !== undefined).length
          yield* TestClock.adjust(2_000)
          expect(owner.pollUnsafe()).toBeDefined()
          expect(done()).toBe(1)
          yield* TestClock.adjust(2_000)
          expect(done()).toBe(2)
          yield* TestClock.adjust(2_000)
          expect(done()).toBe(3)
        })
      )
  )
})

describe("verification links are throttled as sign-in is", () => {
  // the use cases' password checks, without scrypt's cost: this is about the counting
  const plainHasher = Layer.succeed(
    PasswordHasher,
    PasswordHasher.of({
      hash: (password) => Effect.succeed(`plain:${password}`),
      verify: (password, hash) => Effect.succeed(hash === `plain:${password}`)
    })
  )
  const WINDOW = 15 * 60_000

  it.effect(
    "after 5 wrong passwords a client is refused, the right password included, until the window passes; another client is not",
    () => {
      const sent: Array<Notification> = []
      return Effect.gen(function* () {
        yield* TestClock.setTime(T)
        yield* signUp({ email: "eve@example.com", password: "the right one", name: "Eve" }, "owner")
        const [link] = sent.flatMap((n) => (n.kind === "EmailVerificationLink" ? [n.link] : []))
        const token = new URL(link ?? "http://mail.was.not.sent/").searchParams.get("token") ?? ""
        const attempt = (password: string, client: string) =>
          Effect.flip(verifyEmail({ token, password }, client)).pipe(Effect.map((e) => e._tag))
        for (let i = 0; i < 5; i++)
          expect(yield* attempt(`guess ${i}`, "10.0.0.66")).toBe("VerificationPasswordMismatch")
        expect(yield* attempt("guess 5", "10.0.0.66")).toBe("TooManySignInAttempts")
        expect(yield* attempt("the right one", "10.0.0.66")).toBe("TooManySignInAttempts")
        yield* TestClock.setTime(T + WINDOW - 1)
        expect(yield* attempt("the right one", "10.0.0.66")).toBe("TooManySignInAttempts")
        // another client's wrong password is judged on its own
        expect(yield* attempt("guess 6", "192.0.2.7")).toBe("VerificationPasswordMismatch")
        yield* TestClock.setTime(T + WINDOW + 1)
        yield* verifyEmail({ token, password: "the right one" }, "10.0.0.66")
        expect(sent.filter((n) => n.kind === "NewRegistration")).toHaveLength(1)
      }).pipe(
        Effect.provide(SignInThrottle.layer),
        Effect.provide(
          Layer.mergeAll(
            MemoryStore.layer(makeMemoryDatabase()),
            MemoryNotifier.layer(sent),
            plainHasher,
            Logger.layer([])
          )
        ),
        Effect.provide(settings({ verifyEmail: true, maxFailedSignIns: 5, signInWindowMs: WINDOW }))
      )
    }
  )
})

describe("a disabled or declined account's session", () => {
  it.effect(
    "is refused and deleted at its next use, even one made after the admin's decision (a sign-in racing it): authenticate reads the account each time",
    () => {
      const db = makeMemoryDatabase()
      const store = Layer.mergeAll(MemoryStore.layer(db), Logger.layer([]))
      return Effect.gen(function* () {
        yield* withUser
        const users = yield* UserRepository
        let version = 1
        for (const status of ["DISABLED", "REJECTED"] as const) {
          const { token } = yield* startAuthSession("u1")
          expect((yield* authenticate(token))?.user.status).toBe("ACTIVE")
          // the decision lands in the users' view; this session outlived the deletion of the others
          yield* users.save({ ...(yield* users.get("u1"))!, status, version: ++version })
          expect(yield* authenticate(token)).toBeNull()
          expect(db.authSessions.size).toBe(0)
          yield* users.save({ ...(yield* users.get("u1"))!, status: "ACTIVE", version: ++version })
        }
      }).pipe(Effect.provide(store))
    }
  )
})
