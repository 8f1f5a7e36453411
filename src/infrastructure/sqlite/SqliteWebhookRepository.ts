import { Effect, Layer } from "effect"
import type { WebhookDelivery } from "../../application/ports/WebhookRepository.ts"
import {
  statusAfter,
  WebhookDeliverySchema,
  WebhookEndpointSchema,
  WebhookRepository
} from "../../application/ports/WebhookRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqliteWebhookRepository = (connection: SqliteConnection): WebhookRepository["Service"] => {
  const endpoints = sqliteViewStore(connection, "webhook_endpoints", WebhookEndpointSchema, "record")
  const deliveries = sqliteViewStore(connection, "webhook_deliveries", WebhookDeliverySchema, "record")
  const columns = deliveries.select.slice("SELECT ".length, deliveries.select.indexOf(" FROM "))
  // the id is the primary key: a second insert of one delivery changes nothing. Its first attempt
  // waits for the endpoint's failed pending delivery's next one (the breaker), read in the same statement
  const endpointParam = columns.split(", ").indexOf("endpoint_id") + 1
  const values = columns
    .split(", ")
    .map((column) =>
      column === "next_attempt_at"
        ? `MAX(?, COALESCE((SELECT MIN(next_attempt_at) FROM webhook_deliveries
             WHERE endpoint_id = ?${endpointParam} AND status = 'pending' AND attempts > 0), 0))`
        : "?"
    )
    .join(", ")
  const insert = `INSERT INTO webhook_deliveries (${columns}) SELECT ${values} WHERE true ON CONFLICT (id) DO NOTHING`
  // one statement, atomic under SQLite's write lock: of two processes, each due delivery goes to
  // one; the oldest due of each endpoint with nothing leased now, endpoints by it
  const claimOf = (oneEndpoint: boolean) => `UPDATE webhook_deliveries SET lease_until = ? WHERE id IN (
      SELECT id FROM (
        SELECT id, next_attempt_at, ROW_NUMBER() OVER (PARTITION BY endpoint_id ORDER BY next_attempt_at, id) AS nth
        FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?
          AND (lease_until IS NULL OR lease_until <= ?)
          ${oneEndpoint ? "AND endpoint_id = ?" : ""}
          AND endpoint_id NOT IN (SELECT endpoint_id FROM webhook_deliveries WHERE status = 'pending' AND lease_until > ?)
      ) WHERE nth = 1 ORDER BY next_attempt_at, id LIMIT ?)
    RETURNING ${columns}`
  const claim = claimOf(false)
  const claimOne = claimOf(true)
  const valuesOf = (d: WebhookDelivery) => [
    d.id,
    d.endpointId,
    d.userId,
    d.eventId,
    d.type,
    d.body,
    d.createdAt,
    d.status,
    d.attempts,
    d.nextAttemptAt,
    d.leaseUntil,
    d.lastAttemptAt,
    d.outcome,
    d.responseStatus
  ]
  return {
    createEndpoint: endpoints.put,
    hasEndpoints: () =>
      attempt(connection, () => connection.statement("SELECT 1 AS one FROM webhook_endpoints LIMIT 1").get()).pipe(
        Effect.map((row) => row !== undefined)
      ),
    listEndpoints: (userId) => endpoints.list("WHERE user_id = ? ORDER BY created_at, id", [userId]),
    findEndpoint: (userId, id) => endpoints.one("WHERE id = ? AND user_id = ?", [id, userId]),
    deleteEndpoint: (userId, id) =>
      attemptWrite(connection, () => {
        const changes = connection
          .statement("DELETE FROM webhook_endpoints WHERE id = ? AND user_id = ?")
          .run(id, userId).changes
        if (Number(changes) === 0) return false
        connection.statement("DELETE FROM webhook_deliveries WHERE endpoint_id = ?").run(id)
        return true
      }),
    enqueue: (delivery) =>
      attemptWrite(connection, () => Number(connection.statement(insert).run(...valuesOf(delivery)).changes) > 0),
    claimDue: (now, leaseUntil, limit, endpointId) =>
      attemptWrite(connection, () =>
        endpointId === undefined
          ? connection.statement(claim).all(leaseUntil, now, now, now, Math.max(0, Math.floor(limit)))
          : connection.statement(claimOne).all(leaseUntil, now, now, endpointId, now, 1)
      ).pipe(
        Effect.flatMap((rows) => Effect.forEach(rows, deliveries.decode)),
        Effect.map((claimed) =>
          claimed
            .filter((d) => d !== null)
            .sort((a, b) => (a.nextAttemptAt ?? 0) - (b.nextAttemptAt ?? 0) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
        )
      ),
    postponeDue: (endpointId, until, now) =>
      attemptWrite(connection, () =>
        Number(
          connection
            .statement(
              `UPDATE webhook_deliveries SET next_attempt_at = ? WHERE endpoint_id = ? AND status = 'pending'
                 AND next_attempt_at < ? AND (lease_until IS NULL OR lease_until <= ?)`
            )
            .run(until, endpointId, until, now).changes
        )
      ),
    recordAttempt: (id, attempt) =>
      deliveries.run(
        `UPDATE webhook_deliveries SET status = ?, attempts = attempts + 1, next_attempt_at = ?, lease_until = NULL,
           last_attempt_at = ?, outcome = ?, response_status = ? WHERE id = ?`,
        statusAfter(attempt),
        attempt.delivered ? null : attempt.nextAttemptAt,
        attempt.at,
        attempt.outcome,
        attempt.responseStatus,
        id
      ),
    sweepDeliveries: (before) =>
      attemptWrite(connection, () =>
        Number(
          connection
            .statement("DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?")
            .run(before).changes
        )
      ),
    listDeliveries: (endpointId, limit) =>
      deliveries.list("WHERE endpoint_id = ? ORDER BY created_at DESC, id DESC", [endpointId], limit)
  }
}

export const SqliteWebhookRepository = {
  layer: Layer.effect(WebhookRepository, SqliteDatabase.useSync(makeSqliteWebhookRepository))
}
