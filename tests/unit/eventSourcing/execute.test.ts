import { Effect, Exit, Layer } from "effect"
import { describe, expect, it } from "vitest"
import { z } from "zod"
import type { Aggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { CONTENDED, execute } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { accept, reject } from "../../../src/domain/shared/Decider.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { makeMemoryEventStore } from "../../../src/infrastructure/memory/MemoryEventStore.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"

// a counter that takes increments up to a limit: enough to see what execute does on a conflict
interface Counter {
  readonly version: number
  readonly count: number
}
interface Incremented {
  readonly type: "Incremented"
}
const Counter: Aggregate<{ readonly limit: number }, Counter, Incremented, "full"> = {
  name: "counter",
  decider: {
    initialState: { version: 0, count: 0 },
    decide: (command, state) => (state.count >= command.limit ? reject("full") : accept({ type: "Incremented" })),
    evolve: (state) => ({ version: state.version + 1, count: state.count + 1 })
  },
  schema: z.object({ type: z.literal("Incremented") }),
  streamId: (id) => `counter-${id}`,
  project: () => Effect.void,
  projectedVersion: () => Effect.succeed(0)
}

/**
 * A memory store where another writer gets in first, `competing` times: just before each of
 * our appends it appends an increment of its own, so ours conflicts for real and a re-read
 * sees the other writer's event.
 */
const run = <A, E>(
  competing: number,
  program: Effect.Effect<A, E, EventStore | Layer.Success<ReturnType<typeof MemoryStore.layer>>>
) => {
  const db = makeMemoryDatabase()
  const store = makeMemoryEventStore(db)
  const counts = { reads: 0, appends: 0 }
  let left = competing
  const contested: EventStore["Service"] = {
    ...store,
    read: (streamId) =>
      Effect.suspend(() => {
        counts.reads++
        return store.read(streamId)
      }),
    append: (streamId, expectedVersion, events) =>
      Effect.suspend(() => {
        counts.appends++
        if (left === 0) return store.append(streamId, expectedVersion, events)
        left--
        return store.read(streamId).pipe(
          Effect.flatMap((stored) => store.append(streamId, stored.length, [{ type: "Incremented" }])),
          Effect.orDie,
          Effect.andThen(store.append(streamId, expectedVersion, events))
        )
      })
  }
  const layer = Layer.merge(MemoryStore.layer(db), Layer.succeed(EventStore, contested))
  return Effect.runPromise(Effect.exit(Effect.provide(program, layer))).then((exit) => ({ exit, counts }))
}

describe("execute: a concurrent append makes it read again and decide again", () => {
  it("on a contended stream (CONTENDED: jittered backoff) seven conflicts in a row still end in the append", async () => {
    const { exit, counts } = await run(7, execute(Counter)("c", { limit: 100 }, { conflictSchedule: CONTENDED }))
    expect(exit).toEqual(
      Exit.succeed({ _tag: "Accepted", state: { version: 8, count: 8 }, events: [{ type: "Incremented" }] })
    )
    expect(counts).toEqual({ reads: 8, appends: 8 })
  })

  it("wins after two conflicts: three reads, three appends, the outcome on the latest state", async () => {
    const { exit, counts } = await run(2, execute(Counter)("c", { limit: 10 }))
    expect(exit).toEqual(
      Exit.succeed({ _tag: "Accepted", state: { version: 3, count: 3 }, events: [{ type: "Incremented" }] })
    )
    expect(counts).toEqual({ reads: 3, appends: 3 })
  })

  it("a known state serves the first attempt only: the retry reads", async () => {
    const { exit, counts } = await run(1, execute(Counter)("c", { limit: 10 }, { known: Counter.decider.initialState }))
    expect(exit).toEqual(
      Exit.succeed({ _tag: "Accepted", state: { version: 2, count: 2 }, events: [{ type: "Incremented" }] })
    )
    expect(counts).toEqual({ reads: 1, appends: 2 })
  })

  it("decided again on the latest state, a command can come back Rejected", async () => {
    const { exit, counts } = await run(1, execute(Counter)("c", { limit: 1 }))
    expect(exit).toEqual(Exit.succeed({ _tag: "Rejected", state: { version: 1, count: 1 }, rejection: "full" }))
    expect(counts).toEqual({ reads: 2, appends: 1 })
  })

  it("retries N times at most, then fails with the last ConcurrencyConflict", async () => {
    const { exit, counts } = await run(100, execute(Counter)("c", { limit: 1_000 }, { retries: 2 }))
    expect(Exit.isFailure(exit)).toBe(true)
    const error = Exit.isFailure(exit) ? exit.cause.reasons[0] : undefined
    expect(error).toMatchObject({
      _tag: "Fail",
      error: { _tag: "ConcurrencyConflict", streamId: "counter-c", expectedVersion: 2 }
    })
    expect(counts).toEqual({ reads: 3, appends: 3 })
  })

  it("five retries by default; none with retries: 0", async () => {
    expect((await run(100, execute(Counter)("c", { limit: 1_000 }))).counts).toEqual({ reads: 6, appends: 6 })
    expect((await run(100, execute(Counter)("c", { limit: 1_000 }, { retries: 0 }))).counts).toEqual({
      reads: 1,
      appends: 1
    })
  })
})
