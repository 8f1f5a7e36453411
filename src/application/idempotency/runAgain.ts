import { Context } from "effect"

/**
 * True while a request runs again under its Idempotency-Key (runIdempotently: its first run's
 * lease expired unanswered, and this run took it over): the use case looks up what the first run
 * created, by its keyed ids, before any check that what it created would now fail (a quota that
 * counts it, a time now past), and answers it (docs/api.md#idempotency-key). False otherwise,
 * and random ids never meet anything.
 */
export const IdempotentRunAgain = Context.Reference<boolean>("herald/application/idempotency/IdempotentRunAgain", {
  defaultValue: () => false
})
