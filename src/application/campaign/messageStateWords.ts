import type { MessageStatus } from "../../domain/message/Message.ts"

/**
 * Where a message stands, as a clause of a sentence the organiser reads ("…, and it was
 * skipped."), in the words the campaign's page uses for its statuses: never a raw status.
 */
export const messageStateWords = (status: MessageStatus): string => {
  switch (status) {
    case "NEW":
      return "it is still being planned"
    case "SCHEDULED":
      return "it is still waiting to be sent"
    case "PICKED":
      return "it is being sent right now"
    case "SENT":
      return "it was sent"
    case "FAILED":
      return "it failed"
    case "OUTCOME_UNKNOWN":
      return "whether it went out is unknown"
    case "MISSED":
      return "it was missed"
    case "DELETED":
      return "it was deleted"
    case "CANCELLED":
      return "it was cancelled with its campaign"
    case "PAUSED":
      return "it is paused with its campaign: resume sending first"
    case "SKIPPED":
      return "it was skipped while the campaign was paused"
  }
}
