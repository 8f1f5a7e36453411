import { hostname } from "node:os"
import process from "node:process"
import { Effect, Layer } from "effect"
import { checkGatewayAtStart } from "../../application/session/gatewayAtStart.ts"
import { formatConfigProblems, loadSchedulerConfig } from "../../infrastructure/config/schedulerConfig.ts"
import { WahaGateway } from "../../infrastructure/gateway/WahaGateway.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { runMain, StartRefused } from "../runMain.ts"
import { schedulerLayer } from "./SchedulerApp.ts"
import { launchWithScheduler, SchedulerLoop } from "./SchedulerLoop.ts"

// Entry point: `node src/interfaces/scheduler/main.ts` or `deno task scheduler`.
const main = Effect.gen(function* () {
  const loaded = loadSchedulerConfig(process.env)
  if (!loaded.ok) return yield* new StartRefused({ line: formatConfigProblems("scheduler", loaded.problems) })
  const config = loaded.config
  // before anything else: refusing an unusable gateway needs no database
  yield* checkGatewayAtStart.pipe(
    Effect.provide(
      WahaGateway.layer({ baseUrl: config.gatewayUrl, apiKey: config.gatewayApiKey, timeoutMs: config.sendTimeoutMs })
    ),
    Effect.catchTag(
      "GatewayUnusable",
      (refusal) => new StartRefused({ line: `Herald scheduler cannot start: ${refusal.message}` })
    )
  )
  const schedulerId = `${hostname()}:${process.pid}`
  const started = Layer.effectDiscard(
    Effect.logInfo(
      `Herald scheduler ${schedulerId} started: database ${config.databaseUrlRedacted}, gateway ${config.gatewayUrl}, every ${config.pollIntervalMs} ms`
    )
  )
  // built in this order, released in the reverse: the loop stops and drains, then the database goes
  const layer = SchedulerLoop.layer(config).pipe(
    Layer.provide(started),
    Layer.provide(schedulerLayer(config, schedulerId))
  )
  return yield* launchWithScheduler(layer).pipe(Effect.onInterrupt(() => Effect.logInfo("Scheduler stopped")))
}).pipe(Effect.provide(PlainLogger))

runMain(main, { failed: (message) => `Herald scheduler stopped on an error: ${message}` })
