import { Context, Effect, Layer } from "effect"
import { makeRecentKeys } from "./RecentKeys.ts"

/** Event ids kept at once; past this the least recently seen go first. */
export const MAX_SEEN_EVENTS = 100_000

/**
 * The ids of events already handled, each for `rememberMs` (a webhook's freshness window: after
 * it, the event is refused as stale anyway), at most MAX_SEEN_EVENTS of them (effect's Cache:
 * capacity and time to live), in this process only. What these ids guard is also idempotent in
 * the store (a receipt counts once, a status is ordered by its date), so an id forgotten early,
 * or two copies of one event arriving at once, cost a store round trip and change nothing.
 */
export class SeenEvents extends Context.Service<
  SeenEvents,
  {
    readonly seen: (id: string) => Effect.Effect<boolean>
    readonly remember: (id: string) => Effect.Effect<void>
  }
>()("herald/application/shared/SeenEvents") {
  static readonly layer = (rememberMs: number) =>
    Layer.effect(
      SeenEvents,
      Effect.map(makeRecentKeys(MAX_SEEN_EVENTS, rememberMs), (ids) =>
        SeenEvents.of({ seen: ids.has, remember: ids.add })
      )
    )
}
