import { Layer } from "effect"
import { CampaignRepository } from "../../application/ports/CampaignRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { byCreatedAt, saveNewer } from "./MemoryDatabase.ts"

export const makeMemoryCampaignRepository = (db: MemoryDatabase): CampaignRepository["Service"] => ({
  save: (view) => withDbWrite(db, () => saveNewer(db.campaigns, view)),
  get: (id) => withDb(db, () => db.campaigns.get(id) ?? null),
  listBySession: (sessionId) =>
    withDb(db, () => [...db.campaigns.values()].filter((c) => c.sessionId === sessionId).sort(byCreatedAt)),
  listByUser: (userId, page) =>
    withDb(db, () =>
      [...db.campaigns.values()]
        .filter((c) => c.userId === userId)
        .sort((a, b) => byCreatedAt(b, a))
        .slice(page.offset, page.offset + page.limit)
    )
})

export const MemoryCampaignRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(CampaignRepository, makeMemoryCampaignRepository(db))
}
