import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { AuthSession } from "../../src/application/ports/AuthSessionRepository.ts"
import { AuthSessionRepository } from "../../src/application/ports/AuthSessionRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const DAY = 24 * 60 * 60 * 1_000

export const authSession = (id: string, overrides: Partial<AuthSession> = {}): AuthSession => ({
  id,
  userId: "u1",
  expiresAt: T + 30 * DAY,
  createdAt: T,
  ...overrides
})

export const describeAuthSessionRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`AuthSessionRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: AuthSessionRepository["Service"]) => Effect.Effect<A, E>) =>
      AuthSessionRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("creates and gets a session with every field as given; unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const a = authSession("9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08", {
            userId: "user-7",
            expiresAt: T + 12_345,
            createdAt: T - 1
          })
          // already expired: the store keeps it; expiry is the use case's to judge
          const b = authSession("b", { expiresAt: T - DAY })
          yield* repo.create(a)
          yield* repo.create(b)
          expect(yield* repo.get(a.id)).toEqual(a)
          expect(yield* repo.get("b")).toEqual(b)
          expect(yield* repo.get("c")).toBeNull()
        })
      )
    )

    it.effect("create with an id already stored replaces it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(authSession("s1", { userId: "u1" }))
          const again = authSession("s1", { userId: "u2", expiresAt: T + 1, createdAt: T + 1 })
          yield* repo.create(again)
          expect(yield* repo.get("s1")).toEqual(again)
        })
      )
    )

    it.effect("setExpiry changes only expiresAt; an unknown id stays unknown", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(authSession("s1"))
          yield* repo.create(authSession("s2"))
          yield* repo.setExpiry("s1", T + 60 * DAY)
          expect(yield* repo.get("s1")).toEqual(authSession("s1", { expiresAt: T + 60 * DAY }))
          expect(yield* repo.get("s2")).toEqual(authSession("s2"))
          yield* repo.setExpiry("s1", T - 1)
          expect(yield* repo.get("s1")).toEqual(authSession("s1", { expiresAt: T - 1 }))
          yield* repo.setExpiry("nope", T)
          expect(yield* repo.get("nope")).toBeNull()
        })
      )
    )

    it.effect("delete removes that session only; deleting an unknown id is a no-op", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(authSession("s1"))
          yield* repo.create(authSession("s2"))
          yield* repo.delete("s1")
          expect(yield* repo.get("s1")).toBeNull()
          expect(yield* repo.get("s2")).toEqual(authSession("s2"))
          yield* repo.delete("s1")
          yield* repo.delete("nope")
          expect(yield* repo.get("s2")).toEqual(authSession("s2"))
          // a deleted session is not revived by setExpiry
          yield* repo.setExpiry("s1", T + DAY)
          expect(yield* repo.get("s1")).toBeNull()
        })
      )
    )

    it.effect("deleteAllOf removes every session of that user and no other's", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(authSession("a1", { userId: "alice" }))
          yield* repo.create(authSession("a2", { userId: "alice" }))
          yield* repo.create(authSession("b1", { userId: "bob" }))
          yield* repo.create(authSession("x1", { userId: "alice2" }))
          yield* repo.deleteAllOf("alice")
          expect(yield* repo.get("a1")).toBeNull()
          expect(yield* repo.get("a2")).toBeNull()
          expect(yield* repo.get("b1")).toEqual(authSession("b1", { userId: "bob" }))
          expect(yield* repo.get("x1")).toEqual(authSession("x1", { userId: "alice2" }))
          yield* repo.deleteAllOf("alice")
          yield* repo.deleteAllOf("nobody")
          expect(yield* repo.get("b1")).toEqual(authSession("b1", { userId: "bob" }))
        })
      )
    )

    it.effect("deleteExpired removes the sessions expired at or before the time given, and no other", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const T0 = Date.parse("2026-05-01T00:00:00.000Z")
          yield* repo.create(authSession("old", { expiresAt: T0 - 1 }))
          yield* repo.create(authSession("edge", { expiresAt: T0 }))
          yield* repo.create(authSession("live", { expiresAt: T0 + 1 }))
          yield* repo.deleteExpired(T0)
          expect(yield* repo.get("old")).toBeNull()
          expect(yield* repo.get("edge")).toBeNull()
          expect(yield* repo.get("live")).toEqual(authSession("live", { expiresAt: T0 + 1 }))
        })
      )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: AuthSessionRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(AuthSessionRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.create(authSession("s1")))
        yield* unreachable((r) => r.get("s1"))
        yield* unreachable((r) => r.setExpiry("s1", T))
        yield* unreachable((r) => r.delete("s1"))
        yield* unreachable((r) => r.deleteAllOf("u1"))
      })
    )
  })
