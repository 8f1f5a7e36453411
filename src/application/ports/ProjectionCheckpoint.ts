import type { Effect } from "effect"
import { Context } from "effect"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * Where the catch-up pass may start (docs/architecture.md#the-event-log-and-the-read-models): an
 * instant of the event log's `recordedAt` (epoch ms) before which every read model is known to
 * reflect its stream. Kept in the store, so a new scheduler process starts there instead of at
 * the beginning of history, and shared by every scheduler of the database.
 *
 * - `read` answers the highest position any client advanced to, or 0 when none was.
 * - `advance(position)` raises it to `position` and never lowers it: a lower position than the
 *   stored one changes nothing, and of several clients advancing at once the highest stays.
 *   On a store without atomic conditional updates (FerretDB) this still holds: the adapters
 *   rely only on inserts and deletes (see the Mongo adapter).
 */
export class ProjectionCheckpoint extends Context.Service<
  ProjectionCheckpoint,
  {
    readonly read: () => Effect.Effect<number, StoreUnavailable>
    readonly advance: (position: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/ProjectionCheckpoint") {}
