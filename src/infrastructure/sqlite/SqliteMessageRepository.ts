import type { SQLInputValue } from "node:sqlite"
import { Effect, Layer } from "effect"
import { z } from "zod"
import { MessageRepository } from "../../application/ports/MessageRepository.ts"
import type { MessageView } from "../../application/ports/MessageRepository.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { MESSAGE_STATUSES } from "../../domain/message/Message.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows, sqlLimit } from "./sqliteErrors.ts"
import { flag, saveNewer, toFlag } from "./viewRows.ts"

const TABLE = "messages"

const COLUMNS =
  "id, campaign_id, session_id, group_id, group_name, content, scheduled_at, status, is_sent, is_picked, is_deleted, picked_at, sent_at, failure_reason, gateway_message_key, delivered_at, read_at, delivered_count, read_count, version"

const MessageRow: z.ZodType<MessageView> = z
  .object({
    id: z.string(),
    campaign_id: z.string(),
    session_id: z.string(),
    group_id: z.string(),
    group_name: z.string(),
    content: z.string(),
    scheduled_at: z.number(),
    status: z.enum(MESSAGE_STATUSES),
    is_sent: flag,
    is_picked: flag,
    is_deleted: flag,
    picked_at: z.number().nullable(),
    sent_at: z.number().nullable(),
    failure_reason: z.string().nullable(),
    gateway_message_key: z.string().nullable(),
    delivered_at: z.number().nullable(),
    read_at: z.number().nullable(),
    delivered_count: z.number().int(),
    read_count: z.number().int(),
    version: z.number().int()
  })
  .transform((r) => ({
    id: r.id,
    campaignId: r.campaign_id,
    sessionId: r.session_id,
    groupId: r.group_id,
    groupName: r.group_name,
    content: r.content,
    scheduledAt: r.scheduled_at,
    status: r.status,
    isSent: r.is_sent,
    isPicked: r.is_picked,
    isDeleted: r.is_deleted,
    pickedAt: r.picked_at,
    sentAt: r.sent_at,
    failureReason: r.failure_reason,
    gatewayMessageKey: r.gateway_message_key,
    deliveredAt: r.delivered_at,
    readAt: r.read_at,
    deliveredCount: r.delivered_count,
    readCount: r.read_count,
    version: r.version
  }))

/** The port's order (MessageRepository); SQLite compares text in binary order by default. */
const ORDER = "ORDER BY scheduled_at, id"

export const makeSqliteMessageRepository = (connection: SqliteConnection): MessageRepository["Service"] => {
  /** `limit` as the port reads it, through sqlLimit */
  const where = (
    condition: string,
    params: ReadonlyArray<SQLInputValue>,
    limit = Infinity
  ): Effect.Effect<Array<MessageView>, StoreUnavailable> => {
    const max = sqlLimit(limit)
    if (max === null) return Effect.succeed([])
    return attempt(connection, () =>
      connection.statement(`SELECT ${COLUMNS} FROM messages WHERE ${condition} ${ORDER} LIMIT ?`).all(...params, max)
    ).pipe(Effect.flatMap((rows) => decodeRows(MessageRow, TABLE, rows)))
  }

  return {
    save: (view) =>
      saveNewer(connection, TABLE, {
        id: view.id,
        campaign_id: view.campaignId,
        session_id: view.sessionId,
        group_id: view.groupId,
        group_name: view.groupName,
        content: view.content,
        scheduled_at: view.scheduledAt,
        status: view.status,
        is_sent: toFlag(view.isSent),
        is_picked: toFlag(view.isPicked),
        is_deleted: toFlag(view.isDeleted),
        picked_at: view.pickedAt,
        sent_at: view.sentAt,
        failure_reason: view.failureReason,
        gateway_message_key: view.gatewayMessageKey,
        delivered_at: view.deliveredAt,
        read_at: view.readAt,
        delivered_count: view.deliveredCount,
        read_count: view.readCount,
        version: view.version
      }),
    get: (id) =>
      attempt(connection, () => connection.statement(`SELECT ${COLUMNS} FROM messages WHERE id = ?`).get(id)).pipe(
        Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(MessageRow, TABLE, row)))
      ),
    findScheduledBetween: (from, to, limit) =>
      where("status = 'SCHEDULED' AND scheduled_at >= ? AND scheduled_at <= ?", [from, to], limit),
    findScheduledBefore: (before, limit) => where("status = 'SCHEDULED' AND scheduled_at < ?", [before], limit),
    nextScheduledAfter: (after) =>
      where("status = 'SCHEDULED' AND scheduled_at > ?", [after], 1).pipe(Effect.map((found) => found[0]?.scheduledAt ?? null)),
    // coalesce: the port counts a picked view without pickedAt as picked at 0
    findPickedBefore: (pickedBefore, limit) => where("status = 'PICKED' AND coalesce(picked_at, 0) <= ?", [pickedBefore], limit),
    findInFlight: (sessionIds, pickedAfter) =>
      sessionIds.length === 0
        ? Effect.succeed([])
        : where(
          "status = 'PICKED' AND session_id IN (SELECT value FROM json_each(?)) AND coalesce(picked_at, 0) > ?",
          [JSON.stringify(sessionIds), pickedAfter]
        ),
    // on the (group_id, picked_at) index
    findPickedInGroup: (groupId, pickedFrom, pickedTo) =>
      where("group_id = ? AND picked_at >= ? AND picked_at <= ?", [groupId, pickedFrom, pickedTo]),
    // on the (session_id, gateway_message_key) index
    findByGatewayMessage: (sessionId, key) =>
      where("session_id = ? AND gateway_message_key = ?", [sessionId, key], 1).pipe(Effect.map((found) => found[0] ?? null)),
    listByCampaign: (campaignId) => where("campaign_id = ?", [campaignId]),
    progress: (campaignId) =>
      attempt(connection, () =>
        connection
          .statement(
            `SELECT count(*) AS total, coalesce(sum(is_sent = 1), 0) AS sent, coalesce(sum(status IN ('SCHEDULED', 'PICKED')), 0) AS open
             FROM messages WHERE campaign_id = ?`
          )
          .get(campaignId)
      ).pipe(
        Effect.flatMap((row) =>
          decodeRow(z.object({ total: z.number().int(), sent: z.number().int(), open: z.number().int() }), TABLE, row)
        )
      ),
    // on the (session_id, status) index
    countPending: (sessionIds) =>
      sessionIds.length === 0
        ? Effect.succeed({ messages: 0, campaigns: 0 })
        : attempt(connection, () =>
          connection
            .statement(
              `SELECT count(*) AS messages, count(DISTINCT campaign_id) AS campaigns FROM messages
               WHERE status = 'SCHEDULED' AND session_id IN (SELECT value FROM json_each(?))`
            )
            .get(JSON.stringify(sessionIds))
        ).pipe(Effect.flatMap((row) => decodeRow(z.object({ messages: z.number().int(), campaigns: z.number().int() }), TABLE, row)))
  }
}

export const SqliteMessageRepository = {
  layer: Layer.effect(MessageRepository, SqliteDatabase.useSync(makeSqliteMessageRepository))
}
