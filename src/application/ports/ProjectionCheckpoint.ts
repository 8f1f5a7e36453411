import type { Effect } from "effect"
import { Context } from "effect"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * Where the catch-up pass may start (docs/architecture.md#the-event-log-and-the-read-models): an
 * instant on the event log's `recordedAt` scale (epoch ms, never negative) such that every event
 * recorded before it is reflected in the read models. Kept in the store, so a new scheduler
 * process starts there instead of at the beginning of history; every scheduler of the database
 * shares it.
 *
 * - `read` answers the highest position any client advanced to, or 0 when none did.
 * - `advance(position)` raises it to `position` and never lowers it: a position at or below the
 *   stored one changes nothing, and of several clients advancing at once the highest stays.
 *   This holds on FerretDB too, which has no atomic conditional update: the Mongo adapter
 *   relies only on inserts and deletes.
 */
export class ProjectionCheckpoint extends Context.Service<
  ProjectionCheckpoint,
  {
    readonly read: () => Effect.Effect<number, StoreUnavailable>
    readonly advance: (position: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/ProjectionCheckpoint") {}
