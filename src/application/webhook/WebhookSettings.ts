import { Context } from "effect"

/** The operator's webhook settings (web configuration; docs/operations.md#outgoing-webhooks). */
export interface WebhookSettingsShape {
  /**
   * WEBHOOKS_ALLOW_PRIVATE_TARGETS: endpoints may be on loopback, private and link-local
   * addresses, and plain http (a receiver on the same machine or network). Off by default.
   */
  readonly allowPrivateTargets: boolean
}

export const WebhookSettings = Context.Reference<WebhookSettingsShape>("herald/application/webhook/WebhookSettings", {
  defaultValue: () => ({ allowPrivateTargets: false })
})
