import { Data } from "effect"
import type { WebhookUrlProblemCode } from "../../domain/webhook/Webhook.ts"
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT, WEBHOOK_URL_MAX } from "../../domain/webhook/Webhook.ts"

/** An endpoint's address or events the account must correct: BAD_REQUEST naming the field. */
export class InvalidWebhookEndpoint extends Data.TaggedError("InvalidWebhookEndpoint")<{
  readonly message: string
  readonly field: "url" | "events"
  /** what is wrong with the address (field "url") */
  readonly urlProblem?: WebhookUrlProblemCode | undefined
}> {
  /** the reader's words (interfaces/web/refusalWords.ts): no event chosen, or the address's problem */
  get code() {
    return this.field === "events" ? "noEvents" : this.urlProblem
  }
  get params() {
    return { max: WEBHOOK_URL_MAX }
  }
}

/** No endpoint of this id among the caller's: another user's endpoint reads exactly as an unknown one. */
export class WebhookEndpointNotFound extends Data.TaggedError("WebhookEndpointNotFound")<{ readonly id: string }> {
  override get message() {
    return "webhook endpoint not found"
  }
}

/** The account holds as many endpoints as it may. */
export class WebhookEndpointLimitReached extends Data.TaggedError("WebhookEndpointLimitReached")<{}> {
  override get message() {
    return `you already have ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} webhook endpoints; delete one you no longer need first`
  }
  get params() {
    return { count: MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT }
  }
}

/** The account pinged too often, or a ping of its is still on its way: TOO_MANY_REQUESTS. */
export class TooManyWebhookPings extends Data.TaggedError("TooManyWebhookPings")<{ readonly retryAfterMs: number }> {
  override get message() {
    const seconds = Math.max(1, Math.ceil(this.retryAfterMs / 1000))
    return `you sent test pings too quickly; try again in ${seconds} ${seconds === 1 ? "second" : "seconds"}`
  }
  get params() {
    return { count: Math.max(1, Math.ceil(this.retryAfterMs / 1000)) }
  }
}
