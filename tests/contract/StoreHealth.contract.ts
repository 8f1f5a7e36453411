import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { EventStore } from "../../src/application/ports/EventStore.ts"
import { StoreHealth } from "../../src/application/ports/StoreHealth.ts"
import { UserRepository } from "../../src/application/ports/UserRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"
import { userView } from "./UserRepository.contract.ts"

const probe = StoreHealth.use((health) => health.probeWrite())

export const describeStoreHealthContract = (name: string, harness: StoreHarness) =>
  describe(`StoreHealth contract: ${name}`, () => {
    it.effect("probeWrite succeeds on a fresh database, again and again, and leaves the stored data as it was", () =>
      Effect.gen(function* () {
        const store = yield* Layer.build(harness.freshDatabase().connect())
        yield* UserRepository.use((users) => users.save(userView("u1"))).pipe(Effect.provide(store))
        for (let i = 0; i < 3; i++) yield* probe.pipe(Effect.provide(store))
        expect(yield* UserRepository.use((users) => users.list({})).pipe(Effect.provide(store))).toEqual([
          userView("u1")
        ])
        expect(yield* EventStore.use((events) => events.recordedSince(0, 100)).pipe(Effect.provide(store))).toEqual([])
      })
    )

    it.effect(
      "two clients of one database probing at once both succeed (the first probe of a fresh database included)",
      () =>
        Effect.gen(function* () {
          const database = harness.freshDatabase()
          const clients = yield* Effect.forEach(
            [database.connect(), database.connect(), database.connect()],
            Layer.build
          )
          for (let round = 0; round < 2; round++) {
            yield* Effect.forEach(clients, (client) => probe.pipe(Effect.provide(client)), { concurrency: "unbounded" })
          }
        })
    )

    it.effect("a database that cannot be reached: StoreUnavailable", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(probe.pipe(Effect.provide(harness.unreachable())))
      })
    )

    it.effect.skipIf(harness.readOnly === undefined)(
      "a database that answers reads but refuses writes: StoreUnavailable",
      () =>
        Effect.gen(function* () {
          const store = yield* Layer.build(harness.readOnly!())
          // it still answers reads: a read alone would call it healthy
          expect(yield* UserRepository.use((users) => users.get("u1")).pipe(Effect.provide(store))).toBeNull()
          yield* expectStoreUnavailable(probe.pipe(Effect.provide(store)))
        })
    )
  })
