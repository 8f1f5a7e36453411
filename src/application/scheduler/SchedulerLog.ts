import { Effect } from "effect"

// SPEC "Events": the scheduler's six log line shapes, in one place.
const stamp = (now: number) => `[${new Date(now).toISOString()}]`

export const logNoPending = (now: number) => Effect.logInfo(`${stamp(now)} No pending messages`)
export const logFound = (now: number, count: number) =>
  Effect.logInfo(`${stamp(now)} Found ${count} message${count === 1 ? "" : "s"} to send`)
export const logSending = (groupName: string, chatId: string, content: string) =>
  Effect.logInfo(`Sending to group ${groupName} (${chatId}): ${content}`)
export const logScheduled = (messageId: string, scheduledAt: number) =>
  Effect.logInfo(`Message ${messageId} scheduled at ${new Date(scheduledAt).toISOString()}`)
export const logProcessed = (messageId: string) => Effect.logInfo(`Message ${messageId} processed successfully`)
export const logFailed = (messageId: string, error: string) =>
  Effect.logError(`Error processing message ${messageId}: ${error}`)
