import { Context, Deferred, Effect } from "effect"

/**
 * Tells a scheduler running in the same process that the plan changed (a new or edited
 * message), so it recomputes its next wake-up at once instead of at its next cycle. Separate
 * processes do without: by default a subscription never fires and `announce` does nothing.
 */
export interface ScheduleChangesShape {
  readonly announce: Effect.Effect<void>
  /**
   * A waiter that completes at the first announcement after this call. Taken before the plan is
   * read, so an announcement made while the scheduler reads and decides is not missed.
   */
  readonly subscribe: Effect.Effect<Effect.Effect<void>>
}

export const ScheduleChanges = Context.Reference<ScheduleChangesShape>("herald/application/ports/ScheduleChanges", {
  defaultValue: () => ({ announce: Effect.void, subscribe: Effect.succeed(Effect.never) })
})

/** The in-process implementation (standalone mode: web and scheduler share it). */
export const makeInProcessScheduleChanges = (): ScheduleChangesShape => {
  let next = Deferred.makeUnsafe<void>()
  return {
    announce: Effect.sync(() => {
      const current = next
      next = Deferred.makeUnsafe<void>()
      Deferred.doneUnsafe(current, Effect.void)
    }),
    subscribe: Effect.sync(() => Deferred.await(next))
  }
}
