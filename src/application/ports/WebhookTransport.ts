import type { Effect } from "effect"
import { Context } from "effect"

/** What one POST to an endpoint came to; it never fails otherwise (every failure is an outcome). */
export type WebhookPostResult =
  /** the endpoint answered this status (a 3xx is not followed) */
  | { readonly _tag: "Answered"; readonly status: number }
  /** not sent: the address is one Herald refuses to call (loopback, private, link-local, …), or not a web address */
  | { readonly _tag: "Refused"; readonly reason: string }
  /** no answer: the name did not resolve, the connection was refused or dropped */
  | { readonly _tag: "Unreachable"; readonly reason: string }
  /** no answer within the deadline */
  | { readonly _tag: "TimedOut"; readonly afterMs: number }

/**
 * The HTTP client of outgoing webhooks (src/infrastructure/webhooks/HttpWebhookTransport.ts):
 * guarded against SSRF, no redirects followed, answers bounded in size and time (docs/security.md).
 */
export class WebhookTransport extends Context.Service<
  WebhookTransport,
  {
    readonly post: (
      url: string,
      body: string,
      headers: Readonly<Record<string, string>>
    ) => Effect.Effect<WebhookPostResult>
  }
>()("herald/application/ports/WebhookTransport") {}
