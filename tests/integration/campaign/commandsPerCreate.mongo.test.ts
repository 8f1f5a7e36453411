import { afterAll, describe, expect, it } from "@effect/vitest"
import { Clock, Effect, Layer } from "effect"
import { createCampaign } from "../../../src/application/campaign/createCampaign.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { createMessagingSession } from "../../support/messagingSessions.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { breakdown, monitoredStore } from "../../support/monitoredMongo.ts"
import { captureLogs, schedulerClient } from "../../support/schedulerHarness.ts"

/**
 * What creating a campaign costs the database in round trips (issue 24, item 2; docs/scaling.md,
 * "MongoDB"): the commands the driver starts for createCampaign, counted by its command
 * monitoring, per campaign of 20 messages, as the chaos run creates 20 of them.
 */
const mongoUrl = mongoTestUrl()

const CAMPAIGNS = 20
const PER_CAMPAIGN = 20
/** at most this many commands per campaign of PER_CAMPAIGN messages, on average */
const BOUND = 10

afterAll(async () => {
  await dropTestDatabases()
})

describe.skipIf(mongoUrl === null)(
  `database commands per created campaign ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    it.live(
      `${CAMPAIGNS} campaigns of ${PER_CAMPAIGN} messages, each on a session of its own: at most ${BOUND} commands per campaign`,
      () =>
        Effect.gen(function* () {
          const url = freshDatabaseUrl("creates")
          const seen = new Map<string, number>()
          const counting = { on: false }
          const logs = captureLogs()
          const timings: Array<number> = []
          const scheduled = yield* Effect.gen(function* () {
            const sessions = yield* Effect.forEach(
              Array.from({ length: CAMPAIGNS }, (_, s) => s),
              (s) => createMessagingSession("user-1", `create-${s}`)
            )
            const now = yield* Clock.currentTimeMillis
            counting.on = true
            for (const [s, session] of sessions.entries()) {
              const started = performance.now()
              yield* createCampaign({
                userId: "user-1",
                sessionId: session.id,
                group: { groupId: `12036300000000${String(s).padStart(4, "0")}@g.us`, groupName: `Group ${s}` },
                title: `campaign ${s}`,
                messages: Array.from({ length: PER_CAMPAIGN }, (_, i) => ({
                  content: `s${s}-m${i}`,
                  scheduledAt: now + 60_000 + i * 1_000
                }))
              })
              timings.push(performance.now() - started)
            }
            counting.on = false
            return yield* MessageRepository.use((r) => r.findScheduledBetween(0, Number.MAX_SAFE_INTEGER, 1_000))
          }).pipe(
            Effect.provide(
              schedulerClient(monitoredStore(url, seen, counting), "http://127.0.0.1:9").pipe(
                Layer.provideMerge(logs.layer)
              )
            )
          )
          const total = [...seen.values()].reduce((a, b) => a + b, 0)
          const ms = timings.reduce((a, b) => a + b, 0)
          console.log(
            `commands per created campaign of ${PER_CAMPAIGN} messages: ${(total / CAMPAIGNS).toFixed(2)} (${total} commands, ${CAMPAIGNS} campaigns, ${ms.toFixed(0)} ms in all, the slowest ${Math.max(...timings).toFixed(0)} ms)\n${breakdown(seen, CAMPAIGNS, "campaign")}`
          )
          expect(scheduled).toHaveLength(CAMPAIGNS * PER_CAMPAIGN)
          expect(total / CAMPAIGNS).toBeLessThanOrEqual(BOUND)
        }),
      300_000
    )
  }
)
