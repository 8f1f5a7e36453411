import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { TestClock } from "effect/testing"
import { EventStore } from "../../src/application/ports/EventStore.ts"
import { ConcurrencyConflict } from "../../src/application/ports/StoreErrors.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

const ev = (type: string, extra: Record<string, unknown> = {}) => ({ type, ...extra })

export const describeEventStoreContract = (name: string, harness: StoreHarness) =>
  describe(`EventStore contract: ${name}`, () => {
    it.effect("reads nothing from a stream that was never written", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        expect(yield* store.read("message-none")).toEqual([])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("appends and reads back: versions from expectedVersion+1, data, type, recordedAt from the Clock", () =>
      Effect.gen(function* () {
        yield* TestClock.setTime(T)
        const store = yield* EventStore
        const first = ev("MessageScheduled", {
          messageId: "m1",
          target: { campaignId: "c1", sessionId: "s1", groupId: "g@g.us", groupName: "Family" },
          content: 'héllo ✓ "quoted" $dollar.dot',
          scheduledAt: T + 60_000,
          at: T
        })
        expect(yield* store.append("message-m1", 0, [first])).toBe(1)
        yield* TestClock.setTime(T + 5)
        expect(yield* store.append("message-m1", 1, [ev("MessagePicked", { at: T + 5, by: "sched-1" })])).toBe(2)
        // the port's fields (an adapter may carry more)
        const read = (yield* store.read("message-m1")).map(({ streamId, version, type, data, recordedAt }) => ({
          streamId,
          version,
          type,
          data,
          recordedAt
        }))
        expect(read).toEqual([
          { streamId: "message-m1", version: 1, type: "MessageScheduled", data: first, recordedAt: T },
          {
            streamId: "message-m1",
            version: 2,
            type: "MessagePicked",
            data: { type: "MessagePicked", at: T + 5, by: "sched-1" },
            recordedAt: T + 5
          }
        ])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("a multi-event append takes consecutive versions, in order, and returns the last", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        expect(yield* store.append("campaign-c1", 0, [ev("A"), ev("B"), ev("C")])).toBe(3)
        expect(yield* store.append("campaign-c1", 3, [ev("D"), ev("E")])).toBe(5)
        const read = yield* store.read("campaign-c1")
        expect(read.map((e) => [e.version, e.type])).toEqual([
          [1, "A"],
          [2, "B"],
          [3, "C"],
          [4, "D"],
          [5, "E"]
        ])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect(
      "told a version the stream reached, a read returns at least up to the end of that append, whole appends only",
      () =>
        Effect.gen(function* () {
          const store = yield* EventStore
          yield* store.append("campaign-c1", 0, [ev("A")])
          yield* store.append("campaign-c1", 1, [ev("B"), ev("C")])
          yield* store.append("campaign-c1", 3, [ev("D")])
          const versions = (known: number) =>
            Effect.map(store.read("campaign-c1", { known }), (read) => read.map((e) => e.version))
          // it may stop at the end of the append holding `known`, or read on: never inside an append
          expect([[1], [1, 2, 3, 4]]).toContainEqual(yield* versions(1))
          expect([
            [1, 2, 3],
            [1, 2, 3, 4]
          ]).toContainEqual(yield* versions(2))
          expect(yield* versions(4)).toEqual([1, 2, 3, 4])
          // past the end: what there is
          expect(yield* versions(9)).toEqual([1, 2, 3, 4])
        }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("an append at a version already taken fails with ConcurrencyConflict and changes nothing", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* store.append("message-m1", 0, [ev("A")])
        yield* store.append("message-m1", 1, [ev("B")])
        const conflict = yield* Effect.flip(store.append("message-m1", 1, [ev("Late"), ev("Later")]))
        expect(conflict).toBeInstanceOf(ConcurrencyConflict)
        expect(conflict).toMatchObject({ _tag: "ConcurrencyConflict", streamId: "message-m1", expectedVersion: 1 })
        const stale = yield* Effect.flip(store.append("message-m1", 0, [ev("Stale")]))
        expect(stale).toMatchObject({ _tag: "ConcurrencyConflict", expectedVersion: 0 })
        expect((yield* store.read("message-m1")).map((e) => e.type)).toEqual(["A", "B"])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("streams are independent", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* store.append("message-a", 0, [ev("A1"), ev("A2")])
        expect(yield* store.append("message-b", 0, [ev("B1")])).toBe(1)
        expect((yield* store.read("message-a")).map((e) => e.type)).toEqual(["A1", "A2"])
        expect((yield* store.read("message-b")).map((e) => e.type)).toEqual(["B1"])
        // a prefix of another stream's id is another stream
        expect(yield* store.read("message-")).toEqual([])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("two appends at the same expected version: exactly one wins, the other gets ConcurrencyConflict", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        yield* EventStore.use((s) => s.append("message-m1", 0, [ev("MessageScheduled")])).pipe(
          Effect.provide(db.connect())
        )
        const attempt = (by: string) =>
          EventStore.use((s) => s.append("message-m1", 1, [ev("MessagePicked", { by })])).pipe(
            Effect.provide(db.connect()),
            Effect.result
          )
        const [a, b] = yield* Effect.all([attempt("a"), attempt("b")], { concurrency: "unbounded" })
        const outcomes = [a, b].map((r) => (r._tag === "Success" ? "won" : r.failure._tag))
        expect(outcomes.sort()).toEqual(["ConcurrencyConflict", "won"])
        const read = yield* EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(db.connect()))
        const winner = a._tag === "Success" ? "a" : "b"
        expect(read.map((e) => e.data)).toEqual([{ type: "MessageScheduled" }, { type: "MessagePicked", by: winner }])
      })
    })

    it.effect("20 concurrent appenders from separate clients at the same version: exactly one wins, whole", () => {
      const db = harness.freshDatabase()
      return Effect.gen(function* () {
        yield* EventStore.use((s) => s.append("message-m1", 0, [ev("MessageScheduled")])).pipe(
          Effect.provide(db.connect())
        )
        // twenty clients connected first, then all appending at once; appends of 1, 2 or 3
        // events: the winner's are all there, nothing of a loser's is
        const clients = yield* Effect.forEach(Array.from({ length: 20 }), () => Layer.build(db.connect()), {
          concurrency: "unbounded"
        })
        const results = yield* Effect.forEach(
          clients,
          (client, i) =>
            EventStore.use((s) =>
              s.append(
                "message-m1",
                1,
                Array.from({ length: 1 + (i % 3) }, (_, j) => ev(`Claim-${i}-${j}`, { by: i }))
              )
            ).pipe(Effect.provide(client), Effect.result),
          { concurrency: "unbounded" }
        )
        const winners = results.flatMap((r, i) => (r._tag === "Success" ? [i] : []))
        expect(winners).toHaveLength(1)
        for (const r of results) {
          if (r._tag === "Failure") expect(r.failure._tag).toBe("ConcurrencyConflict")
        }
        const winner = winners[0]!
        const read = yield* EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(db.connect()))
        expect(read.map((e) => e.type)).toEqual([
          "MessageScheduled",
          ...Array.from({ length: 1 + (winner % 3) }, (_, j) => `Claim-${winner}-${j}`)
        ])
        expect(read.map((e) => e.version)).toEqual(read.map((_, i) => i + 1))
        expect(results[winner]).toMatchObject({ _tag: "Success", success: 1 + 1 + (winner % 3) })
      })
    })

    it.effect(
      "an append whose LATER version is taken fails whole: none of its events is ever read, and its versions stay free",
      () =>
        Effect.gen(function* () {
          const store = yield* EventStore
          yield* store.append("campaign-c1", 0, [ev("Created")])
          // a writer that skipped a version (it never read v2): v3 is taken, v2 is not
          yield* store.append("campaign-c1", 2, [ev("Intruder")])
          const conflict = yield* Effect.flip(store.append("campaign-c1", 1, [ev("Half-1"), ev("Half-2")]))
          expect(conflict).toMatchObject({ _tag: "ConcurrencyConflict", streamId: "campaign-c1", expectedVersion: 1 })
          const types = (yield* store.read("campaign-c1")).map((e) => e.type)
          expect(types).not.toContain("Half-1")
          expect(types).not.toContain("Half-2")
          expect(types[0]).toBe("Created")
          // v2 was not left taken by the failed append
          expect(yield* store.append("campaign-c1", 1, [ev("Next")])).toBe(2)
          const after = yield* store.read("campaign-c1")
          expect(after.slice(0, 2).map((e) => [e.version, e.type])).toEqual([
            [1, "Created"],
            [2, "Next"]
          ])
          expect(after.map((e) => e.type)).not.toContain("Half-1")
        }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("recordedSince lists the events recorded at or after an instant, oldest first", () =>
      Effect.gen(function* () {
        const store = yield* EventStore
        yield* TestClock.setTime(T)
        yield* store.append("message-a", 0, [ev("A1"), ev("A2")])
        yield* TestClock.setTime(T + 10)
        yield* store.append("message-b", 0, [ev("B1")])
        yield* TestClock.setTime(T + 20)
        yield* store.append("message-a", 2, [ev("A3")])
        const refs = (since: number, limit = 100) =>
          store
            .recordedSince(since, limit)
            .pipe(Effect.map((r) => r.map((x) => `${x.streamId}@${x.version}:${x.recordedAt - T}`)))
        expect((yield* refs(T)).slice(0, 2).sort()).toEqual(["message-a@1:0", "message-a@2:0"])
        expect((yield* refs(T)).slice(2)).toEqual(["message-b@1:10", "message-a@3:20"])
        expect(yield* refs(T + 10)).toEqual(["message-b@1:10", "message-a@3:20"])
        expect(yield* refs(T + 11)).toEqual(["message-a@3:20"])
        expect(yield* refs(T + 21)).toEqual([])
        expect(yield* refs(T, 2)).toHaveLength(2)
        expect(yield* refs(T, 0)).toEqual([])
        // each with its event's type, so a pass can pick the streams it needs without reading them
        expect((yield* store.recordedSince(T + 10, 100)).map((x) => [x.streamId, x.type])).toEqual([
          ["message-b", "B1"],
          ["message-a", "A3"]
        ])
      }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        yield* expectStoreUnavailable(
          EventStore.use((s) => s.read("message-m1")).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          EventStore.use((s) => s.append("message-m1", 0, [ev("A")])).pipe(Effect.provide(harness.unreachable()))
        )
        yield* expectStoreUnavailable(
          EventStore.use((s) => s.recordedSince(T, 10)).pipe(Effect.provide(harness.unreachable()))
        )
      })
    )
  })
