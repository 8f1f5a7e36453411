import { Effect } from "effect"
import { EventStore } from "../ports/EventStore.ts"
import { CorruptData } from "../ports/StoreErrors.ts"
import type { StoreUnavailable } from "../ports/StoreErrors.ts"
import { CampaignAggregate, MessageAggregate, SessionAggregate } from "./Aggregates.ts"
import type { Aggregate, ProjectionStores } from "./Aggregates.ts"
import { decodeEvents } from "./execute.ts"

const rebuild = <C, S extends { readonly version: number }, E extends { readonly type: string }, R>(
  aggregate: Aggregate<C, S, E, R>,
  streamId: string
): Effect.Effect<void, StoreUnavailable | CorruptData, EventStore | ProjectionStores> =>
  Effect.gen(function*() {
    const store = yield* EventStore
    const state = yield* decodeEvents(aggregate, yield* store.read(streamId))
    yield* aggregate.project(state)
    yield* store.markProjected(streamId, state.version)
  })

/** Rebuilds the read model of one stream from its events. */
export const projectStream = (streamId: string): Effect.Effect<void, StoreUnavailable | CorruptData, EventStore | ProjectionStores> => {
  const kind = streamId.slice(0, streamId.indexOf("-"))
  switch (kind) {
    case MessageAggregate.name:
      return rebuild(MessageAggregate, streamId)
    case CampaignAggregate.name:
      return rebuild(CampaignAggregate, streamId)
    case SessionAggregate.name:
      return rebuild(SessionAggregate, streamId)
    default:
      return Effect.fail(new CorruptData({ message: `unknown stream ${streamId}` }))
  }
}

/**
 * The catch-up pass: projects every stream whose last events were never confirmed as
 * projected (a process that died between append and projection, a database blip).
 * `graceMs` leaves alone the writers that are still in the middle of it.
 */
export const catchUpProjections = (now: number, options: { readonly graceMs?: number; readonly limit?: number } = {}) =>
  Effect.gen(function*() {
    const store = yield* EventStore
    const pending = yield* store.unprojected(now - (options.graceMs ?? 5_000), options.limit ?? 500)
    const streams = [...new Set(pending.map((p) => p.streamId))]
    yield* Effect.forEach(streams, projectStream, { discard: true })
    return streams.length
  })
