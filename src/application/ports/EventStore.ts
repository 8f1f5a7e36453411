import { Context } from "effect"
import type { Effect } from "effect"
import type { ConcurrencyConflict, StoreUnavailable } from "./StoreErrors.ts"

/** An event as the store keeps it; `data` is decoded by whoever reads the stream. */
export interface StoredEvent {
  readonly streamId: string
  readonly version: number
  readonly type: string
  readonly data: unknown
  readonly recordedAt: number
}

export interface StreamRef {
  readonly streamId: string
  readonly version: number
  readonly recordedAt: number
}

/**
 * The log of every state change, the only source of truth. `append` is exclusive: the
 * events take versions expectedVersion+1…, and if any of those exists the whole append
 * fails with ConcurrencyConflict (Mongo: inserts keyed `<streamId>:<version>`).
 */
export class EventStore extends Context.Service<EventStore, {
  readonly append: (
    streamId: string,
    expectedVersion: number,
    events: ReadonlyArray<{ readonly type: string }>
  ) => Effect.Effect<number, ConcurrencyConflict | StoreUnavailable>
  readonly read: (streamId: string) => Effect.Effect<ReadonlyArray<StoredEvent>, StoreUnavailable>
  /**
   * Events recorded at or after `since` (by the recording process's clock), oldest first: what
   * the catch-up pass checks against the projections.
   */
  readonly recordedSince: (since: number, limit: number) => Effect.Effect<ReadonlyArray<StreamRef>, StoreUnavailable>
}>()("herald/application/ports/EventStore") {}
