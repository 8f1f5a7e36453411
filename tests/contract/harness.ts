import type { Layer } from "effect"
import { Effect } from "effect"
import { expect } from "vitest"
import type { ApiKeyRepository } from "../../src/application/ports/ApiKeyRepository.ts"
import type { AuthSessionRepository } from "../../src/application/ports/AuthSessionRepository.ts"
import type { CampaignRepository } from "../../src/application/ports/CampaignRepository.ts"
import type { EventStore } from "../../src/application/ports/EventStore.ts"
import type { IdempotencyStore } from "../../src/application/ports/IdempotencyStore.ts"
import type { MediaStore } from "../../src/application/ports/MediaStore.ts"
import type { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import type { PasswordResetRepository } from "../../src/application/ports/PasswordResetRepository.ts"
import type { PollResultsRepository } from "../../src/application/ports/PollResultsRepository.ts"
import type { ProjectionCheckpoint } from "../../src/application/ports/ProjectionCheckpoint.ts"
import type { SessionRepository } from "../../src/application/ports/SessionRepository.ts"
import type { StoreUnavailable } from "../../src/application/ports/StoreErrors.ts"
import type { StoreHealth } from "../../src/application/ports/StoreHealth.ts"
import type { UserRepository } from "../../src/application/ports/UserRepository.ts"
import type { WebhookRepository } from "../../src/application/ports/WebhookRepository.ts"

export type StorePorts =
  | EventStore
  | MessageRepository
  | CampaignRepository
  | SessionRepository
  | UserRepository
  | AuthSessionRepository
  | ApiKeyRepository
  | PasswordResetRepository
  | StoreHealth
  | ProjectionCheckpoint
  | MediaStore
  | IdempotencyStore
  | WebhookRepository
  | PollResultsRepository

/** One database of the adapter under test, empty when made. */
export interface TestDatabase {
  /**
   * A new client of this database each call: for Mongo a new MongoClient (as another
   * process would have), for memory another adapter instance over the same maps.
   */
  readonly connect: () => Layer.Layer<StorePorts, StoreUnavailable>
}

/** What a contract suite needs from an adapter family (memory, Mongo, …). */
export interface StoreHarness {
  /** a fresh, empty database: tests never share data */
  readonly freshDatabase: () => TestDatabase
  /** a client of a database that cannot be reached */
  readonly unreachable: () => Layer.Layer<StorePorts, StoreUnavailable>
  /** a client of a database that answers reads but refuses writes (where the test can make one) */
  readonly readOnly?: () => Layer.Layer<StorePorts, StoreUnavailable>
  /**
   * Whether a filtered update is atomic (memory, MongoDB). FerretDB v1 runs it as
   * find-then-write, so two concurrent saves of one view may leave the older stored; the
   * scheduler's catch-up pass repairs that (see src/infrastructure/mongo/viewDocuments.ts).
   */
  readonly atomicUpdates: boolean
}

/** Checks the failure is StoreUnavailable with a message saying why. */
export const expectStoreUnavailable = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
  Effect.flip(effect).pipe(
    Effect.map((error) => {
      expect(error).toMatchObject({ _tag: "StoreUnavailable" })
      expect((error as { message?: unknown }).message).toEqual(expect.any(String))
      expect((error as { message: string }).message.length).toBeGreaterThan(0)
      return error as StoreUnavailable
    })
  )
