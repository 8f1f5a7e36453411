// first: before any other module runs (see the file)
import "../web/noPretenuring.ts"
import { hostname } from "node:os"
import process from "node:process"
import { Effect, Layer } from "effect"
import { makeInProcessScheduleChanges, ScheduleChanges } from "../../application/ports/ScheduleChanges.ts"
import { Dispatcher } from "../../application/scheduler/Dispatcher.ts"
import { SchedulerSettings } from "../../application/scheduler/SchedulerSettings.ts"
import { checkGatewayAtStart } from "../../application/session/gatewayAtStart.ts"
import { ScryptPasswordHasher } from "../../infrastructure/auth/ScryptPasswordHasher.ts"
import { formatConfigProblems } from "../../infrastructure/config/schedulerConfig.ts"
import type { StandaloneConfig } from "../../infrastructure/config/standaloneConfig.ts"
import { loadStandaloneConfig } from "../../infrastructure/config/standaloneConfig.ts"
import { SandboxGateway } from "../../infrastructure/gateway/sandbox/SandboxGateway.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { makeFileMailSender } from "../../infrastructure/mail/FileMailSender.ts"
import { makeHttpApiMailSender, makeSmtpMailSender } from "../../infrastructure/mail/MailSender.ts"
import { AdminNotifier } from "../../infrastructure/notify/AdminNotifier.ts"
import { BackgroundNotifier } from "../../infrastructure/notify/BackgroundNotifier.ts"
import { SqliteDatabase } from "../../infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../infrastructure/sqlite/SqliteStore.ts"
import { runMain, StartRefused } from "../runMain.ts"
import { launchWithScheduler, SchedulerLoop } from "../scheduler/SchedulerLoop.ts"
import { backgroundTasksLayer } from "../web/backgroundTasks.ts"
import { WebServer, webServicesLayer } from "../web/WebServer.ts"
import { WAHA_WEBHOOK_EVENTS, WAHA_WEBHOOK_PATH } from "../web/wahaWebhook.ts"

// Entry point: `npm start` (node src/interfaces/standalone/main.ts) or `deno task start`.
// Web application and scheduler in one process; every part not configured is simulated.
const main = Effect.gen(function* () {
  const loaded = loadStandaloneConfig(process.env)
  if (!loaded.ok) return yield* new StartRefused({ line: formatConfigProblems("standalone", loaded.problems) })
  const config = loaded.config
  if (config.gateway.kind === "waha") {
    // before anything else: refusing an unusable gateway needs no database
    yield* checkGatewayAtStart.pipe(
      Effect.provide(
        WahaGateway.layer({
          baseUrl: config.gateway.url,
          apiKey: config.gateway.apiKey,
          timeoutMs: config.sendTimeoutMs
        })
      ),
      Effect.catchTag(
        "GatewayUnusable",
        (refusal) => new StartRefused({ line: `Herald cannot start: ${refusal.message}` })
      )
    )
  }

  // MongoDB's driver is loaded only when it is used: on the embedded store it would cost ~30 MB
  // of resident memory for nothing
  const store =
    config.store.kind === "mongo"
      ? yield* mongoStore(config.store.url)
      : SqliteStore.layer.pipe(Layer.provideMerge(SqliteDatabase.layer({ path: config.store.path })))
  const gateway =
    config.gateway.kind === "waha"
      ? WahaGateway.layer({
          baseUrl: config.gateway.url,
          apiKey: config.gateway.apiKey,
          timeoutMs: config.sendTimeoutMs,
          ...(config.webhookSecret === null
            ? {}
            : { webhook: { url: webhookUrlOf(config), events: WAHA_WEBHOOK_EVENTS, hmacKey: config.webhookSecret } })
        })
      : SandboxGateway.layer({ dir: config.gateway.dir, connectAfterMs: config.gateway.connectAfterMs })
  const mail =
    config.mail.kind === "smtp"
      ? makeSmtpMailSender({ url: config.mail.url, from: config.fromEmail })
      : config.mail.kind === "api"
        ? makeHttpApiMailSender({
            apiKey: config.mail.apiKey,
            domain: config.mail.domain,
            from: config.fromEmail,
            ...(config.mail.baseUrl === null ? {} : { baseUrl: config.mail.baseUrl })
          })
        : makeFileMailSender({ dir: config.mail.dir, from: config.fromEmail })

  const ports = Layer.mergeAll(store, gateway, ScryptPasswordHasher.layer)
  const notifier = BackgroundNotifier.layer(
    AdminNotifier.layer({ adminEmail: config.adminEmail, adminPhoneNumber: config.adminPhoneNumber ?? undefined, mail })
  )
  const schedulerId = `${hostname()}:${process.pid}:standalone`
  const settings = Layer.succeed(SchedulerSettings, {
    ...SchedulerSettings.defaultValue(),
    schedulerId,
    leaseMs: config.leaseMs,
    sessionConcurrency: config.sessionConcurrency
  })
  const base = Layer.mergeAll(notifier, Dispatcher.layer).pipe(
    Layer.provideMerge(ports),
    Layer.provideMerge(settings),
    // one signal between the web requests and the scheduler: a planned message wakes it at once
    Layer.provideMerge(Layer.succeed(ScheduleChanges, makeInProcessScheduleChanges()))
  )
  const services = webServicesLayer(
    base,
    {
      adminEmail: config.adminEmail,
      firstAccountIsAdmin: config.adminEmail === null,
      requireApproval: config.requireApproval,
      appUrl: config.authUrl,
      tokenKey: config.authSecret.value,
      // a mailbox of files nobody reads cannot confirm an address: accounts are confirmed at once there
      verifyEmail: config.mail.kind !== "files"
    },
    config.quota,
    { allowPrivateTargets: config.webhooksAllowPrivateTargets }
  )

  const running = Layer.effectDiscard(
    Effect.forEach(describe(config), (line) => Effect.logInfo(line), { discard: true })
  )
  // built in this order, released in the reverse: the scheduler logs its shutdown line and lets
  // in-flight sends finish, then the web server closes, the background tasks stop, the services go
  const standalone = SchedulerLoop.layer(config).pipe(
    Layer.provide(running),
    Layer.provide(
      WebServer.layer({
        port: config.port,
        hostname: config.host,
        authUrl: config.authUrl,
        allowedOrigins: config.allowedOrigins,
        trustProxy: config.trustProxy,
        showFooter: config.showFooter,
        webhookSecret: config.gateway.kind === "waha" ? config.webhookSecret : null
      })
    ),
    Layer.provide(backgroundTasksLayer(config.alertIntervalMs)),
    Layer.provide(services)
  )
  return yield* launchWithScheduler(standalone).pipe(Effect.onInterrupt(() => Effect.logInfo("Herald stopped")))
}).pipe(Effect.provide(PlainLogger))

const mongoStore = (url: string) =>
  Effect.promise(async () => {
    const [{ MongoStore }, { MongoDatabase }] = await Promise.all([
      import("../../infrastructure/mongo/MongoStore.ts"),
      import("../../infrastructure/mongo/MongoDatabase.ts")
    ])
    return MongoStore.layer.pipe(Layer.provideMerge(MongoDatabase.layer({ url, maxPoolSize: 10 })))
  })

const webhookUrlOf = (c: StandaloneConfig) => `${c.authUrl.replace(/\/+$/, "")}${WAHA_WEBHOOK_PATH}`

const describe = (c: StandaloneConfig): Array<string> => [
  `Herald is running: open ${c.authUrl}${c.host === "127.0.0.1" ? " (this machine only; set HOST=0.0.0.0 to listen on the network)" : ""}`,
  `  data:     ${c.dataDir}${c.authSecret.generatedIn === null ? "" : ` (AUTH_SECRET generated and kept in ${c.authSecret.generatedIn})`}`,
  c.store.kind === "sqlite"
    ? `  store:    SQLite at ${c.store.path} (set DATABASE_URL for MongoDB)`
    : `  store:    MongoDB ${c.store.redacted}`,
  c.gateway.kind === "sandbox"
    ? `  gateway:  SIMULATED: a session connects by itself ${c.gateway.connectAfterMs / 1000} s after its QR code is first shown; groups and contacts are samples; sends are logged and kept in ${c.gateway.dir}/sent.jsonl (set GATEWAY_API_URL and GATEWAY_API_KEY for WAHA)`
    : `  gateway:  WAHA at ${c.gateway.url}; ${c.webhookSecret === null ? `webhooks off (set GATEWAY_WEBHOOK_SECRET for delivery receipts; ${WAHA_WEBHOOK_PATH} refuses every call)` : `new sessions post their receipts and status to ${webhookUrlOf(c)}, signed`}`,
  c.mail.kind === "files"
    ? `  mail:     SIMULATED: written to ${c.mail.dir} as .eml files; new accounts are confirmed at once, without a verification link (set MAIL_API_KEY, MAIL_DOMAIN and FROM_EMAIL, or MAIL_SMTP_URL, for real mail)`
    : `  mail:     ${c.mail.kind === "smtp" ? "SMTP" : "mail provider's HTTP API"}, from ${c.fromEmail}; new accounts confirm their address through a mailed link`,
  c.adminEmail === null
    ? "  admin:    the first account you create (set ADMIN_EMAIL to choose it)"
    : `  admin:    ${c.adminEmail}`,
  `  scheduler: in this process, every ${c.pollIntervalMs / 1000} s and at once when a message is planned or edited`
]

runMain(main, { failed: (message) => `Herald stopped on an error: ${message}` })
