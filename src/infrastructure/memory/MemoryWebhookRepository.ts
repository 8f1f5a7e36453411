import { Layer } from "effect"
import type { WebhookDelivery } from "../../application/ports/WebhookRepository.ts"
import { statusAfter, WebhookRepository } from "../../application/ports/WebhookRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { byCreatedAt } from "./MemoryDatabase.ts"

const newestFirst = (a: WebhookDelivery, b: WebhookDelivery): number => byCreatedAt(b, a)

/** The delivery's first attempt, no sooner than the endpoint's failed pending delivery's next (the breaker). */
const heldUntil = (db: MemoryDatabase, delivery: WebhookDelivery): number | null => {
  let at = delivery.nextAttemptAt
  if (at === null) return null
  const waits = [...db.webhookDeliveries.values()]
    .filter((d) => d.endpointId === delivery.endpointId && d.status === "pending" && d.attempts > 0)
    .map((d) => d.nextAttemptAt ?? 0)
  if (waits.length > 0) at = Math.max(at, Math.min(...waits))
  return at
}

export const makeMemoryWebhookRepository = (db: MemoryDatabase): WebhookRepository["Service"] => ({
  createEndpoint: (endpoint) => withDbWrite(db, () => void db.webhookEndpoints.set(endpoint.id, endpoint)),
  hasEndpoints: () => withDb(db, () => db.webhookEndpoints.size > 0),
  listEndpoints: (userId) =>
    withDb(db, () => [...db.webhookEndpoints.values()].filter((e) => e.userId === userId).sort(byCreatedAt)),
  findEndpoint: (userId, id) =>
    withDb(db, () => {
      const endpoint = db.webhookEndpoints.get(id)
      return endpoint !== undefined && endpoint.userId === userId ? endpoint : null
    }),
  deleteEndpoint: (userId, id) =>
    withDbWrite(db, () => {
      const endpoint = db.webhookEndpoints.get(id)
      if (endpoint === undefined || endpoint.userId !== userId) return false
      db.webhookEndpoints.delete(id)
      for (const delivery of [...db.webhookDeliveries.values()])
        if (delivery.endpointId === id) db.webhookDeliveries.delete(delivery.id)
      return true
    }),
  enqueue: (delivery) =>
    withDbWrite(db, () => {
      if (db.webhookDeliveries.has(delivery.id)) return false
      db.webhookDeliveries.set(delivery.id, { ...delivery, nextAttemptAt: heldUntil(db, delivery) })
      return true
    }),
  claimDue: (now, leaseUntil, limit, endpointId) =>
    withDbWrite(db, () => {
      const all = [...db.webhookDeliveries.values()]
      const busy = new Set(
        all
          .filter((d) => d.status === "pending" && d.leaseUntil !== null && d.leaseUntil > now)
          .map((d) => d.endpointId)
      )
      const due = all
        .filter(
          (d) =>
            d.status === "pending" &&
            d.nextAttemptAt !== null &&
            d.nextAttemptAt <= now &&
            (d.leaseUntil === null || d.leaseUntil <= now) &&
            !busy.has(d.endpointId) &&
            (endpointId === undefined || d.endpointId === endpointId)
        )
        .sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
      // the oldest due of each endpoint, endpoints by it
      const taken = new Map<string, WebhookDelivery>()
      for (const d of due) if (!taken.has(d.endpointId)) taken.set(d.endpointId, { ...d, leaseUntil })
      const claimed = [...taken.values()].slice(0, endpointId === undefined ? Math.max(0, limit) : 1)
      for (const d of claimed) db.webhookDeliveries.set(d.id, d)
      return claimed
    }),
  postponeDue: (endpointId, until, now) =>
    withDbWrite(db, () => {
      let postponed = 0
      for (const d of [...db.webhookDeliveries.values()])
        if (
          d.endpointId === endpointId &&
          d.status === "pending" &&
          d.nextAttemptAt !== null &&
          d.nextAttemptAt < until &&
          (d.leaseUntil === null || d.leaseUntil <= now)
        ) {
          db.webhookDeliveries.set(d.id, { ...d, nextAttemptAt: until })
          postponed++
        }
      return postponed
    }),
  recordAttempt: (id, attempt) =>
    withDbWrite(db, () => {
      const delivery = db.webhookDeliveries.get(id)
      if (delivery === undefined) return
      db.webhookDeliveries.set(id, {
        ...delivery,
        status: statusAfter(attempt),
        attempts: delivery.attempts + 1,
        nextAttemptAt: attempt.delivered ? null : attempt.nextAttemptAt,
        leaseUntil: null,
        lastAttemptAt: attempt.at,
        outcome: attempt.outcome,
        responseStatus: attempt.responseStatus
      })
    }),
  sweepDeliveries: (before) =>
    withDbWrite(db, () => {
      let removed = 0
      for (const d of [...db.webhookDeliveries.values()])
        if (d.status !== "pending" && d.createdAt < before) {
          db.webhookDeliveries.delete(d.id)
          removed++
        }
      return removed
    }),
  listDeliveries: (endpointId, limit) =>
    withDb(db, () =>
      [...db.webhookDeliveries.values()]
        .filter((d) => d.endpointId === endpointId)
        .sort(newestFirst)
        .slice(0, Math.max(0, limit))
    )
})

export const MemoryWebhookRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(WebhookRepository, makeMemoryWebhookRepository(db))
}
