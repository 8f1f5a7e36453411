import { Layer } from "effect"
import type { Db } from "mongodb"
import { PollResultsRepository, PollResultsViewSchema } from "../../application/ports/PollResultsRepository.ts"
import { MongoDatabase } from "./MongoDatabase.ts"
import { mongoViewStore } from "./viewDocuments.ts"

export const makeMongoPollResultsRepository = (db: Db): PollResultsRepository["Service"] => {
  const polls = mongoViewStore(db, "pollResults", PollResultsViewSchema)
  return {
    save: polls.saveNewer,
    get: (messageId) => polls.one({ _id: messageId })
  }
}

export const MongoPollResultsRepository = {
  layer: Layer.effect(
    PollResultsRepository,
    MongoDatabase.useSync(({ db }) => makeMongoPollResultsRepository(db))
  )
}
