import { Context, Effect, Layer, Schedule } from "effect"

/** How often the refusals counted since the last line are summed up. */
export const REFUSAL_LOG_INTERVAL_MS = 60_000

/** What was refused, named for a log line: "a WAHA webhook call" / "WAHA webhook calls". */
export interface RefusedKind {
  readonly one: string
  readonly many: string
}

/**
 * Refusals as a count per interval, so strangers cannot fill the log (issue 21): the first
 * refusal of a kind in an interval is logged at once, with its detail; the others are only
 * counted, by reason, and one line per interval sums them up. The summing fiber lives in the
 * layer's scope and stops with the runtime. Callers never pass a secret or a body.
 */
export class RefusalLog extends Context.Service<
  RefusalLog,
  {
    /** one refusal of `kind` for `reason` (a short label); `detail` is logged only when it is the interval's first */
    readonly record: (kind: RefusedKind, reason: string, detail: string) => Effect.Effect<void>
  }
>()("herald/application/shared/RefusalLog") {
  static readonly layer = Layer.effect(
    RefusalLog,
    Effect.gen(function* () {
      // per kind (by its name): the refusals counted after the logged one, by reason
      const counted = new Map<string, { readonly kind: RefusedKind; readonly reasons: Map<string, number> }>()
      const summary = Effect.suspend(() => {
        const lines = [...counted.values()].flatMap(({ kind, reasons }) => {
          const total = [...reasons.values()].reduce((a, b) => a + b, 0)
          if (total === 0) return []
          const byReason = [...reasons].map(([reason, n]) => `${reason} ${n}`).join(", ")
          return [`${kind.many} refused in the last minute after the one logged: ${total} (${byReason})`]
        })
        counted.clear()
        return Effect.forEach(lines, (line) => Effect.logWarning(line), { discard: true })
      })
      // every interval after the start, never at the start itself (nothing counted yet)
      yield* Effect.forkScoped(Effect.schedule(summary, Schedule.spaced(REFUSAL_LOG_INTERVAL_MS)))
      return RefusalLog.of({
        record: (kind, reason, detail) =>
          Effect.suspend(() => {
            const entry = counted.get(kind.one)
            if (entry === undefined) {
              counted.set(kind.one, { kind, reasons: new Map() })
              return Effect.logWarning(
                `Refused ${kind.one}: ${detail} (further refusals are counted and summed up once a minute)`
              )
            }
            entry.reasons.set(reason, (entry.reasons.get(reason) ?? 0) + 1)
            return Effect.void
          })
      })
    })
  )
}
