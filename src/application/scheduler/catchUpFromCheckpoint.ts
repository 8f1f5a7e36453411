import { Clock, Effect } from "effect"
import { catchUpProjections } from "../eventSourcing/project.ts"
import { ProjectionCheckpoint } from "../ports/ProjectionCheckpoint.ts"

/**
 * Events carry their writer's clock, taken before the append: a pass also looks this far behind
 * its own start, for writers whose clocks run behind and for appends that become visible late (a
 * MongoDB insert may wait for its connection and be retried for well over a minute).
 */
export const CLOCK_SKEW_MARGIN_MS = 5 * 60_000

/**
 * The scheduler's catch-up pass (docs/architecture.md#the-event-log-and-the-read-models), from
 * the checkpoint kept in the store, so that a new process reads what was recorded lately, not
 * the whole history. Only a pass that went through moves the checkpoint, to its own start less
 * the margin for writers whose clocks run behind; a failed one leaves it for the next to cover.
 * Returns how many read models it rebuilt.
 */
export const catchUpFromCheckpoint = Effect.fn("catchUpFromCheckpoint")(function* () {
  const checkpoint = yield* ProjectionCheckpoint
  // taken before reading: whatever is recorded during the pass is looked at again by the next one
  const start = yield* Clock.currentTimeMillis
  const rebuilt = yield* catchUpProjections(yield* checkpoint.read("projections"))
  yield* checkpoint.advance("projections", Math.max(0, start - CLOCK_SKEW_MARGIN_MS))
  return rebuilt
})
