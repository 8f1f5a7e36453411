/**
 * node bench/reads.ts [sizes…] (default 20000 100000): what the reads of the web app cost as a
 * user's history grows, on SQLite (the standalone store). For each size, one user plans that
 * many messages through createCampaign, in campaigns of 1 000 (the limit), and all but the
 * newest campaign are then finished (cancelled): history. Then, each read many times over:
 *
 * - campaign.list (a page of 20) as it is now: one page of campaign views with their counters;
 * - campaign.list as it was: the same page, then every listed campaign's messages to count them;
 * - campaign.get of a campaign of 1 000 messages (it shows every one of them);
 * - user.getMessagingSession as it is (the groups, the active campaigns) and as it was (every
 *   campaign of the session);
 * - what each message save now pays: the recount of a counted 1 000-message campaign.
 *
 * Prints p50/p99 and the CPU time per read (steadier than wall time on a busy machine) of each,
 * and whether campaign.list and campaign.get stay within 20 ms at p99.
 * Setup writes with synchronous=NORMAL to save time; the reads do not depend on it.
 */

import { mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Clock, Effect, Layer, Logger } from "effect"
import { createCampaign } from "../src/application/campaign/createCampaign.ts"
import { getCampaign } from "../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../src/application/campaign/listCampaigns.ts"
import { CampaignAggregate } from "../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../src/application/eventSourcing/execute.ts"
import type { CampaignView } from "../src/application/ports/CampaignRepository.ts"
import { CampaignRepository } from "../src/application/ports/CampaignRepository.ts"
import type { MessageView } from "../src/application/ports/MessageRepository.ts"
import { MessageRepository } from "../src/application/ports/MessageRepository.ts"
import { SessionRepository } from "../src/application/ports/SessionRepository.ts"
import { getMessagingSession } from "../src/application/session/getMessagingSession.ts"
import { SqliteDatabase } from "../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../src/infrastructure/sqlite/SqliteStore.ts"
import { createMessagingSession } from "../tests/support/messagingSessions.ts"
import { percentile } from "./stats.ts"

const PER_CAMPAIGN = 1_000
const PAGE = 20
const RUNS = 200
const BOUND_MS = 20

/** p50 and p99 of `runs` runs of `read`, after a warm-up of a tenth of them. */
const timed = <A, E, R>(read: Effect.Effect<A, E, R>, runs = RUNS) =>
  Effect.gen(function* () {
    for (let i = 0; i < runs / 10; i++) yield* read
    const times: Array<number> = []
    const cpuStart = process.cpuUsage()
    for (let i = 0; i < runs; i++) {
      const start = performance.now()
      yield* read
      times.push(performance.now() - start)
    }
    const cpu = process.cpuUsage(cpuStart)
    times.sort((a, b) => a - b)
    // CPU time per read: what the read costs whatever else the machine runs
    return { p50: percentile(times, 50), p99: percentile(times, 99), cpuMs: (cpu.user + cpu.system) / 1000 / runs }
  })

/** campaign.list before the counters: every listed campaign's messages, counted. */
const listCountingMessages = (userId: string) =>
  Effect.gen(function* () {
    const found = yield* (yield* CampaignRepository).listByUser(userId, { limit: PAGE + 1, offset: 0 })
    const messages = yield* MessageRepository
    return yield* Effect.forEach(found.slice(0, PAGE), (campaign) =>
      messages.listByCampaign(campaign.id).pipe(
        Effect.map((list: ReadonlyArray<MessageView>) => {
          const live = list.filter((m) => !m.isDeleted)
          return {
            id: campaign.id,
            totalMessages: live.length,
            sentMessages: live.filter((m) => m.isSent).length,
            deliveredMessages: live.filter((m) => m.deliveredAt !== null).length,
            nextScheduledAt: live
              .filter((m) => m.status === "SCHEDULED")
              .reduce<number | null>((min, m) => (min === null || m.scheduledAt < min ? m.scheduledAt : min), null)
          }
        })
      )
    )
  })

/** user.getMessagingSession before: every campaign the session ever had. */
const sessionReadingEveryCampaign = (userId: string) =>
  Effect.gen(function* () {
    const session = yield* (yield* SessionRepository).findActiveByUser(userId)
    if (session === null) return null
    const campaigns: ReadonlyArray<CampaignView> = yield* (yield* CampaignRepository).listBySession(session.id)
    const groups = new Map<string, { groupName: string; campaigns: Array<string> }>()
    for (const c of campaigns) {
      const group = groups.get(c.groupId) ?? { groupName: c.groupName, campaigns: [] }
      group.groupName = c.groupName
      if (c.status === "DRAFT" || c.status === "SCHEDULED" || c.status === "IN_PROGRESS") group.campaigns.push(c.id)
      groups.set(c.groupId, group)
    }
    return [...groups.values()]
  })

const run = (size: number) =>
  Effect.gen(function* () {
    const userId = "bench-user"
    const session = yield* createMessagingSession(userId, "bench")
    const now = yield* Clock.currentTimeMillis
    const campaigns = Math.max(1, Math.round(size / PER_CAMPAIGN))
    const setupStart = performance.now()
    let lastPlanMs = 0
    let newest = ""
    for (let c = 0; c < campaigns; c++) {
      const planStart = performance.now()
      const created = yield* createCampaign({
        userId,
        sessionId: session.id,
        // a few groups, as a club has
        group: { groupId: `12036300000000000${c % 5}@g.us`, groupName: `Group ${c % 5}` },
        title: `campaign ${c}`,
        messages: Array.from({ length: PER_CAMPAIGN }, (_, i) => ({
          content: `message ${i} of campaign ${c}`,
          scheduledAt: now + 86_400_000 + c * PER_CAMPAIGN * 60_000 + i * 60_000
        }))
      })
      lastPlanMs = performance.now() - planStart
      newest = created.id
      // history: every campaign but the newest is over
      if (c < campaigns - 1) yield* execute(CampaignAggregate)(created.id, { type: "Cancel", now })
    }
    const setupS = (performance.now() - setupStart) / 1000

    const list = yield* timed(listCampaigns(userId, { limit: PAGE, cursor: 0 }))
    const listBefore = yield* timed(listCountingMessages(userId), RUNS / 4)
    const get = yield* timed(getCampaign(userId, newest))
    const sessionNow = yield* timed(getMessagingSession(userId))
    const sessionBefore = yield* timed(sessionReadingEveryCampaign(userId), RUNS / 4)
    const recount = yield* timed(CampaignRepository.use((r) => r.recount(newest)))
    return { campaigns, setupS, lastPlanMs, list, listBefore, get, sessionNow, sessionBefore, recount }
  })

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((n) => n > 0)
const fmt = (t: { p50: number; p99: number; cpuMs: number }) =>
  `p50 ${t.p50.toFixed(2)} ms, p99 ${t.p99.toFixed(2)} ms, CPU ${t.cpuMs.toFixed(2)} ms/read`
const within = (t: { p99: number }) => (t.p99 <= BOUND_MS ? `within ${BOUND_MS} ms` : `OVER ${BOUND_MS} ms`)

for (const size of sizes.length > 0 ? sizes : [20_000, 100_000]) {
  const folder = mkdtempSync(join(tmpdir(), "herald-bench-reads-"))
  const path = join(folder, "herald.db")
  const layer = SqliteStore.layer.pipe(
    Layer.provideMerge(SqliteDatabase.layer({ path, synchronous: "NORMAL" })),
    Layer.provideMerge(Logger.layer([]))
  )
  try {
    const r = await Effect.runPromise(run(size).pipe(Effect.provide(layer)))
    console.log(
      `\n${size} messages in ${r.campaigns} campaigns of ${PER_CAMPAIGN} (SQLite, ${(statSync(path).size / 1e6).toFixed(0)} MB; set up in ${r.setupS.toFixed(1)} s, the last plan of ${PER_CAMPAIGN} in ${r.lastPlanMs.toFixed(0)} ms)`
    )
    console.log(`  campaign.list, page of ${PAGE}          ${fmt(r.list)}  ${within(r.list)}`)
    console.log(`  campaign.list counting messages (before) ${fmt(r.listBefore)}`)
    console.log(`  campaign.get, ${PER_CAMPAIGN} messages          ${fmt(r.get)}  ${within(r.get)}`)
    console.log(`  user.getMessagingSession              ${fmt(r.sessionNow)}`)
    console.log(`  getMessagingSession, every campaign (before) ${fmt(r.sessionBefore)}`)
    console.log(`  recount of a ${PER_CAMPAIGN}-message campaign (each message save) ${fmt(r.recount)}`)
  } finally {
    rmSync(folder, { recursive: true, force: true })
  }
}
