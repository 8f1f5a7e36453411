import { describe, expect, it } from "@effect/vitest"
import { Data, Deferred, Effect, Fiber } from "effect"
import { TestClock } from "effect/testing"
import { z } from "zod"
import { keyedIds } from "../../../src/application/idempotency/keyedIds.ts"
import { IdempotentRunAgain } from "../../../src/application/idempotency/runAgain.ts"
import { IDEMPOTENCY_LEASE_MS, runIdempotently } from "../../../src/application/idempotency/runIdempotently.ts"
import { Ids } from "../../../src/application/ports/Ids.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryIdempotencyStore } from "../../../src/infrastructure/memory/MemoryIdempotencyStore.ts"

// The review of issue 26 item 3 (findings 2, 4 and 6): fencing of a run past its lease, and
// which failures free a key.

class QuotaNowCountsIt extends Data.TaggedError("CampaignQuotaExceeded")<{}> {}

const Answer = z.object({ id: z.string() })
const request = { account: "u1", key: "k1", fingerprint: "f1" }
const SLOT = "2:u1:k1"

const withStore = () => {
  const db = makeMemoryDatabase()
  return { db, layer: MemoryIdempotencyStore.layer(db) }
}

/** A record whose run stopped renewing its lease at `aliveAt` (its process died). */
const dead = (createdAt: number, aliveAt = createdAt) => ({
  ...request,
  createdAt,
  runAt: createdAt,
  aliveAt,
  state: "pending" as const,
  answer: null
})

describe("runIdempotently: leases and releases (docs/api.md#idempotency-key)", () => {
  it.effect("a slow first run renews its lease: a retry long past 60 s is told to wait, and nothing runs twice", () => {
    const { layer } = withStore()
    let runs = 0
    return Effect.gen(function* () {
      const gate = yield* Deferred.make<void>()
      const slow = Effect.gen(function* () {
        runs += 1
        const id = (yield* Ids).next()
        yield* Deferred.await(gate)
        return { id }
      })
      const first = yield* Effect.forkChild(runIdempotently(request, slow, Answer))
      yield* Effect.yieldNow
      yield* TestClock.adjust(3 * IDEMPOTENCY_LEASE_MS)
      const retry = Effect.gen(function* () {
        runs += 1
        return { id: (yield* Ids).next() }
      })
      expect(yield* Effect.flip(runIdempotently(request, retry, Answer))).toMatchObject({
        _tag: "IdempotentRequestInProgress"
      })
      yield* Deferred.succeed(gate, undefined)
      const answered = yield* Fiber.join(first)
      expect(yield* runIdempotently(request, retry, Answer)).toEqual(answered)
      expect(runs).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "a run again refused by a check keeps the key (and its ids): the next retry runs again, never fresh",
    () => {
      const { db, layer } = withStore()
      return Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        db.idempotencyKeys.set(SLOT, dead(1_000_000))
        yield* TestClock.adjust(IDEMPOTENCY_LEASE_MS)
        let sawRunAgain = false
        const refused = Effect.gen(function* () {
          sawRunAgain = yield* IdempotentRunAgain
          return yield* new QuotaNowCountsIt()
        })
        expect(yield* Effect.flip(runIdempotently(request, refused, Answer))).toMatchObject({
          _tag: "CampaignQuotaExceeded"
        })
        expect(sawRunAgain).toBe(true)
        // the first claim's record, held by the run again: not released
        expect(db.idempotencyKeys.get(SLOT)).toMatchObject({ createdAt: 1_000_000, state: "pending" })
        yield* TestClock.adjust(IDEMPOTENCY_LEASE_MS)
        const makesAnId = Effect.gen(function* () {
          return { id: (yield* Ids).next() }
        })
        const again = yield* runIdempotently(request, makesAnId, Answer)
        expect(again.id).toBe(keyedIds("u1", "k1", 1_000_000).next())
        expect(yield* runIdempotently(request, Effect.succeed({ id: "never run" }), Answer)).toEqual(again)
        expect(db.idempotencyKeys.get(SLOT)).toMatchObject({ createdAt: 1_000_000, state: "done" })
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a first run's refusal after its answer was kept (by a run again) never deletes it", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      yield* TestClock.setTime(1_000_000)
      const gate = yield* Deferred.make<void>()
      const first = yield* Effect.forkChild(
        runIdempotently(request, Deferred.await(gate).pipe(Effect.andThen(Effect.fail(new QuotaNowCountsIt()))), Answer)
      )
      yield* Effect.yieldNow
      // its renewals lost (say the store did not answer them): a retry takes over and answers
      yield* TestClock.setTime(1_000_000 + IDEMPOTENCY_LEASE_MS + 1)
      db.idempotencyKeys.set(SLOT, dead(1_000_000))
      const answered = yield* runIdempotently(request, Effect.succeed({ id: "c1" }), Answer)
      yield* Deferred.succeed(gate, undefined)
      yield* Effect.flip(Fiber.join(first))
      expect(db.idempotencyKeys.get(SLOT)).toMatchObject({ state: "done", answer: JSON.stringify(answered) })
    }).pipe(Effect.provide(layer))
  })

  it.effect("two retries past the lease at once: one runs again, the other is told to wait", () => {
    const { db, layer } = withStore()
    let runs = 0
    return Effect.gen(function* () {
      yield* TestClock.setTime(1_000_000)
      db.idempotencyKeys.set(SLOT, dead(1_000_000))
      yield* TestClock.adjust(IDEMPOTENCY_LEASE_MS)
      const gate = yield* Deferred.make<void>()
      const slow = Effect.gen(function* () {
        runs += 1
        const id = (yield* Ids).next()
        yield* Deferred.await(gate)
        return { id }
      })
      const one = yield* Effect.forkChild(runIdempotently(request, slow, Answer))
      yield* Effect.yieldNow
      expect(yield* Effect.flip(runIdempotently(request, slow, Answer))).toMatchObject({
        _tag: "IdempotentRequestInProgress"
      })
      yield* Deferred.succeed(gate, undefined)
      yield* Fiber.join(one)
      expect(runs).toBe(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("only refusals known to come before any write free the key", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      for (const [key, tag] of [
        ["k-conflict", "ConcurrencyConflict"],
        ["k-corrupt", "CorruptData"],
        ["k-rejected", "CampaignRejected"],
        ["k-unknown", "SomethingElse"]
      ] as const) {
        yield* Effect.flip(runIdempotently({ ...request, key }, Effect.fail({ _tag: tag }), Answer))
        expect(db.idempotencyKeys.get(`2:u1:${key}`), tag).toMatchObject({ state: "pending" })
      }
      for (const [key, tag] of [
        ["k-invalid", "InvalidCampaign"],
        ["k-quota", "CampaignQuotaExceeded"],
        ["k-notfound", "CampaignNotFound"]
      ] as const) {
        yield* Effect.flip(runIdempotently({ ...request, key }, Effect.fail({ _tag: tag }), Answer))
        expect(db.idempotencyKeys.has(`2:u1:${key}`), tag).toBe(false)
      }
    }).pipe(Effect.provide(layer))
  })

  it.effect("a single atomic write (API key, webhook endpoint) frees the key only when the store wrote nothing", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      // never sent (the database unreachable): nothing written, the key is free again
      const unsent = Effect.fail(new StoreUnavailable({ message: "connect ECONNREFUSED", notWritten: true }))
      yield* Effect.flip(runIdempotently(request, unsent, "notKept", { singleWrite: true }))
      expect(db.idempotencyKeys.size).toBe(0)
      // a timeout after the write was sent: it may have been applied, so the key stays claimed
      const timedOut = Effect.fail(new StoreUnavailable({ message: "connection timed out" }))
      yield* Effect.flip(runIdempotently(request, timedOut, "notKept", { singleWrite: true }))
      expect(db.idempotencyKeys.get(SLOT)).toMatchObject({ state: "pending" })
      // without singleWrite, even a call never sent keeps it (other writes may have come before)
      const other = { ...request, key: "k-several" }
      yield* Effect.flip(runIdempotently(other, unsent, "notKept"))
      expect(db.idempotencyKeys.get("2:u1:k-several")).toMatchObject({ state: "pending" })
    }).pipe(Effect.provide(layer))
  })
})
