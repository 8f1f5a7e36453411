import { Clock, Context, Effect, Layer } from "effect"
import { AuthSettings } from "./AuthSettings.ts"
import { TooManySignInAttempts } from "./AuthErrors.ts"

/**
 * Counts failed sign-ins per e-mail address and per client (IP) in a sliding window, so a
 * password cannot be guessed by brute force against one account, nor many accounts sprayed
 * from one client. An attempt is counted as failed when it starts (`reserve`, in the same step
 * as the check, so concurrent attempts cannot all slip past the check while the password hash
 * is computed) and the address's count is cleared when it succeeds. Kept in the process:
 * several web processes each count on their own, which multiplies the allowance by their
 * number. The client allowance is 20x the address's, as many users may share one address
 * behind a proxy.
 */
export class SignInThrottle extends Context.Service<SignInThrottle, {
  /** fails when the address or the client is over its allowance; else counts this attempt */
  readonly reserve: (email: string, client: string) => Effect.Effect<void, TooManySignInAttempts>
  /** the attempt succeeded: the address starts afresh */
  readonly succeeded: (email: string) => Effect.Effect<void>
}>()("herald/application/auth/SignInThrottle") {
  static readonly layer = Layer.sync(SignInThrottle, () => {
    const failures = new Map<string, Array<number>>()
    let lastSweep = 0
    const recent = (key: string, now: number, windowMs: number) => {
      const kept = (failures.get(key) ?? []).filter((at) => at > now - windowMs)
      if (kept.length === 0) failures.delete(key)
      else failures.set(key, kept)
      return kept
    }
    return SignInThrottle.of({
      reserve: (email, client) =>
        Effect.gen(function*() {
          const { maxFailedSignIns, signInWindowMs } = yield* AuthSettings
          const now = yield* Clock.currentTimeMillis
          // from here to the end, no yield: check and count are one step
          return yield* Effect.suspend(() => {
            // forget idle keys once per window, not on every attempt
            if (now - lastSweep > signInWindowMs) {
              lastSweep = now
              for (const key of [...failures.keys()]) recent(key, now, signInWindowMs)
            }
            const byEmail = recent(`email:${email}`, now, signInWindowMs)
            const byClient = recent(`client:${client}`, now, signInWindowMs)
            const blocking = byEmail.length >= maxFailedSignIns ? byEmail : byClient.length >= maxFailedSignIns * 20 ? byClient : null
            if (blocking !== null) return Effect.fail(new TooManySignInAttempts({ retryAfterMs: blocking[0]! + signInWindowMs - now }))
            failures.set(`email:${email}`, [...byEmail, now])
            failures.set(`client:${client}`, [...byClient, now])
            return Effect.void
          })
        }),
      succeeded: (email) => Effect.sync(() => void failures.delete(`email:${email}`))
    })
  })
}
