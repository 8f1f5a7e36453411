import type { ApiKeyLimitReached, ApiKeyNotFound, InvalidApiKey, TooManyBadApiKeys } from "./apiKey/ApiKeyErrors.ts"
import type {
  AccountDisabled,
  AccountRejected,
  EmailAlreadyRegistered,
  EmailNotVerified,
  InvalidCredentials,
  InvalidPreferences,
  InvalidResetToken,
  InvalidVerificationToken,
  ProtectedAccount,
  TooManySignInAttempts,
  UserNotFound,
  UserStatusConflict,
  VerificationPasswordMismatch
} from "./auth/AuthErrors.ts"
import type {
  CampaignConflict,
  CampaignMessageNotFound,
  CampaignNotFound,
  CampaignQuotaExceeded,
  InvalidCampaign,
  MediaNotFound
} from "./campaign/CampaignErrors.ts"
import type { IdempotencyError } from "./idempotency/IdempotencyErrors.ts"
import type { GatewayError } from "./ports/GatewayPort.ts"
import type { StoreUnavailable } from "./ports/StoreErrors.ts"
import type { InvalidSessionPacing, MessagingSessionNotFound, SessionCreationFailed } from "./session/SessionErrors.ts"
import type {
  InvalidWebhookEndpoint,
  TooManyWebhookPings,
  WebhookEndpointLimitReached,
  WebhookEndpointNotFound
} from "./webhook/WebhookErrors.ts"

export type AuthError =
  | InvalidCredentials
  | TooManySignInAttempts
  | EmailAlreadyRegistered
  | InvalidResetToken
  | InvalidVerificationToken
  | VerificationPasswordMismatch
  | EmailNotVerified
  | UserNotFound
  | AccountDisabled
  | AccountRejected
  | ProtectedAccount
  | UserStatusConflict
  | InvalidPreferences

export type CampaignError =
  | CampaignNotFound
  | CampaignMessageNotFound
  | InvalidCampaign
  | CampaignConflict
  | CampaignQuotaExceeded
  | MediaNotFound

export type ApiKeyError = InvalidApiKey | ApiKeyNotFound | ApiKeyLimitReached | TooManyBadApiKeys

export type WebhookError =
  | InvalidWebhookEndpoint
  | WebhookEndpointNotFound
  | WebhookEndpointLimitReached
  | TooManyWebhookPings

export type SessionError = MessagingSessionNotFound | SessionCreationFailed | InvalidSessionPacing

/**
 * The typed failures a use case hands to its caller, each one answered in its own terms
 * (the web API maps every tag to a tRPC code). Anything else reaching a caller is unexpected.
 */
export type AppError =
  | AuthError
  | CampaignError
  | SessionError
  | ApiKeyError
  | IdempotencyError
  | WebhookError
  | GatewayError
  | StoreUnavailable
