import { Layer } from "effect"
import type { CampaignCounters, CampaignGroupRef, CampaignView } from "../../application/ports/CampaignRepository.ts"
import { CampaignRepository, countersOf, targetsOf, textMatcher } from "../../application/ports/CampaignRepository.ts"
import { progressOf } from "../../application/ports/MessageRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { byCreatedAt } from "./MemoryDatabase.ts"

export const makeMemoryCampaignRepository = (db: MemoryDatabase): CampaignRepository["Service"] => {
  const ofSession = (sessionId: string): Array<CampaignView> =>
    [...db.campaigns.values()].filter((c) => c.sessionId === sessionId).sort(byCreatedAt)
  const counted = (id: string): CampaignCounters =>
    countersOf([...(db.messagesByCampaign.get(id) ?? [])].flatMap((m) => db.messages.get(m) ?? []))
  const store = (id: string, counters: CampaignCounters): void => {
    const view = db.campaigns.get(id)
    if (view !== undefined) db.campaigns.set(id, { ...view, counters })
  }
  return {
    // the stream's part only: the counters stay as they are (none on a new view)
    save: (view) =>
      withDbWrite(db, () => {
        const current = db.campaigns.get(view.id)
        if (current === undefined || current.version < view.version) {
          db.campaigns.set(view.id, { ...view, counters: current?.counters ?? null })
        }
      }),
    get: (id) => withDb(db, () => db.campaigns.get(id) ?? null),
    summary: (id) =>
      withDb(db, () => {
        const campaign = db.campaigns.get(id)
        if (campaign === undefined) return null
        const { messageIds: _, ...listing } = campaign
        return listing
      }),
    count: (id) =>
      withDbWrite(db, () => {
        const counters = counted(id)
        store(id, counters)
        return counters
      }),
    tally: (id) => withDb(db, () => counted(id)),
    recount: (id) =>
      withDbWrite(db, () => {
        if ((db.campaigns.get(id)?.counters ?? null) !== null) store(id, counted(id))
      }),
    recountProgress: (id) =>
      withDbWrite(db, () => {
        if ((db.campaigns.get(id)?.counters ?? null) !== null) store(id, counted(id))
        return {
          status: db.campaigns.get(id)?.status ?? null,
          version: db.campaigns.get(id)?.version ?? 0,
          progress: progressOf([...(db.messagesByCampaign.get(id) ?? [])].flatMap((m) => db.messages.get(m) ?? []))
        }
      }),
    listBySession: (sessionId, statuses) =>
      withDb(db, () => ofSession(sessionId).filter((c) => statuses === undefined || statuses.includes(c.status))),
    groupsBySession: (sessionId) =>
      withDb(db, () => {
        const groups = new Map<string, CampaignGroupRef>()
        for (const c of ofSession(sessionId)) for (const t of targetsOf(c)) groups.set(t.groupId, t)
        return [...groups.values()]
      }),
    listByUser: (userId, page, filter = { sort: "created" }) =>
      withDb(db, () => {
        const { statuses, groupId, search } = filter
        const holds = search === undefined ? () => true : textMatcher(search)
        const texts = (c: CampaignView) =>
          [...(db.messagesByCampaign.get(c.id) ?? [])].some((id) => {
            const m = db.messages.get(id)
            return m !== undefined && m.status !== "DELETED" && holds(m.content)
          })
        const next = (c: CampaignView) => c.counters?.nextScheduledAt ?? null
        return [...db.campaigns.values()]
          .filter(
            (c) =>
              c.userId === userId &&
              (statuses === undefined || statuses.includes(c.status)) &&
              (groupId === undefined || targetsOf(c).some((t) => t.groupId === groupId)) &&
              (search === undefined || holds(c.title) || texts(c))
          )
          .sort((a, b) => {
            const [na, nb] = [next(a), next(b)]
            if (filter.sort === "created" || (na === null && nb === null)) return byCreatedAt(b, a)
            if (na === null || nb === null) return na === null ? 1 : -1
            return na - nb || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
          })
          .slice(page.offset, page.offset + page.limit)
          .map(({ messageIds: _, ...listing }) => listing)
      })
  }
}

export const MemoryCampaignRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(CampaignRepository, makeMemoryCampaignRepository(db))
}
