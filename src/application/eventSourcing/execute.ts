import { Effect, Schedule } from "effect"
import type { StoredEvent } from "../ports/EventStore.ts"
import { EventStore } from "../ports/EventStore.ts"
import type { ConcurrencyConflict, StoreUnavailable } from "../ports/StoreErrors.ts"
import { CorruptData } from "../ports/StoreErrors.ts"
import { oneLine } from "../text/oneLine.ts"
import type { Aggregate, ProjectionStores } from "./Aggregates.ts"

export type Outcome<S, E, R> =
  | { readonly _tag: "Accepted"; readonly state: S; readonly events: ReadonlyArray<E> }
  | { readonly _tag: "Rejected"; readonly state: S; readonly rejection: R }

export const decodeEvents = <C, S extends { readonly version: number }, E extends { readonly type: string }, R>(
  aggregate: Aggregate<C, S, E, R>,
  stored: ReadonlyArray<StoredEvent>
): Effect.Effect<S, CorruptData> =>
  Effect.suspend(() => {
    let state = aggregate.decider.initialState
    for (const event of stored) {
      const parsed = aggregate.schema.safeParse(event.data)
      if (!parsed.success) {
        return Effect.fail(new CorruptData({ message: `${event.streamId} v${event.version}: ${parsed.error.message}` }))
      }
      state = aggregate.decider.evolve(state, parsed.data)
    }
    return Effect.succeed(state)
  })

/** `known`: a version the stream is known to have reached (EventStore.read), for a state to append after. */
export const load = <C, S extends { readonly version: number }, E extends { readonly type: string }, R>(
  aggregate: Aggregate<C, S, E, R>,
  id: string,
  known?: number
): Effect.Effect<S, StoreUnavailable | CorruptData, EventStore> =>
  EventStore.use((store) => store.read(aggregate.streamId(id), known === undefined ? undefined : { known })).pipe(
    Effect.flatMap((stored) => decodeEvents(aggregate, stored))
  )

/**
 * A conflict on a stream many writers append to at once (a group's votes on one poll arriving
 * together): up to 8 retries after a jittered 2, 4, 8… ms, so the writers drift apart instead of
 * colliding again in step.
 */
export const CONTENDED: Schedule.Schedule<unknown> = Schedule.exponential("2 millis").pipe(
  Schedule.jittered,
  Schedule.upTo({ times: 8 })
)

/**
 * `execute(Aggregate)(id, command)` loads the aggregate, decides, appends at the version it read and projects the new state.
 * A concurrent append makes it re-read and decide again (up to `retries` times), so the
 * decision is always taken on the latest state; a claim that lost comes back Rejected.
 * A projection that fails after a successful append is left to the catch-up pass: the
 * event log, not the projection, is the truth.
 */
export const execute =
  <C, S extends { readonly version: number }, E extends { readonly type: string }, R>(
    aggregate: Aggregate<C, S, E, R>
  ) =>
  (
    id: string,
    command: C,
    options: {
      readonly known?: S
      readonly retries?: number
      /** a version a view says the stream reached: the first read need not look past it (load) */
      readonly knownVersion?: number
      /**
       * how a conflict is retried, for a stream many writers append to at once (CONTENDED); else at
       * once, up to `retries` times
       */
      readonly conflictSchedule?: Schedule.Schedule<unknown>
    } = {}
  ): Effect.Effect<
    Outcome<S, E, R>,
    StoreUnavailable | CorruptData | ConcurrencyConflict,
    EventStore | ProjectionStores
  > =>
    Effect.gen(function* () {
      const store = yield* EventStore
      const streamId = aggregate.streamId(id)
      // the state the caller already holds (or the version it knows) serves the first attempt only; a
      // retry reads the latest
      let known = options.known
      let knownVersion = options.knownVersion
      const attempt = Effect.gen(function* () {
        const state = known ?? (yield* load(aggregate, id, knownVersion))
        known = undefined
        knownVersion = undefined
        const decision = aggregate.decider.decide(command, state)
        if (decision._tag === "Rejected") return { _tag: "Rejected", state, rejection: decision.rejection } as const
        if (decision.events.length === 0) return { _tag: "Accepted", state, events: [] } as const
        yield* store.append(streamId, state.version, decision.events)
        return {
          _tag: "Accepted",
          state: decision.events.reduce(aggregate.decider.evolve, state),
          events: decision.events
        } as const
      })
      // up to `retries` attempts more while the append conflicts (a plain catch: no schedule to
      // build when, as on most calls, the first attempt succeeds), or as the caller's schedule says
      const upTo = (
        retries: number
      ): Effect.Effect<Outcome<S, E, R>, StoreUnavailable | CorruptData | ConcurrencyConflict, EventStore> =>
        retries <= 0 ? attempt : Effect.catchTag(attempt, "ConcurrencyConflict", () => upTo(retries - 1))
      const outcome: Outcome<S, E, R> = yield* options.conflictSchedule === undefined
        ? upTo(options.retries ?? 5)
        : attempt.pipe(
            Effect.retry({
              schedule: options.conflictSchedule,
              while: (error) => error._tag === "ConcurrencyConflict"
            })
          )
      if (outcome._tag === "Accepted" && outcome.events.length > 0) {
        yield* aggregate
          .project(outcome.state)
          .pipe(
            Effect.catch((error) =>
              Effect.logWarning(`projection of ${oneLine(streamId)} deferred to catch-up: ${oneLine(error.message)}`)
            )
          )
      }
      return outcome
    })
