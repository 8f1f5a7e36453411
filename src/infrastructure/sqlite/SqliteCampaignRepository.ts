import type { SQLInputValue } from "node:sqlite"
import { Effect, Layer } from "effect"
import { z } from "zod"
import type { CampaignListFilter } from "../../application/ports/CampaignRepository.ts"
import {
  CampaignCountersSchema,
  CampaignListingSchema,
  CampaignRepository,
  CampaignStreamViewSchema,
  CampaignViewSchema,
  searchClasses,
  targetsOf
} from "../../application/ports/CampaignRepository.ts"
import { CAMPAIGN_STATUSES } from "../../domain/campaign/Campaign.ts"
import { WITHDRAWN_RESEND_STATUSES } from "../../domain/message/Message.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { attempt, attemptWrite, SqliteDatabase } from "./SqliteDatabase.ts"
import { PROGRESS, ProgressRow } from "./SqliteMessageRepository.ts"
import { decodeRow } from "./sqliteErrors.ts"
import { sqliteViewStore } from "./viewRows.ts"

const TABLE = "campaigns"
/** the statuses of a resend that no longer stands, as an SQL list (constants of the code, never input) */
const WITHDRAWN = WITHDRAWN_RESEND_STATUSES.map((s) => `'${s}'`).join(", ")

/**
 * The counters of one campaign (`?`: its id) as the JSON of CampaignCountersSchema, counted as
 * countersOf counts, on the messages' (campaign_id, …) index. A message sent again is taken off
 * the total while its resend stands (isWithdrawnResend, by status; a key lookup, for the few messages sent again); it is failed,
 * missed or outcome-unknown, so it is in no other count.
 */
const COUNTERS = `SELECT json_object(
  'totalMessages', count(*) FILTER (WHERE m.is_deleted = 0) - count(*) FILTER (WHERE m.resent_as IS NOT NULL
    AND m.is_deleted = 0 AND EXISTS (SELECT 1 FROM messages r WHERE r.id = m.resent_as AND r.status NOT IN (${WITHDRAWN}))),
  'sentMessages', count(*) FILTER (WHERE m.is_deleted = 0 AND m.is_sent = 1),
  'deliveredMessages', count(*) FILTER (WHERE m.is_deleted = 0 AND m.delivered_at IS NOT NULL),
  'nextScheduledAt', min(m.scheduled_at) FILTER (WHERE m.is_deleted = 0 AND m.status = 'SCHEDULED'),
  'cancelledMessages', count(*) FILTER (WHERE m.status = 'CANCELLED' AND m.resend_of IS NULL),
  'messageVersions', coalesce(sum(m.version), 0)
) AS counters FROM messages m WHERE m.campaign_id = ?`

/** The campaign's counters counted again (`?`, `?`: its id), if it has counters to keep. */
const RECOUNT = `UPDATE ${TABLE} SET counters = (${COUNTERS}) WHERE id = ? AND counters IS NOT NULL`

/** What recountProgress reads after its recount, decoded once (zod compiles a schema on first use). */
const CountedProgressRow = z.object({
  campaign: z.object({ status: z.enum(CAMPAIGN_STATUSES), version: z.number().int() }).nullable(),
  progress: ProgressRow
})

/**
 * `*<search>*` for GLOB (searchClasses): a letter as the class of its variants, `*`, `?` and `[`
 * as classes of themselves, anything else as itself.
 */
const globPattern = (search: string): string =>
  `*${searchClasses(search)
    .map((chars) =>
      chars.length === 1 && !["*", "?", "["].includes(chars[0] ?? "") ? chars[0] : `[${chars.join("")}]`
    )
    .join("")}*`

const NEXT = "json_extract(counters, '$.nextScheduledAt')"

/**
 * listByUser's WHERE and ORDER BY (CampaignListFilter), on the campaigns' (user_id, …) index; a
 * search reads the texts of the user's campaigns' messages on the messages' campaign index.
 * GLOB with a class per letter ignores case and accents as the port says (LIKE would ignore only
 * the case of A to Z).
 */
const listClause = (userId: string, filter: CampaignListFilter) => {
  const conditions = ["user_id = ?"]
  const params: Array<SQLInputValue> = [userId]
  if (filter.statuses !== undefined) {
    conditions.push("status IN (SELECT value FROM json_each(?))")
    params.push(JSON.stringify(filter.statuses))
  }
  if (filter.groupId !== undefined) {
    conditions.push(
      "(group_id = ? OR EXISTS (SELECT 1 FROM json_each(coalesce(targets, '[]')) t WHERE json_extract(t.value, '$.groupId') = ?))"
    )
    params.push(filter.groupId, filter.groupId)
  }
  if (filter.search !== undefined) {
    const pattern = globPattern(filter.search)
    conditions.push(
      `(title GLOB ? OR EXISTS (SELECT 1 FROM messages m WHERE m.campaign_id = ${TABLE}.id
        AND m.status <> 'DELETED' AND m.content GLOB ?))`
    )
    params.push(pattern, pattern)
  }
  const order =
    filter.sort === "created"
      ? "created_at DESC, id DESC"
      : `${NEXT} IS NULL, ${NEXT}, CASE WHEN ${NEXT} IS NULL THEN created_at END DESC, CASE WHEN ${NEXT} IS NULL THEN id END DESC, id`
  return { clause: `WHERE ${conditions.join(" AND ")} ORDER BY ${order}`, params }
}

export const makeSqliteCampaignRepository = (connection: SqliteConnection): CampaignRepository["Service"] => {
  const campaigns = sqliteViewStore(connection, TABLE, CampaignViewSchema, "projection")
  // the stream's columns only: a save never writes the counters
  const streamPart = sqliteViewStore(connection, TABLE, CampaignStreamViewSchema, "projection")
  // the groups a campaign sends to, and nothing else
  const groupsOf = sqliteViewStore(
    connection,
    TABLE,
    CampaignStreamViewSchema.pick({ id: true, groupId: true, groupName: true, targets: true }),
    "projection"
  )
  // every column but message_ids
  const listings = sqliteViewStore(connection, TABLE, CampaignListingSchema, "projection")
  // one statement; the messages are counted only when the row has counters to keep
  const recount = (id: string) => campaigns.run(RECOUNT, id, id)
  return {
    save: streamPart.saveNewer,
    get: (id) => campaigns.one("WHERE id = ?", [id]),
    summary: (id) => listings.one("WHERE id = ?", [id]),
    // count and write in one write (one savepoint): no save of a message comes in between
    count: (id) =>
      attemptWrite(
        connection,
        () => {
          const counters = connection.statement(COUNTERS).get(id)?.["counters"] ?? null
          connection.statement(`UPDATE ${TABLE} SET counters = ? WHERE id = ?`).run(counters, id)
          return typeof counters === "string" ? JSON.parse(counters) : counters
        },
        false
      ).pipe(Effect.flatMap((counters) => decodeRow(CampaignCountersSchema, TABLE, counters))),
    tally: (id) =>
      attempt(connection, () => {
        const counters = connection.statement(COUNTERS).get(id)?.["counters"] ?? null
        return typeof counters === "string" ? JSON.parse(counters) : counters
      }).pipe(Effect.flatMap((counters) => decodeRow(CampaignCountersSchema, TABLE, counters))),
    recount,
    // one write (no fsync of its own): the recount, then its status and version and the messages'
    // progress read in the same transaction; a burst runs one after each send
    recountProgress: (id) =>
      attemptWrite(
        connection,
        () => {
          connection.statement(RECOUNT).run(id, id)
          const campaign = connection.statement(`SELECT status, version FROM ${TABLE} WHERE id = ?`).get(id)
          return { campaign: campaign ?? null, progress: connection.statement(PROGRESS).get(id) }
        },
        false
      ).pipe(
        Effect.flatMap((read) => decodeRow(CountedProgressRow, TABLE, read)),
        Effect.map(({ campaign, progress }) => ({
          status: campaign?.status ?? null,
          version: campaign?.version ?? 0,
          progress
        }))
      ),
    listBySession: (sessionId, statuses) =>
      statuses === undefined
        ? campaigns.list("WHERE session_id = ? ORDER BY created_at, id", [sessionId])
        : campaigns.list(
            "WHERE session_id = ? AND status IN (SELECT value FROM json_each(?)) ORDER BY created_at, id",
            [sessionId, JSON.stringify(statuses)]
          ),
    groupsBySession: (sessionId) =>
      groupsOf.list("WHERE session_id = ? ORDER BY created_at, id", [sessionId]).pipe(
        Effect.map((rows) => {
          const groups = new Map<string, { readonly groupId: string; readonly groupName: string }>()
          for (const c of rows) for (const t of targetsOf(c)) groups.set(t.groupId, t)
          return [...groups.values()]
        })
      ),
    listByUser: (userId, page, filter = { sort: "created" }) => {
      const { clause, params } = listClause(userId, filter)
      return listings.list(clause, params, page.limit, page.offset)
    }
  }
}

export const SqliteCampaignRepository = {
  layer: Layer.effect(CampaignRepository, SqliteDatabase.useSync(makeSqliteCampaignRepository))
}
