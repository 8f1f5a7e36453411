import { Data } from "effect"
import { API_KEY_NAME_MAX, MAX_API_KEYS_PER_ACCOUNT } from "../../domain/apiKey/ApiKey.ts"

/** A key's name or expiry the organiser must correct: BAD_REQUEST naming the field. */
export class InvalidApiKey extends Data.TaggedError("InvalidApiKey")<{
  readonly message: string
  readonly field: "name" | "expiresAt"
}> {
  /** one refusal per field (interfaces/web/refusalWords.ts) */
  get code() {
    return this.field
  }
  get params() {
    return { max: API_KEY_NAME_MAX }
  }
}

/** No key of this id among the caller's: another user's key reads exactly as an unknown one. */
export class ApiKeyNotFound extends Data.TaggedError("ApiKeyNotFound")<{ readonly id: string }> {
  override get message() {
    return "API key not found"
  }
}

/** The account holds as many usable keys as it may. */
export class ApiKeyLimitReached extends Data.TaggedError("ApiKeyLimitReached")<{}> {
  override get message() {
    return `you already have ${MAX_API_KEYS_PER_ACCOUNT} API keys in use; revoke one you no longer need first`
  }
  get params() {
    return { count: MAX_API_KEYS_PER_ACCOUNT }
  }
}

/** Too many unknown, revoked or expired keys from one client address (BadKeyThrottle). */
/** One key went over API_KEY_REQUESTS. */
export class TooManyKeyRequests extends Data.TaggedError("TooManyKeyRequests")<{ readonly retryAfterMs: number }> {
  override get message() {
    const seconds = Math.max(1, Math.ceil(this.retryAfterMs / 1000))
    return `this API key made too many requests; try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}`
  }
}

export class TooManyBadApiKeys extends Data.TaggedError("TooManyBadApiKeys")<{ readonly retryAfterMs: number }> {
  override get message() {
    const minutes = Math.max(1, Math.ceil(this.retryAfterMs / 60_000))
    return `too many invalid API keys from your address; try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}`
  }
  get params() {
    return { count: Math.max(1, Math.ceil(this.retryAfterMs / 60_000)) }
  }
}
