import { Effect, Layer } from "effect"
import process from "node:process"
import { formatConfigProblems } from "../../infrastructure/config/schedulerConfig.ts"
import { loadWebConfig } from "../../infrastructure/config/webConfig.ts"
import { ScryptPasswordHasher } from "../../infrastructure/auth/ScryptPasswordHasher.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { MongoDatabase } from "../../infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../infrastructure/mongo/MongoStore.ts"
import { makeHttpApiMailSender, makeSmtpMailSender } from "../../infrastructure/mail/MailSender.ts"
import { AdminNotifier } from "../../infrastructure/notify/AdminNotifier.ts"
import { BackgroundNotifier } from "../../infrastructure/notify/BackgroundNotifier.ts"
import { gatewayRefusal } from "../gatewayAtStart.ts"
import { backgroundTasks } from "./backgroundTasks.ts"
import { WAHA_WEBHOOK_EVENTS, WAHA_WEBHOOK_PATH } from "./wahaWebhook.ts"
import { startWebServer, webServicesLayer } from "./WebServer.ts"

// Entry point: `node src/interfaces/web/main.ts` or `deno task web`.
const loaded = loadWebConfig(process.env)
if (!loaded.ok) {
  console.error(formatConfigProblems("web application", loaded.problems))
  process.exit(1)
}
const config = loaded.config
const refusal = await gatewayRefusal({ baseUrl: config.gatewayUrl, apiKey: config.gatewayApiKey, timeoutMs: config.gatewayTimeoutMs })
if (refusal !== null) {
  console.error(`Herald web application cannot start: ${refusal}`)
  process.exit(1)
}

const mail = config.mail.kind === "smtp"
  ? makeSmtpMailSender({ url: config.mail.url, from: config.fromEmail })
  : makeHttpApiMailSender({ apiKey: config.mailApiKey, domain: config.mailDomain, from: config.fromEmail, ...(config.mail.baseUrl === null ? {} : { baseUrl: config.mail.baseUrl }) })
const ports = Layer.mergeAll(
  MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url: config.databaseUrl, maxPoolSize: 10 }))),
  // with GATEWAY_WEBHOOK_SECRET, every session created here tells WAHA to post its receipts and status changes back
  WahaGateway.layer({
    baseUrl: config.gatewayUrl,
    apiKey: config.gatewayApiKey,
    timeoutMs: config.gatewayTimeoutMs,
    ...(config.webhookSecret === null ? {} : { webhook: { url: `${config.authUrl.replace(/\/+$/, "")}${WAHA_WEBHOOK_PATH}`, events: WAHA_WEBHOOK_EVENTS, hmacKey: config.webhookSecret } })
  }),
  ScryptPasswordHasher.layer
)
// notifications go out in the background: e-mail to ADMIN_EMAIL, and by messaging when ADMIN_PHONE_NUMBER is set
const notifier = BackgroundNotifier.layer(AdminNotifier.layer({ adminEmail: config.adminEmail, adminPhoneNumber: config.adminPhoneNumber ?? undefined, mail }))
const base = notifier.pipe(Layer.provideMerge(ports), Layer.provideMerge(PlainLogger))

// real mail always goes out here, so every new account confirms its address (docs/security.md)
const layer = webServicesLayer(base, { adminEmail: config.adminEmail, requireApproval: config.requireApproval, appUrl: config.authUrl, tokenKey: config.authSecret, verifyEmail: true }, config.quota)

const log = (line: string) => Effect.runSync(Effect.logInfo(line).pipe(Effect.provide(PlainLogger)))

try {
  const server = await startWebServer(layer, { port: config.port, authUrl: config.authUrl, trustProxy: config.trustProxy, background: [backgroundTasks(config.alertIntervalMs)], showFooter: config.showFooter, webhookSecret: config.webhookSecret })
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
  // said only once SIGTERM is handled (a signal before a listener exists kills instead of draining)
  log(`Herald web listening on port ${server.port} (${config.authUrl}): database ${config.databaseUrlRedacted}, gateway ${config.gatewayUrl}`)
  log(
    config.webhookSecret === null
      ? `WAHA webhooks off: GATEWAY_WEBHOOK_SECRET is not set, so no delivery receipts or session events; ${WAHA_WEBHOOK_PATH} refuses every call`
      : `WAHA webhooks on: new sessions post ${WAHA_WEBHOOK_EVENTS.join(", ")} to ${config.authUrl.replace(/\/+$/, "")}${WAHA_WEBHOOK_PATH}, signed with GATEWAY_WEBHOOK_SECRET`
  )
} catch (error) {
  console.error(`Herald web application could not start: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
}
