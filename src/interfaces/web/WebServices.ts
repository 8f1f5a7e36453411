import type { BadKeyThrottle } from "../../application/apiKey/BadKeyThrottle.ts"
import type { SignInThrottle } from "../../application/auth/SignInThrottle.ts"
import type { ProjectionStores } from "../../application/eventSourcing/Aggregates.ts"
import type { ApiKeyRepository } from "../../application/ports/ApiKeyRepository.ts"
import type { AuthSessionRepository } from "../../application/ports/AuthSessionRepository.ts"
import type { EventStore } from "../../application/ports/EventStore.ts"
import type { GatewayPort } from "../../application/ports/GatewayPort.ts"
import type { IdempotencyStore } from "../../application/ports/IdempotencyStore.ts"
import type { MediaStore } from "../../application/ports/MediaStore.ts"
import type { Notifier } from "../../application/ports/Notifier.ts"
import type { PasswordHasher } from "../../application/ports/PasswordHasher.ts"
import type { PasswordResetRepository } from "../../application/ports/PasswordResetRepository.ts"
import type { StoreHealth } from "../../application/ports/StoreHealth.ts"
import type { WebhookRepository } from "../../application/ports/WebhookRepository.ts"
import type { WebhookTransport } from "../../application/ports/WebhookTransport.ts"
import type { GatewayDirectory } from "../../application/session/GatewayDirectory.ts"
import type { BackgroundWork } from "../../application/shared/BackgroundWork.ts"
import type { KeyedLocks } from "../../application/shared/KeyedLocks.ts"
import type { RefusalLog } from "../../application/shared/RefusalLog.ts"
import type { RequestLimits } from "../../application/shared/RequestLimits.ts"
import type { SeenEvents } from "../../application/shared/SeenEvents.ts"
import type { TrustedSenders } from "../../application/shared/TrustedSenders.ts"

/** The services each web process keeps for itself (webServicesLayer builds them on top of the store's). */
export type ProcessLocalServices =
  | SignInThrottle
  | BadKeyThrottle
  | GatewayDirectory
  | KeyedLocks
  | RequestLimits
  | RefusalLog
  | SeenEvents
  | TrustedSenders
  | BackgroundWork
  | WebhookTransport

/** Everything the web process's use cases need, provided by WebServer's layer. */
export type WebServices =
  | EventStore
  | ProjectionStores
  | AuthSessionRepository
  | ApiKeyRepository
  | WebhookRepository
  | PasswordResetRepository
  | StoreHealth
  | PasswordHasher
  | Notifier
  | GatewayPort
  | MediaStore
  | IdempotencyStore
  | ProcessLocalServices
