import { Effect, Layer } from "effect"
import type { Db } from "mongodb"
import { z } from "zod"
import { CampaignRepository } from "../../application/ports/CampaignRepository.ts"
import type { CampaignView } from "../../application/ports/CampaignRepository.ts"
import { CAMPAIGN_STATUSES } from "../../domain/campaign/Campaign.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { attempt, decodeDocument, decodeDocuments } from "./mongoErrors.ts"
import { saveNewer } from "./viewDocuments.ts"
import type { ViewDocument } from "./viewDocuments.ts"

const COLLECTION = "campaigns"


const CampaignDocument: z.ZodType<CampaignView> = z
  .object({
    _id: z.string(),
    userId: z.string(),
    sessionId: z.string(),
    groupId: z.string(),
    groupName: z.string(),
    title: z.string(),
    status: z.enum(CAMPAIGN_STATUSES),
    failureReason: z.string().nullable(),
    messageIds: z.array(z.string()),
    createdAt: z.number(),
    updatedAt: z.number(),
    version: z.number().int()
  })
  .transform(({ _id, ...view }) => ({ id: _id, ...view }))

export const makeMongoCampaignRepository = (db: Db): CampaignRepository["Service"] => {
  const campaigns = db.collection<ViewDocument>(COLLECTION)
  return {
    save: (view) => saveNewer(db, COLLECTION, view),
    get: (id) =>
      attempt(() => campaigns.findOne({ _id: id })).pipe(
        Effect.flatMap((doc) => (doc === null ? Effect.succeed(null) : decodeDocument(CampaignDocument, COLLECTION, doc)))
      ),
    listBySession: (sessionId) =>
      attempt(() => campaigns.find({ sessionId }).sort({ createdAt: 1, _id: 1 }).toArray()).pipe(
        Effect.flatMap((docs) => decodeDocuments(CampaignDocument, COLLECTION, docs))
      ),
    listByUser: (userId, page) =>
      attempt(() => campaigns.find({ userId }).sort({ createdAt: -1, _id: -1 }).skip(page.offset).limit(page.limit).toArray()).pipe(
        Effect.flatMap((docs) => decodeDocuments(CampaignDocument, COLLECTION, docs))
      )
  }
}

export const MongoCampaignRepository = {
  layer: Layer.effect(CampaignRepository, MongoDatabase.useSync(({ db }) => makeMongoCampaignRepository(db)))
}
