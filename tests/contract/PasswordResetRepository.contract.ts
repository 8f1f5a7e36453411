import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { PasswordReset } from "../../src/application/ports/PasswordResetRepository.ts"
import { PasswordResetRepository } from "../../src/application/ports/PasswordResetRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

export const passwordReset = (id: string, overrides: Partial<PasswordReset> = {}): PasswordReset => ({
  id,
  userId: "u1",
  expiresAt: T + 60 * 60 * 1_000,
  ...overrides
})

export const describePasswordResetRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`PasswordResetRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: PasswordResetRepository["Service"]) => Effect.Effect<A, E>) =>
      PasswordResetRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("take returns the token with every field as given, once; unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const r1 = passwordReset("2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae", {
            userId: "user-7",
            expiresAt: T + 1
          })
          // already expired: the store keeps it; expiry is the use case's to judge
          const r2 = passwordReset("r2", { expiresAt: T - 1 })
          yield* repo.create(r1)
          yield* repo.create(r2)
          expect(yield* repo.take("unknown")).toBeNull()
          expect(yield* repo.take(r1.id)).toEqual(r1)
          expect(yield* repo.take(r1.id)).toBeNull()
          expect(yield* repo.take("r2")).toEqual(r2)
          expect(yield* repo.take("r2")).toBeNull()
        })
      )
    )

    it.effect(
      "deleteAllOf removes every token of that user; deleteExpired those expired at or before the time given",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* repo.create(passwordReset("a1", { userId: "alice" }))
            yield* repo.create(passwordReset("a2", { userId: "alice" }))
            yield* repo.create(passwordReset("b1", { userId: "bob" }))
            yield* repo.deleteAllOf("alice")
            expect(yield* repo.take("a1")).toBeNull()
            expect(yield* repo.take("a2")).toBeNull()
            yield* repo.create(passwordReset("old", { expiresAt: T - 1 }))
            yield* repo.create(passwordReset("edge", { expiresAt: T }))
            yield* repo.deleteExpired(T)
            expect(yield* repo.take("old")).toBeNull()
            expect(yield* repo.take("edge")).toBeNull()
            expect(yield* repo.take("b1")).toEqual(passwordReset("b1", { userId: "bob" }))
          })
        )
    )

    it.effect("create with an id already stored replaces it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(passwordReset("r1"))
          yield* repo.create(passwordReset("r1", { userId: "u2", expiresAt: T + 5 }))
          expect(yield* repo.take("r1")).toEqual(passwordReset("r1", { userId: "u2", expiresAt: T + 5 }))
          expect(yield* repo.take("r1")).toBeNull()
        })
      )
    )

    it.effect("concurrent takes of one token from separate clients: exactly one gets it", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const clients = yield* Effect.forEach(Array.from({ length: 8 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        const ids = Array.from({ length: 10 }, (_, i) => `r${i}`)
        yield* Effect.forEach(ids, (id) =>
          PasswordResetRepository.use((r) => r.create(passwordReset(id))).pipe(Effect.provide(clients[0]!))
        )
        for (const id of ids) {
          const taken = yield* Effect.forEach(
            clients,
            (client) => PasswordResetRepository.use((r) => r.take(id)).pipe(Effect.provide(client)),
            { concurrency: "unbounded" }
          )
          expect(taken.filter((t) => t !== null)).toEqual([passwordReset(id)])
        }
      })
    })

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: PasswordResetRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(PasswordResetRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.create(passwordReset("r1")))
        yield* unreachable((r) => r.take("r1"))
      })
    )
  })
