import { Effect, Exit, Layer, Request } from "effect"
import type { Collection, Db, Filter } from "mongodb"
import type { MessageView, SavedOver } from "../../application/ports/MessageRepository.ts"
import {
  countInPeriods,
  MessageRepository,
  MessageViewSchema,
  PENDING_STATUSES,
  progressOf,
  ReplacedViewSchema,
  STATUSES_RESENDING_MEDIA,
  STATUSES_SENDING_MEDIA
} from "../../application/ports/MessageRepository.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { groupCommit, othersStored, unorderedOutcome } from "./batchedWrites.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, DUPLICATE_KEY, decodeDocument, serverErrorCode, toStoreUnavailable } from "./mongoErrors.ts"
import type { RecordDocument } from "./viewDocuments.ts"
import { findAndModify, mongoViewStore } from "./viewDocuments.ts"

/** What a save reads back of the view it replaces: the fields the counters read. */
const REPLACED = { _id: 0, ...Object.fromEntries(Object.keys(ReplacedViewSchema.shape).map((field) => [field, 1])) }

/** `(pickedAt ?? 0) <= t`: the port counts a missing pickedAt as 0 */
const pickedAtMost = (t: number): Filter<RecordDocument> =>
  0 <= t ? { $or: [{ pickedAt: { $lte: t } }, { pickedAt: null }] } : { pickedAt: { $lte: t } }

/** `(pickedAt ?? 0) > t` */
const pickedAfter = (t: number): Filter<RecordDocument> =>
  0 > t ? { $or: [{ pickedAt: { $gt: t } }, { pickedAt: null }] } : { pickedAt: { $gt: t } }

/** A view moved forward with the others of its batch (see `advance`). */
interface AdvanceView extends Request.Request<void, StoreUnavailable> {
  readonly view: MessageView
}
const AdvanceView = Request.of<AdvanceView>()

/**
 * The views the scheduler's lanes move forward (claims, records) as one unordered update per batch
 * (groupCommit): each statement version-filtered as saveNewer's, but without the upsert, so that a
 * view already as new or newer is no error, only a statement that matches nothing. FerretDB v1
 * stops an unordered update at its first error and misreports where (viewDocuments.ts): any
 * error, or none said, fails the whole batch, whose views the catch-up pass then rebuilds. A view
 * not stored at all is left to that pass too (the scheduler moves views its pass found).
 */
const advancedTogether = (messages: Collection<RecordDocument>, connections: number) =>
  groupCommit<AdvanceView>("messages", connections, (entries) =>
    Effect.gen(function* () {
      const outcome = yield* unorderedOutcome(() =>
        messages.bulkWrite(
          entries.map(({ request: { view } }) => {
            const { id, ...fields } = view
            return { updateOne: { filter: { _id: id, version: { $lt: fields.version } }, update: { $set: fields } } }
          }),
          { ordered: false }
        )
      )
      const exit: Exit.Exit<void, StoreUnavailable> =
        outcome === null ? Exit.void : Exit.fail(toStoreUnavailable(outcome.failed))
      for (const entry of entries) entry.completeUnsafe(exit)
    })
  )

/** The view of a message just scheduled, inserted with the others of its batch (see `plan`). */
interface PlanView extends Request.Request<void, StoreUnavailable> {
  readonly view: MessageView
}
const PlanView = Request.of<PlanView>()

/**
 * The views of a plan's messages (createCampaign) as one unordered insert per batch (groupCommit):
 * a campaign of 20 messages in one or two round trips instead of 20 upserts (docs/scaling.md,
 * "MongoDB"). FerretDB v1 honours `ordered: false` and the indexes for inserts (batchedWrites.ts).
 * A view already stored (a duplicate key: the catch-up projected it first) goes through `save`,
 * which keeps the newer of the two; a failure that leaves the others unknown fails them all, and
 * the catch-up pass stores them.
 */
const plannedTogether = (
  messages: Collection<RecordDocument>,
  connections: number,
  save: (view: MessageView) => Effect.Effect<unknown, StoreUnavailable>
) =>
  groupCommit<PlanView>("planned messages", connections, (entries) =>
    Effect.gen(function* () {
      const outcome = yield* unorderedOutcome(() =>
        messages.insertMany(
          entries.map(({ request: { view } }) => {
            const { id, ...fields } = view
            return { _id: id, ...fields }
          }),
          { ordered: false }
        )
      )
      yield* Effect.forEach(
        entries,
        (entry, index) => {
          if (outcome === null) return Effect.sync(() => entry.completeUnsafe(Exit.void))
          const error = outcome.errorAt.get(index)
          if (error === undefined && othersStored(outcome.failed))
            return Effect.sync(() => entry.completeUnsafe(Exit.void))
          if (error?.code === DUPLICATE_KEY)
            return save(entry.request.view).pipe(
              Effect.exit,
              Effect.flatMap((exit) => Effect.sync(() => entry.completeUnsafe(Exit.asVoid(exit))))
            )
          return Effect.sync(() => entry.completeUnsafe(Exit.fail(toStoreUnavailable(outcome.failed))))
        },
        { discard: true }
      )
    })
  )

export const makeMongoMessageRepository = (db: Db): MessageRepository["Service"] => {
  const store = mongoViewStore(db, "messages", MessageViewSchema)
  const messages = store.collection
  const saveFinding = findAndModify(messages)
  const advanced = advancedTogether(messages, db.client.options.maxPoolSize)
  const planned = plannedTogether(messages, db.client.options.maxPoolSize, store.saveNewer)

  /** In the port's order, `limit` as the port reads it. */
  const where = (filter: Filter<RecordDocument>, limit = Infinity) =>
    store.list(filter, { sort: { scheduledAt: 1, _id: 1 }, limit })

  return {
    // saveNewer's version-filtered upsert (viewDocuments.ts), answering the view it replaced in the
    // same round trip: a duplicate key is a view of this version or later, kept
    save: ({ id, ...fields }): Effect.Effect<SavedOver, StoreUnavailable> =>
      Effect.tryPromise({
        try: () =>
          saveFinding(
            { _id: id, version: { $lt: fields.version } },
            { $set: fields },
            { upsert: true, returnDocument: "before" },
            REPLACED
          ),
        catch: (error) => error
      }).pipe(
        Effect.matchEffect({
          onFailure: (error) =>
            serverErrorCode(error) === DUPLICATE_KEY
              ? Effect.succeed<SavedOver>("kept")
              : Effect.fail(toStoreUnavailable(error)),
          onSuccess: (found) =>
            found === null ? Effect.succeed(null) : decodeDocument(ReplacedViewSchema, "messages", found)
        })
      ),
    get: (id) => store.one({ _id: id }),
    advance: (view) => Effect.request(AdvanceView({ view }), advanced),
    plan: (view) => Effect.request(PlanView({ view }), planned),
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
      ).pipe(Effect.map(progressOf)),
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
