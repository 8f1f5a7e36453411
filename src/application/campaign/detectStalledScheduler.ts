import { Clock, Effect } from "effect"
import { LOOKBACK_MS } from "../../domain/message/Message.ts"
import { MessageRepository } from "../ports/MessageRepository.ts"

/** Grace beyond the window before a message counts as overdue: a scheduler's cycle, and clock skew. */
const GRACE_MS = 60_000

/** The oldest message left unpicked past its window: what the admin is told of. */
export interface StalledScheduler {
  readonly messageId: string
  readonly scheduledAt: number
}

/** The operator's log line for a stalled scheduler (English, an ISO instant: a log is for operators). */
export const stalledSchedulerLogLine = (stalled: StalledScheduler): string =>
  `no scheduler seems to be running: message ${stalled.messageId} was due at ${new Date(stalled.scheduledAt).toISOString()} and has not been picked; start the scheduler (node src/interfaces/scheduler/main.ts)`

/**
 * An alert for the admin when messages sit unpicked past their 2-minute window: a running
 * scheduler records such a message as missed at once, so one still SCHEDULED means no scheduler
 * is running (or none reaches the database). Returns the oldest such message, or null when all is well.
 */
export const detectStalledScheduler = Effect.fn("detectStalledScheduler")(function* () {
  const now = yield* Clock.currentTimeMillis
  const overdue = yield* (yield* MessageRepository).findScheduledBefore(now - LOOKBACK_MS - GRACE_MS, 1)
  const oldest = overdue[0]
  if (oldest === undefined) return null
  return { messageId: oldest.id, scheduledAt: oldest.scheduledAt }
})
