import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { TestClock } from "effect/testing"
import { z } from "zod"
import { keyedIds } from "../../../src/application/idempotency/keyedIds.ts"
import {
  IDEMPOTENCY_LEASE_MS,
  IDEMPOTENCY_WINDOW_MS,
  runIdempotently
} from "../../../src/application/idempotency/runIdempotently.ts"
import { sweepIdempotencyKeys } from "../../../src/application/idempotency/sweepIdempotencyKeys.ts"
import { Ids } from "../../../src/application/ports/Ids.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryIdempotencyStore } from "../../../src/infrastructure/memory/MemoryIdempotencyStore.ts"

const Answer = z.object({ id: z.string() })
const request = { account: "u1", key: "k1", fingerprint: "f1" }

/** A use case that counts its runs and answers the first id it makes. */
const counted = () => {
  let runs = 0
  const effect = Effect.gen(function* () {
    runs += 1
    return { id: (yield* Ids).next() }
  })
  return { effect, runs: () => runs }
}

const withStore = () => {
  const db = makeMemoryDatabase()
  return { db, layer: MemoryIdempotencyStore.layer(db) }
}

describe("runIdempotently (docs/api.md#idempotency-key)", () => {
  it.effect(
    "runs once; the same request within 24 hours gets the first answer; another is refused; after 24 hours it runs again",
    () => {
      const { layer } = withStore()
      const use = counted()
      return Effect.gen(function* () {
        const first = yield* runIdempotently(request, use.effect, Answer)
        // its id came from the key (keyedIds), not at random
        expect(first.id).toBe(keyedIds("u1", "k1", 0).next())
        yield* TestClock.adjust(IDEMPOTENCY_WINDOW_MS - 1)
        expect(yield* runIdempotently(request, use.effect, Answer)).toEqual(first)
        expect(use.runs()).toBe(1)
        const other = yield* Effect.flip(runIdempotently({ ...request, fingerprint: "f2" }, use.effect, Answer))
        expect(other._tag).toBe("IdempotencyKeyReused")
        // another account's same key is its own
        yield* runIdempotently({ ...request, account: "u2" }, use.effect, Answer)
        expect(use.runs()).toBe(2)
        yield* TestClock.adjust(1)
        const later = yield* runIdempotently({ ...request, fingerprint: "f2" }, use.effect, Answer)
        expect(use.runs()).toBe(3)
        expect(later.id).not.toBe(first.id)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a pending key is in progress for the lease (Retry-After at most 2 s), then runs again with the first claim's ids",
    () => {
      const { db, layer } = withStore()
      const use = counted()
      return Effect.gen(function* () {
        yield* TestClock.setTime(1_000_000)
        db.idempotencyKeys.set("2:u1:k1", {
          ...request,
          createdAt: 1_000_000,
          runAt: 1_000_000,
          aliveAt: 1_000_000,
          state: "pending",
          answer: null
        })
        yield* TestClock.adjust(IDEMPOTENCY_LEASE_MS - 1)
        const busy = yield* Effect.flip(runIdempotently(request, use.effect, Answer))
        expect(busy).toMatchObject({ _tag: "IdempotentRequestInProgress", retryAfterMs: 1 })
        yield* TestClock.setTime(1_000_000 + 10)
        expect(yield* Effect.flip(runIdempotently(request, use.effect, Answer))).toMatchObject({ retryAfterMs: 2_000 })
        expect(use.runs()).toBe(0)
        yield* TestClock.setTime(1_000_000 + IDEMPOTENCY_LEASE_MS)
        const resumed = yield* runIdempotently(request, use.effect, Answer)
        expect(resumed.id).toBe(keyedIds("u1", "k1", 1_000_000).next())
        expect(db.idempotencyKeys.get("2:u1:k1")).toMatchObject({ state: "done", createdAt: 1_000_000 })
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a refusal frees the key; an unreachable database leaves it claimed (the request may have written)", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      const refused = yield* Effect.flip(runIdempotently(request, Effect.fail({ _tag: "InvalidCampaign" }), Answer))
      expect(refused).toEqual({ _tag: "InvalidCampaign" })
      expect(db.idempotencyKeys.size).toBe(0)
      yield* Effect.flip(runIdempotently(request, Effect.fail(new StoreUnavailable({ message: "down" })), Answer))
      expect(db.idempotencyKeys.get("2:u1:k1")).toMatchObject({ state: "pending" })
      yield* Effect.exit(runIdempotently({ ...request, key: "k2" }, Effect.die("defect"), Answer))
      expect(db.idempotencyKeys.get("2:u1:k2")).toMatchObject({ state: "pending" })
    }).pipe(Effect.provide(layer))
  })

  it.effect("an answer not kept (a secret): the retry is refused, and nothing of the answer is stored", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      const made = yield* runIdempotently(request, Effect.succeed({ id: "k", key: "secret" }), "notKept")
      expect(made.key).toBe("secret")
      expect(db.idempotencyKeys.get("2:u1:k1")).toMatchObject({ state: "done", answer: null })
      const again = yield* Effect.flip(runIdempotently(request, Effect.succeed({ id: "k", key: "x" }), "notKept"))
      expect(again._tag).toBe("IdempotentAnswerNotKept")
    }).pipe(Effect.provide(layer))
  })

  it.effect("the sweep removes keys past their 24 hours", () => {
    const { db, layer } = withStore()
    return Effect.gen(function* () {
      yield* runIdempotently(request, Effect.succeed({ id: "a" }), Answer)
      yield* TestClock.adjust(1)
      yield* runIdempotently({ ...request, key: "k2" }, Effect.succeed({ id: "b" }), Answer)
      yield* TestClock.adjust(IDEMPOTENCY_WINDOW_MS - 1)
      yield* sweepIdempotencyKeys()
      expect([...db.idempotencyKeys.values()].map((r) => r.key)).toEqual(["k2"])
    }).pipe(Effect.provide(layer))
  })
})

// keyedIds: the same (account, key, claim) makes the same ids; anything else, others
describe("keyedIds", () => {
  it("is a UUID-shaped sequence determined by account, key and claim time", () => {
    const a = keyedIds("u1", "k", 5)
    const b = keyedIds("u1", "k", 5)
    const first = [a.next(), a.next()]
    expect([b.next(), b.next()]).toEqual(first)
    expect(first[0]).not.toBe(first[1])
    expect(first[0]).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(keyedIds("u1", "k", 6).next()).not.toBe(first[0])
    expect(keyedIds("u2", "k", 5).next()).not.toBe(first[0])
  })
})
