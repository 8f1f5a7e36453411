/**
 * node bench/overview.ts [--stores memory,sqlite,ferretdb] [--messages 5000] [--others 5]: what the
 * overview queries cost on a user with many messages. One user plans `--messages` messages in
 * campaigns of 100 (a few hundred campaigns at most), `--others` users as many each; then, on each
 * store, the median of 5 runs of: campaign.list's page (by next send; searching a word found in
 * one message's text; searching a word found nowhere; narrowed to a status), campaign.upcoming's
 * page, and a month of the calendar (one read of its times, counted by day). Printed as milliseconds and as ratios to the
 * unfiltered page, measured in this run; nothing is asserted.
 */

import { Effect } from "effect"
import type { CampaignListFilter } from "../src/application/ports/CampaignRepository.ts"
import { CampaignRepository } from "../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../src/application/ports/SessionRepository.ts"
import { campaignView } from "../tests/contract/CampaignRepository.contract.ts"
import { messageView } from "../tests/contract/MessageRepository.contract.ts"
import { listOption, openStore, storesOption } from "./stores.ts"

const MESSAGES = Number(listOption("messages", ["5000"])[0])
const OTHERS = Number(listOption("others", ["5"])[0])
const PER_CAMPAIGN = 100
const T = Date.now() + 86_400_000
const MINUTE = 60_000

const seedUser = (user: string) =>
  Effect.gen(function* () {
    const campaigns = yield* CampaignRepository
    const messages = yield* MessageRepository
    const sessions = yield* SessionRepository
    const session = `${user}-s`
    yield* sessions.save({
      id: session,
      userId: user,
      sessionName: session,
      phoneNumber: "",
      active: true,
      gatewayStatus: null,
      gatewayStatusAt: null,
      minGapSeconds: 0,
      jitterSeconds: 0,
      limitedSince: null,
      limitedUntil: null,
      limitedUntilKnown: false,
      typingBeforeSend: false,
      createdAt: T,
      updatedAt: T,
      version: 1
    })
    const count = Math.ceil(MESSAGES / PER_CAMPAIGN)
    yield* Effect.forEach(
      Array.from({ length: count }, (_, c) => c),
      (c) =>
        Effect.gen(function* () {
          const id = `${user}-c${c}`
          const ids = Array.from({ length: PER_CAMPAIGN }, (_, m) => `${id}-m${m}`)
          yield* campaigns.save(
            campaignView(id, {
              userId: user,
              sessionId: session,
              title: `Campaign ${c} of ${user}`,
              status: c % 10 === 0 ? "CANCELLED" : "SCHEDULED",
              createdAt: T + c,
              messageIds: ids
            })
          )
          yield* Effect.forEach(
            ids,
            (m, i) =>
              messages.save(
                messageView(m, {
                  campaignId: id,
                  sessionId: session,
                  content:
                    c === 7 && i === 42 ? "Bring the paper lanterns" : `Reminder ${i} of campaign ${c}: see you there`,
                  scheduledAt: T + (c * PER_CAMPAIGN + i) * MINUTE,
                  status: c % 10 === 0 ? "CANCELLED" : "SCHEDULED"
                })
              ),
            { concurrency: 8 }
          )
          yield* campaigns.count(id)
        }),
      { concurrency: 2 }
    )
  })

const median = (xs: ReadonlyArray<number>) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0

const timed = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.gen(function* () {
    const times: Array<number> = []
    let result: A | undefined
    for (let i = 0; i < 5; i++) {
      const start = performance.now()
      result = yield* effect
      times.push(performance.now() - start)
    }
    return { ms: median(times), result }
  })

const main = async () => {
  for (const kind of storesOption(["memory", "sqlite", "ferretdb"])) {
    const target = await openStore(kind)
    const store = await target.fresh()
    try {
      const seedStart = performance.now()
      await Effect.runPromise(
        Effect.forEach(["u1", ...Array.from({ length: OTHERS }, (_, i) => `other${i}`)], seedUser).pipe(
          Effect.provide(store.layer)
        )
      )
      const seeded = performance.now() - seedStart
      const figures = await Effect.runPromise(
        Effect.gen(function* () {
          const campaigns = yield* CampaignRepository
          const messages = yield* MessageRepository
          const page = { limit: 21, offset: 0 }
          const list = (filter: CampaignListFilter) => timed(campaigns.listByUser("u1", page, filter))
          const plain = yield* list({ sort: "next" })
          const hit = yield* list({ sort: "next", search: "lanterns" })
          const miss = yield* list({ sort: "next", search: "nothing like this" })
          const status = yield* list({ sort: "next", statuses: ["CANCELLED"] })
          const created = yield* list({ sort: "created" })
          const upcoming = yield* timed(
            messages.findUpcomingInSessions(["u1-s"], { from: T, to: Number.MAX_SAFE_INTEGER, after: null, limit: 51 })
          )
          const month = yield* timed(
            messages.countUpcomingInSessions(
              ["u1-s"],
              Array.from({ length: 32 }, (_, d) => T + d * 86_400_000)
            )
          )
          return { plain, hit, miss, status, created, upcoming, month }
        }).pipe(Effect.provide(store.layer))
      )
      const r = (ms: number) => (ms / Math.max(figures.plain.ms, 0.001)).toFixed(1)
      const row = (name: string, f: { ms: number }, extra = "") =>
        console.info(`  ${name.padEnd(42)} ${f.ms.toFixed(1).padStart(8)} ms  ×${r(f.ms)}${extra}`)
      console.info(
        `${target.label}: user of ${MESSAGES.toLocaleString("en")} messages in ${Math.ceil(MESSAGES / PER_CAMPAIGN)} campaigns, ${OTHERS} other users as big (seeded in ${(seeded / 1000).toFixed(1)} s)`
      )
      row("campaign.list page, next send first", figures.plain)
      row("  by creation", figures.created)
      row("  search found in one message's text", figures.hit, ` (${figures.hit.result?.length ?? 0} found)`)
      row("  search found nowhere", figures.miss, ` (${figures.miss.result?.length ?? 0} found)`)
      row("  cancelled only", figures.status, ` (${figures.status.result?.length ?? 0} found)`)
      row("campaign.upcoming page of 50", figures.upcoming)
      row("a month of the calendar (31 days)", figures.month)
    } finally {
      await store.dispose()
      await target.close()
    }
  }
}

await main()
