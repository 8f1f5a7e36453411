import { serve } from "@hono/node-server"
import type { ServerType } from "@hono/node-server"
import { Effect, Fiber, Layer, ManagedRuntime } from "effect"
import type { AddressInfo } from "node:net"
import { AuthSettings } from "../../application/auth/AuthSettings.ts"
import type { AuthSettingsShape } from "../../application/auth/AuthSettings.ts"
import { SignInThrottle } from "../../application/auth/SignInThrottle.ts"
import { CampaignQuota } from "../../application/campaign/CampaignQuota.ts"
import type { CampaignQuotaShape } from "../../application/campaign/CampaignQuota.ts"
import { GatewayDirectory } from "../../application/session/GatewayDirectory.ts"
import { KeyedLocks } from "../../application/shared/KeyedLocks.ts"
import { makeWebApp } from "./WebApp.ts"
import type { WebServices } from "./WebServices.ts"

/** The process-local services on top of the store, gateway, hasher and notifier layers (and whatever else `base` gives). */
export const webServicesLayer = <R, E>(
  base: Layer.Layer<R, E>,
  settings: Partial<AuthSettingsShape>,
  quota: Partial<CampaignQuotaShape> = {}
): Layer.Layer<R | SignInThrottle | GatewayDirectory | KeyedLocks, E> =>
  Layer.mergeAll(SignInThrottle.layer, GatewayDirectory.layer, KeyedLocks.layer).pipe(
    Layer.provideMerge(base),
    Layer.provideMerge(Layer.succeed(AuthSettings, { ...AuthSettings.defaultValue(), ...settings })),
    Layer.provideMerge(Layer.succeed(CampaignQuota, { ...CampaignQuota.defaultValue(), ...quota }))
  ) as Layer.Layer<R | SignInThrottle | GatewayDirectory | KeyedLocks, E>

export interface RunningWebServer<R = WebServices> {
  readonly url: string
  readonly port: number
  /** the services' runtime, for an entry point that runs more beside the server (standalone) */
  readonly runtime: ManagedRuntime.ManagedRuntime<R, never>
  /** stops accepting, finishes open requests, releases the services (closes the database) */
  readonly close: () => Promise<void>
}

/** Serves the web app on `port` (0: any free port) over node:http (also under Deno). */
export const startWebServer = async <R, E>(
  layer: Layer.Layer<WebServices | R, E>,
  options: {
    readonly port: number
    readonly authUrl: string
    /** the origins mutations are accepted from (default: AUTH_URL's) */
    readonly allowedOrigins?: ReadonlyArray<string>
    /** TRUST_PROXY: proxies in front that append to X-Forwarded-For (default 0) */
    readonly trustProxy?: number
    readonly hostname?: string
    /** loops that run beside the server until it closes (e.g. the failure alerts) */
    readonly background?: ReadonlyArray<Effect.Effect<void, never, NoInfer<WebServices | R>>>
    /** show the footer in the browser app (PUBLIC_SHOW_FOOTER) */
    readonly showFooter?: boolean
    /** GATEWAY_WEBHOOK_SECRET (null or absent: webhook calls are refused) */
    readonly webhookSecret?: string | null
  }
): Promise<RunningWebServer<WebServices | R>> => {
  const runtime = ManagedRuntime.make(layer as Layer.Layer<WebServices | R, never>)
  await runtime.runPromise(runtime.contextEffect)
  const loops = (options.background ?? []).map((loop) => runtime.runFork(loop))
  const app = makeWebApp({
    runtime: runtime as unknown as ManagedRuntime.ManagedRuntime<WebServices, never>,
    authUrl: options.authUrl,
    ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
    showFooter: options.showFooter ?? true,
    trustProxy: options.trustProxy ?? 0,
    webhookSecret: options.webhookSecret ?? null
  })
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve({ fetch: app.fetch, port: options.port, hostname: options.hostname ?? "0.0.0.0" }, () => resolve(s))
  })
  const port = (server.address() as AddressInfo).port
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    runtime,
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await runtime.runPromise(Fiber.interruptAll(loops))
      await runtime.dispose()
    }
  }
}
