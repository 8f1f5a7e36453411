import { Context, Effect, Layer } from "effect"
import { makeRecentKeys } from "./RecentKeys.ts"

/** Trusted addresses kept at once: only holders of the secret get here, a handful of WAHA instances. */
export const MAX_TRUSTED_SENDERS = 1_000

/**
 * Addresses that sent a correctly signed webhook call within the last `trustMs` (each signed
 * call renews it), at most MAX_TRUSTED_SENDERS (least recently trusted go first), in this
 * process only. Such an address is WAHA's: its refusals (sessions still signing with a rotated-out
 * secret) are not counted against it, and its unverified bodies are not bounded, so a stranger's
 * flood or WAHA's own stale sessions cannot get its good receipts refused. A stranger cannot
 * forge a signed call, so cannot become trusted.
 */
export class TrustedSenders extends Context.Service<
  TrustedSenders,
  {
    readonly isTrusted: (address: string) => Effect.Effect<boolean>
    readonly trust: (address: string) => Effect.Effect<void>
  }
>()("herald/application/shared/TrustedSenders") {
  static readonly layer = (trustMs: number) =>
    Layer.effect(
      TrustedSenders,
      Effect.map(makeRecentKeys(MAX_TRUSTED_SENDERS, trustMs), (addresses) =>
        TrustedSenders.of({ isTrusted: addresses.has, trust: addresses.add })
      )
    )
}
