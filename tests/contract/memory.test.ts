import { makeMemoryDatabase } from "../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../src/infrastructure/memory/MemoryStore.ts"
import { describeApiKeyRepositoryContract } from "./ApiKeyRepository.contract.ts"
import { describeAuthSessionRepositoryContract } from "./AuthSessionRepository.contract.ts"
import { describeCampaignCountersContract } from "./CampaignCounters.contract.ts"
import { describeCampaignListingContract } from "./CampaignListing.contract.ts"
import { describeCampaignRepositoryContract } from "./CampaignRepository.contract.ts"
import { describeEventStoreContract } from "./EventStore.contract.ts"
import type { StoreHarness } from "./harness.ts"
import { describeIdempotencyStoreContract } from "./IdempotencyStore.contract.ts"
import { describeMediaStoreContract } from "./MediaStore.contract.ts"
import { describeMessageRepositoryContract } from "./MessageRepository.contract.ts"
import { describePasswordResetRepositoryContract } from "./PasswordResetRepository.contract.ts"
import { describePollResultsRepositoryContract } from "./PollResultsRepository.contract.ts"
import { describeProjectionCheckpointContract } from "./ProjectionCheckpoint.contract.ts"
import { describeSessionRepositoryContract } from "./SessionRepository.contract.ts"
import { describeStoreHealthContract } from "./StoreHealth.contract.ts"
import { describeUserRepositoryContract } from "./UserRepository.contract.ts"
import { describeWebhookRepositoryContract } from "./WebhookRepository.contract.ts"

const memory: StoreHarness = {
  freshDatabase: () => {
    const db = makeMemoryDatabase()
    return { connect: () => MemoryStore.layer(db) }
  },
  atomicUpdates: true,
  unreachable: () => {
    const db = makeMemoryDatabase()
    db.unavailable = "connect ECONNREFUSED 127.0.0.1:27017"
    return MemoryStore.layer(db)
  },
  readOnly: () => {
    const db = makeMemoryDatabase()
    db.readOnly = "the database is read-only"
    return MemoryStore.layer(db)
  }
}

describeEventStoreContract("memory", memory)
describeMessageRepositoryContract("memory", memory)
describeCampaignRepositoryContract("memory", memory)
describeCampaignCountersContract("memory", memory)
describeCampaignListingContract("memory", memory)
describeSessionRepositoryContract("memory", memory)
describeUserRepositoryContract("memory", memory)
describeAuthSessionRepositoryContract("memory", memory)
describeApiKeyRepositoryContract("memory", memory)
describeWebhookRepositoryContract("memory", memory)
describePasswordResetRepositoryContract("memory", memory)
describeIdempotencyStoreContract("memory", memory)
describeStoreHealthContract("memory", memory)
describeProjectionCheckpointContract("memory", memory)
describeMediaStoreContract("memory", memory)
describePollResultsRepositoryContract("memory", memory)
