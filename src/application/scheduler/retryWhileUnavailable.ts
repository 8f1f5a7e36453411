import { Clock, Duration, Effect, Schedule } from "effect"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/**
 * For a step whose outcome only this scheduler knows (whether its claim was stored, what its
 * send did): while the database cannot be reached, log it and try again every second, up to
 * the lease. A later cycle could not redo the step (the claim is taken, the send is done), so
 * giving up at once would leave the message to be reported outcome-unknown although it is
 * not. Past the lease, the lease recovery reports it. Other errors are not retried.
 * The step runs as it is the first time: the schedule is built only once the database is away
 * (a burst runs two such steps a message, and the retry's machinery cost more than the step's
 * own work when nothing fails). `until`: a time (ms) the retries end at if it comes before the lease.
 */
export const retryWhileUnavailable =
  (messageId: string, step: string, until?: number) =>
  <A, E extends { readonly _tag: string; readonly message: string }, R>(
    self: Effect.Effect<A, E, R>
  ): Effect.Effect<A, E, R> => {
    const logged = (error: E) =>
      error._tag === "StoreUnavailable"
        ? Effect.logWarning(`Message ${messageId}: ${step} waits for the database: ${error.message}`)
        : Effect.void
    return Effect.catch(self, (first) =>
      first._tag !== "StoreUnavailable"
        ? Effect.fail(first)
        : Effect.gen(function* () {
            yield* logged(first)
            const { leaseMs } = yield* SchedulerSettings
            const budget = until === undefined ? leaseMs : Math.min(leaseMs, until - (yield* Clock.currentTimeMillis))
            if (budget <= 0) return yield* Effect.fail(first)
            // the first failure again, then the step every second while the database is away
            let replayed = false
            const again = Effect.suspend(() => {
              if (replayed) return Effect.tapError(self, logged)
              replayed = true
              return Effect.fail(first)
            })
            return yield* again.pipe(
              Effect.retry({
                schedule: Schedule.spaced(Duration.seconds(1)).pipe(
                  Schedule.upTo({ duration: Duration.millis(budget) })
                ),
                while: (error) => error._tag === "StoreUnavailable"
              })
            )
          })
    )
  }
