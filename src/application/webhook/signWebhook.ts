import { createHmac } from "node:crypto"

/** Names the sender in every delivery's User-Agent. */
export const WEBHOOK_USER_AGENT = "Herald-Webhooks/1"

/**
 * `sha256=<hex of HMAC-SHA256(secret, timestamp + "." + body)>`: the timestamp is signed with the
 * body, so a receiver that refuses old timestamps cannot be replayed a captured delivery later
 * (docs/api.md#webhooks has the receiver's check).
 */
export const webhookSignature = (secret: string, timestamp: number, body: string): string =>
  `sha256=${createHmac("sha256", secret).update(`${timestamp}.${body}`, "utf8").digest("hex")}`

/** The headers of one attempt; `timestamp` in unix seconds, the attempt's own. */
export const webhookHeaders = (
  secret: string,
  eventId: string,
  timestamp: number,
  body: string
): Readonly<Record<string, string>> => ({
  "Content-Type": "application/json",
  "User-Agent": WEBHOOK_USER_AGENT,
  "Herald-Event-Id": eventId,
  "Herald-Timestamp": String(timestamp),
  "Herald-Signature": webhookSignature(secret, timestamp, body)
})
