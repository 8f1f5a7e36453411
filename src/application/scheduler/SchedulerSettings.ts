import { Context } from "effect"

export interface SchedulerSettingsShape {
  /** identifies this scheduler in the claims it records */
  readonly schedulerId: string
  /** a claim older than this whose send never reported back is recorded as outcome-unknown */
  readonly leaseMs: number
  /** how many sessions send at once; messages of one session always go one at a time */
  readonly sessionConcurrency: number
  /**
   * A session with a send in flight elsewhere (another scheduler) younger than this is left to
   * that scheduler, so one session's messages keep their order across schedulers.
   */
  readonly inFlightGuardMs: number
  /** how many due messages one pass takes */
  readonly batchSize: number
}

export const SchedulerSettings = Context.Reference<SchedulerSettingsShape>(
  "herald/application/scheduler/SchedulerSettings",
  {
    defaultValue: () => ({
      schedulerId: "scheduler",
      leaseMs: 5 * 60_000,
      sessionConcurrency: 100,
      inFlightGuardMs: 40_000,
      batchSize: 1_000
    })
  }
)
