import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import type { CheckpointName } from "../../src/application/ports/ProjectionCheckpoint.ts"
import { ProjectionCheckpoint } from "../../src/application/ports/ProjectionCheckpoint.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

const readNamed = (name: CheckpointName) => ProjectionCheckpoint.use((checkpoint) => checkpoint.read(name))
const advanceNamed = (name: CheckpointName, position: number) =>
  ProjectionCheckpoint.use((checkpoint) => checkpoint.advance(name, position))
const read = readNamed("projections")
const advance = (position: number) => advanceNamed("projections", position)

export const describeProjectionCheckpointContract = (name: string, harness: StoreHarness) =>
  describe(`ProjectionCheckpoint contract: ${name}`, () => {
    it.effect("reads 0 on a database where it was never advanced", () =>
      Effect.gen(function* () {
        expect(yield* read).toBe(0)
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("advance raises it; a lower or equal position leaves it; another client reads the same", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const [a, b] = yield* Effect.forEach([db.connect(), db.connect()], Layer.build)
        yield* advance(T).pipe(Effect.provide(a!))
        expect(yield* read.pipe(Effect.provide(a!))).toBe(T)
        expect(yield* read.pipe(Effect.provide(b!))).toBe(T)
        yield* advance(T + 30_000).pipe(Effect.provide(b!))
        yield* advance(T + 30_000).pipe(Effect.provide(a!))
        yield* advance(T - 60_000).pipe(Effect.provide(a!))
        expect(yield* read.pipe(Effect.provide(a!))).toBe(T + 30_000)
        // a new client (a restarted process) starts where the others left it
        expect(yield* read.pipe(Effect.provide(db.connect()))).toBe(T + 30_000)
      })
    })

    // No `atomicUpdates` escape here: the adapters rely on inserts, not on conditional updates.
    it.effect("clients advancing at once to different positions: it never goes down, and the highest stays", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const clients = yield* Effect.forEach(Array.from({ length: 5 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        let seen = 0
        for (let round = 0; round < 4; round++) {
          // in each round one client is behind the others, as a scheduler whose pass started earlier
          const positions = clients.map((_, i) => T + round * 1_000 + ((i * 7 + round * 3) % 5) * 100)
          yield* Effect.forEach(clients, (client, i) => advance(positions[i]!).pipe(Effect.provide(client)), {
            concurrency: "unbounded",
            discard: true
          })
          const now = yield* read.pipe(Effect.provide(clients[round % clients.length]!))
          expect(now).toBe(Math.max(...positions))
          expect(now).toBeGreaterThanOrEqual(seen)
          seen = now
          // late advances of lower positions change nothing
          yield* Effect.forEach(clients, (client) => advance(seen - 5_000).pipe(Effect.provide(client)), {
            concurrency: "unbounded",
            discard: true
          })
          expect(yield* read.pipe(Effect.provide(db.connect()))).toBe(seen)
        }
      })
    })

    it.effect("each name is a position of its own: advancing one leaves the other; both are shared", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const [a, b] = yield* Effect.forEach([db.connect(), db.connect()], Layer.build)
        expect(yield* readNamed("failureAlerts").pipe(Effect.provide(a!))).toBe(0)
        yield* advanceNamed("failureAlerts", T).pipe(Effect.provide(a!))
        expect(yield* read.pipe(Effect.provide(b!))).toBe(0)
        expect(yield* readNamed("failureAlerts").pipe(Effect.provide(b!))).toBe(T)
        yield* advance(T + 60_000).pipe(Effect.provide(b!))
        yield* advanceNamed("failureAlerts", T - 1_000).pipe(Effect.provide(b!))
        const restarted = db.connect()
        expect(yield* read.pipe(Effect.provide(restarted))).toBe(T + 60_000)
        expect(yield* readNamed("failureAlerts").pipe(Effect.provide(restarted))).toBe(T)
      })
    })

    it.effect("the failure alerts' position too: clients advancing at once leave the highest", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        const clients = yield* Effect.forEach(Array.from({ length: 4 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        yield* advance(T + 10_000).pipe(Effect.provide(clients[0]!))
        const positions = clients.map((_, i) => T + ((i * 3) % 4) * 100)
        yield* Effect.forEach(
          clients,
          (client, i) => advanceNamed("failureAlerts", positions[i]!).pipe(Effect.provide(client)),
          {
            concurrency: "unbounded",
            discard: true
          }
        )
        expect(yield* readNamed("failureAlerts").pipe(Effect.provide(db.connect()))).toBe(Math.max(...positions))
        expect(yield* read.pipe(Effect.provide(db.connect()))).toBe(T + 10_000)
      })
    })

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(read.pipe(Effect.provide(harness.unreachable())))
        yield* expectStoreUnavailable(advance(T).pipe(Effect.provide(harness.unreachable())))
        yield* expectStoreUnavailable(readNamed("failureAlerts").pipe(Effect.provide(harness.unreachable())))
        yield* expectStoreUnavailable(advanceNamed("failureAlerts", T).pipe(Effect.provide(harness.unreachable())))
      })
    )

    it.effect.skipIf(harness.readOnly === undefined)(
      "a database that answers reads but refuses writes: read answers, advance is StoreUnavailable",
      () =>
        Effect.gen(function* () {
          const store = yield* Layer.build(harness.readOnly!())
          expect(yield* read.pipe(Effect.provide(store))).toBe(0)
          yield* expectStoreUnavailable(advance(T).pipe(Effect.provide(store)))
        })
    )
  })
