import { Clock, Effect } from "effect"
import { AuthSettings } from "../auth/AuthSettings.ts"
import { Ids } from "../ports/Ids.ts"
import type { WebhookPostResult } from "../ports/WebhookTransport.ts"
import { WebhookTransport } from "../ports/WebhookTransport.ts"
import { webhookHeaders } from "./signWebhook.ts"
import { openWebhookSecret } from "./webhookSecrets.ts"

/** What one attempt came to, in plain words for the account's page. */
export interface WebhookAttemptResult {
  readonly delivered: boolean
  readonly outcome: string
  readonly responseStatus: number | null
}

const SECONDS = 1_000

/**
 * An attempt's result in the words the page shows (no field names, JSON, addresses or library
 * error codes): a failure with a detail names `errorId`, under which the log has it.
 */
export const describeWebhookResult = (result: WebhookPostResult, errorId: string): WebhookAttemptResult => {
  const failed = (outcome: string) => ({ delivered: false, outcome, responseStatus: null })
  switch (result._tag) {
    case "Answered": {
      const { status } = result
      if (status >= 200 && status < 300)
        return { delivered: true, outcome: `Delivered: the endpoint answered ${status}.`, responseStatus: status }
      if (status >= 300 && status < 400)
        return {
          delivered: false,
          outcome: `The endpoint answered with a redirect (${status}); Herald does not follow redirects, so give the final address.`,
          responseStatus: status
        }
      return { delivered: false, outcome: `The endpoint answered ${status}, not a success.`, responseStatus: status }
    }
    case "Refused":
      return failed(
        result.why === "private"
          ? `Not sent: the address leads to a private or local address (error id ${errorId}). Herald does not call such addresses unless the administrator allows it.`
          : result.why === "notHttps"
            ? "Not sent: only https addresses are called."
            : "Not sent: this is not a web address."
      )
    case "Unreachable":
      return failed(`The endpoint could not be reached (error id ${errorId}).`)
    case "TlsProblem":
      return failed(
        `The endpoint's secure connection could not be set up; check its certificate (error id ${errorId}).`
      )
    case "TimedOut": {
      const seconds = Math.max(1, Math.round(result.afterMs / SECONDS))
      return failed(`The endpoint did not answer within ${seconds === 1 ? "a second" : `${seconds} seconds`}.`)
    }
  }
}

/** The detail a result's words leave out, for the log; null when the words say it all. */
const detailOf = (result: WebhookPostResult): string | null =>
  result._tag === "Refused" || result._tag === "Unreachable" || result._tag === "TlsProblem" ? result.detail : null

/**
 * Sends `body` to the endpoint once, signed with its secret and this attempt's timestamp. A
 * secret that cannot be opened (AUTH_SECRET changed since the endpoint was made) is a failed
 * attempt saying so: the account makes a new endpoint.
 */
export const attemptWebhook = Effect.fn("attemptWebhook")(function* (
  endpoint: { readonly id: string; readonly url: string; readonly secret: string },
  eventId: string,
  body: string
) {
  const settings = yield* AuthSettings
  const secret = openWebhookSecret(settings.tokenKey, endpoint.id, endpoint.secret)
  if (secret === null)
    return {
      delivered: false,
      outcome:
        "Not sent: this endpoint's secret can no longer be read (the server's secret key changed). Delete the endpoint and add it again.",
      responseStatus: null
    } satisfies WebhookAttemptResult
  const timestamp = Math.floor((yield* Clock.currentTimeMillis) / SECONDS)
  const result = yield* (yield* WebhookTransport).post(
    endpoint.url,
    body,
    webhookHeaders(secret, eventId, timestamp, body)
  )
  const errorId = (yield* Ids).next().replace(/-/g, "").slice(0, 8)
  const detail = detailOf(result)
  // the endpoint's id, not its address: the log line says which, the detail says why
  if (detail !== null) yield* Effect.logWarning(`[error ${errorId}] webhook endpoint ${endpoint.id}: ${detail}`)
  return describeWebhookResult(result, errorId)
})
