import { Effect } from "effect"
import { afterAll, describe, expect, it } from "vitest"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { messageView } from "../../contract/MessageRepository.contract.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { withMongoStore } from "../../support/withMongoStore.ts"

const mongoUrl = mongoTestUrl()

afterAll(async () => {
  await dropTestDatabases()
})

describe.skipIf(mongoUrl === null)(
  `findOneAndUpdate with a projection ${mongoUrl === null ? MONGO_SKIP_REASON : ""}`,
  () => {
    // FerretDB v1 answers the projection NotImplemented: every call sent before that first answer
    // retries without it, not only the first (viewDocuments.ts, findAndModify)
    it("the first saves of a new client, made together, all go through", async () => {
      const answers = await withMongoStore(
        freshDatabaseUrl("fam"),
        MessageRepository.use((messages) =>
          Effect.all(
            ["m1", "m2", "m3", "m4"].map((id) => messages.save(messageView(id))),
            { concurrency: "unbounded" }
          )
        )
      )
      expect(answers).toEqual([null, null, null, null])
    })
  }
)
