import type { Effect } from "effect"
import { Context } from "effect"

/**
 * What one POST to an endpoint came to; it never fails otherwise (every failure is an outcome).
 * `detail` is for the operator's log (it may name an address or a library's error code), never
 * for the account's page (docs/security.md#outgoing-webhooks).
 */
export type WebhookPostResult =
  /** the endpoint answered this status (a 3xx is not followed) */
  | { readonly _tag: "Answered"; readonly status: number }
  /** not sent: the address leads somewhere Herald refuses to call, is not https, or is not a web address */
  | { readonly _tag: "Refused"; readonly why: "private" | "notHttps" | "notWebAddress"; readonly detail: string }
  /** no answer: the name did not resolve, the connection was refused or dropped */
  | { readonly _tag: "Unreachable"; readonly detail: string }
  /** the secure connection could not be set up (certificate, TLS version) */
  | { readonly _tag: "TlsProblem"; readonly detail: string }
  /** no answer within the deadline (the name's lookup included) */
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
