import { Layer } from "effect"
import { PollResultsRepository } from "../../application/ports/PollResultsRepository.ts"
import { withDb, withDbWrite } from "./guard.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { saveNewer } from "./MemoryDatabase.ts"

export const makeMemoryPollResultsRepository = (db: MemoryDatabase): PollResultsRepository["Service"] => ({
  save: (view) => withDbWrite(db, () => saveNewer(db.pollResults, view)),
  get: (messageId) => withDb(db, () => db.pollResults.get(messageId) ?? null)
})

export const MemoryPollResultsRepository = {
  layer: (db: MemoryDatabase) => Layer.succeed(PollResultsRepository, makeMemoryPollResultsRepository(db))
}
