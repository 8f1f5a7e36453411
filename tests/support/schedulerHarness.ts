import { Effect, Layer, Logger } from "effect"
import { createCampaign } from "../../src/application/campaign/createCampaign.ts"
import type { ProjectionStores } from "../../src/application/eventSourcing/Aggregates.ts"
import type { EventStore } from "../../src/application/ports/EventStore.ts"
import type { MediaStore } from "../../src/application/ports/MediaStore.ts"
import type { ProjectionCheckpoint } from "../../src/application/ports/ProjectionCheckpoint.ts"
import { Dispatcher } from "../../src/application/scheduler/Dispatcher.ts"
import type { SchedulerSettingsShape } from "../../src/application/scheduler/SchedulerSettings.ts"
import { SchedulerSettings } from "../../src/application/scheduler/SchedulerSettings.ts"
import { WahaGateway } from "../../src/infrastructure/gateway/WahaGateway.ts"
import { makeMemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../src/infrastructure/memory/MemoryStore.ts"
import { FAKE_WAHA_API_KEY } from "./FakeWahaServer.ts"
import { createMessagingSession } from "./messagingSessions.ts"

/** Collects log lines so tests can assert the documented shapes. */
export const captureLogs = () => {
  const lines: Array<{ level: string; text: string }> = []
  const logger = Logger.make(({ message, logLevel }) => {
    const text = Array.isArray(message) ? message.map(String).join(" ") : String(message)
    lines.push({ level: logLevel, text })
  })
  return { lines, layer: Logger.layer([logger]) }
}

/**
 * One scheduler "client": its own Dispatcher, gateway adapter and store adapters over a
 * shared store, as a separate scheduler process would have.
 */
export const schedulerClient = <E, R>(
  store: Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, E, R>,
  gatewayUrl: string,
  settings: Partial<SchedulerSettingsShape> = {},
  timeoutMs = 2_000
) =>
  Dispatcher.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        store,
        WahaGateway.layer({ baseUrl: gatewayUrl, apiKey: FAKE_WAHA_API_KEY, timeoutMs }),
        Layer.succeed(SchedulerSettings, { ...SchedulerSettings.defaultValue(), ...settings })
      )
    )
  )

/** A scheduler over a fresh memory store, with its log lines captured. */
export const memoryScheduler = (
  gatewayUrl: string,
  settings: Partial<SchedulerSettingsShape> = {},
  timeoutMs?: number
) => {
  const db = makeMemoryDatabase()
  const logs = captureLogs()
  const layer = schedulerClient(MemoryStore.layer(db), gatewayUrl, settings, timeoutMs).pipe(
    Layer.provideMerge(logs.layer)
  )
  return { db, logs, layer }
}

/** A session and a campaign with messages at the given times (ms). */
export const seedCampaign = (options: {
  readonly sessionName?: string
  readonly groupId?: string
  readonly groupName?: string
  readonly messages: ReadonlyArray<{ readonly content: string; readonly scheduledAt: number }>
  readonly sessionId?: string
}) =>
  Effect.gen(function* () {
    const session = options.sessionId
      ? { id: options.sessionId }
      : yield* createMessagingSession("user-1", options.sessionName ?? "alice")
    const campaign = yield* createCampaign({
      userId: "user-1",
      sessionId: session.id,
      group: { groupId: options.groupId ?? "120363000000000001@g.us", groupName: options.groupName ?? "Family" },
      title: "test",
      messages: options.messages
    })
    return { sessionId: session.id, campaignId: campaign.id, messageIds: campaign.messageIds }
  })

/** One pass, then wait for every lane to finish. */
export const dispatchAndDrain = Effect.gen(function* () {
  const dispatcher = yield* Dispatcher
  const pass = yield* dispatcher.dispatchDueMessages
  yield* dispatcher.awaitIdle
  return pass.found
})
