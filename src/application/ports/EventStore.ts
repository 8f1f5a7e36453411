import type { Effect } from "effect"
import { Context } from "effect"
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
  /** the event's type: a pass interested in a few types reads only the streams that have them */
  readonly type: string
  readonly recordedAt: number
}

/**
 * The log of every state change, the only source of truth (docs/architecture.md#the-stores).
 * `append` is exclusive: the events take versions expectedVersion+1…, and if any of those
 * exists the whole append fails with ConcurrencyConflict and none of its events is kept.
 * `read` returns a stream's events in version order, and only whole appends: never the
 * first events of an append that did not complete.
 */
export class EventStore extends Context.Service<
  EventStore,
  {
    readonly append: (
      streamId: string,
      expectedVersion: number,
      events: ReadonlyArray<{ readonly type: string }>
    ) => Effect.Effect<number, ConcurrencyConflict | StoreUnavailable>
    /**
     * `known`: a version the caller knows the stream reached (a view of it). A store may then stop
     * at the end of the append holding it, without looking for later events: the caller decides
     * on what it read and appends after it, and that append conflicts if the stream moved on.
     */
    readonly read: (
      streamId: string,
      options?: { readonly known?: number }
    ) => Effect.Effect<ReadonlyArray<StoredEvent>, StoreUnavailable>
    /**
     * Events recorded at or after `since` (by the recording process's clock), oldest first: what
     * the catch-up pass checks against the projections.
     */
    readonly recordedSince: (since: number, limit: number) => Effect.Effect<ReadonlyArray<StreamRef>, StoreUnavailable>
  }
>()("herald/application/ports/EventStore") {}
