import type { SQLInputValue } from "node:sqlite"
import { Effect, Layer } from "effect"
import { z } from "zod"
import {
  countInPeriods,
  MessageRepository,
  MessageViewSchema,
  OPEN_STATUSES,
  PENDING_STATUSES,
  STATUSES_RESENDING_MEDIA,
  STATUSES_SENDING_MEDIA,
  savedOver
} from "../../application/ports/MessageRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows } from "./sqliteErrors.ts"
import { sqliteViewStore } from "./viewRows.ts"

const TABLE = "messages"

/** The port's order (MessageRepository); SQLite compares text in binary order by default. */
const ORDER = "ORDER BY scheduled_at, id"

/** the statuses as an SQL list (constants of the code, never input) */
const SENDING_MEDIA = STATUSES_SENDING_MEDIA.map((s) => `'${s}'`).join(", ")
const RESENDING_MEDIA = STATUSES_RESENDING_MEDIA.map((s) => `'${s}'`).join(", ")
const OPEN = OPEN_STATUSES.map((s) => `'${s}'`).join(", ")
const PENDING = PENDING_STATUSES.map((s) => `'${s}'`).join(", ")

// row schemas built once: zod compiles a schema on first use, so building one per call costs ~0.2 ms
export const ProgressRow = z.object({ total: z.number().int(), sent: z.number().int(), open: z.number().int() })
const TimeRow = z.object({ t: z.number() })
const PendingRow = z.object({ messages: z.number().int(), campaigns: z.number().int() })

/** MessageRepository.progress of a campaign (`?`), also read by the campaigns' recountProgress. */
export const PROGRESS = `SELECT count(*) AS total, coalesce(sum(is_sent = 1), 0) AS sent, coalesce(sum(status IN (${OPEN})), 0) AS open
         FROM messages WHERE campaign_id = ?`

const campaignProgress = (connection: SqliteConnection, campaignId: string) =>
  attempt(connection, () => connection.statement(PROGRESS).get(campaignId)).pipe(
    Effect.flatMap((row) => decodeRow(ProgressRow, TABLE, row))
  )

export const makeSqliteMessageRepository = (connection: SqliteConnection): MessageRepository["Service"] => {
  const messages = sqliteViewStore(connection, TABLE, MessageViewSchema, "projection")
  /** `limit` as the port reads it */
  const where = (condition: string, params: ReadonlyArray<SQLInputValue>, limit = Infinity) =>
    messages.list(`WHERE ${condition} ${ORDER}`, params, limit)

  return {
    // read, then written: as the projection did before a save answered what it found
    save: (view) =>
      messages
        .one("WHERE id = ?", [view.id])
        .pipe(Effect.flatMap((stored) => Effect.as(messages.saveNewer(view), savedOver(stored, view)))),
    get: (id) => messages.one("WHERE id = ?", [id]),
    // a save, without the read: the group commit already writes what fibers ask for together
    advance: messages.saveNewer,
    // likewise: the plan's views share the group commit of its events
    plan: messages.saveNewer,
    findScheduledBetween: (from, to, limit, exceptSessions = []) =>
      where(
        `status = 'SCHEDULED' AND scheduled_at >= ? AND scheduled_at <= ?${
          exceptSessions.length === 0 ? "" : ` AND session_id NOT IN (${exceptSessions.map(() => "?").join(", ")})`
        }`,
        [from, to, ...exceptSessions],
        limit
      ),
    // `+session_id` keeps SQLite on the (status, scheduled_at) index, the window's: on the
    // (session_id, status) one it would walk every scheduled message of the session
    findScheduledInSession: (sessionId, from, to) =>
      where("status = 'SCHEDULED' AND scheduled_at >= ? AND scheduled_at <= ? AND +session_id = ?", [
        from,
        to,
        sessionId
      ]),
    findScheduledBefore: (before, limit) => where("status = 'SCHEDULED' AND scheduled_at < ?", [before], limit),
    nextScheduledAfter: (after) =>
      where("status = 'SCHEDULED' AND scheduled_at > ?", [after], 1).pipe(
        Effect.map((found) => found[0]?.scheduledAt ?? null)
      ),
    // coalesce: the port counts a picked view without pickedAt as picked at 0
    findPickedBefore: (pickedBefore, limit) =>
      where("status = 'PICKED' AND coalesce(picked_at, 0) <= ?", [pickedBefore], limit),
    findInFlight: (sessionIds, pickedAfter) =>
      sessionIds.length === 0
        ? Effect.succeed([])
        : where("status = 'PICKED' AND session_id IN (SELECT value FROM json_each(?)) AND coalesce(picked_at, 0) > ?", [
            JSON.stringify(sessionIds),
            pickedAfter
          ]),
    // on the (group_id, picked_at) index
    findPickedInGroup: (groupId, pickedFrom, pickedTo) =>
      where("group_id = ? AND picked_at >= ? AND picked_at <= ?", [groupId, pickedFrom, pickedTo]),
    // on the (session_id, gateway_message_key) index
    findByGatewayMessage: (sessionId, key) =>
      where("session_id = ? AND gateway_message_key = ?", [sessionId, key], 1).pipe(
        Effect.map((found) => found[0] ?? null)
      ),
    listByCampaign: (campaignId) => where("campaign_id = ?", [campaignId]),
    // on the messages_media_id index (the expression must read exactly as the index's)
    needsMedia: (mediaId, resendableSince) =>
      attempt(connection, () =>
        connection
          .statement(
            `SELECT 1 AS found FROM messages WHERE json_extract(media, '$.id') = ?
             AND (status IN (${SENDING_MEDIA}) OR (status IN (${RESENDING_MEDIA}) AND scheduled_at >= ?)) LIMIT 1`
          )
          .get(mediaId, resendableSince)
      ).pipe(Effect.map((row) => row !== undefined)),
    progress: (campaignId) => campaignProgress(connection, campaignId),
    // on the (session_id, status, scheduled_at, id) index, per session of the user
    findUpcomingInSessions: (sessionIds, { from, to, after, limit }) =>
      sessionIds.length === 0
        ? Effect.succeed([])
        : where(
            `status = 'SCHEDULED' AND session_id IN (SELECT value FROM json_each(?)) AND scheduled_at >= ? AND scheduled_at <= ?
             AND (? IS NULL OR scheduled_at > ? OR (scheduled_at = ? AND id > ?))`,
            [
              JSON.stringify(sessionIds),
              from,
              to,
              after === null ? null : 1,
              after?.scheduledAt ?? null,
              after?.scheduledAt ?? null,
              after?.id ?? null
            ],
            limit
          ),
    // the times alone, from the (session_id, status, scheduled_at, id) index
    countUpcomingInSessions: (sessionIds, starts) =>
      sessionIds.length < 1 || starts.length < 2
        ? Effect.succeed(starts.slice(1).map(() => 0))
        : attempt(connection, () =>
            connection
              .statement(
                `SELECT scheduled_at AS t FROM messages WHERE status = 'SCHEDULED'
                 AND session_id IN (SELECT value FROM json_each(?)) AND scheduled_at >= ? AND scheduled_at < ?`
              )
              .all(JSON.stringify(sessionIds), starts[0] ?? 0, starts.at(-1) ?? 0)
          ).pipe(
            Effect.flatMap((rows) => decodeRows(TimeRow, TABLE, rows)),
            Effect.map((rows) =>
              countInPeriods(
                rows.map((r) => r.t),
                starts
              )
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
               WHERE status IN (${PENDING}) AND session_id IN (SELECT value FROM json_each(?))`
              )
              .get(JSON.stringify(sessionIds))
          ).pipe(Effect.flatMap((row) => decodeRow(PendingRow, TABLE, row)))
  }
}

export const SqliteMessageRepository = {
  layer: Layer.effect(MessageRepository, SqliteDatabase.useSync(makeSqliteMessageRepository))
}
