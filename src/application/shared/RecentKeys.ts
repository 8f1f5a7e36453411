import { Cache, Effect } from "effect"

/**
 * A set of keys each kept for `timeToLiveMs` after it was last added, at most `capacity` of them
 * (effect's Cache: the least recently used go first), in this process only.
 */
export const makeRecentKeys = (capacity: number, timeToLiveMs: number) =>
  Effect.map(
    Cache.make<string, true>({ capacity, timeToLive: timeToLiveMs, lookup: () => Effect.succeed(true) }),
    (cache) => ({
      has: (key: string): Effect.Effect<boolean> => Cache.has(cache, key),
      add: (key: string): Effect.Effect<void> => Cache.set(cache, key, true)
    })
  )
