import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer } from "effect"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { breakdown, monitoredStore } from "../../support/monitoredMongo.ts"
import { captureLogs, dispatchAndDrain, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * What a burst costs the database in round trips (issue 24, item 2; docs/scaling.md, "MongoDB"):
 * the commands the scheduler's driver starts, counted by its command monitoring, per message
 * sent, from the preload to the last record (claims, records, projections, counters, the
 * owner's check and the campaign's progress). One scheduler, one connection, as in production.
 */
const mongoUrl = mongoTestUrl()

const SESSIONS = 10
const PER_SESSION = 10
/** the bound of issue 24: at most this many commands per sent message, on average */
const BOUND = 6

let fake: FakeWaha
beforeAll(async () => {
  fake = await startFakeWaha()
})
afterAll(async () => {
  await fake.close()
  await dropTestDatabases()
})

/**
 * A clock that reads what the test set, as a TestClock, but sleeps for real: the burst happens at
 * one instant, as on a database fast enough for a lane to send within the lead (5 s; a slower
 * one reads each session again past it, see docs/scaling.md), while a retry or a timeout runs
 * as in production instead of waiting for a TestClock nobody moves.
 */
const setClock = (live: Clock.Clock, now: { ms: number }): Clock.Clock => ({
  currentTimeMillisUnsafe: () => now.ms,
  currentTimeMillis: Effect.sync(() => now.ms),
  currentTimeNanosUnsafe: () => BigInt(now.ms) * 1_000_000n,
  currentTimeNanos: Effect.sync(() => BigInt(now.ms) * 1_000_000n),
  monotonicTimeNanosUnsafe: () => live.monotonicTimeNanosUnsafe(),
  monotonicTimeNanos: live.monotonicTimeNanos,
  sleep: (duration) => live.sleep(duration)
})

describe.skipIf(mongoUrl === null)(
  `database commands per sent message in a burst ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it.live(
      `${SESSIONS} sessions × ${PER_SESSION} messages due at once, preloaded, one scheduler: at most ${BOUND} commands per message`,
      () =>
        Effect.gen(function* () {
          const url = freshDatabaseUrl("commands")
          const seen = new Map<string, number>()
          const counting = { on: false }
          const store = monitoredStore(url, seen, counting)
          const now = { ms: 0 }
          const setTime = (at: number) =>
            Effect.sync(() => {
              now.ms = at
            })
          const logs = captureLogs()
          const plannedAt = Date.parse("2026-03-01T10:00:00.000Z")
          const firstAt = plannedAt + 5 * 60_000
          fake.reset()
          const result = yield* Effect.gen(function* () {
            yield* setTime(plannedAt)
            for (let s = 0; s < SESSIONS; s++) {
              yield* seedCampaign({
                sessionName: `burst-${s}`,
                groupId: `12036300000000${String(s).padStart(4, "0")}@g.us`,
                messages: Array.from({ length: PER_SESSION }, (_, i) => ({
                  content: `s${s}-m${i}`,
                  scheduledAt: firstAt + i
                }))
              })
            }
            // as the loop does within the lead: load ahead, then the pass at the due time
            yield* setTime(firstAt - 1_000)
            counting.on = true
            yield* Dispatcher.use((d) => d.preload(firstAt - 999, firstAt + 4_000))
            yield* setTime(firstAt + PER_SESSION)
            const found = yield* dispatchAndDrain
            counting.on = false
            const left = yield* MessageRepository.use((r) => r.findScheduledBetween(0, Number.MAX_SAFE_INTEGER, 1_000))
            return { found, left }
          }).pipe(
            Effect.provide(schedulerClient(store, fake.url).pipe(Layer.provideMerge(logs.layer))),
            Effect.provideService(Clock.Clock, setClock(yield* Clock.clockWith(Effect.succeed), now))
          )
          const sent = fake.sent.length
          const total = [...seen.values()].reduce((a, b) => a + b, 0)
          const trouble = logs.lines.filter((l) => l.level !== "Info" && l.level !== "Debug").map((l) => l.text)
          console.log(
            `commands per sent message: ${(total / sent).toFixed(2)} (${total} commands, ${sent} messages sent)\n${breakdown(seen, sent, "message")}${trouble.length === 0 ? "" : `\n${trouble.join("\n")}`}`
          )
          expect(result.found).toBe(SESSIONS * PER_SESSION)
          expect(sent).toBe(SESSIONS * PER_SESSION)
          expect(new Set(fake.sent.map((s) => s.text)).size).toBe(SESSIONS * PER_SESSION)
          expect(result.left).toHaveLength(0)
          expect(total / sent).toBeLessThanOrEqual(BOUND)
        }),
      300_000
    )
  }
)
