/**
 * node bench/preload.ts [--stores memory,sqlite,ferretdb] (N=1000 messages over 100 sessions): what
 * loading ahead (docs/architecture.md#loading-ahead) takes off the due-time path, per store. Without
 * a preload each claim reads its stream and each send its session at the due time; with it those
 * reads happen in the lead, one session read per session. Prints both, medians of 5 rounds.
 */
import { Effect } from "effect"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { MessageAggregate } from "../src/application/eventSourcing/Aggregates.ts"
import { load } from "../src/application/eventSourcing/execute.ts"
import { MessageRepository } from "../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../src/application/ports/SessionRepository.ts"
import type { Preloaded } from "../src/application/scheduler/preloadMessages.ts"
import { preloadMessages } from "../src/application/scheduler/preloadMessages.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { MENTIONING_WAHA, versionGateway } from "../tests/support/versionGateway.ts"
import { openStore, storesOption } from "./stores.ts"

const N = Number(process.env.N ?? 1_000)
const SESSIONS = 100
const at = Date.now() + 3_600_000
for (const kind of storesOption(["memory", "sqlite"])) {
  const target = await openStore(kind)
  const store = await target.fresh()
  await Effect.runPromise(
    Effect.gen(function* () {
      for (let s = 0; s < SESSIONS; s++) {
        const session = yield* createMessagingSession("bench", `b-${s}`)
        yield* createCampaign({
          userId: "bench",
          sessionId: session.id,
          group: { groupId: `g${s}@g.us`, groupName: `G${s}` },
          title: "t",
          messages: Array.from({ length: N / SESSIONS }, (_, i) => ({ content: `s${s}m${i}`, scheduledAt: at }))
        })
      }
      const views = yield* (yield* MessageRepository).findScheduledBetween(at, at, N)
      const sessions = yield* SessionRepository
      const rounds: Array<[number, number]> = []
      for (let r = 0; r < 5; r++) {
        // what the claims and sends did at the due time without a preload: one stream read and one session read each
        let t = performance.now()
        for (const v of views) {
          yield* load(MessageAggregate, v.id)
          yield* sessions.get(v.sessionId)
        }
        const perMessage = performance.now() - t
        t = performance.now()
        yield* preloadMessages(new Map<string, Preloaded>(), at, at, () => false)
        rounds.push([perMessage, performance.now() - t])
      }
      const med = (xs: Array<number>) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN
      console.log(
        `${kind}: ${views.length} messages: due-time reads without preload ${med(rounds.map((r) => r[0])).toFixed(0)} ms; preload of the same ${med(rounds.map((r) => r[1])).toFixed(0)} ms (median of 5)`
      )
      // a gateway that gives no ids: the preload measured is its reads
    }).pipe(Effect.provide(store.layer), Effect.provide(versionGateway(() => MENTIONING_WAHA).layer))
  )
  await store.dispose()
  await target.close()
}
