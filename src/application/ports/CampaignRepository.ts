import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import { CAMPAIGN_STATUSES } from "../../domain/campaign/Campaign.ts"
import type { StoreUnavailable } from "./StoreErrors.ts"

/** The `campaigns` read model; every store decodes what it reads back with this schema. */
export const CampaignViewSchema = z.object({
  id: z.string(),
  userId: z.string(),
  sessionId: z.string(),
  groupId: z.string(),
  groupName: z.string(),
  title: z.string(),
  status: z.enum(CAMPAIGN_STATUSES),
  failureReason: z.string().nullable(),
  messageIds: z.array(z.string()).readonly(),
  createdAt: z.number(),
  updatedAt: z.number(),
  version: z.number().int()
})
export type CampaignView = Readonly<z.output<typeof CampaignViewSchema>>

export class CampaignRepository extends Context.Service<
  CampaignRepository,
  {
    /** Upsert unless the stored view already reflects this version or a later one. */
    readonly save: (view: CampaignView) => Effect.Effect<void, StoreUnavailable>
    readonly get: (id: string) => Effect.Effect<CampaignView | null, StoreUnavailable>
    /** oldest first (createdAt), ties by id in binary order */
    readonly listBySession: (sessionId: string) => Effect.Effect<ReadonlyArray<CampaignView>, StoreUnavailable>
    /** a user's campaigns, newest first (createdAt, then id, both descending), `offset` skipped */
    readonly listByUser: (
      userId: string,
      page: { readonly limit: number; readonly offset: number }
    ) => Effect.Effect<ReadonlyArray<CampaignView>, StoreUnavailable>
  }
>()("herald/application/ports/CampaignRepository") {}
