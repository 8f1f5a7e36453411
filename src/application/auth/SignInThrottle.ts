import { Clock, Context, Duration, Effect, Layer } from "effect"
import { makeKeyedLocks } from "../shared/KeyedLocks.ts"
import { TooManySignInAttempts } from "./AuthErrors.ts"
import { AuthSettings } from "./AuthSettings.ts"

/**
 * A factor, not a count: above `maxFailedSignIns` × this failures on one address from all
 * clients together (50 with the defaults), attempts on it are slowed (not refused).
 */
export const ADDRESS_CAP_FACTOR = 10
/** How much slower, while the address is over its cap. */
export const ADDRESS_SLOWDOWN = Duration.seconds(2)
/** A client may fail this many times the per-address allowance over all addresses (many users may share one address behind a NAT). */
export const CLIENT_FACTOR = 20

/**
 * Counts failed sign-ins in a sliding window so a password cannot be guessed by brute force,
 * without letting anyone lock an account they do not own (docs/security.md):
 * - per (address, client): `maxFailedSignIns` failures, then that client is refused for that
 *   address until the window passes; another client, the owner's, is not affected;
 * - per client: `CLIENT_FACTOR` times that over all addresses (spraying many accounts);
 * - per address, all clients together: above `ADDRESS_CAP_FACTOR` times the allowance, every
 *   attempt on it waits `ADDRESS_SLOWDOWN` first, and attempts from clients that already failed
 *   on it wait their turn one after another (one every `ADDRESS_SLOWDOWN`, however many arrive
 *   in parallel). It only ever slows: a distributed guesser is held back, the owner, who has
 *   not failed, waits 2 s and gets in.
 * An attempt is counted as failed when it starts (`reserve`, in the same step as the check, so
 * concurrent attempts cannot all slip past the check while the password hash is computed); a
 * success clears its (address, client) count and gives its attempt back to the client's and the
 * address's counts. "Address" is the e-mail address tried; "client" is the caller's network
 * address (clientAddress.ts). Kept in the process: several web processes each count on their
 * own, which multiplies the allowance by their number.
 *
 * Sign-in is throttled in the use case (signIn.ts), so every way in counts. Sign-up and reset
 * requests are throttled in theirs too (signUp.ts, requestPasswordReset.ts), with keys of their
 * own (`signup:<email>`, `reset:<email>`), to bound the mails they send; so are verification
 * links (verifyEmail.ts, `verify:<userId>`), which check a password as sign-in does.
 */
export class SignInThrottle extends Context.Service<
  SignInThrottle,
  {
    /** fails when the client is over its allowance for this address or overall; else counts this attempt (and waits if the address is busy) */
    readonly reserve: (email: string, client: string) => Effect.Effect<void, TooManySignInAttempts>
    /** the attempt succeeded: this client starts afresh on this address */
    readonly succeeded: (email: string, client: string) => Effect.Effect<void>
  }
>()("herald/application/auth/SignInThrottle") {
  static readonly layer = Layer.effect(
    SignInThrottle,
    Effect.gen(function* () {
      const failures = new Map<string, Array<number>>()
      // its own locks: the throttle's keys are e-mail addresses, apart from the use cases' (KeyedLocks)
      const inTurn = (yield* makeKeyedLocks).oneAtATime
      /** a success takes its own attempt back from the shared counts (it was not a failure) */
      const forgetOne = (key: string) => {
        const kept = failures.get(key)
        if (kept === undefined) return
        if (kept.length <= 1) failures.delete(key)
        else failures.set(key, kept.slice(0, -1))
      }
      let lastSweep = 0
      const recent = (key: string, now: number, windowMs: number) => {
        const kept = (failures.get(key) ?? []).filter((at) => at > now - windowMs)
        if (kept.length === 0) failures.delete(key)
        else failures.set(key, kept)
        return kept
      }
      const pairKey = (email: string, client: string) => `pair:${email}\u0000${client}`
      return SignInThrottle.of({
        reserve: (email, client) =>
          Effect.gen(function* () {
            const { maxFailedSignIns, signInWindowMs } = yield* AuthSettings
            const now = yield* Clock.currentTimeMillis
            // from here to the count, no yield: check and count are one step
            const slowdown = yield* Effect.suspend(() => {
              // forget idle keys once per window, not on every attempt
              if (now - lastSweep > signInWindowMs) {
                lastSweep = now
                for (const key of [...failures.keys()]) recent(key, now, signInWindowMs)
              }
              const byPair = recent(pairKey(email, client), now, signInWindowMs)
              const byClient = recent(`client:${client}`, now, signInWindowMs)
              const byAddress = recent(`email:${email}`, now, signInWindowMs)
              const blocking =
                byPair.length >= maxFailedSignIns
                  ? byPair
                  : byClient.length >= maxFailedSignIns * CLIENT_FACTOR
                    ? byClient
                    : null
              if (blocking !== null)
                return Effect.fail(
                  new TooManySignInAttempts({ retryAfterMs: (blocking[0] ?? now) + signInWindowMs - now })
                )
              failures.set(pairKey(email, client), [...byPair, now])
              failures.set(`client:${client}`, [...byClient, now])
              failures.set(`email:${email}`, [...byAddress, now])
              if (byAddress.length < maxFailedSignIns * ADDRESS_CAP_FACTOR) return Effect.succeed("none" as const)
              return Effect.succeed(byPair.length > 0 ? ("in turn" as const) : ("wait" as const))
            })
            if (slowdown === "wait") yield* Effect.sleep(ADDRESS_SLOWDOWN)
            if (slowdown === "in turn") yield* inTurn(email)(Effect.sleep(ADDRESS_SLOWDOWN))
          }),
        succeeded: (email, client) =>
          Effect.sync(() => {
            failures.delete(pairKey(email, client))
            forgetOne(`client:${client}`)
            forgetOne(`email:${email}`)
          })
      })
    })
  )
}
