import { isIpLiteral, isPrivateAddress } from "./privateAddress.ts"

/**
 * Signed outgoing webhooks (docs/api.md#webhooks): an account registers endpoints, each with the
 * event types it wants and a secret shown once; Herald POSTs each such event to it as JSON,
 * signed, at least once, retried with backoff for a day. Pure rules here; the sending is
 * src/infrastructure/webhooks, the following of the log src/application/webhook.
 */

/** The event types an endpoint may subscribe to. */
export const WEBHOOK_EVENT_TYPES = [
  "message.sent",
  "message.failed",
  "message.outcome_unknown",
  "message.delivered",
  "message.read",
  "campaign.completed",
  "campaign.failed",
  "session.status",
  "poll.vote"
] as const
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number]

/** What a test delivery (webhookEndpoint.ping) is called; not subscribable. */
export const PING_EVENT_TYPE = "ping"

/** Endpoints an account may hold at once. */
export const MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT = 10
export const WEBHOOK_URL_MAX = 2_000

/** A delivery is retried this long after its event, then given up (marked failed). */
export const WEBHOOK_RETRY_WINDOW_MS = 24 * 60 * 60 * 1000
/** The first retry waits this long, each next one twice as long, up to WEBHOOK_MAX_BACKOFF_MS. */
export const WEBHOOK_FIRST_BACKOFF_MS = 30_000
export const WEBHOOK_MAX_BACKOFF_MS = 60 * 60 * 1000

/** Where a delivery is: waiting for its (next) attempt, delivered (a 2xx), or given up. */
export const WEBHOOK_DELIVERY_STATUSES = ["pending", "delivered", "failed"] as const
export type WebhookDeliveryStatus = (typeof WEBHOOK_DELIVERY_STATUSES)[number]

/**
 * When the attempt after `attempts` failed ones may run: 30 s, 1 min, 2 min, … doubling up to an
 * hour; null when that would be past the retry window of an event created at `createdAt` (the
 * delivery is then given up).
 */
export const nextAttemptAt = (createdAt: number, attempts: number, now: number): number | null => {
  const backoff = Math.min(WEBHOOK_FIRST_BACKOFF_MS * 2 ** Math.max(0, attempts - 1), WEBHOOK_MAX_BACKOFF_MS)
  const next = now + backoff
  return next > createdAt + WEBHOOK_RETRY_WINDOW_MS ? null : next
}

/**
 * The id of a delivery of one event to one endpoint: the same for every pass and every process
 * that finds the event, so inserting it is what decides who enqueues it.
 */
export const webhookDeliveryId = (endpointId: string, eventId: string): string => `${endpointId}/${eventId}`

/** The event id receivers de-duplicate on: one per recorded event (its stream and version), the same for every endpoint. */
export const webhookEventId = (streamId: string, version: number): string => `${streamId}.${version}`

/** What is wrong with an endpoint's address, as a stable code (the English words: webhookUrlProblem). */
export const WEBHOOK_URL_PROBLEM_CODES = [
  "urlTooLong",
  "urlNotAddress",
  "urlHttpsOrHttp",
  "urlHttpsOnly",
  "urlCredentials",
  "urlFragment",
  "urlPrivate"
] as const
export type WebhookUrlProblemCode = (typeof WEBHOOK_URL_PROBLEM_CODES)[number]

/** Whether a URL may be an endpoint, as a code: null when it may. */
export const webhookUrlProblemCode = (url: string, allowHttp: boolean): WebhookUrlProblemCode | null => {
  if (url.length > WEBHOOK_URL_MAX) return "urlTooLong"
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return "urlNotAddress"
  }
  if (parsed.protocol !== "https:" && !(allowHttp && parsed.protocol === "http:"))
    return allowHttp ? "urlHttpsOrHttp" : "urlHttpsOnly"
  if (parsed.username !== "" || parsed.password !== "") return "urlCredentials"
  if (parsed.hash !== "") return "urlFragment"
  // obvious at once; a name is checked where it leads at each delivery (infrastructure/webhooks)
  const host = parsed.hostname.replace(/^\[|\]$/g, "").toLowerCase()
  if (
    !allowHttp &&
    (host === "localhost" || host.endsWith(".localhost") || (isIpLiteral(host) && isPrivateAddress(host)))
  )
    return "urlPrivate"
  return null
}

const URL_PROBLEMS: Readonly<Record<WebhookUrlProblemCode, string>> = {
  urlTooLong: `The address is longer than ${WEBHOOK_URL_MAX} characters.`,
  urlNotAddress: "That is not a web address (it should start with https://).",
  urlHttpsOrHttp: "The address must start with https:// or http://.",
  urlHttpsOnly: "The address must start with https:// (plain http is refused).",
  urlCredentials: "The address must not hold a user name or password.",
  urlFragment: "The address must not hold a #fragment.",
  urlPrivate: "The address leads to this server or a private network, which Herald does not call."
}

/** An address's problem in the organiser's words. */
export const describeWebhookUrlProblem = (code: WebhookUrlProblemCode): string => URL_PROBLEMS[code]

/** Whether a URL may be an endpoint: https, or http when the operator allows private targets (a local receiver). */
export const webhookUrlProblem = (url: string, allowHttp: boolean): string | null => {
  const code = webhookUrlProblemCode(url, allowHttp)
  return code === null ? null : describeWebhookUrlProblem(code)
}
