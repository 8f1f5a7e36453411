import { Layer } from "effect"
import { SqliteApiKeyRepository } from "./SqliteApiKeyRepository.ts"
import { SqliteAuthSessionRepository } from "./SqliteAuthSessionRepository.ts"
import { SqliteCampaignRepository } from "./SqliteCampaignRepository.ts"
import { SqliteEventStore } from "./SqliteEventStore.ts"
import { SqliteIdempotencyStore } from "./SqliteIdempotencyStore.ts"
import { SqliteMediaStore } from "./SqliteMediaStore.ts"
import { SqliteMessageRepository } from "./SqliteMessageRepository.ts"
import { SqlitePasswordResetRepository } from "./SqlitePasswordResetRepository.ts"
import { SqlitePollResultsRepository } from "./SqlitePollResultsRepository.ts"
import { SqliteProjectionCheckpoint } from "./SqliteProjectionCheckpoint.ts"
import { SqliteSessionRepository } from "./SqliteSessionRepository.ts"
import { SqliteStoreHealth } from "./SqliteStoreHealth.ts"
import { SqliteUserRepository } from "./SqliteUserRepository.ts"
import { SqliteWebhookRepository } from "./SqliteWebhookRepository.ts"

/** Every store port on one SqliteDatabase (provide `SqliteDatabase.layer({ path })`): one connection to the file. */
export const SqliteStore = {
  layer: Layer.mergeAll(
    SqliteEventStore.layer,
    SqliteMessageRepository.layer,
    SqliteCampaignRepository.layer,
    SqliteSessionRepository.layer,
    SqliteUserRepository.layer,
    SqliteAuthSessionRepository.layer,
    SqlitePasswordResetRepository.layer,
    SqliteApiKeyRepository.layer,
    SqliteIdempotencyStore.layer,
    SqliteWebhookRepository.layer,
    SqliteStoreHealth.layer,
    SqliteProjectionCheckpoint.layer,
    SqliteMediaStore.layer,
    SqlitePollResultsRepository.layer
  )
}
