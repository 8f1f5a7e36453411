import { Layer } from "effect"
import { CampaignRepository, CampaignViewSchema } from "../../application/ports/CampaignRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqliteCampaignRepository = (connection: SqliteConnection): CampaignRepository["Service"] => {
  const campaigns = sqliteViewStore(connection, "campaigns", CampaignViewSchema)
  return {
    save: campaigns.saveNewer,
    get: (id) => campaigns.one("WHERE id = ?", [id]),
    listBySession: (sessionId) => campaigns.list("WHERE session_id = ? ORDER BY created_at, id", [sessionId]),
    listByUser: (userId, page) =>
      campaigns.list("WHERE user_id = ? ORDER BY created_at DESC, id DESC", [userId], page.limit, page.offset)
  }
}

export const SqliteCampaignRepository = {
  layer: Layer.effect(CampaignRepository, SqliteDatabase.useSync(makeSqliteCampaignRepository))
}
