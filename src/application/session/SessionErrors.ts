import { Data } from "effect"
import { PACING_MAX_SECONDS } from "../../domain/session/MessagingSession.ts"

/** No active session of this name (or id) belongs to the caller: someone else's is reported the same way. */
export class MessagingSessionNotFound extends Data.TaggedError("MessagingSessionNotFound")<{}> {
  override get message() {
    return "messaging session not found"
  }
}

/**
 * initiateMessagingSession → INTERNAL_SERVER_ERROR "failed to create session".
 * `hint` follows it only when the user cannot fix it by trying again and must tell the
 * administrator (a gateway that allows no named sessions).
 */
export class SessionCreationFailed extends Data.TaggedError("SessionCreationFailed")<{
  readonly cause: string
  readonly hint?: string
}> {
  override get message() {
    return this.hint === undefined ? "failed to create session" : `failed to create session: ${this.hint}`
  }
  /** the reader's words (interfaces/web/refusalWords.ts): the one hint there is, or none */
  get code() {
    return this.hint === undefined ? "plain" : "namedSessionsUnsupported"
  }
}

/** A pacing refused (a bound, or jitter without a gap): BAD_REQUEST, shown at `field`. */
export class InvalidSessionPacing extends Data.TaggedError("InvalidSessionPacing")<{
  readonly message: string
  readonly field: string
  /** the reader's words (interfaces/web/refusalWords.ts); the bound is PACING_MAX_SECONDS */
  readonly code?: "pacingRange" | "pacingJitterNeedsGap" | "pacingTooLong" | undefined
}> {
  get params() {
    return { max: PACING_MAX_SECONDS }
  }
}
