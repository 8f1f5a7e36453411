import { Data } from "effect"

/** The key was first used for another request (another call, or another body): 422, nothing done. */
export class IdempotencyKeyReused extends Data.TaggedError("IdempotencyKeyReused")<{}> {
  override get message() {
    return "This Idempotency-Key was used for a different request in the last 24 hours: send a new key with a new request."
  }
}

/** The first request of this key is still running: 409, to be asked again shortly. */
export class IdempotentRequestInProgress extends Data.TaggedError("IdempotentRequestInProgress")<{
  readonly retryAfterMs: number
}> {
  override get message() {
    return "The first request with this Idempotency-Key is still being processed; retry in a moment."
  }
}

/** The first request's answer held a secret shown once (an API key, a webhook signing secret), which is never kept: 409. */
export class IdempotentAnswerNotKept extends Data.TaggedError("IdempotentAnswerNotKept")<{}> {
  override get message() {
    return "A request with this Idempotency-Key already ran, and its answer held a secret that is shown only once: if you did not receive it, revoke the API key or delete the webhook endpoint it created, and create another with a new Idempotency-Key."
  }
}

export type IdempotencyError = IdempotencyKeyReused | IdempotentRequestInProgress | IdempotentAnswerNotKept
