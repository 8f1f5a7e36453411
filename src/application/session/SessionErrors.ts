import { Data } from "effect"

/** No active session of this name (or id) belongs to the caller: someone else's is reported the same way. */
export class MessagingSessionNotFound extends Data.TaggedError("MessagingSessionNotFound")<{}> {
  override get message() {
    return "messaging session not found"
  }
}

/** SPEC "Errors": initiateMessagingSession → INTERNAL_SERVER_ERROR "failed to create session". */
export class SessionCreationFailed extends Data.TaggedError("SessionCreationFailed")<{ readonly cause: string }> {
  override get message() {
    return "failed to create session"
  }
}
