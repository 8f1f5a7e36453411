import { Layer } from "effect"
import { MongoCampaignRepository } from "./MongoCampaignRepository.ts"
import { MongoEventStore } from "./MongoEventStore.ts"
import { MongoMessageRepository } from "./MongoMessageRepository.ts"
import { MongoSessionRepository } from "./MongoSessionRepository.ts"

/** Every store port on one MongoDatabase (provide `MongoDatabase.layer(...)`): one client of it. */
export const MongoStore = {
  layer: Layer.mergeAll(
    MongoEventStore.layer,
    MongoMessageRepository.layer,
    MongoCampaignRepository.layer,
    MongoSessionRepository.layer
  )
}
