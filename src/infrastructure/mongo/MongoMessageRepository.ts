import { Effect, Layer } from "effect"
import type { Db, Filter } from "mongodb"
import { z } from "zod"
import { MessageRepository } from "../../application/ports/MessageRepository.ts"
import type { MessageView } from "../../application/ports/MessageRepository.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { MESSAGE_STATUSES } from "../../domain/message/Message.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument, decodeDocuments } from "./mongoErrors.ts"
import { queryLimit, saveNewer } from "./viewDocuments.ts"
import type { ViewDocument } from "./viewDocuments.ts"

const COLLECTION = "messages"


const MessageDocument: z.ZodType<MessageView> = z
  .object({
    _id: z.string(),
    campaignId: z.string(),
    sessionId: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    content: z.string(),
    scheduledAt: z.number(),
    status: z.enum(MESSAGE_STATUSES),
    isSent: z.boolean(),
    isPicked: z.boolean(),
    isDeleted: z.boolean(),
    pickedAt: z.number().nullable(),
    sentAt: z.number().nullable(),
    failureReason: z.string().nullable(),
    // documents written before delivery receipts have none of these
    gatewayMessageKey: z.string().nullable().default(null),
    deliveredAt: z.number().nullable().default(null),
    readAt: z.number().nullable().default(null),
    deliveredCount: z.number().int().default(0),
    readCount: z.number().int().default(0),
    version: z.number().int()
  })
  .transform(({ _id, ...view }) => ({ id: _id, ...view }))

/** `(pickedAt ?? 0) <= t`: the port counts a missing pickedAt as 0 */
const pickedAtMost = (t: number): Filter<ViewDocument> =>
  0 <= t ? { $or: [{ pickedAt: { $lte: t } }, { pickedAt: null }] } : { pickedAt: { $lte: t } }

/** `(pickedAt ?? 0) > t` */
const pickedAfter = (t: number): Filter<ViewDocument> =>
  0 > t ? { $or: [{ pickedAt: { $gt: t } }, { pickedAt: null }] } : { pickedAt: { $gt: t } }

export const makeMongoMessageRepository = (db: Db): MessageRepository["Service"] => {
  const messages = db.collection<ViewDocument>(COLLECTION)

  /** In the port's order, `limit` as the port reads it (queryLimit). */
  const where = (filter: Filter<ViewDocument>, limit = Infinity): Effect.Effect<Array<MessageView>, StoreUnavailable> => {
    const max = queryLimit(limit)
    if (max === null) return Effect.succeed([])
    return attempt(() => messages.find(filter).sort({ scheduledAt: 1, _id: 1 }).limit(max).toArray()).pipe(
      Effect.flatMap((docs) => decodeDocuments(MessageDocument, COLLECTION, docs))
    )
  }

  return {
    save: (view) => saveNewer(db, COLLECTION, view),
    get: (id) =>
      attempt(() => messages.findOne({ _id: id })).pipe(
        Effect.flatMap((doc) => (doc === null ? Effect.succeed(null) : decodeDocument(MessageDocument, COLLECTION, doc)))
      ),
    findScheduledBetween: (from, to, limit) => where({ status: "SCHEDULED", scheduledAt: { $gte: from, $lte: to } }, limit),
    findScheduledBefore: (before, limit) => where({ status: "SCHEDULED", scheduledAt: { $lt: before } }, limit),
    nextScheduledAfter: (after) =>
      where({ status: "SCHEDULED", scheduledAt: { $gt: after } }, 1).pipe(
        Effect.map((found) => found[0]?.scheduledAt ?? null)
      ),
    findPickedBefore: (pickedBefore, limit) => where({ status: "PICKED", ...pickedAtMost(pickedBefore) }, limit),
    findInFlight: (sessionIds, after) =>
      sessionIds.length === 0
        ? Effect.succeed([])
        : where({ status: "PICKED", sessionId: { $in: [...sessionIds] }, ...pickedAfter(after) }),
    findPickedInGroup: (groupId, pickedFrom, pickedTo) => where({ groupId, pickedAt: { $gte: pickedFrom, $lte: pickedTo } }),
    findByGatewayMessage: (sessionId, key) =>
      where({ sessionId, gatewayMessageKey: key }, 1).pipe(Effect.map((found) => found[0] ?? null)),
    listByCampaign: (campaignId) => where({ campaignId }),
    // One pass over the campaign's messages (three counts would be three scans on FerretDB).
    progress: (campaignId) =>
      attempt(() => messages.find({ campaignId }).project<{ status: string; isSent: boolean }>({ status: 1, isSent: 1 }).toArray()).pipe(
        Effect.map((docs) => ({
          total: docs.length,
          sent: docs.filter((d) => d.isSent === true).length,
          open: docs.filter((d) => d.status === "SCHEDULED" || d.status === "PICKED").length
        }))
      ),
    // One pass, grouped by campaign: the answer has one small document per open campaign,
    // never one per message.
    countPending: (sessionIds) =>
      sessionIds.length === 0
        ? Effect.succeed({ messages: 0, campaigns: 0 })
        : attempt(() =>
          messages
            .aggregate<{ _id: unknown; n: number }>([
              { $match: { status: "SCHEDULED", sessionId: { $in: [...sessionIds] } } },
              { $group: { _id: "$campaignId", n: { $sum: 1 } } }
            ])
            .toArray()
        ).pipe(Effect.map((groups) => ({ messages: groups.reduce((sum, g) => sum + Number(g.n), 0), campaigns: groups.length })))
  }
}

export const MongoMessageRepository = {
  layer: Layer.effect(MessageRepository, MongoDatabase.useSync(({ db }) => makeMongoMessageRepository(db)))
}
