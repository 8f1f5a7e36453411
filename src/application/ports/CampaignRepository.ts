import { Context } from "effect"
import type { Effect } from "effect"
import type { CampaignStatus } from "../../domain/campaign/Campaign.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

export interface CampaignView {
  readonly id: string
  readonly userId: string
  readonly sessionId: string
  readonly groupId: string
  readonly groupName: string
  readonly title: string
  readonly status: CampaignStatus
  readonly failureReason: string | null
  readonly messageIds: ReadonlyArray<string>
  readonly createdAt: number
  readonly updatedAt: number
  readonly version: number
}

export class CampaignRepository extends Context.Service<CampaignRepository, {
  /** Upsert unless the stored view already reflects this version or a later one. */
  readonly save: (view: CampaignView) => Effect.Effect<void, StoreUnavailable>
  readonly get: (id: string) => Effect.Effect<CampaignView | null, StoreUnavailable>
  /** oldest first (createdAt), ties by id in binary order */
  readonly listBySession: (sessionId: string) => Effect.Effect<ReadonlyArray<CampaignView>, StoreUnavailable>
  /** a user's campaigns, newest first (createdAt, then id, both descending), `offset` skipped */
  readonly listByUser: (userId: string, page: { readonly limit: number; readonly offset: number }) => Effect.Effect<ReadonlyArray<CampaignView>, StoreUnavailable>
}>()("herald/application/ports/CampaignRepository") {}
