import type { Server } from "node:http"
import { createServer } from "node:http"
import { getRequestListener } from "@hono/node-server"
import { Context, Data, Effect, Layer, ManagedRuntime } from "effect"
import { BadKeyThrottle } from "../../application/apiKey/BadKeyThrottle.ts"
import type { AuthSettingsShape } from "../../application/auth/AuthSettings.ts"
import { AuthSettings } from "../../application/auth/AuthSettings.ts"
import { SignInThrottle } from "../../application/auth/SignInThrottle.ts"
import type { CampaignQuotaShape } from "../../application/campaign/CampaignQuota.ts"
import { CampaignQuota } from "../../application/campaign/CampaignQuota.ts"
import type { GatewayPort } from "../../application/ports/GatewayPort.ts"
import { GatewayDirectory } from "../../application/session/GatewayDirectory.ts"
import { BackgroundWork } from "../../application/shared/BackgroundWork.ts"
import { KeyedLocks } from "../../application/shared/KeyedLocks.ts"
import { RefusalLog } from "../../application/shared/RefusalLog.ts"
import { RequestLimits } from "../../application/shared/RequestLimits.ts"
import { SeenEvents } from "../../application/shared/SeenEvents.ts"
import { TrustedSenders } from "../../application/shared/TrustedSenders.ts"
import type { WebhookSettingsShape } from "../../application/webhook/WebhookSettings.ts"
import { WebhookSettings } from "../../application/webhook/WebhookSettings.ts"
import { HttpWebhookTransport } from "../../infrastructure/webhooks/HttpWebhookTransport.ts"
import { makeWebApp } from "./WebApp.ts"
import type { ProcessLocalServices, WebServices } from "./WebServices.ts"
import { WAHA_EVENT_REMEMBER_MS, WAHA_WEBHOOK_TRUST_MS } from "./wahaWebhook.ts"

/** The process-local services on top of the store, gateway, hasher and notifier layers (and whatever else `base` gives). */
export const webServicesLayer = <R, E>(
  base: Layer.Layer<R | GatewayPort, E>,
  settings: Partial<AuthSettingsShape>,
  quota: Partial<CampaignQuotaShape> = {},
  webhooks: Partial<WebhookSettingsShape> = {}
): Layer.Layer<R | GatewayPort | ProcessLocalServices, E> => {
  const webhookSettings = { ...WebhookSettings.defaultValue(), ...webhooks }
  return Layer.mergeAll(
    SignInThrottle.layer,
    BadKeyThrottle.layer,
    GatewayDirectory.layer,
    KeyedLocks.layer,
    RequestLimits.layer,
    RefusalLog.layer,
    SeenEvents.layer(WAHA_EVENT_REMEMBER_MS),
    TrustedSenders.layer(WAHA_WEBHOOK_TRUST_MS),
    BackgroundWork.layer,
    HttpWebhookTransport.layer(webhookSettings)
  ).pipe(
    Layer.provideMerge(base),
    Layer.provideMerge(Layer.succeed(AuthSettings, { ...AuthSettings.defaultValue(), ...settings })),
    Layer.provideMerge(Layer.succeed(CampaignQuota, { ...CampaignQuota.defaultValue(), ...quota })),
    Layer.provideMerge(Layer.succeed(WebhookSettings, webhookSettings))
  )
}

export interface WebServerOptions {
  readonly port: number
  readonly authUrl: string
  /** the origins mutations are accepted from (default: AUTH_URL's) */
  readonly allowedOrigins?: ReadonlyArray<string>
  /** TRUST_PROXY: proxies in front that append to X-Forwarded-For (default 0) */
  readonly trustProxy?: number
  readonly hostname?: string
  /** show the footer in the browser app (PUBLIC_SHOW_FOOTER) */
  readonly showFooter?: boolean
  /** GATEWAY_WEBHOOK_SECRET (null or absent: webhook calls are refused) */
  readonly webhookSecret?: string | null
}

/** The port could not be listened on (taken, not allowed). */
export class ListenFailed extends Data.TaggedError("ListenFailed")<{ readonly message: string }> {}

const listen = (server: Server, port: number, hostname: string) =>
  Effect.callback<number, ListenFailed>((resume) => {
    const failed = (error: Error) =>
      resume(Effect.fail(new ListenFailed({ message: `cannot listen on ${hostname}:${port}: ${error.message}` })))
    server.once("error", failed)
    server.listen(port, hostname, () => {
      server.off("error", failed)
      const address = server.address()
      resume(Effect.succeed(typeof address === "object" && address !== null ? address.port : port))
    })
  })

/** Stops accepting and resolves once the open requests are answered. */
const close = (server: Server) => Effect.callback<void>((resume) => void server.close(() => resume(Effect.void)))

/** The web app being served: where. */
export class WebServer extends Context.Service<WebServer, { readonly url: string; readonly port: number }>()(
  "herald/interfaces/web/WebServer"
) {
  /**
   * Serves the web app on `port` (0: any free port) over node:http (also under Deno): listens
   * when the layer is built; when it is released, stops accepting and finishes the open requests
   * before the services below it are released (docs/architecture.md#processes-and-configuration).
   */
  static readonly layer = (options: WebServerOptions) =>
    Layer.effect(
      WebServer,
      Effect.gen(function* () {
        const services = yield* Effect.context<WebServices>()
        // the requests' runtime: the services already built here, released with this layer
        const runtime = yield* Effect.acquireRelease(
          Effect.sync(() => ManagedRuntime.make(Layer.succeedContext(services))),
          (runtime) => runtime.disposeEffect
        )
        const app = makeWebApp({
          runtime,
          authUrl: options.authUrl,
          ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
          showFooter: options.showFooter ?? true,
          trustProxy: options.trustProxy ?? 0,
          webhookSecret: options.webhookSecret ?? null
        })
        const hostname = options.hostname ?? "0.0.0.0"
        const server = createServer(getRequestListener(app.fetch, { hostname }))
        const port = yield* Effect.acquireRelease(listen(server, options.port, hostname), () => close(server))
        return WebServer.of({ url: `http://127.0.0.1:${port}`, port })
      })
    )
}
