import { Effect, Semaphore } from "effect"

/**
 * `const oneAtATime = oneAtATimePerKey()`; `oneAtATime(key, effect)` runs `effect` once no other
 * effect of the same key is running through it, in this process only (several web processes
 * would each run one). A key's lock lives only while someone holds or waits for it.
 */
export const oneAtATimePerKey = () => {
  const locks = new Map<string, { readonly lock: Semaphore.Semaphore; users: number }>()
  return <A, E, R>(key: string, effect: Effect.Effect<A, E, R>): Effect.Effect<A, E, R> =>
    Effect.suspend(() => {
      const entry = locks.get(key) ?? { lock: Semaphore.makeUnsafe(1), users: 0 }
      entry.users += 1
      locks.set(key, entry)
      return entry.lock.withPermits(1)(effect).pipe(
        Effect.ensuring(Effect.sync(() => {
          entry.users -= 1
          if (entry.users === 0) locks.delete(key)
        }))
      )
    })
}
