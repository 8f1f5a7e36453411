import { Effect, Layer } from "effect"
import type { MessageView } from "../../application/ports/MessageRepository.ts"
import {
  countInPeriods,
  MessageRepository,
  PENDING_STATUSES,
  progressOf,
  STATUSES_RESENDING_MEDIA,
  STATUSES_SENDING_MEDIA,
  savedOver
} from "../../application/ports/MessageRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { saveNewer } from "./MemoryDatabase.ts"

const sending: ReadonlySet<string> = new Set(STATUSES_SENDING_MEDIA)
const resending: ReadonlySet<string> = new Set(STATUSES_RESENDING_MEDIA)
const pending: ReadonlySet<string> = new Set(PENDING_STATUSES)

// ties by id in binary order, as MongoDB sorts strings
const byScheduledAt = (a: Pick<MessageView, "scheduledAt" | "id">, b: Pick<MessageView, "scheduledAt" | "id">) =>
  a.scheduledAt - b.scheduledAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)

export const makeMemoryMessageRepository = (db: MemoryDatabase): MessageRepository["Service"] => {
  const where = (predicate: (m: MessageView) => boolean, limit = Infinity): Array<MessageView> =>
    [...db.messages.values()].filter(predicate).sort(byScheduledAt).slice(0, limit)
  const ofCampaign = (campaignId: string): Array<MessageView> =>
    [...(db.messagesByCampaign.get(campaignId) ?? [])].flatMap((id) => db.messages.get(id) ?? [])
  const save = (view: MessageView) =>
    withDbWrite(db, () => {
      const found = savedOver(db.messages.get(view.id) ?? null, view)
      saveNewer(db.messages, view)
      const ids = db.messagesByCampaign.get(view.campaignId) ?? new Set<string>()
      db.messagesByCampaign.set(view.campaignId, ids.add(view.id))
      return found
    })
  return {
    save,
    get: (id) => withDb(db, () => db.messages.get(id) ?? null),
    // a save as any other: this store has nothing to gain from a batch
    advance: (view) => Effect.asVoid(save(view)),
    plan: (view) => Effect.asVoid(save(view)),
    findScheduledBetween: (from, to, limit, exceptSessions = []) =>
      withDb(db, () =>
        where(
          (m) =>
            m.status === "SCHEDULED" &&
            m.scheduledAt >= from &&
            m.scheduledAt <= to &&
            !exceptSessions.includes(m.sessionId),
          limit
        )
      ),
    findScheduledInSession: (sessionId, from, to) =>
      withDb(db, () =>
        where(
          (m) => m.status === "SCHEDULED" && m.sessionId === sessionId && m.scheduledAt >= from && m.scheduledAt <= to
        )
      ),
    findScheduledBefore: (before, limit) =>
      withDb(db, () => where((m) => m.status === "SCHEDULED" && m.scheduledAt < before, limit)),
    nextScheduledAfter: (after) =>
      withDb(db, () => where((m) => m.status === "SCHEDULED" && m.scheduledAt > after, 1)[0]?.scheduledAt ?? null),
    findPickedBefore: (pickedBefore, limit) =>
      withDb(db, () => where((m) => m.status === "PICKED" && (m.pickedAt ?? 0) <= pickedBefore, limit)),
    findInFlight: (sessionIds, pickedAfter) =>
      withDb(db, () => {
        const sessions = new Set(sessionIds)
        return where((m) => m.status === "PICKED" && sessions.has(m.sessionId) && (m.pickedAt ?? 0) > pickedAfter)
      }),
    findPickedInGroup: (groupId, pickedFrom, pickedTo) =>
      withDb(db, () =>
        where((m) => m.groupId === groupId && m.pickedAt !== null && m.pickedAt >= pickedFrom && m.pickedAt <= pickedTo)
      ),
    findByGatewayMessage: (sessionId, key) =>
      withDb(db, () => {
        for (const m of db.messages.values()) if (m.sessionId === sessionId && m.gatewayMessageKey === key) return m
        return null
      }),
    listByCampaign: (campaignId) => withDb(db, () => ofCampaign(campaignId).sort(byScheduledAt)),
    needsMedia: (mediaId, resendableSince) =>
      withDb(db, () => {
        for (const m of db.messages.values()) {
          if (m.media?.id !== mediaId) continue
          if (sending.has(m.status) || (resending.has(m.status) && m.scheduledAt >= resendableSince)) return true
        }
        return false
      }),
    progress: (campaignId) => withDb(db, () => progressOf(ofCampaign(campaignId))),
    findUpcomingInSessions: (sessionIds, { from, to, after, limit }) =>
      withDb(db, () => {
        const sessions = new Set(sessionIds)
        return where(
          (m) =>
            m.status === "SCHEDULED" &&
            sessions.has(m.sessionId) &&
            m.scheduledAt >= from &&
            m.scheduledAt <= to &&
            (after === null || byScheduledAt(m, { scheduledAt: after.scheduledAt, id: after.id }) > 0),
          limit
        )
      }),
    countUpcomingInSessions: (sessionIds, starts) =>
      withDb(db, () => {
        const sessions = new Set(sessionIds)
        const [from, to] = [starts[0] ?? 0, starts.at(-1) ?? 0]
        const times = where(
          (m) => m.status === "SCHEDULED" && sessions.has(m.sessionId) && m.scheduledAt >= from && m.scheduledAt < to
        ).map((m) => m.scheduledAt)
        return countInPeriods(times, starts)
      }),
    countPending: (sessionIds) =>
      withDb(db, () => {
        const sessions = new Set(sessionIds)
        const campaigns = new Set<string>()
        let messages = 0
        for (const m of db.messages.values()) {
          if (!pending.has(m.status) || !sessions.has(m.sessionId)) continue
          messages += 1
          campaigns.add(m.campaignId)
        }
        return { messages, campaigns: campaigns.size }
      })
  }
}

export const MemoryMessageRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(MessageRepository, makeMemoryMessageRepository(db))
}
