import { afterAll, describe } from "vitest"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { describeApiKeyApi } from "./apiKeys.suite.ts"
import { describeAuthApi } from "./auth.suite.ts"
import { describeAuthorizationMatrix } from "./authorization.suite.ts"
import { describeFuzz } from "./fuzz.suite.ts"
import { describeHttpSurface } from "./http.suite.ts"
import { describeSessionApi } from "./session.suite.ts"
import { describeWebhookEndpointApi } from "./webhookEndpoints.suite.ts"

const url = mongoTestUrl()
const mongo = () => ({ kind: "mongo" as const, url: freshDatabaseUrl("web") })

describe.skipIf(url === null)(url === null ? `web API on Mongo: ${MONGO_SKIP_REASON}` : "web API on Mongo", () => {
  afterAll(dropTestDatabases)
  describeAuthApi("mongo", mongo)
  describeApiKeyApi("mongo", mongo)
  describeWebhookEndpointApi("mongo", mongo)
  describeSessionApi("mongo", mongo)
  describeAuthorizationMatrix("mongo", mongo)
  describeHttpSurface("mongo", mongo, "mongo")
  describeFuzz("mongo", mongo)
})
