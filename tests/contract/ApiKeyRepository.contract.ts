import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { ApiKey } from "../../src/application/ports/ApiKeyRepository.ts"
import { ApiKeyRepository } from "../../src/application/ports/ApiKeyRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const MINUTE = 60_000

export const apiKey = (id: string, overrides: Partial<ApiKey> = {}): ApiKey => ({
  id,
  userId: "u1",
  name: `key ${id}`,
  access: "read",
  digest: `digest-${id}`,
  createdAt: T,
  lastUsedAt: null,
  expiresAt: null,
  revokedAt: null,
  ...overrides
})

export const describeApiKeyRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`ApiKeyRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: ApiKeyRepository["Service"]) => Effect.Effect<A, E>) =>
      ApiKeyRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("creates a key and finds it by digest with every field as given; an unknown digest → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const a = apiKey("k1", {
            userId: "user-7",
            name: "Shop's weekly post",
            access: "write",
            digest: "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
            lastUsedAt: T + 5,
            expiresAt: T + 1_000,
            revokedAt: T + 7
          })
          const b = apiKey("k2")
          yield* repo.create(a)
          yield* repo.create(b)
          expect(yield* repo.findByDigest(a.digest)).toEqual(a)
          expect(yield* repo.findByDigest("digest-k2")).toEqual(b)
          expect(yield* repo.findByDigest("digest-k3")).toBeNull()
          // the id is not a digest
          expect(yield* repo.findByDigest("k1")).toBeNull()
        })
      )
    )

    it.effect("lists a user's keys newest first (ties by id, descending), revoked ones too, no other user's", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(apiKey("a", { createdAt: T }))
          yield* repo.create(apiKey("c", { createdAt: T + 2, revokedAt: T + 3 }))
          yield* repo.create(apiKey("b", { createdAt: T + 1 }))
          yield* repo.create(apiKey("d", { createdAt: T + 1 }))
          yield* repo.create(apiKey("x", { userId: "u2", createdAt: T + 9 }))
          expect((yield* repo.listByUser("u1")).map((k) => k.id)).toEqual(["c", "d", "b", "a"])
          expect(yield* repo.listByUser("u2")).toEqual([apiKey("x", { userId: "u2", createdAt: T + 9 })])
          expect(yield* repo.listByUser("nobody")).toEqual([])
        })
      )
    )

    it.effect(
      "revoke marks the owner's key once (the first time stays); another user's or an unknown id → false, unchanged",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* repo.create(apiKey("k1"))
            yield* repo.create(apiKey("k2", { userId: "u2" }))
            expect(yield* repo.revoke("u2", "k1", T + 1)).toBe(false)
            expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1"))
            expect(yield* repo.revoke("u1", "nope", T + 1)).toBe(false)
            expect(yield* repo.revoke("u1", "k1", T + 2)).toBe(true)
            expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1", { revokedAt: T + 2 }))
            expect(yield* repo.revoke("u1", "k1", T + 3)).toBe(true)
            expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1", { revokedAt: T + 2 }))
            expect(yield* repo.findByDigest("digest-k2")).toEqual(apiKey("k2", { userId: "u2" }))
          })
        )
    )

    it.effect(
      "revokeAllOf revokes every live key of the user at once, keeps earlier revocation times, and no other user's",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* repo.create(apiKey("k1"))
            yield* repo.create(apiKey("k2", { digest: "digest-k2", revokedAt: T + 1 }))
            yield* repo.create(apiKey("k3", { userId: "u2", digest: "digest-k3" }))
            yield* repo.revokeAllOf("u1", T + 9)
            expect((yield* repo.findByDigest("digest-k1"))?.revokedAt).toBe(T + 9)
            expect((yield* repo.findByDigest("digest-k2"))?.revokedAt).toBe(T + 1)
            expect((yield* repo.findByDigest("digest-k3"))?.revokedAt).toBeNull()
            yield* repo.revokeAllOf("nobody", T + 10)
          })
        )
    )

    it.effect("touch sets lastUsedAt at most once per interval; an unknown id stays unknown", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.create(apiKey("k1"))
          yield* repo.create(apiKey("k2"))
          yield* repo.touch("k1", T + 10, MINUTE)
          expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1", { lastUsedAt: T + 10 }))
          // within the minute: kept
          yield* repo.touch("k1", T + 10 + MINUTE - 1, MINUTE)
          expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1", { lastUsedAt: T + 10 }))
          // a minute later: written
          yield* repo.touch("k1", T + 10 + MINUTE, MINUTE)
          expect(yield* repo.findByDigest("digest-k1")).toEqual(apiKey("k1", { lastUsedAt: T + 10 + MINUTE }))
          expect(yield* repo.findByDigest("digest-k2")).toEqual(apiKey("k2"))
          yield* repo.touch("nope", T, MINUTE)
          expect(yield* repo.listByUser("u1")).toHaveLength(2)
        })
      )
    )

    it.effect("a second client of the same database sees a revocation at once", () =>
      Effect.gen(function* () {
        const database = harness.freshDatabase()
        const on = <A, E>(f: (repo: ApiKeyRepository["Service"]) => Effect.Effect<A, E>) =>
          ApiKeyRepository.use(f).pipe(Effect.provide(database.connect()))
        yield* on((r) => r.create(apiKey("k1")))
        expect(yield* on((r) => r.findByDigest("digest-k1"))).toEqual(apiKey("k1"))
        yield* on((r) => r.revoke("u1", "k1", T + 1))
        expect(yield* on((r) => r.findByDigest("digest-k1"))).toEqual(apiKey("k1", { revokedAt: T + 1 }))
      })
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: ApiKeyRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(ApiKeyRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.create(apiKey("k1")))
        yield* unreachable((r) => r.findByDigest("digest-k1"))
        yield* unreachable((r) => r.listByUser("u1"))
        yield* unreachable((r) => r.revoke("u1", "k1", T))
        yield* unreachable((r) => r.touch("k1", T, MINUTE))
      })
    )

    // what lets apiKey.create free its Idempotency-Key (runIdempotently's singleWrite)
    it.effect("a create the database never received fails saying nothing was written", () =>
      Effect.gen(function* () {
        const unreachable = yield* Effect.flip(
          ApiKeyRepository.use((r) => r.create(apiKey("k1"))).pipe(Effect.provide(harness.unreachable()))
        )
        expect(unreachable).toMatchObject({ _tag: "StoreUnavailable", notWritten: true })
        if (harness.readOnly === undefined) return
        const refused = yield* Effect.flip(
          ApiKeyRepository.use((r) => r.create(apiKey("k1"))).pipe(Effect.provide(harness.readOnly()))
        )
        expect(refused).toMatchObject({ _tag: "StoreUnavailable", notWritten: true })
      })
    )
  })
