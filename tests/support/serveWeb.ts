import { Layer, ManagedRuntime } from "effect"
import type { WebServerOptions } from "../../src/interfaces/web/WebServer.ts"
import { WebServer } from "../../src/interfaces/web/WebServer.ts"
import type { WebServices } from "../../src/interfaces/web/WebServices.ts"

/** WebServer's layer over `services`, for a test: listening once this resolves; `close` releases it all. */
export const serveWeb = async <E>(services: Layer.Layer<WebServices, E>, options: WebServerOptions) => {
  const runtime = ManagedRuntime.make(WebServer.layer(options).pipe(Layer.provide(services)))
  const server = await runtime.runPromise(WebServer.useSync((s) => s))
  return { url: server.url, port: server.port, close: () => runtime.dispose() }
}
