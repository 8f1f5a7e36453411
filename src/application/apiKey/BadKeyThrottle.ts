import { Clock, Context, Effect, Layer } from "effect"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { TooManyBadApiKeys } from "./ApiKeyErrors.ts"

/** Unknown keys one client address may present within AuthSettings' `signInWindowMs` before it is refused. */
export const BAD_KEYS_PER_CLIENT = 20

/**
 * Counts unknown API keys per client address (clientAddress.ts) in a sliding window, so that a
 * flood of guesses is refused before it costs a lookup each. A key is 256 random bits: this
 * bounds load, not guessing. Only unknown or malformed keys count: a script still sending a
 * revoked key is answered 401 each time without locking out its neighbours behind one NAT.
 * Each request is checked before its lookup and counted after: concurrent guesses may overshoot
 * by the requests in flight. Kept in the process, like SignInThrottle.
 */
export class BadKeyThrottle extends Context.Service<
  BadKeyThrottle,
  {
    /** fails when the client is over its allowance */
    readonly check: (client: string) => Effect.Effect<void, TooManyBadApiKeys>
    /** the client presented a key that is not one */
    readonly failed: (client: string) => Effect.Effect<void>
  }
>()("herald/application/apiKey/BadKeyThrottle") {
  static readonly layer = Layer.sync(BadKeyThrottle, () => {
    const failures = new Map<string, Array<number>>()
    let lastSweep = 0
    const recent = (client: string, now: number, windowMs: number) => {
      const kept = (failures.get(client) ?? []).filter((at) => at > now - windowMs)
      if (kept.length === 0) failures.delete(client)
      else failures.set(client, kept)
      return kept
    }
    const sweep = (now: number, windowMs: number) => {
      // forget idle clients once per window, not on every request
      if (now - lastSweep <= windowMs) return
      lastSweep = now
      for (const client of [...failures.keys()]) recent(client, now, windowMs)
    }
    return BadKeyThrottle.of({
      check: (client) =>
        Effect.gen(function* () {
          const { signInWindowMs } = yield* AuthSettings
          const now = yield* Clock.currentTimeMillis
          sweep(now, signInWindowMs)
          const kept = recent(client, now, signInWindowMs)
          if (kept.length >= BAD_KEYS_PER_CLIENT)
            return yield* new TooManyBadApiKeys({ retryAfterMs: (kept[0] ?? now) + signInWindowMs - now })
        }),
      failed: (client) =>
        Effect.gen(function* () {
          const now = yield* Clock.currentTimeMillis
          failures.set(client, [...(failures.get(client) ?? []), now])
        })
    })
  })
}
