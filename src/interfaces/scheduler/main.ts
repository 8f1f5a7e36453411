import { Deferred, Effect, Layer } from "effect"
import { hostname } from "node:os"
import process from "node:process"
import { formatConfigProblems, loadSchedulerConfig } from "../../infrastructure/config/schedulerConfig.ts"
import { PlainLogger } from "../../infrastructure/logging/plainLogger.ts"
import { gatewayRefusal } from "../gatewayAtStart.ts"
import { runSchedulerUntil, schedulerLayer } from "./SchedulerApp.ts"

// Entry point: `node src/interfaces/scheduler/main.ts` or `deno task scheduler`.
const loaded = loadSchedulerConfig(process.env)
if (!loaded.ok) {
  console.error(formatConfigProblems("scheduler", loaded.problems))
  process.exit(1)
}
const config = loaded.config
const refusal = await gatewayRefusal({ baseUrl: config.gatewayUrl, apiKey: config.gatewayApiKey, timeoutMs: config.sendTimeoutMs })
if (refusal !== null) {
  console.error(`Herald scheduler cannot start: ${refusal}`)
  process.exit(1)
}
const schedulerId = `${hostname()}:${process.pid}`

const program = Effect.gen(function*() {
  const stop = yield* Deferred.make<string>()
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.once(signal, () => Deferred.doneUnsafe(stop, Effect.succeed(signal)))
  }
  yield* Effect.logInfo(
    `Herald scheduler ${schedulerId} started: database ${config.databaseUrlRedacted}, gateway ${config.gatewayUrl}, every ${config.pollIntervalMs} ms`
  )
  yield* runSchedulerUntil(stop, config)
}).pipe(Effect.provide(schedulerLayer(config, schedulerId).pipe(Layer.provideMerge(PlainLogger))))

Effect.runPromiseExit(program).then((exit) => {
  if (exit._tag === "Failure") {
    console.error(`Herald scheduler stopped on an error: ${String(exit.cause)}`)
    process.exit(1)
  }
  console.log("Scheduler stopped")
  process.exit(0)
})
