import { Layer } from "effect"
import { PollResultsRepository, PollResultsViewSchema } from "../../application/ports/PollResultsRepository.ts"
import type { SqliteConnection } from "./SqliteDatabase.ts"
import { SqliteDatabase } from "./SqliteDatabase.ts"
import { sqliteViewStore } from "./viewRows.ts"

export const makeSqlitePollResultsRepository = (connection: SqliteConnection): PollResultsRepository["Service"] => {
  const polls = sqliteViewStore(connection, "poll_results", PollResultsViewSchema, "projection")
  return {
    save: polls.saveNewer,
    get: (messageId) => polls.one("WHERE id = ?", [messageId])
  }
}

export const SqlitePollResultsRepository = {
  layer: Layer.effect(PollResultsRepository, SqliteDatabase.useSync(makeSqlitePollResultsRepository))
}
