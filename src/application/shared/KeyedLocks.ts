import { Context, Effect, Layer, RcMap, Scope, Semaphore } from "effect"

/**
 * One lock per key: `oneAtATime(key)(effect)` runs `effect` once no other effect of the same
 * key is running through these locks. In this process only (several web processes would each
 * run one). A key's semaphore lives while someone holds or waits for it: the RcMap releases it
 * with its last reference (no idle time to live), so the map never grows past the keys in use.
 */
export const makeKeyedLocks = Effect.gen(function* () {
  const locks = yield* RcMap.make({ lookup: (_key: string) => Semaphore.make(1) })
  return {
    oneAtATime:
      (key: string) =>
      <A, E, R>(effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
        // the scope holds the key's reference only: `effect` keeps whatever Scope its caller gives it
        Effect.scopedWith((scope) =>
          Effect.flatMap(Scope.provide(RcMap.get(locks, key), scope), (lock) => lock.withPermits(1)(effect))
        )
  }
})

/**
 * The web process's keyed locks, for use cases that must not run twice at once for one user
 * (initiateMessagingSession, planCampaign). Each use case prefixes its keys with its own name,
 * so that one user's calls of different use cases do not wait for each other.
 */
export class KeyedLocks extends Context.Service<
  KeyedLocks,
  {
    readonly oneAtATime: (key: string) => <A, E, R>(effect: Effect.Effect<A, E, R>) => Effect.Effect<A, E, R>
  }
>()("herald/application/shared/KeyedLocks") {
  static readonly layer = Layer.effect(
    KeyedLocks,
    Effect.map(makeKeyedLocks, (locks) => KeyedLocks.of(locks))
  )
}
