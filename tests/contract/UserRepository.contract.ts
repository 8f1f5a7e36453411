import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { UserView } from "../../src/application/ports/UserRepository.ts"
import { UserRepository } from "../../src/application/ports/UserRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

export const userView = (id: string, overrides: Partial<UserView> = {}): UserView => ({
  id,
  email: `${id}@example.com`,
  name: `User ${id}`,
  role: "USER",
  status: "ACTIVE",
  emailVerified: true,
  timeZone: null,
  locale: null,
  language: null,
  createdAt: T,
  updatedAt: T,
  version: 1,
  ...overrides
})

export const describeUserRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`UserRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: UserRepository["Service"]) => Effect.Effect<A, E>) =>
      UserRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("saves and gets a view with every field as given; unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const admin = userView("u1", {
            email: "ada@example.com",
            name: "Ada Lovelace",
            role: "ADMIN",
            status: "ACTIVE",
            createdAt: T - 1_000,
            updatedAt: T + 9,
            version: 4
          })
          const pending = userView("u2", { name: "", role: "USER", status: "PENDING", emailVerified: false })
          yield* repo.save(admin)
          yield* repo.save(pending)
          expect(yield* repo.get("u1")).toEqual(admin)
          expect(yield* repo.get("u2")).toEqual(pending)
          expect(yield* repo.get("u3")).toBeNull()
        })
      )
    )

    it.effect("keeps the reader's time zone and locale (null until known), in every lookup, and a change of them", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const unknown = userView("u1")
          const berlin = userView("u2", { timeZone: "Europe/Berlin", locale: "de-DE" })
          yield* repo.save(unknown)
          yield* repo.save(berlin)
          expect(yield* repo.get("u1")).toEqual(unknown)
          expect(yield* repo.get("u2")).toEqual(berlin)
          expect(yield* repo.findByEmail("u2@example.com")).toEqual(berlin)
          expect(yield* repo.list({ status: "ACTIVE" })).toEqual([unknown, berlin])
          const moved = userView("u2", { timeZone: "America/New_York", locale: "en-US", version: 2 })
          yield* repo.save(moved)
          expect(yield* repo.get("u2")).toEqual(moved)
          const forgotten = userView("u2", { timeZone: null, locale: null, version: 3 })
          yield* repo.save(forgotten)
          expect(yield* repo.get("u2")).toEqual(forgotten)
          // the app's language the owner chose, and back to the browser's
          const german = userView("u2", { language: "pt-BR", version: 4 })
          yield* repo.save(german)
          expect(yield* repo.get("u2")).toEqual(german)
          const browsers = userView("u2", { language: null, version: 5 })
          yield* repo.save(browsers)
          expect(yield* repo.get("u2")).toEqual(browsers)
        })
      )
    )

    it.effect("keeps the newest version: an older or equal version never overwrites it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(userView("u1", { status: "ACTIVE", version: 2 }))
          yield* repo.save(userView("u1", { status: "PENDING", version: 1 }))
          yield* repo.save(userView("u1", { status: "PENDING", name: "other", version: 2 }))
          expect(yield* repo.get("u1")).toEqual(userView("u1", { status: "ACTIVE", version: 2 }))
          expect(yield* repo.list({ status: "PENDING" })).toEqual([])
          yield* repo.save(userView("u1", { role: "ADMIN", version: 3 }))
          expect(yield* repo.get("u1")).toEqual(userView("u1", { role: "ADMIN", version: 3 }))
        })
      )
    )

    it.effect("findByEmail matches the stored (normalized) address exactly; unknown → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const ada = userView("u1", { email: "ada@example.com" })
          yield* repo.save(ada)
          yield* repo.save(userView("u2", { email: "bob@example.com" }))
          expect(yield* repo.findByEmail("ada@example.com")).toEqual(ada)
          expect(yield* repo.findByEmail("Ada@example.com")).toBeNull()
          expect(yield* repo.findByEmail("ada@example")).toBeNull()
          expect(yield* repo.findByEmail("nobody@example.com")).toBeNull()
        })
      )
    )

    it.effect("findByEmail: should two views share an address, the oldest answers", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(userView("u3", { email: "x@example.com", createdAt: T + 1 }))
          yield* repo.save(userView("u2", { email: "x@example.com", createdAt: T }))
          yield* repo.save(userView("u1", { email: "x@example.com", createdAt: T + 1 }))
          expect(yield* repo.findByEmail("x@example.com")).toMatchObject({ id: "u2" })
          yield* repo.save(userView("u2", { email: "x@example.com", createdAt: T + 1, version: 2 }))
          // same createdAt: the smaller id
          expect(yield* repo.findByEmail("x@example.com")).toMatchObject({ id: "u1" })
        })
      )
    )

    it.effect("list: oldest first (createdAt, then id), optionally by status", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.list({})).toEqual([])
          yield* repo.save(userView("c", { createdAt: T + 2, status: "PENDING" }))
          yield* repo.save(userView("b", { createdAt: T + 1, status: "ACTIVE" }))
          yield* repo.save(userView("a", { createdAt: T + 2, status: "ACTIVE" }))
          yield* repo.save(userView("d", { createdAt: T, status: "PENDING" }))
          const ids = (users: ReadonlyArray<UserView>) => users.map((u) => u.id)
          expect(ids(yield* repo.list({}))).toEqual(["d", "b", "a", "c"])
          expect(ids(yield* repo.list({ status: "ACTIVE" }))).toEqual(["b", "a"])
          expect(ids(yield* repo.list({ status: "PENDING" }))).toEqual(["d", "c"])
          expect((yield* repo.list({ status: "PENDING" }))[0]).toEqual(
            userView("d", { createdAt: T, status: "PENDING" })
          )
          // approved: moves from one list to the other
          yield* repo.save(userView("c", { createdAt: T + 2, status: "ACTIVE", version: 2 }))
          expect(ids(yield* repo.list({ status: "ACTIVE" }))).toEqual(["b", "a", "c"])
          expect(ids(yield* repo.list({ status: "PENDING" }))).toEqual(["d"])
        })
      )
    )

    it.effect("list by status: declined and disabled accounts each in their own list; hasAny once one exists", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.hasAny()).toBe(false)
          yield* repo.save(userView("p", { createdAt: T, status: "PENDING" }))
          expect(yield* repo.hasAny()).toBe(true)
          yield* repo.save(userView("r", { createdAt: T + 1, status: "REJECTED" }))
          yield* repo.save(userView("d", { createdAt: T + 2, status: "DISABLED" }))
          yield* repo.save(userView("a", { createdAt: T + 3, status: "ACTIVE" }))
          const ids = (users: ReadonlyArray<UserView>) => users.map((u) => u.id)
          expect(ids(yield* repo.list({ status: "REJECTED" }))).toEqual(["r"])
          expect(ids(yield* repo.list({ status: "DISABLED" }))).toEqual(["d"])
          expect(yield* repo.get("d")).toEqual(userView("d", { createdAt: T + 2, status: "DISABLED" }))
          // enabled again: back among the active ones
          yield* repo.save(userView("d", { createdAt: T + 2, status: "ACTIVE", version: 2 }))
          expect(ids(yield* repo.list({ status: "ACTIVE" }))).toEqual(["d", "a"])
          expect(yield* repo.list({ status: "DISABLED" })).toEqual([])
        })
      )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: UserRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(UserRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.save(userView("u1")))
        yield* unreachable((r) => r.get("u1"))
        yield* unreachable((r) => r.findByEmail("u1@example.com"))
        yield* unreachable((r) => r.list({}))
        yield* unreachable((r) => r.list({ status: "PENDING" }))
        yield* unreachable((r) => r.hasAny())
      })
    )
  })
