import { Duration, Effect, Schedule } from "effect"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/**
 * For a step whose outcome only this scheduler knows (whether its claim was stored, what its
 * send did): while the database cannot be reached, log it and try again every second, up to
 * the lease. A later cycle could not redo the step (the claim is taken, the send is done), so
 * giving up at once would leave the message to be reported outcome-unknown although it is
 * not. Past the lease, the lease recovery reports it. Other errors are not retried.
 */
export const retryWhileUnavailable =
  (messageId: string, step: string) =>
  <A, E extends { readonly _tag: string; readonly message: string }, R>(
    self: Effect.Effect<A, E, R>
  ): Effect.Effect<A, E, R> =>
    Effect.gen(function* () {
      const { leaseMs } = yield* SchedulerSettings
      return yield* self.pipe(
        Effect.tapError((error) =>
          error._tag === "StoreUnavailable"
            ? Effect.logWarning(`Message ${messageId}: ${step} waits for the database: ${error.message}`)
            : Effect.void
        ),
        Effect.retry({
          schedule: Schedule.spaced(Duration.seconds(1)).pipe(Schedule.upTo({ duration: Duration.millis(leaseMs) })),
          while: (error) => error._tag === "StoreUnavailable"
        })
      )
    })
