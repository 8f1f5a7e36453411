import { Layer } from "effect"
import { MongoApiKeyRepository } from "./MongoApiKeyRepository.ts"
import { MongoAuthSessionRepository } from "./MongoAuthSessionRepository.ts"
import { MongoCampaignRepository } from "./MongoCampaignRepository.ts"
import { MongoEventStore } from "./MongoEventStore.ts"
import { MongoIdempotencyStore } from "./MongoIdempotencyStore.ts"
import { MongoMediaStore } from "./MongoMediaStore.ts"
import { MongoMessageRepository } from "./MongoMessageRepository.ts"
import { MongoPasswordResetRepository } from "./MongoPasswordResetRepository.ts"
import { MongoPollResultsRepository } from "./MongoPollResultsRepository.ts"
import { MongoProjectionCheckpoint } from "./MongoProjectionCheckpoint.ts"
import { MongoSessionRepository } from "./MongoSessionRepository.ts"
import { MongoStoreHealth } from "./MongoStoreHealth.ts"
import { MongoUserRepository } from "./MongoUserRepository.ts"
import { MongoWebhookRepository } from "./MongoWebhookRepository.ts"

/** Every store port on one MongoDatabase (provide `MongoDatabase.layer(...)`): one client of it. */
export const MongoStore = {
  layer: Layer.mergeAll(
    MongoEventStore.layer,
    MongoMessageRepository.layer,
    MongoCampaignRepository.layer,
    MongoSessionRepository.layer,
    MongoUserRepository.layer,
    MongoAuthSessionRepository.layer,
    MongoPasswordResetRepository.layer,
    MongoApiKeyRepository.layer,
    MongoIdempotencyStore.layer,
    MongoWebhookRepository.layer,
    MongoStoreHealth.layer,
    MongoProjectionCheckpoint.layer,
    MongoMediaStore.layer,
    MongoPollResultsRepository.layer
  )
}
