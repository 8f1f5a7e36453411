import { Clock, Context, Data, Effect, Layer } from "effect"

/** A key went over its rule: refuse until `retryAfterMs` has passed. */
export class OverLimit extends Data.TaggedError("OverLimit")<{ readonly retryAfterMs: number }> {}

/** At most `limit` counted events per key in each window of `windowMs`. */
export interface LimitRule {
  readonly limit: number
  readonly windowMs: number
}

/** Keys kept at once; past this, a new key is neither counted nor refused (docs/security.md#webhooks). */
export const MAX_KEYS = 100_000

interface Window {
  count: number
  readonly endsAt: number
}

/**
 * Fixed-window counters per key (a client's address, a user's id, prefixed by what is limited),
 * in this process only: several web processes each count their own. A key is forgotten once its
 * window has passed, and at most MAX_KEYS are kept, so a flood of distinct keys (one per IPv6
 * address, say) cannot grow memory without bound. Past the cap a key not already held fails
 * open: it is neither counted nor refused until windows end and make room. Refusing it instead
 * would let the flood lock out every legitimate newcomer (WAHA's address included); what one
 * request may cost is bounded where it is handled (body caps, native hashing), not here. Keys
 * already held keep their counts. Effect's RateLimiter memory store was considered: it never
 * forgets a key.
 */
export const makeRequestLimits = Effect.sync(() => {
  const windows = new Map<string, Window>()
  let nextSweep = 0
  const sweep = (now: number) => {
    // once a second at most: drop every finished window
    if (now < nextSweep) return
    nextSweep = now + 1000
    for (const [k, w] of windows) if (w.endsAt <= now) windows.delete(k)
  }
  /**
   * After a sweep: whether `key` can be held (false past the cap for a key not held) and the
   * window it counts in now, if one is running.
   */
  const windowOf = (key: string, now: number): { readonly held: boolean; readonly window: Window | undefined } => {
    sweep(now)
    const found = windows.get(key)
    return {
      held: found !== undefined || windows.size < MAX_KEYS,
      window: found !== undefined && found.endsAt > now ? found : undefined
    }
  }
  const over = (window: Window | undefined, rule: LimitRule, now: number): OverLimit | null =>
    window !== undefined && window.count >= rule.limit ? new OverLimit({ retryAfterMs: window.endsAt - now }) : null
  /** counts one event; returns the refusal the event met before it was counted, if any */
  const record = (key: string, rule: LimitRule, now: number): OverLimit | null => {
    const found = windowOf(key, now)
    if (!found.held) return null
    const refusal = over(found.window, rule, now)
    if (found.window === undefined) windows.set(key, { count: 1, endsAt: now + rule.windowMs })
    else found.window.count += 1
    return refusal
  }
  return {
    /** fails with OverLimit when `key` has used up its rule's window; counts nothing */
    check: (key: string, rule: LimitRule): Effect.Effect<void, OverLimit> =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const refusal = over(windowOf(key, now).window, rule, now)
        return refusal === null ? Effect.void : Effect.fail(refusal)
      }),
    /** counts one event of `key` (a refusal, say), whatever its count already was */
    count: (key: string, rule: LimitRule): Effect.Effect<void> =>
      Effect.flatMap(Clock.currentTimeMillis, (now) =>
        Effect.sync(() => {
          record(key, rule, now)
        })
      ),
    /** check and count in one step: the attempt counts whether or not it is refused */
    take: (key: string, rule: LimitRule): Effect.Effect<void, OverLimit> =>
      Effect.flatMap(Clock.currentTimeMillis, (now) => {
        const refusal = record(key, rule, now)
        return refusal === null ? Effect.void : Effect.fail(refusal)
      }),
    /** keys held now (for tests of the bound) */
    size: Effect.sync(() => windows.size)
  }
})

/** The web process's request limits (webhook refusals per client, uploads per user, …). */
export class RequestLimits extends Context.Service<RequestLimits, Effect.Success<typeof makeRequestLimits>>()(
  "herald/application/shared/RequestLimits"
) {
  static readonly layer = Layer.effect(
    RequestLimits,
    Effect.map(makeRequestLimits, (limits) => RequestLimits.of(limits))
  )
}
