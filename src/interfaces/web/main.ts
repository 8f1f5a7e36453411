// first: before any other module runs (see the file)
import "./noPretenuring.ts"
import process from "node:process"
import { Effect, Layer } from "effect"
import { checkGatewayAtStart } from "../../application/session/gatewayAtStart.ts"
import { ScryptPasswordHasher } from "../../infrastructure/auth/ScryptPasswordHasher.ts"
import { formatConfigProblems } from "../../infrastructure/config/schedulerConfig.ts"
import { loadWebConfig } from "../../infrastructure/config/webConfig.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { makeHttpApiMailSender, makeSmtpMailSender } from "../../infrastructure/mail/MailSender.ts"
import { MongoDatabase } from "../../infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../infrastructure/mongo/MongoStore.ts"
import { AdminNotifier } from "../../infrastructure/notify/AdminNotifier.ts"
import { BackgroundNotifier } from "../../infrastructure/notify/BackgroundNotifier.ts"
import { onShutdownSignal, runMain, StartRefused } from "../runMain.ts"
import { backgroundTasksLayer } from "./backgroundTasks.ts"
import { WebServer, webServicesLayer } from "./WebServer.ts"
import { WAHA_WEBHOOK_EVENTS, WAHA_WEBHOOK_PATH } from "./wahaWebhook.ts"

// Entry point: `node src/interfaces/web/main.ts` or `deno task web`.
const main = Effect.gen(function* () {
  const loaded = loadWebConfig(process.env)
  if (!loaded.ok) return yield* new StartRefused({ line: formatConfigProblems("web application", loaded.problems) })
  const config = loaded.config
  // before anything else: refusing an unusable gateway needs no database
  yield* checkGatewayAtStart.pipe(
    Effect.provide(
      WahaGateway.layer({
        baseUrl: config.gatewayUrl,
        apiKey: config.gatewayApiKey,
        timeoutMs: config.gatewayTimeoutMs
      })
    ),
    Effect.catchTag(
      "GatewayUnusable",
      (refusal) => new StartRefused({ line: `Herald web application cannot start: ${refusal.message}` })
    )
  )

  const mail =
    config.mail.kind === "smtp"
      ? makeSmtpMailSender({ url: config.mail.url, from: config.fromEmail })
      : makeHttpApiMailSender({
          apiKey: config.mailApiKey,
          domain: config.mailDomain,
          from: config.fromEmail,
          ...(config.mail.baseUrl === null ? {} : { baseUrl: config.mail.baseUrl })
        })
  const ports = Layer.mergeAll(
    MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url: config.databaseUrl, maxPoolSize: 10 }))),
    // with GATEWAY_WEBHOOK_SECRET, every session created here tells WAHA to post its receipts and status changes back
    WahaGateway.layer({
      baseUrl: config.gatewayUrl,
      apiKey: config.gatewayApiKey,
      timeoutMs: config.gatewayTimeoutMs,
      ...(config.webhookSecret === null
        ? {}
        : {
            webhook: {
              url: `${config.authUrl.replace(/\/+$/, "")}${WAHA_WEBHOOK_PATH}`,
              events: WAHA_WEBHOOK_EVENTS,
              hmacKey: config.webhookSecret
            }
          })
    }),
    ScryptPasswordHasher.layer
  )
  // notifications go out in the background: e-mail to ADMIN_EMAIL, and by messaging when ADMIN_PHONE_NUMBER is set
  const notifier = BackgroundNotifier.layer(
    AdminNotifier.layer({ adminEmail: config.adminEmail, adminPhoneNumber: config.adminPhoneNumber ?? undefined, mail })
  )
  // real mail always goes out here, so every new account confirms its address (docs/security.md)
  const services = webServicesLayer(
    notifier.pipe(Layer.provideMerge(ports)),
    {
      adminEmail: config.adminEmail,
      requireApproval: config.requireApproval,
      appUrl: config.authUrl,
      tokenKey: config.authSecret,
      verifyEmail: true
    },
    config.quota,
    { allowPrivateTargets: config.webhooksAllowPrivateTargets }
  )

  const listening = Layer.effectDiscard(
    Effect.gen(function* () {
      const server = yield* WebServer
      yield* Effect.logInfo(
        `Herald web listening on port ${server.port} (${config.authUrl}): database ${config.databaseUrlRedacted}, gateway ${config.gatewayUrl}`
      )
      yield* Effect.logInfo(
        config.webhookSecret === null
          ? `WAHA webhooks off: GATEWAY_WEBHOOK_SECRET is not set, so no delivery receipts or session events; ${WAHA_WEBHOOK_PATH} refuses every call`
          : `WAHA webhooks on: new sessions post ${WAHA_WEBHOOK_EVENTS.join(", ")} to ${config.authUrl.replace(/\/+$/, "")}${WAHA_WEBHOOK_PATH}, signed with GATEWAY_WEBHOOK_SECRET`
      )
      // added last, so it runs first: the line opens the shutdown
      yield* onShutdownSignal((signal) => Effect.logInfo(`Received ${signal}, shutting down the web application`))
    })
  )
  // built in this order, released in the reverse: the server stops accepting and answers what it
  // has, the background tasks stop, then the services go (database disconnect)
  const web = listening.pipe(
    Layer.provide(
      WebServer.layer({
        port: config.port,
        authUrl: config.authUrl,
        trustProxy: config.trustProxy,
        showFooter: config.showFooter,
        webhookSecret: config.webhookSecret
      })
    ),
    Layer.provide(backgroundTasksLayer(config.alertIntervalMs)),
    Layer.provide(services)
  )
  return yield* Layer.launch(web).pipe(Effect.onInterrupt(() => Effect.logInfo("Web application stopped")))
}).pipe(Effect.provide(PlainLogger))

runMain(main, { failed: (message) => `Herald web application stopped on an error: ${message}` })
