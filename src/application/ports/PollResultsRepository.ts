import type { Effect } from "effect"
import { Context } from "effect"
import { z } from "zod"
import type { StoreUnavailable } from "./StoreErrors.ts"

/**
 * The `pollResults` read model: the votes kept on one poll message, one per voter, projected
 * from its `poll-<messageId>` stream (PollAggregate). The one definition of its fields: every
 * store decodes what it reads back with this schema.
 */
export const PollResultsViewSchema = z.object({
  /** the poll message's id */
  id: z.string(),
  campaignId: z.string(),
  votes: z
    .array(
      z.object({
        voter: z.string(),
        lid: z.string().nullable().default(null),
        voterName: z.string().nullable().default(null),
        options: z.array(z.string()).readonly(),
        votedAt: z.number(),
        readable: z.boolean(),
        recordedAt: z.number()
      })
    )
    .readonly(),
  version: z.number().int()
})
export type PollResultsView = Readonly<z.output<typeof PollResultsViewSchema>>

export class PollResultsRepository extends Context.Service<
  PollResultsRepository,
  {
    /** Upsert unless the stored view already reflects this version or a later one. */
    readonly save: (view: PollResultsView) => Effect.Effect<void, StoreUnavailable>
    /** The votes on this poll message, or null when none were recorded. */
    readonly get: (messageId: string) => Effect.Effect<PollResultsView | null, StoreUnavailable>
  }
>()("herald/application/ports/PollResultsRepository") {}
