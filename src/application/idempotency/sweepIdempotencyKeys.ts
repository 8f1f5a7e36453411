import { Clock, Effect } from "effect"
import { IdempotencyStore } from "../ports/IdempotencyStore.ts"
import { IDEMPOTENCY_WINDOW_MS } from "./runIdempotently.ts"

/**
 * Removes Idempotency-Key records past their 24 hours. Expired ones already hold nothing (a
 * claim replaces them); this keeps the table from growing for ever (FerretDB v1 has no TTL index).
 */
export const sweepIdempotencyKeys = Effect.fn("sweepIdempotencyKeys")(function* () {
  const now = yield* Clock.currentTimeMillis
  yield* (yield* IdempotencyStore).deleteExpired(now - IDEMPOTENCY_WINDOW_MS)
})
