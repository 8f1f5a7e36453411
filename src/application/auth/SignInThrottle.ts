import { Clock, Context, Effect, Layer } from "effect"
import { AuthSettings } from "./AuthSettings.ts"
import { TooManySignInAttempts } from "./AuthErrors.ts"

/**
 * Counts failed sign-ins per e-mail address and per client (IP) in a sliding window, so a
 * password cannot be guessed by brute force against one account, nor many accounts sprayed
 * from one client. Kept in the process: several web processes each count on their own,
 * which multiplies the allowance by their number but never blocks a real user longer.
 */
export class SignInThrottle extends Context.Service<SignInThrottle, {
  /** fails when the address or the client is over its allowance */
  readonly check: (email: string, client: string) => Effect.Effect<void, TooManySignInAttempts>
  readonly recordFailure: (email: string, client: string) => Effect.Effect<void>
  readonly recordSuccess: (email: string) => Effect.Effect<void>
}>()("herald/application/auth/SignInThrottle") {
  static readonly layer = Layer.sync(SignInThrottle, () => {
    const failures = new Map<string, Array<number>>()
    const recent = (key: string, now: number, windowMs: number) => {
      const kept = (failures.get(key) ?? []).filter((at) => at > now - windowMs)
      if (kept.length === 0) failures.delete(key)
      else failures.set(key, kept)
      return kept
    }
    return SignInThrottle.of({
      check: (email, client) =>
        Effect.gen(function*() {
          const { maxFailedSignIns, signInWindowMs } = yield* AuthSettings
          const now = yield* Clock.currentTimeMillis
          const byEmail = recent(`email:${email}`, now, signInWindowMs)
          const byClient = recent(`client:${client}`, now, signInWindowMs)
          const blocking = byEmail.length >= maxFailedSignIns ? byEmail : byClient.length >= maxFailedSignIns * 4 ? byClient : null
          if (blocking !== null) {
            return yield* new TooManySignInAttempts({ retryAfterMs: blocking[0]! + signInWindowMs - now })
          }
        }),
      recordFailure: (email, client) =>
        Effect.gen(function*() {
          const { signInWindowMs } = yield* AuthSettings
          const now = yield* Clock.currentTimeMillis
          // bounded memory: forget clients idle for a whole window
          if (failures.size > 10_000) for (const key of failures.keys()) recent(key, now, signInWindowMs)
          failures.set(`email:${email}`, [...recent(`email:${email}`, now, signInWindowMs), now])
          failures.set(`client:${client}`, [...recent(`client:${client}`, now, signInWindowMs), now])
        }),
      recordSuccess: (email) => Effect.sync(() => void failures.delete(`email:${email}`))
    })
  })
}
