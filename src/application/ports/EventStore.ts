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
  /** Streams with events recorded at or before `recordedBefore` whose projection was never confirmed. */
  readonly unprojected: (recordedBefore: number, limit: number) => Effect.Effect<ReadonlyArray<StreamRef>, StoreUnavailable>
  /** Confirms that the projections reflect the stream up to `version`. */
  readonly markProjected: (streamId: string, version: number) => Effect.Effect<void, StoreUnavailable>
}>()("herald/application/ports/EventStore") {}
