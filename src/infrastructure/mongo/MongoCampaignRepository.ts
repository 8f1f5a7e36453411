import { Effect, Layer } from "effect"
import type { Db, Filter } from "mongodb"
import type {
  CampaignCounters,
  CampaignGroupRef,
  CampaignListFilter
} from "../../application/ports/CampaignRepository.ts"
import {
  CampaignListingSchema,
  CampaignRepository,
  CampaignStreamViewSchema,
  CampaignViewSchema,
  countersOf,
  searchRegex,
  streamPartOf,
  targetsOf
} from "../../application/ports/CampaignRepository.ts"
import { MessageViewSchema, progressOf } from "../../application/ports/MessageRepository.ts"
import type { StoreUnavailable } from "../../application/ports/StoreErrors.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument, decodeDocuments } from "./mongoErrors.ts"
import type { RecordDocument } from "./viewDocuments.ts"
import { findAndModify, mongoViewStore } from "./viewDocuments.ts"

/** The fields of a message view its campaign's counters depend on. */
const CountedMessage = MessageViewSchema.pick({
  id: true,
  isDeleted: true,
  isSent: true,
  deliveredAt: true,
  status: true,
  scheduledAt: true,
  resentAs: true,
  resendOf: true,
  version: true
})

const StatusOnly = CampaignViewSchema.pick({ status: true, version: true })

const GroupOfCampaign = CampaignViewSchema.pick({ groupId: true, groupName: true, targets: true })

const NEXT = "counters.nextScheduledAt"

export const makeMongoCampaignRepository = (db: Db): CampaignRepository["Service"] => {
  const campaigns = mongoViewStore(db, "campaigns", CampaignViewSchema)
  const streamPart = mongoViewStore(db, "campaigns", CampaignStreamViewSchema)
  // read without messageIds (a list projects the fields of its schema)
  const listings = mongoViewStore(db, "campaigns", CampaignListingSchema)
  const messages = db.collection("messages")
  const storeFinding = findAndModify(campaigns.collection)

  /** The messages counted, on the messages' campaignId index, the fields it needs only. */
  const countedMessages = (id: string) =>
    attempt(() =>
      messages
        .find({ campaignId: id })
        .project({
          _id: 1,
          isDeleted: 1,
          isSent: 1,
          deliveredAt: 1,
          status: 1,
          scheduledAt: 1,
          resentAs: 1,
          resendOf: 1,
          version: 1
        })
        .toArray()
    ).pipe(
      // the view's id is the document's _id
      Effect.flatMap((docs) =>
        decodeDocuments(
          CountedMessage,
          "messages",
          docs.map(({ _id, ...doc }) => ({ ...doc, id: _id }))
        )
      )
    )
  const counted = (id: string) => Effect.map(countedMessages(id), countersOf)

  /**
   * No transaction makes the count and its write one step: the write keeps a count of a larger
   * `messageVersions` already stored, so of two counts racing the later one stays. FerretDB v1
   * runs the filtered update as find-then-write and may keep the earlier: campaign.get recounts
   * a campaign whose counters it finds behind its messages.
   */
  const store = (id: string, counters: CampaignCounters, uncounted: "count it too" | "leave it") =>
    attempt(() =>
      campaigns.collection.updateOne(
        {
          _id: id,
          $or: [
            ...(uncounted === "count it too" ? [{ counters: null }] : []),
            { "counters.messageVersions": { $lt: counters.messageVersions } }
          ]
        },
        { $set: { counters } }
      )
    )

  /** Its status and version: null and 0 when it has no view. */
  const statusOf = (doc: unknown) =>
    doc === null ? Effect.succeed({ status: null, version: 0 }) : decodeDocument(StatusOnly, "campaigns", doc)

  /**
   * listByUser's filter (CampaignListFilter). A search reads the user's campaign ids, then the
   * texts of their messages on the messages' campaignId index.
   */
  const listFilter = (
    userId: string,
    filter: CampaignListFilter
  ): Effect.Effect<Filter<RecordDocument>, StoreUnavailable> => {
    const and: Array<Filter<RecordDocument>> = [{ userId }]
    if (filter.statuses !== undefined) and.push({ status: { $in: [...filter.statuses] } })
    if (filter.groupId !== undefined)
      and.push({ $or: [{ groupId: filter.groupId }, { "targets.groupId": filter.groupId }] })
    const search = filter.search
    if (search === undefined) return Effect.succeed({ $and: and })
    const pattern = searchRegex(search)
    return attempt(() => campaigns.collection.find({ userId }).project<{ _id: unknown }>({ _id: 1 }).toArray()).pipe(
      Effect.flatMap((owned) =>
        attempt(() =>
          messages.distinct("campaignId", {
            campaignId: { $in: owned.map((c) => String(c._id)) },
            status: { $ne: "DELETED" },
            content: { $regex: pattern }
          })
        )
      ),
      Effect.map((matching) => ({
        $and: [...and, { $or: [{ title: { $regex: pattern } }, { _id: { $in: matching.map(String) } }] }]
      }))
    )
  }

  return {
    // the stream's part only: the counters stay as they are (none on a new view)
    save: (view) => streamPart.saveNewer(streamPartOf(view)),
    get: (id) => campaigns.one({ _id: id }),
    summary: (id) => listings.one({ _id: id }),
    count: (id) => counted(id).pipe(Effect.tap((counters) => store(id, counters, "count it too"))),
    tally: counted,
    recount: (id) =>
      attempt(() => campaigns.collection.countDocuments({ _id: id, counters: { $ne: null } }, { limit: 1 })).pipe(
        Effect.flatMap((found) =>
          found === 0 ? Effect.void : counted(id).pipe(Effect.flatMap((counters) => store(id, counters, "leave it")))
        ),
        Effect.asVoid
      ),
    // The messages once, for the counters and the progress; the counters' write (as `store`,
    // "leave it") answers the status. It finds nothing to write when the campaign was never
    // counted or counters as new are stored: the status is then read on its own.
    recountProgress: (id) =>
      Effect.gen(function* () {
        const docs = yield* countedMessages(id)
        const counters = countersOf(docs)
        const written = yield* attempt(() =>
          storeFinding(
            { _id: id, "counters.messageVersions": { $lt: counters.messageVersions } },
            { $set: { counters } },
            { returnDocument: "after" },
            { status: 1, version: 1 }
          )
        )
        const { status, version } = yield* statusOf(
          written ??
            (yield* attempt(() => campaigns.collection.findOne({ _id: id }, { projection: { status: 1, version: 1 } })))
        )
        return { status, version, progress: progressOf(docs) }
      }),
    listBySession: (sessionId, statuses) =>
      campaigns.list(statuses === undefined ? { sessionId } : { sessionId, status: { $in: [...statuses] } }, {
        sort: { createdAt: 1, _id: 1 }
      }),
    groupsBySession: (sessionId) =>
      attempt(() =>
        campaigns.collection
          .find({ sessionId })
          .sort({ createdAt: 1, _id: 1 })
          .project({ _id: 0, groupId: 1, groupName: 1, targets: 1 })
          .toArray()
      ).pipe(
        Effect.flatMap((docs) => decodeDocuments(GroupOfCampaign, "campaigns", docs)),
        Effect.map((rows) => {
          const groups = new Map<string, CampaignGroupRef>()
          for (const c of rows) for (const t of targetsOf(c)) groups.set(t.groupId, t)
          return [...groups.values()]
        })
      ),
    listByUser: (userId, page, filter = { sort: "created" }) =>
      listFilter(userId, filter).pipe(
        Effect.flatMap((where) => {
          const newest = { createdAt: -1, _id: -1 } as const
          if (filter.sort === "created")
            return listings.list(where, { sort: newest, skip: page.offset, limit: page.limit })
          // nulls sort first in MongoDB: the waiting ones and the rest are two queries, one page across both
          const waiting = { $and: [where, { [NEXT]: { $ne: null } }] }
          const rest = { $and: [where, { [NEXT]: null }] }
          return attempt(() => campaigns.collection.countDocuments(waiting)).pipe(
            Effect.flatMap((waitingCount) =>
              Effect.all([
                page.offset < waitingCount
                  ? listings.list(waiting, { sort: { [NEXT]: 1, _id: 1 }, skip: page.offset, limit: page.limit })
                  : Effect.succeed([]),
                listings.list(rest, {
                  sort: newest,
                  skip: Math.max(0, page.offset - waitingCount),
                  limit: Math.max(0, page.limit - Math.max(0, waitingCount - page.offset))
                })
              ])
            ),
            Effect.map(([first, second]) => [...first, ...second])
          )
        })
      )
  }
}

export const MongoCampaignRepository = {
  layer: Layer.effect(
    CampaignRepository,
    MongoDatabase.useSync(({ db }) => makeMongoCampaignRepository(db))
  )
}
