import { Layer } from "effect"
import { Dispatcher } from "../../application/scheduler/Dispatcher.ts"
import { SchedulerSettings } from "../../application/scheduler/SchedulerSettings.ts"
import type { SchedulerConfig } from "../../infrastructure/config/schedulerConfig.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { MongoDatabase } from "../../infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../infrastructure/mongo/MongoStore.ts"

/** The scheduler process's services: MongoDB over one connection, WAHA, the dispatcher. */
export const schedulerLayer = (config: SchedulerConfig, schedulerId: string) => {
  const settings = Layer.succeed(SchedulerSettings, {
    ...SchedulerSettings.defaultValue(),
    schedulerId,
    leaseMs: config.leaseMs,
    sessionConcurrency: config.sessionConcurrency
  })
  // The scheduler holds one persistent database connection (docs/architecture.md#the-stores).
  // Every operation on it is bounded, so one that never gets an answer cannot hold it, and the
  // loop, forever.
  const store = MongoStore.layer.pipe(
    Layer.provideMerge(
      MongoDatabase.layer({ url: config.databaseUrl, maxPoolSize: 1, operationTimeoutMs: config.databaseTimeoutMs })
    )
  )
  const gateway = WahaGateway.layer({
    baseUrl: config.gatewayUrl,
    apiKey: config.gatewayApiKey,
    timeoutMs: config.sendTimeoutMs
  })
  return Dispatcher.layer.pipe(Layer.provideMerge(Layer.mergeAll(store, gateway, settings)))
}
