import { Context, Effect, Layer } from "effect"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { makeRequestLimits } from "../shared/RequestLimits.ts"
import { TooManyBadApiKeys } from "./ApiKeyErrors.ts"

/** Unknown keys one client (an IPv4 address, an IPv6 /64: clientAddress.ts addressBlock) may present within AuthSettings' `signInWindowMs`. */
export const BAD_KEYS_PER_CLIENT = 20

/**
 * Counts unknown API keys per client: past the allowance, an unknown key is answered 429, not 401.
 * A key that exists is never refused by it, so a script's bad keys do not lock out the good keys
 * of every neighbour behind one address (a NAT, n8n's cloud). Only unknown or malformed keys
 * count: a script still sending a revoked key is answered 401 each time. A key is 256 random bits:
 * this slows guessing down and says so, it does not make it possible. Bounded counters
 * (RequestLimits), kept in the process like SignInThrottle.
 */
export class BadKeyThrottle extends Context.Service<
  BadKeyThrottle,
  {
    /** counts an unknown key of `client`; fails when the client was over its allowance already */
    readonly failed: (client: string) => Effect.Effect<void, TooManyBadApiKeys>
  }
>()("herald/application/apiKey/BadKeyThrottle") {
  static readonly layer = Layer.effect(
    BadKeyThrottle,
    Effect.map(makeRequestLimits, (limits) =>
      BadKeyThrottle.of({
        failed: (client) =>
          Effect.gen(function* () {
            const { signInWindowMs } = yield* AuthSettings
            yield* limits
              .take(`badApiKey:${client}`, { limit: BAD_KEYS_PER_CLIENT, windowMs: signInWindowMs })
              .pipe(Effect.mapError((over) => new TooManyBadApiKeys({ retryAfterMs: over.retryAfterMs })))
          })
      })
    )
  )
}
