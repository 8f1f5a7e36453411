import { describeApiKeyApi } from "./apiKeys.suite.ts"
import { describeAuthApi } from "./auth.suite.ts"
import { describeAuthorizationMatrix } from "./authorization.suite.ts"
import { describeFuzz } from "./fuzz.suite.ts"
import { describeHttpSurface } from "./http.suite.ts"
import { describeSessionApi } from "./session.suite.ts"
import { describeWebhookEndpointApi } from "./webhookEndpoints.suite.ts"

const memory = () => ({ kind: "memory" as const })

describeAuthApi("memory", memory)
describeApiKeyApi("memory", memory)
describeWebhookEndpointApi("memory", memory)
describeSessionApi("memory", memory)
describeAuthorizationMatrix("memory", memory)
describeHttpSurface("memory", memory, "memory")
describeFuzz("memory", memory)
