import { Context } from "effect"

export interface SchedulerSettingsShape {
  /** identifies this scheduler in the claims it records */
  readonly schedulerId: string
  /** a claim older than this whose send never reported back is recorded as outcome-unknown */
  readonly leaseMs: number
  /** how many sessions send at once; messages of one session always go one at a time */
  readonly sessionConcurrency: number
  /**
   * Of those, how many may send an image or file at once: each holds its file (up to 16 MB) and
   * its encoded body until the gateway answers, after uploading it to WhatsApp. Taken before the
   * claim, so a message waiting for its turn is not claimed (its lease does not run) meanwhile.
   */
  readonly mediaConcurrency: number
  /**
   * A session with a send in flight elsewhere (another scheduler) younger than this is left to
   * that scheduler, so one session's messages keep their order across schedulers.
   */
  readonly inFlightGuardMs: number
  /** how many due messages one pass takes, and how many messages a preload holds */
  readonly batchSize: number
  /**
   * How long before a known scheduledAt the scheduler loads the messages due then and resolves
   * their sessions, so that at the due time only claim and send remain
   * (docs/architecture.md#loading-ahead).
   */
  readonly preloadLeadMs: number
}

export const SchedulerSettings = Context.Reference<SchedulerSettingsShape>(
  "herald/application/scheduler/SchedulerSettings",
  {
    defaultValue: () => ({
      schedulerId: "scheduler",
      leaseMs: 5 * 60_000,
      sessionConcurrency: 100,
      mediaConcurrency: 2,
      inFlightGuardMs: 40_000,
      batchSize: 1_000,
      // long enough to read a batch (up to a thousand streams, one read each) on a remote store,
      // short enough that a preloaded message is rarely edited before it is due (which costs a
      // read again) and that a preloaded session is seconds old at most when it is used
      preloadLeadMs: 5_000
    })
  }
)
