import { Effect, Layer } from "effect"
import type { Db, Filter } from "mongodb"
import {
  countInPeriods,
  MessageRepository,
  MessageViewSchema,
  OPEN_STATUSES,
  PENDING_STATUSES,
  STATUSES_RESENDING_MEDIA,
  STATUSES_SENDING_MEDIA
} from "../../application/ports/MessageRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt } from "./mongoErrors.ts"
import type { RecordDocument } from "./viewDocuments.ts"
import { mongoViewStore } from "./viewDocuments.ts"

const open: ReadonlySet<string> = new Set(OPEN_STATUSES)

/** `(pickedAt ?? 0) <= t`: the port counts a missing pickedAt as 0 */
const pickedAtMost = (t: number): Filter<RecordDocument> =>
  0 <= t ? { $or: [{ pickedAt: { $lte: t } }, { pickedAt: null }] } : { pickedAt: { $lte: t } }

/** `(pickedAt ?? 0) > t` */
const pickedAfter = (t: number): Filter<RecordDocument> =>
  0 > t ? { $or: [{ pickedAt: { $gt: t } }, { pickedAt: null }] } : { pickedAt: { $gt: t } }

export const makeMongoMessageRepository = (db: Db): MessageRepository["Service"] => {
  const store = mongoViewStore(db, "messages", MessageViewSchema)
  const messages = store.collection

  /** In the port's order, `limit` as the port reads it. */
  const where = (filter: Filter<RecordDocument>, limit = Infinity) =>
    store.list(filter, { sort: { scheduledAt: 1, _id: 1 }, limit })

  return {
    save: store.saveNewer,
    get: (id) => store.one({ _id: id }),
    findScheduledBetween: (from, to, limit, exceptSessions = []) =>
      where(
        {
          status: "SCHEDULED",
          scheduledAt: { $gte: from, $lte: to },
          ...(exceptSessions.length === 0 ? {} : { sessionId: { $nin: [...exceptSessions] } })
        },
        limit
      ),
    findScheduledInSession: (sessionId, from, to) =>
      where({ status: "SCHEDULED", scheduledAt: { $gte: from, $lte: to }, sessionId }),
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
    findPickedInGroup: (groupId, pickedFrom, pickedTo) =>
      where({ groupId, pickedAt: { $gte: pickedFrom, $lte: pickedTo } }),
    findByGatewayMessage: (sessionId, key) =>
      where({ sessionId, gatewayMessageKey: key }, 1).pipe(Effect.map((found) => found[0] ?? null)),
    listByCampaign: (campaignId) => where({ campaignId }),
    needsMedia: (mediaId, resendableSince) =>
      attempt(() =>
        messages.findOne(
          {
            "media.id": mediaId,
            $or: [
              { status: { $in: [...STATUSES_SENDING_MEDIA] } },
              { status: { $in: [...STATUSES_RESENDING_MEDIA] }, scheduledAt: { $gte: resendableSince } }
            ]
          },
          { projection: { _id: 1 } }
        )
      ).pipe(Effect.map((found) => found !== null)),
    // One pass over the campaign's messages (three counts would be three scans on FerretDB).
    progress: (campaignId) =>
      attempt(() =>
        messages.find({ campaignId }).project<{ status: string; isSent: boolean }>({ status: 1, isSent: 1 }).toArray()
      ).pipe(
        Effect.map((docs) => ({
          total: docs.length,
          sent: docs.filter((d) => d.isSent === true).length,
          open: docs.filter((d) => open.has(d.status)).length
        }))
      ),
    findUpcomingInSessions: (sessionIds, { from, to, after, limit }) =>
      sessionIds.length === 0
        ? Effect.succeed([])
        : where(
            {
              status: "SCHEDULED",
              sessionId: { $in: [...sessionIds] },
              scheduledAt: { $gte: from, $lte: to },
              ...(after === null
                ? {}
                : {
                    $or: [
                      { scheduledAt: { $gt: after.scheduledAt } },
                      { scheduledAt: after.scheduledAt, _id: { $gt: after.id } }
                    ]
                  })
            },
            limit
          ),
    // the times alone (one read for the whole range)
    countUpcomingInSessions: (sessionIds, starts) =>
      sessionIds.length < 1 || starts.length < 2
        ? Effect.succeed(starts.slice(1).map(() => 0))
        : attempt(() =>
            messages
              .find({
                status: "SCHEDULED",
                sessionId: { $in: [...sessionIds] },
                scheduledAt: { $gte: starts[0] ?? 0, $lt: starts.at(-1) ?? 0 }
              })
              .project<{ scheduledAt: unknown }>({ _id: 0, scheduledAt: 1 })
              .toArray()
          ).pipe(
            Effect.map((docs) =>
              countInPeriods(
                docs.map((d) => Number(d.scheduledAt)),
                starts
              )
            )
          ),
    // One pass, grouped by campaign: the answer has one small document per open campaign,
    // never one per message.
    countPending: (sessionIds) =>
      sessionIds.length === 0
        ? Effect.succeed({ messages: 0, campaigns: 0 })
        : attempt(() =>
            messages
              .aggregate<{ _id: unknown; n: number }>([
                { $match: { status: { $in: [...PENDING_STATUSES] }, sessionId: { $in: [...sessionIds] } } },
                { $group: { _id: "$campaignId", n: { $sum: 1 } } }
              ])
              .toArray()
          ).pipe(
            Effect.map((groups) => ({
              messages: groups.reduce((sum, g) => sum + Number(g.n), 0),
              campaigns: groups.length
            }))
          )
  }
}

export const MongoMessageRepository = {
  layer: Layer.effect(
    MessageRepository,
    MongoDatabase.useSync(({ db }) => makeMongoMessageRepository(db))
  )
}
