import type { Effect } from "effect"
import { Context } from "effect"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * The positions kept in the store, one per pass that walks the event log from where it got
 * through last:
 * - `projections`: where the scheduler's catch-up pass may start
 *   (docs/architecture.md#the-event-log-and-the-read-models), every event recorded before it being
 *   reflected in the read models;
 * - `failureAlerts`: where the web process's failure-alert scan resumes, every campaign that failed
 *   before it having been announced (src/interfaces/web/backgroundTasks.ts);
 * - `webhooks`: where the web process's webhook relay resumes, every event before it having been
 *   enqueued for the endpoints subscribed to it (src/application/webhook/enqueueWebhookEvents.ts).
 */
export type CheckpointName = "projections" | "failureAlerts" | "webhooks"

/**
 * Named positions on the event log's `recordedAt` scale (epoch ms, never negative), kept in the
 * store, so a new process resumes a pass where the last one of any process got through instead
 * of at the beginning of history (or of its look-back); every process of the database shares them.
 *
 * - `read(name)` answers the highest position any client advanced `name` to, or 0 when none did.
 * - `advance(name, position)` raises `name` to `position` and never lowers it: a position at or
 *   below the stored one changes nothing, and of several clients advancing at once the highest
 *   stays. Each name is apart: advancing one leaves the others. This holds on FerretDB too, which
 *   has no atomic conditional update: the Mongo adapter relies only on inserts and deletes.
 */
export class ProjectionCheckpoint extends Context.Service<
  ProjectionCheckpoint,
  {
    readonly read: (name: CheckpointName) => Effect.Effect<number, StoreUnavailable>
    readonly advance: (name: CheckpointName, position: number) => Effect.Effect<void, StoreUnavailable>
  }
>()("herald/application/ports/ProjectionCheckpoint") {}
