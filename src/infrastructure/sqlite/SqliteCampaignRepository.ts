import { Effect, Layer } from "effect"
import { z } from "zod"
import { CampaignRepository } from "../../application/ports/CampaignRepository.ts"
import type { CampaignView } from "../../application/ports/CampaignRepository.ts"
import { CAMPAIGN_STATUSES } from "../../domain/campaign/Campaign.ts"
import { attempt, SqliteDatabase } from "./SqliteDatabase.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { decodeRow, decodeRows, sqlLimit } from "./sqliteErrors.ts"
import { saveNewer } from "./viewRows.ts"

const TABLE = "campaigns"

const COLUMNS =
  "id, user_id, session_id, group_id, group_name, title, status, failure_reason, message_ids, created_at, updated_at, version"

const messageIds = z.string().transform((text, ctx) => {
  try {
    const parsed = z.array(z.string()).safeParse(JSON.parse(text))
    if (parsed.success) return parsed.data
  } catch {
    // reported below
  }
  ctx.addIssue({ code: "custom", message: "message_ids is not a JSON array of strings" })
  return z.NEVER
})

const CampaignRow: z.ZodType<CampaignView> = z
  .object({
    id: z.string(),
    user_id: z.string(),
    session_id: z.string(),
    group_id: z.string(),
    group_name: z.string(),
    title: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    failure_reason: z.string().nullable(),
    message_ids: messageIds,
    created_at: z.number(),
    updated_at: z.number(),
    version: z.number().int()
  })
  .transform((r) => ({
    id: r.id,
    userId: r.user_id,
    sessionId: r.session_id,
    groupId: r.group_id,
    groupName: r.group_name,
    title: r.title,
    status: r.status,
    failureReason: r.failure_reason,
    messageIds: r.message_ids,
    createdAt: r.created_at,
    updatedAt: r.updated_at,
    version: r.version
  }))

export const makeSqliteCampaignRepository = (connection: SqliteConnection): CampaignRepository["Service"] => ({
  save: (view) =>
    saveNewer(connection, TABLE, {
      id: view.id,
      user_id: view.userId,
      session_id: view.sessionId,
      group_id: view.groupId,
      group_name: view.groupName,
      title: view.title,
      status: view.status,
      failure_reason: view.failureReason,
      message_ids: JSON.stringify(view.messageIds),
      created_at: view.createdAt,
      updated_at: view.updatedAt,
      version: view.version
    }),
  get: (id) =>
    attempt(connection, () => connection.statement(`SELECT ${COLUMNS} FROM campaigns WHERE id = ?`).get(id)).pipe(
      Effect.flatMap((row) => (row === undefined ? Effect.succeed(null) : decodeRow(CampaignRow, TABLE, row)))
    ),
  listBySession: (sessionId) =>
    attempt(connection, () =>
      connection.statement(`SELECT ${COLUMNS} FROM campaigns WHERE session_id = ? ORDER BY created_at, id`).all(sessionId)
    ).pipe(Effect.flatMap((rows) => decodeRows(CampaignRow, TABLE, rows))),
  listByUser: (userId, page) => {
    const max = sqlLimit(page.limit)
    if (max === null) return Effect.succeed([])
    const offset = Math.max(0, Math.floor(page.offset) || 0)
    return attempt(connection, () =>
      connection
        .statement(`SELECT ${COLUMNS} FROM campaigns WHERE user_id = ? ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?`)
        .all(userId, max, offset)
    ).pipe(Effect.flatMap((rows) => decodeRows(CampaignRow, TABLE, rows)))
  }
})

export const SqliteCampaignRepository = {
  layer: Layer.effect(CampaignRepository, SqliteDatabase.useSync(makeSqliteCampaignRepository))
}
