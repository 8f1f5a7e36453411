/**
 * node bench/schedulerOnSqlite.ts: the scheduler process's layers (src/interfaces/scheduler/main.ts,
 * SchedulerApp.ts) on the SQLite store instead of MongoDB, for bench:growth to measure what a
 * scheduler costs alone on the embedded store. The scheduler process itself runs on MongoDB only
 * (README, "Configuration"); standalone runs this same loop beside the web application.
 * Reads HERALD_SQLITE_PATH, GATEWAY_API_URL, GATEWAY_API_KEY and SCHEDULER_POLL_INTERVAL_MS.
 */

import { hostname } from "node:os"
import process from "node:process"
import { Effect, Layer } from "effect"
import { Dispatcher } from "../src/application/scheduler/Dispatcher.ts"
import { SchedulerSettings } from "../src/application/scheduler/SchedulerSettings.ts"
import { WahaGateway } from "../src/infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../src/infrastructure/logging/plainLogger.ts"
import { SqliteDatabase } from "../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../src/infrastructure/sqlite/SqliteStore.ts"
import { runMain } from "../src/interfaces/runMain.ts"
import { launchWithScheduler, SchedulerLoop } from "../src/interfaces/scheduler/SchedulerLoop.ts"

const required = (name: string) => {
  const value = process.env[name]
  if (value === undefined || value === "") throw new Error(`${name} is required`)
  return value
}

const pollIntervalMs = Number(process.env.SCHEDULER_POLL_INTERVAL_MS ?? 30_000)
const sendTimeoutMs = 30_000
const store = SqliteStore.layer.pipe(Layer.provideMerge(SqliteDatabase.layer({ path: required("HERALD_SQLITE_PATH") })))
const gateway = WahaGateway.layer({
  baseUrl: required("GATEWAY_API_URL"),
  apiKey: required("GATEWAY_API_KEY"),
  timeoutMs: sendTimeoutMs
})
const settings = Layer.succeed(SchedulerSettings, {
  ...SchedulerSettings.defaultValue(),
  schedulerId: `${hostname()}:${process.pid}:bench-sqlite`
})
const layer = SchedulerLoop.layer({ pollIntervalMs, sendTimeoutMs }).pipe(
  Layer.provide(Dispatcher.layer.pipe(Layer.provideMerge(Layer.mergeAll(store, gateway, settings))))
)

runMain(launchWithScheduler(layer).pipe(Effect.provide(PlainLogger)), {
  failed: (message) => `bench scheduler on SQLite stopped on an error: ${message}`
})
