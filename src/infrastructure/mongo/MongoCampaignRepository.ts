import { Layer } from "effect"
import type { Db } from "mongodb"
import { CampaignRepository, CampaignViewSchema } from "../../application/ports/CampaignRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoCampaignRepository = (db: Db): CampaignRepository["Service"] => {
  const campaigns = mongoViewStore(db, "campaigns", CampaignViewSchema)
  return {
    save: campaigns.saveNewer,
    get: (id) => campaigns.one({ _id: id }),
    listBySession: (sessionId) => campaigns.list({ sessionId }, { sort: { createdAt: 1, _id: 1 } }),
    listByUser: (userId, page) =>
      campaigns.list({ userId }, { sort: { createdAt: -1, _id: -1 }, skip: page.offset, limit: page.limit })
  }
}

export const MongoCampaignRepository = {
  layer: Layer.effect(
    CampaignRepository,
    MongoDatabase.useSync(({ db }) => makeMongoCampaignRepository(db))
  )
}
