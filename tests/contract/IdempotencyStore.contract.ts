import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { IdempotencyRecord } from "../../src/application/ports/IdempotencyStore.ts"
import { IdempotencyStore } from "../../src/application/ports/IdempotencyStore.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const DAY = 86_400_000

const record = (overrides: Partial<IdempotencyRecord> = {}): IdempotencyRecord => {
  const createdAt = overrides.createdAt ?? T
  return {
    account: "u1",
    key: "key-1",
    fingerprint: "f".repeat(64),
    createdAt,
    runAt: createdAt,
    aliveAt: createdAt,
    state: "pending",
    answer: null,
    ...overrides
  }
}

export const describeIdempotencyStoreContract = (name: string, harness: StoreHarness) =>
  describe(`IdempotencyStore contract: ${name}`, () => {
    const withStore = <A, E>(f: (store: IdempotencyStore["Service"]) => Effect.Effect<A, E>) =>
      IdempotencyStore.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("the first claim of an account's key wins; a second sees the first's record, every field as given", () =>
      withStore((store) =>
        Effect.gen(function* () {
          const first = record({ key: "a:b/ c~", fingerprint: "abc" })
          expect(yield* store.claim(first, T - DAY)).toEqual({ _tag: "Claimed" })
          expect(
            yield* store.claim(record({ key: "a:b/ c~", fingerprint: "other", createdAt: T + 5 }), T - DAY)
          ).toEqual({ _tag: "Held", record: first })
          // the same key of another account, and another key of the same account, are their own
          expect(yield* store.claim(record({ account: "u2", key: "a:b/ c~" }), T - DAY)).toEqual({ _tag: "Claimed" })
          expect(yield* store.claim(record({ key: "a:b/ c" }), T - DAY)).toEqual({ _tag: "Claimed" })
          // no two pairs of account and key read alike, whatever they hold
          expect(yield* store.claim(record({ account: "u1:a", key: "b" }), T - DAY)).toEqual({ _tag: "Claimed" })
          expect(yield* store.claim(record({ account: "u1", key: "a:b" }), T - DAY)).toEqual({ _tag: "Claimed" })
        })
      )
    )

    it.effect("complete keeps the answer (or none); release frees the key; both only for the claim named", () =>
      withStore((store) =>
        Effect.gen(function* () {
          yield* store.claim(record(), T - DAY)
          // another claim's time: nothing changes
          yield* store.complete("u1", "key-1", T + 1, '{"id":"wrong"}')
          yield* store.release("u1", "key-1", T + 1, T + 30_000)
          expect(yield* store.claim(record({ createdAt: T + 2 }), T - DAY)).toEqual({ _tag: "Held", record: record() })
          yield* store.complete("u1", "key-1", T, '{"id":"c1"}')
          expect(yield* store.claim(record({ createdAt: T + 2 }), T - DAY)).toEqual({
            _tag: "Held",
            record: record({ state: "done", answer: '{"id":"c1"}' })
          })
          // a record done is never released: its answer stays
          yield* store.release("u1", "key-1", T, T + 30_000)
          expect(yield* store.claim(record({ createdAt: T + 2 }), T - DAY)).toEqual({
            _tag: "Held",
            record: record({ state: "done", answer: '{"id":"c1"}' })
          })
          yield* store.claim(record({ key: "key-2" }), T - DAY)
          yield* store.release("u1", "key-2", T, T + 30_000)
          expect(yield* store.claim(record({ key: "key-2", createdAt: T + 3 }), T - DAY)).toEqual({ _tag: "Claimed" })
          yield* store.complete("u1", "key-2", T + 3, null)
          expect(yield* store.claim(record({ key: "key-2", createdAt: T + 4 }), T - DAY)).toEqual({
            _tag: "Held",
            record: record({ key: "key-2", createdAt: T + 3, state: "done", answer: null })
          })
        })
      )
    )

    it.effect(
      "takeOver: once per lease as seen; renew keeps a lease for its run only; release never a run again's",
      () =>
        withStore((store) =>
          Effect.gen(function* () {
            const first = record()
            yield* store.claim(first, T - DAY)
            // another lease than the one held (renewed meanwhile, or another claim): refused
            expect(yield* store.takeOver("u1", "key-1", T, { runAt: T, aliveAt: T + 1 }, T + 70_000)).toBe(false)
            expect(yield* store.takeOver("u1", "key-1", T + 1, { runAt: T, aliveAt: T }, T + 70_000)).toBe(false)
            expect(yield* store.takeOver("u1", "key-1", T, { runAt: T, aliveAt: T }, T + 70_000)).toBe(true)
            // the same lease again: already taken
            expect(yield* store.takeOver("u1", "key-1", T, { runAt: T, aliveAt: T }, T + 70_001)).toBe(false)
            const taken = record({ runAt: T + 70_000, aliveAt: T + 70_000 })
            expect(yield* store.claim(record({ createdAt: T + 80_000 }), T - DAY)).toEqual({
              _tag: "Held",
              record: taken
            })
            // the first run's renewal and release no longer act: the run again holds it
            yield* store.renew("u1", "key-1", T, T, T + 90_000)
            yield* store.release("u1", "key-1", T, T + 90_000)
            expect(yield* store.claim(record({ createdAt: T + 80_000 }), T - DAY)).toEqual({
              _tag: "Held",
              record: taken
            })
            // nor the run again's release
            yield* store.release("u1", "key-1", T, T + 90_000)
            yield* store.renew("u1", "key-1", T, T + 70_000, T + 90_000)
            const renewed = record({ runAt: T + 70_000, aliveAt: T + 90_000 })
            expect(yield* store.claim(record({ createdAt: T + 95_000 }), T - DAY)).toEqual({
              _tag: "Held",
              record: renewed
            })
            // the lease as it was before the renewal: refused
            expect(
              yield* store.takeOver("u1", "key-1", T, { runAt: T + 70_000, aliveAt: T + 70_000 }, T + 200_000)
            ).toBe(false)
            yield* store.complete("u1", "key-1", T, '{"id":"c1"}')
            expect(
              yield* store.takeOver("u1", "key-1", T, { runAt: T + 70_000, aliveAt: T + 90_000 }, T + 200_000)
            ).toBe(false)
          })
        )
    )

    it.effect("concurrent takeovers of one lease from separate clients: exactly one wins", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const clients = yield* Effect.forEach(Array.from({ length: 8 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        yield* IdempotencyStore.use((s) => s.claim(record(), T - DAY)).pipe(Effect.provide(clients[0]!))
        const taken = yield* Effect.forEach(
          clients,
          (client, i) =>
            IdempotencyStore.use((s) => s.takeOver("u1", "key-1", T, { runAt: T, aliveAt: T }, T + 70_000 + i)).pipe(
              Effect.provide(client)
            ),
          { concurrency: "unbounded" }
        )
        expect(taken.filter((t) => t)).toHaveLength(1)
      }).pipe(Effect.scoped)
    })

    it.effect("a record created at or before expiredAt no longer holds its key: the claim replaces it", () =>
      withStore((store) =>
        Effect.gen(function* () {
          yield* store.claim(record(), T - DAY)
          yield* store.complete("u1", "key-1", T, '{"id":"c1"}')
          // one moment short of expiry: still held
          expect((yield* store.claim(record({ createdAt: T + DAY - 1 }), T - 1))._tag).toBe("Held")
          const later = record({ createdAt: T + DAY, fingerprint: "another" })
          expect(yield* store.claim(later, T)).toEqual({ _tag: "Claimed" })
          expect(yield* store.claim(record({ createdAt: T + DAY + 1 }), T)).toEqual({ _tag: "Held", record: later })
          // the expired claim's complete and release no longer touch the key
          yield* store.complete("u1", "key-1", T, '{"id":"old"}')
          yield* store.release("u1", "key-1", T, T + 30_000)
          expect(yield* store.claim(record({ createdAt: T + DAY + 1 }), T)).toEqual({ _tag: "Held", record: later })
        })
      )
    )

    it.effect("deleteExpired removes the records created at or before the time given", () =>
      withStore((store) =>
        Effect.gen(function* () {
          yield* store.claim(record({ key: "old", createdAt: T - 1 }), 0)
          yield* store.claim(record({ key: "edge", createdAt: T }), 0)
          yield* store.claim(record({ key: "new", createdAt: T + 1 }), 0)
          yield* store.deleteExpired(T)
          // a claim that would not replace anything expired (expiredAt 0) is Claimed: the row is gone
          expect(yield* store.claim(record({ key: "old", createdAt: T + 5 }), 0)).toEqual({ _tag: "Claimed" })
          expect(yield* store.claim(record({ key: "edge", createdAt: T + 5 }), 0)).toEqual({ _tag: "Claimed" })
          expect(yield* store.claim(record({ key: "new", createdAt: T + 5 }), 0)).toEqual({
            _tag: "Held",
            record: record({ key: "new", createdAt: T + 1 })
          })
        })
      )
    )

    it.effect("concurrent claims of one key from separate clients: exactly one wins, the others see its record", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const clients = yield* Effect.forEach(Array.from({ length: 8 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        for (const key of ["k1", "k2", "k3"]) {
          const claims = yield* Effect.forEach(
            clients,
            (client, i) =>
              IdempotencyStore.use((s) => s.claim(record({ key, fingerprint: `f${i}` }), T - DAY)).pipe(
                Effect.provide(client)
              ),
            { concurrency: "unbounded" }
          )
          const winners = claims.flatMap((c, i) => (c._tag === "Claimed" ? [i] : []))
          expect(winners).toHaveLength(1)
          for (const c of claims) if (c._tag === "Held") expect(c.record.fingerprint).toBe(`f${winners[0]}`)
        }
        // and when the key they race for has expired
        const expiredKey = "k-expired"
        yield* IdempotencyStore.use((s) => s.claim(record({ key: expiredKey, createdAt: T - DAY }), 0)).pipe(
          Effect.provide(clients[0]!)
        )
        const claims = yield* Effect.forEach(
          clients,
          (client, i) =>
            IdempotencyStore.use((s) => s.claim(record({ key: expiredKey, fingerprint: `f${i}` }), T - DAY)).pipe(
              Effect.provide(client)
            ),
          { concurrency: "unbounded" }
        )
        expect(claims.filter((c) => c._tag === "Claimed")).toHaveLength(1)
      }).pipe(Effect.scoped)
    })

    it.effect("a first run's release and a takeover of its lease at once: one of them acts, never both", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const [a, b, c] = yield* Effect.forEach([1, 2, 3], () => Layer.build(db.connect()))
        for (const key of ["r1", "r2", "r3", "r4", "r5", "r6"]) {
          yield* IdempotencyStore.use((s) => s.claim(record({ key }), T - DAY)).pipe(Effect.provide(a!))
          const [, taken] = yield* Effect.all(
            [
              IdempotencyStore.use((s) => s.release("u1", key, T, T + 30_000)).pipe(Effect.provide(b!)),
              IdempotencyStore.use((s) => s.takeOver("u1", key, T, { runAt: T, aliveAt: T }, T + 70_000)).pipe(
                Effect.provide(c!)
              )
            ],
            { concurrency: "unbounded" }
          )
          const after = yield* IdempotencyStore.use((s) =>
            s.claim(record({ key, createdAt: T + 80_000 }), T - DAY)
          ).pipe(Effect.provide(a!))
          expect(after, key).toEqual(
            taken
              ? { _tag: "Held", record: record({ key, runAt: T + 70_000, aliveAt: T + 70_000 }) }
              : { _tag: "Claimed" }
          )
        }
      }).pipe(Effect.scoped)
    })

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (store: IdempotencyStore["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(IdempotencyStore.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((s) => s.claim(record(), T - DAY))
        yield* unreachable((s) => s.complete("u1", "key-1", T, null))
        yield* unreachable((s) => s.release("u1", "key-1", T, T + 30_000))
        yield* unreachable((s) => s.takeOver("u1", "key-1", T, { runAt: T, aliveAt: T }, T + 1))
        yield* unreachable((s) => s.renew("u1", "key-1", T, T, T + 1))
        yield* unreachable((s) => s.deleteExpired(T))
      })
    )
  })
