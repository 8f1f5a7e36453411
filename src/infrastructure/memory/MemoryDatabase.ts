import type { ApiKey } from "../../application/ports/ApiKeyRepository.ts"
import type { AuthSession } from "../../application/ports/AuthSessionRepository.ts"
import type { CampaignView } from "../../application/ports/CampaignRepository.ts"
import type { StoredEvent } from "../../application/ports/EventStore.ts"
import type { IdempotencyRecord } from "../../application/ports/IdempotencyStore.ts"
import type { StoredMedia } from "../../application/ports/MediaStore.ts"
import type { MessageView } from "../../application/ports/MessageRepository.ts"
import type { PasswordReset } from "../../application/ports/PasswordResetRepository.ts"
import type { PollResultsView } from "../../application/ports/PollResultsRepository.ts"
import type { SessionView } from "../../application/ports/SessionRepository.ts"
import type { UserView } from "../../application/ports/UserRepository.ts"
import type { WebhookDelivery, WebhookEndpoint } from "../../application/ports/WebhookRepository.ts"

/**
 * The in-memory "server": one per test or embedded run. Several adapter instances (several
 * scheduler "clients") may share one, as several processes share one MongoDB.
 */
export interface MemoryDatabase {
  /** keyed `<streamId>:<version>`, like the Mongo event log's _id */
  readonly events: Map<string, StoredEvent>
  readonly streamVersions: Map<string, number>
  readonly messages: Map<string, MessageView>
  /** the campaign index a real database would have: progress is asked after every send */
  readonly messagesByCampaign: Map<string, Set<string>>
  readonly campaigns: Map<string, CampaignView>
  readonly sessions: Map<string, SessionView>
  readonly users: Map<string, UserView>
  readonly authSessions: Map<string, AuthSession>
  readonly passwordResets: Map<string, PasswordReset>
  /** keyed by digest */
  readonly apiKeys: Map<string, ApiKey>
  /** Idempotency-Key records, keyed by account and key */
  readonly idempotencyKeys: Map<string, IdempotencyRecord>
  readonly webhookEndpoints: Map<string, WebhookEndpoint>
  readonly webhookDeliveries: Map<string, WebhookDelivery>
  /** the readiness probe's record: when it was last written */
  readonly probes: Map<string, number>
  /** the projection checkpoint, under `projections` */
  readonly checkpoints: Map<string, number>
  /** uploaded images and files, with their bytes */
  readonly media: Map<string, { readonly media: StoredMedia; readonly bytes: Uint8Array }>
  /** the votes on each poll message, keyed by its id */
  readonly pollResults: Map<string, PollResultsView>
  /** set to a message to make every call fail as if the database were unreachable */
  unavailable: string | null
  /** set to a message to make every write fail as on a read-only database (reads still answer) */
  readOnly: string | null
}

export const makeMemoryDatabase = (): MemoryDatabase => ({
  events: new Map(),
  streamVersions: new Map(),
  messages: new Map(),
  messagesByCampaign: new Map(),
  campaigns: new Map(),
  sessions: new Map(),
  users: new Map(),
  authSessions: new Map(),
  passwordResets: new Map(),
  apiKeys: new Map(),
  idempotencyKeys: new Map(),
  webhookEndpoints: new Map(),
  webhookDeliveries: new Map(),
  probes: new Map(),
  checkpoints: new Map(),
  media: new Map(),
  pollResults: new Map(),
  unavailable: null,
  readOnly: null
})

/** Keeps a read model's newest version: an older projection never overwrites a newer one. */
export const saveNewer = <V extends { readonly id: string; readonly version: number }>(
  map: Map<string, V>,
  view: V
): void => {
  const current = map.get(view.id)
  if (!current || current.version < view.version) map.set(view.id, view)
}

/** Oldest first (createdAt), ties by id in binary order, as MongoDB sorts `{createdAt: 1, _id: 1}`. */
export const byCreatedAt = <V extends { readonly id: string; readonly createdAt: number }>(a: V, b: V): number =>
  a.createdAt - b.createdAt || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
