import type { Layer } from "effect"
import { Deferred, Effect } from "effect"
import { TestClock } from "effect/testing"
import type { ProjectionStores } from "../../../src/application/eventSourcing/Aggregates.ts"
import type { EventStore } from "../../../src/application/ports/EventStore.ts"
import type { MediaStore } from "../../../src/application/ports/MediaStore.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import type { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

type StoreLayer = Layer.Layer<EventStore | ProjectionStores | ProjectionCheckpoint | MediaStore, unknown>

/**
 * `schedulers` schedulers, each with its own store client, race for `messages` messages due at
 * once across `sessions` sessions. Returns what the gateway received and the final views.
 */
export const raceSchedulers = (options: {
  readonly fake: FakeWaha
  readonly makeClient: () => StoreLayer
  readonly schedulers: number
  readonly sessions: number
  readonly messages: number
  /** messages are scheduled from here on, 1 ms apart within a session */
  readonly firstAt: number
  /** when they are dispatched; the clock must be before firstAt while seeding */
  readonly dispatchAt: number
  /**
   * Each scheduler first preloads every message (docs/architecture.md#loading-ahead), and only
   * when all have, they race: each holds the state of streams the others are about to claim.
   */
  readonly preloadFirst?: boolean
  /** every campaign goes to its number's Status (status@broadcast) instead of a group */
  readonly toStatus?: boolean
}) =>
  Effect.gen(function* () {
    const { fake, makeClient } = options
    const perSession = Math.ceil(options.messages / options.sessions)
    yield* TestClock.setTime(options.firstAt - 1)
    yield* Effect.gen(function* () {
      for (let s = 0; s < options.sessions; s++) {
        yield* seedCampaign({
          sessionName: `session-${s}`,
          groupId: options.toStatus ? "status@broadcast" : `group-${s}@g.us`,
          messages: Array.from({ length: perSession }, (_, i) => ({
            content: `s${s}-m${i}`,
            scheduledAt: options.firstAt + i
          }))
        })
      }
    }).pipe(Effect.provide(makeClient()))
    yield* TestClock.setTime(options.dispatchAt)
    let preloaded = 0
    const allPreloaded = Deferred.makeUnsafe<void>()
    const clients = Array.from({ length: options.schedulers }, (_, i) =>
      Effect.gen(function* () {
        if (options.preloadFirst) {
          yield* Dispatcher.use((d) => d.preload(options.firstAt, options.dispatchAt))
          // the race starts when every scheduler holds its preload
          if (++preloaded === options.schedulers) Deferred.doneUnsafe(allPreloaded, Effect.void)
          yield* Deferred.await(allPreloaded)
        }
        return yield* dispatchAndDrain
      }).pipe(Effect.provide(schedulerClient(makeClient(), fake.url, { schedulerId: `scheduler-${i}` })))
    )
    const found = yield* Effect.all(clients, { concurrency: "unbounded" })
    const views = yield* Effect.gen(function* () {
      const repo = yield* MessageRepository
      return yield* repo.findScheduledBetween(0, Number.MAX_SAFE_INTEGER, 100_000)
    }).pipe(Effect.provide(makeClient()))
    return { found, stillScheduled: views }
  })
