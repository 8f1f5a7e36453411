import { Effect, Layer } from "effect"
import process from "node:process"
import { formatConfigProblems } from "../../infrastructure/config/schedulerConfig.ts"
import { loadWebConfig } from "../../infrastructure/config/webConfig.ts"
import { ScryptPasswordHasher } from "../../infrastructure/auth/ScryptPasswordHasher.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { MongoDatabase } from "../../infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../infrastructure/mongo/MongoStore.ts"
import { LogNotifier } from "../../infrastructure/notify/LogNotifier.ts"
import { startWebServer, webServicesLayer } from "./WebServer.ts"

// Entry point: `node src/interfaces/web/main.ts` or `deno task web`.
const loaded = loadWebConfig(process.env)
if (!loaded.ok) {
  console.error(formatConfigProblems("web application", loaded.problems))
  process.exit(1)
}
const config = loaded.config

const base = Layer.mergeAll(
  MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url: config.databaseUrl, maxPoolSize: 10 }))),
  WahaGateway.layer({ baseUrl: config.gatewayUrl, apiKey: config.gatewayApiKey, timeoutMs: config.gatewayTimeoutMs }),
  ScryptPasswordHasher.layer,
  LogNotifier.layer
).pipe(Layer.provideMerge(PlainLogger))

const layer = webServicesLayer(base, { adminEmail: config.adminEmail, requireApproval: config.requireApproval, appUrl: config.authUrl })

const log = (line: string) => Effect.runSync(Effect.logInfo(line).pipe(Effect.provide(PlainLogger)))

try {
  const server = await startWebServer(layer, { port: config.port, authUrl: config.authUrl })
  log(`Herald web listening on port ${server.port} (${config.authUrl}): database ${config.databaseUrlRedacted}, gateway ${config.gatewayUrl}`)
  let stopping = false
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => {
      if (stopping) return
      stopping = true
      log(`Received ${signal}, shutting down the web application`)
      server.close().then(
        () => {
          log("Web application stopped")
          process.exit(0)
        },
        (error: unknown) => {
          console.error(`Web application stopped on an error: ${String(error)}`)
          process.exit(1)
        }
      )
    })
  }
} catch (error) {
  console.error(`Herald web application could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
