import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { SessionView } from "../../src/application/ports/SessionRepository.ts"
import { SessionRepository } from "../../src/application/ports/SessionRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

export const sessionView = (id: string, overrides: Partial<SessionView> = {}): SessionView => ({
  id,
  userId: "u1",
  sessionName: `session_${id}`,
  phoneNumber: "+15550100",
  active: true,
  gatewayStatus: null,
  gatewayStatusAt: null,
  minGapSeconds: 0,
  jitterSeconds: 0,
  limitedSince: null,
  limitedUntil: null,
  limitedUntilKnown: false,
  typingBeforeSend: false,
  createdAt: T,
  updatedAt: T,
  version: 1,
  ...overrides
})

export const describeSessionRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`SessionRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: SessionRepository["Service"]) => Effect.Effect<A, E>) =>
      SessionRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("saves and gets a view with every field as given; unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const s1 = sessionView("s1", { phoneNumber: "", version: 3, updatedAt: T + 9 })
          yield* repo.save(s1)
          expect(yield* repo.get("s1")).toEqual(s1)
          const reported = sessionView("s3", { gatewayStatus: "FAILED", gatewayStatusAt: T + 5, version: 4 })
          yield* repo.save(reported)
          expect(yield* repo.get("s3")).toEqual(reported)
          expect(yield* repo.findByName("session_s3")).toEqual(reported)
          const paced = sessionView("s4", { minGapSeconds: 45, jitterSeconds: 15, version: 2 })
          yield* repo.save(paced)
          expect(yield* repo.get("s4")).toEqual(paced)
          // a later version turns it off again
          yield* repo.save({ ...paced, minGapSeconds: 0, jitterSeconds: 0, version: 3 })
          expect(yield* repo.findByName("session_s4")).toEqual({
            ...paced,
            minGapSeconds: 0,
            jitterSeconds: 0,
            version: 3
          })
          const held = sessionView("s5", {
            limitedSince: T + 1,
            limitedUntil: T + 3_600_000,
            limitedUntilKnown: true,
            typingBeforeSend: true,
            version: 5
          })
          yield* repo.save(held)
          expect(yield* repo.get("s5")).toEqual(held)
          // the hold lifted
          const lifted = { ...held, limitedSince: null, limitedUntil: null, limitedUntilKnown: false, version: 6 }
          yield* repo.save(lifted)
          expect(yield* repo.findByName("session_s5")).toEqual(lifted)
          expect(yield* repo.get("s2")).toBeNull()
        })
      )
    )

    it.effect("findByName finds only an active session of exactly that name", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(sessionView("old", { sessionName: "alice", active: false }))
          expect(yield* repo.findByName("alice")).toBeNull()
          const current = sessionView("new", { sessionName: "alice", active: true, createdAt: T + 1 })
          yield* repo.save(current)
          yield* repo.save(sessionView("b", { sessionName: "bob", active: true }))
          expect(yield* repo.findByName("alice")).toEqual(current)
          expect(yield* repo.findByName("Alice")).toBeNull()
          expect(yield* repo.findByName("ali")).toBeNull()
          expect(yield* repo.findByName("nobody")).toBeNull()
          // logged out: a newer inactive version hides it
          yield* repo.save({ ...current, active: false, version: 2 })
          expect(yield* repo.findByName("alice")).toBeNull()
          expect(yield* repo.get("new")).toMatchObject({ active: false, version: 2 })
        })
      )
    )

    it.effect("keeps the newest version: an older or equal version never overwrites it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(sessionView("s1", { active: false, version: 2 }))
          yield* repo.save(sessionView("s1", { active: true, version: 1 }))
          yield* repo.save(sessionView("s1", { active: true, version: 2 }))
          expect(yield* repo.get("s1")).toMatchObject({ active: false, version: 2 })
          expect(yield* repo.findByName("session_s1")).toBeNull()
        })
      )
    )

    it.effect("findActiveByUser: only an active session of that user; null when none", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.findActiveByUser("alice")).toBeNull()
          yield* repo.save(sessionView("old", { userId: "alice", active: false }))
          yield* repo.save(sessionView("b", { userId: "bob", active: true }))
          yield* repo.save(sessionView("a2", { userId: "alice2", active: true }))
          expect(yield* repo.findActiveByUser("alice")).toBeNull()
          const current = sessionView("new", {
            userId: "alice",
            active: true,
            createdAt: T + 1,
            phoneNumber: "+15550199"
          })
          yield* repo.save(current)
          expect(yield* repo.findActiveByUser("alice")).toEqual(current)
          expect(yield* repo.findActiveByUser("bob")).toEqual(sessionView("b", { userId: "bob" }))
          expect(yield* repo.findActiveByUser("Alice")).toBeNull()
          expect(yield* repo.findActiveByUser("ali")).toBeNull()
          // logged out: a newer inactive version hides it
          yield* repo.save({ ...current, active: false, version: 2 })
          expect(yield* repo.findActiveByUser("alice")).toBeNull()
        })
      )
    )

    it.effect("findActiveByUser: of several active sessions the oldest (createdAt, then id)", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(sessionView("s3", { userId: "alice", createdAt: T + 2 }))
          yield* repo.save(sessionView("s2", { userId: "alice", createdAt: T + 1 }))
          yield* repo.save(sessionView("s0", { userId: "alice", createdAt: T, active: false }))
          yield* repo.save(sessionView("s1", { userId: "alice", createdAt: T + 1 }))
          expect(yield* repo.findActiveByUser("alice")).toEqual(
            sessionView("s1", { userId: "alice", createdAt: T + 1 })
          )
          yield* repo.save(sessionView("s1", { userId: "alice", createdAt: T + 1, active: false, version: 2 }))
          expect(yield* repo.findActiveByUser("alice")).toMatchObject({ id: "s2" })
        })
      )
    )

    it.effect("listIdsByUser: the ids of every session of that user, logged out ones too", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.listIdsByUser("alice")).toEqual([])
          yield* repo.save(sessionView("s2", { userId: "alice", createdAt: T + 1 }))
          yield* repo.save(sessionView("s1", { userId: "alice", active: false }))
          yield* repo.save(sessionView("b1", { userId: "bob" }))
          expect([...(yield* repo.listIdsByUser("alice"))].sort()).toEqual(["s1", "s2"])
          expect(yield* repo.listIdsByUser("bob")).toEqual(["b1"])
        })
      )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(
          SessionRepository.use((r) => r.save(sessionView("s1"))).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          SessionRepository.use((r) => r.get("s1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          SessionRepository.use((r) => r.findByName("alice")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          SessionRepository.use((r) => r.findActiveByUser("u1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          SessionRepository.use((r) => r.listIdsByUser("u1")).pipe(Effect.provide(harness.unreachable()))
        )
      })
    )
  })
