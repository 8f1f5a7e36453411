import { Layer } from "effect"
import { MemoryApiKeyRepository } from "./MemoryApiKeyRepository.ts"
import { MemoryAuthSessionRepository } from "./MemoryAuthSessionRepository.ts"
import { MemoryCampaignRepository } from "./MemoryCampaignRepository.ts"
import type { MemoryDatabase } from "./MemoryDatabase.ts"
import { MemoryEventStore } from "./MemoryEventStore.ts"
import { MemoryIdempotencyStore } from "./MemoryIdempotencyStore.ts"
import { MemoryMediaStore } from "./MemoryMediaStore.ts"
import { MemoryMessageRepository } from "./MemoryMessageRepository.ts"
import { MemoryPasswordResetRepository } from "./MemoryPasswordResetRepository.ts"
import { MemoryPollResultsRepository } from "./MemoryPollResultsRepository.ts"
import { MemoryProjectionCheckpoint } from "./MemoryProjectionCheckpoint.ts"
import { MemorySessionRepository } from "./MemorySessionRepository.ts"
import { MemoryStoreHealth } from "./MemoryStoreHealth.ts"
import { MemoryUserRepository } from "./MemoryUserRepository.ts"
import { MemoryWebhookRepository } from "./MemoryWebhookRepository.ts"

/** Every store port on one in-memory database: one "client" of it. */
export const MemoryStore = {
  layer: (db: MemoryDatabase) =>
    Layer.mergeAll(
      MemoryEventStore.layer(db),
      MemoryMessageRepository.layer(db),
      MemoryCampaignRepository.layer(db),
      MemorySessionRepository.layer(db),
      MemoryUserRepository.layer(db),
      MemoryAuthSessionRepository.layer(db),
      MemoryPasswordResetRepository.layer(db),
      MemoryApiKeyRepository.layer(db),
      MemoryIdempotencyStore.layer(db),
      MemoryWebhookRepository.layer(db),
      MemoryStoreHealth.layer(db),
      MemoryProjectionCheckpoint.layer(db),
      MemoryMediaStore.layer(db),
      MemoryPollResultsRepository.layer(db)
    )
}
