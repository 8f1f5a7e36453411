import { Effect } from "effect"
import { oneLine } from "../text/oneLine.ts"

// The scheduler's six log line shapes, in one place (docs/operations.md#running-the-scheduler,
// docs/architecture.md#logging). Every value from a user or from the gateway goes through oneLine, so a content or a group name holding a line break
// cannot forge another line (e.g. "Message … processed successfully").
const stamp = (now: number) => `[${new Date(now).toISOString()}]`

export const logNoPending = (now: number) => Effect.logInfo(`${stamp(now)} No pending messages`)
export const logFound = (now: number, count: number) =>
  Effect.logInfo(`${stamp(now)} Found ${count} message${count === 1 ? "" : "s"} to send`)
export const logSending = (groupName: string, chatId: string, content: string) =>
  Effect.logInfo(`Sending to group ${oneLine(groupName)} (${oneLine(chatId)}): ${oneLine(content)}`)
export const logScheduled = (messageId: string, scheduledAt: number) =>
  Effect.logInfo(`Message ${oneLine(messageId)} scheduled at ${new Date(scheduledAt).toISOString()}`)
export const logProcessed = (messageId: string) =>
  Effect.logInfo(`Message ${oneLine(messageId)} processed successfully`)
export const logFailed = (messageId: string, error: string) =>
  Effect.logError(`Error processing message ${oneLine(messageId)}: ${oneLine(error)}`)
