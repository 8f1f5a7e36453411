import { Effect, Layer, Logger } from "effect"
import { MongoClient } from "mongodb"
import type { AuthSettingsShape } from "../../src/application/auth/AuthSettings.ts"
import type { CampaignQuotaShape } from "../../src/application/campaign/CampaignQuota.ts"
import type { Notification } from "../../src/application/ports/Notifier.ts"
import { Notifier } from "../../src/application/ports/Notifier.ts"
import type { WebhookSettingsShape } from "../../src/application/webhook/WebhookSettings.ts"
import { ScryptPasswordHasher } from "../../src/infrastructure/auth/ScryptPasswordHasher.ts"
import { WahaGateway } from "../../src/infrastructure/gateway/WahaGateway.ts"
import type { MemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { makeMemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../src/infrastructure/mongo/MongoDatabase.ts"
import { MEDIA_BUCKET } from "../../src/infrastructure/mongo/MongoMediaStore.ts"
import { MongoStore } from "../../src/infrastructure/mongo/MongoStore.ts"
import { MemoryNotifier } from "../../src/infrastructure/notify/MemoryNotifier.ts"
import { SqliteDatabase } from "../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../src/infrastructure/sqlite/SqliteStore.ts"
import { webServicesLayer } from "../../src/interfaces/web/WebServer.ts"
import { WAHA_WEBHOOK_EVENTS, WAHA_WEBHOOK_PATH } from "../../src/interfaces/web/wahaWebhook.ts"
import type { FakeWaha } from "./FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "./FakeWahaServer.ts"
import { serveWeb } from "./serveWeb.ts"
import type { WebClientOptions } from "./webClient.ts"
import { WebClient } from "./webClient.ts"

export const AUTH_URL = "http://herald.test"
export const ADMIN_EMAIL = "admin@herald.test"

export type StoreKind =
  | { readonly kind: "memory" }
  | { readonly kind: "mongo"; readonly url: string }
  /** the standalone mode's store (benchmarks); eventCount is not available on it */
  | { readonly kind: "sqlite"; readonly path: string }

export interface TestWeb {
  readonly url: string
  readonly store: StoreKind
  readonly fake: FakeWaha
  readonly notifications: Array<Notification>
  /** the memory database, when the store is memory (to inspect or take it down) */
  readonly memory: MemoryDatabase | null
  /** a new browser-like client of this server (see WebClient); mutations carry AUTH_URL's origin unless told otherwise */
  readonly client: (options?: Partial<WebClientOptions>) => WebClient
  /** AUTH_URL this server was started with (its origin is the only one mutations are accepted from) */
  readonly authUrl: string
  /** how many events the store holds (memory map or the Mongo `events` collection): to assert nothing was written */
  readonly eventCount: () => Promise<number>
  /** how many uploads the store holds (memory map or the Mongo GridFS files): to assert none was kept */
  readonly mediaCount: () => Promise<number>
  /** every line the server logged, as written */
  readonly logs: Array<{ readonly level: string; readonly text: string }>
  readonly close: () => Promise<void>
}

/** A notifier whose deliveries wait for `before` (as a slow mail provider's would), then are recorded. */
const heldNotifier = (sent: Array<Notification>, before: (notification: Notification) => Promise<void>) =>
  Layer.succeed(
    Notifier,
    Notifier.of({
      notify: (notification) =>
        Effect.promise(() => before(notification)).pipe(Effect.andThen(Effect.sync(() => void sent.push(notification))))
    })
  )

export const startTestWeb = async (
  store: StoreKind = { kind: "memory" },
  settings: Partial<AuthSettingsShape> = {},
  options: {
    readonly fake?: FakeWaha
    readonly authUrl?: string
    readonly gatewayTimeoutMs?: number
    /** the origins mutations are accepted from (default: AUTH_URL's) */
    readonly allowedOrigins?: ReadonlyArray<string>
    /** TRUST_PROXY: how many proxies in front of the server append to X-Forwarded-For */
    readonly trustProxy?: number
    readonly quota?: Partial<CampaignQuotaShape>
    /** GATEWAY_WEBHOOK_SECRET: registers `${authUrl}/api/webhooks/waha` on new sessions and accepts calls signed with it */
    readonly webhookSecret?: string
    /** outgoing webhooks' settings (WEBHOOKS_ALLOW_PRIVATE_TARGETS) */
    readonly webhooks?: Partial<WebhookSettingsShape>
    /** each notification is delivered (recorded) once this resolves: a mail provider that takes its time */
    readonly beforeNotify?: (notification: Notification) => Promise<void>
  } = {}
): Promise<TestWeb> => {
  const authUrl = options.authUrl ?? AUTH_URL
  // WAHA's wait for a session's status (5 s) is shorter than Herald's web timeout (15 s): kept so here
  const fake = options.fake ?? (await startFakeWaha({ statusWaitMs: 500 }))
  const notifications: Array<Notification> = []
  const logs: TestWeb["logs"] = []
  const capture = Logger.make(({ message, logLevel }) => {
    logs.push({ level: logLevel, text: Array.isArray(message) ? message.map(String).join(" ") : String(message) })
  })
  const memory = store.kind === "memory" ? makeMemoryDatabase() : null
  const storeLayer =
    memory !== null
      ? MemoryStore.layer(memory)
      : store.kind === "sqlite"
        ? SqliteStore.layer.pipe(Layer.provideMerge(SqliteDatabase.layer({ path: store.path })))
        : MongoStore.layer.pipe(
            Layer.provideMerge(
              MongoDatabase.layer({
                url: store.kind === "mongo" ? store.url : "",
                maxPoolSize: 5,
                serverSelectionTimeoutMs: 5_000
              })
            )
          )
  const base = Layer.mergeAll(
    storeLayer,
    WahaGateway.layer({
      baseUrl: fake.url,
      apiKey: FAKE_WAHA_API_KEY,
      timeoutMs: options.gatewayTimeoutMs ?? 2_000,
      ...(options.webhookSecret === undefined
        ? {}
        : {
            webhook: {
              url: `${authUrl}${WAHA_WEBHOOK_PATH}`,
              events: WAHA_WEBHOOK_EVENTS,
              hmacKey: options.webhookSecret
            }
          })
    }),
    ScryptPasswordHasher.layer,
    options.beforeNotify === undefined
      ? MemoryNotifier.layer(notifications)
      : heldNotifier(notifications, options.beforeNotify)
  ).pipe(Layer.provideMerge(Logger.layer([capture])))
  const server = await serveWeb(
    webServicesLayer(base, { adminEmail: ADMIN_EMAIL, appUrl: authUrl, ...settings }, options.quota, options.webhooks),
    {
      port: 0,
      authUrl,
      hostname: "127.0.0.1",
      ...(options.allowedOrigins === undefined ? {} : { allowedOrigins: options.allowedOrigins }),
      ...(options.trustProxy === undefined ? {} : { trustProxy: options.trustProxy }),
      ...(options.webhookSecret === undefined ? {} : { webhookSecret: options.webhookSecret })
    }
  )
  const mongoClient = store.kind === "mongo" ? new MongoClient(store.url, { serverSelectionTimeoutMS: 5_000 }) : null
  return {
    url: server.url,
    store,
    fake,
    notifications,
    memory,
    logs,
    client: (clientOptions = {}) => new WebClient(server.url, { origin: new URL(authUrl).origin, ...clientOptions }),
    authUrl,
    eventCount: async () => {
      if (memory !== null) return memory.events.size
      if (mongoClient === null) throw new Error("eventCount: not available on this store")
      return await mongoClient.db().collection("events").countDocuments()
    },
    mediaCount: async () => {
      if (memory !== null) return memory.media.size
      if (mongoClient === null) throw new Error("mediaCount: not available on this store")
      return await mongoClient.db().collection(`${MEDIA_BUCKET}.files`).countDocuments()
    },
    close: async () => {
      await server.close()
      await mongoClient?.close()
      if (options.fake === undefined) await fake.close()
    }
  }
}

/** Signs up (and, for the admin address, is ACTIVE at once): the new account, when the sign-up signs in. */
export const signUp = async (
  client: WebClient,
  email: string,
  name = email.split("@")[0]!,
  password = "correct horse battery"
) => {
  const { user } = await client.api.auth.signUp.mutate({ email, password, name })
  if (user === null) throw new Error(`signUp ${email}: the account waits for its e-mail to be verified`)
  return user
}
