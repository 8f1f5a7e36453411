import { Effect } from "effect"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { load } from "../eventSourcing/execute.ts"
import { IdempotentRunAgain } from "../idempotency/runAgain.ts"
import { isRefusal } from "../idempotency/runIdempotently.ts"
import { Ids } from "../ports/Ids.ts"

/**
 * On a run again under an Idempotency-Key (IdempotentRunAgain), the campaign its first run
 * created (by its keyed id, createCampaign), when it is `userId`'s: the answer, whatever the plan
 * now holds (a message deleted from a duplicated original, an occurrence now past) and before any
 * check its existence would fail (the quota counting it). Null otherwise: the run goes on.
 */
export const campaignOfRunAgain = Effect.fn("campaignOfRunAgain")(function* (userId: string) {
  if (!(yield* IdempotentRunAgain)) return null
  const named = (yield* Ids).named
  if (named === undefined) return null
  const state = yield* load(CampaignAggregate, named("campaign"))
  return state.status !== "NEW" && state.userId === userId ? state : null
})

/**
 * Runs `create` (campaign.create, campaign.duplicate); on a run again whose first run created
 * its campaign, answers that campaign whatever `create` now says: `create` (told `earlier`, to
 * skip the quota that counts it) carries on scheduling what the first run did not when the plan
 * is still the same (createCampaign), and its refusals (isRefusal: a plan changed since, a time
 * now past, the original gone) leave the campaign as it is. Any other failure (the store
 * unreachable, a conflict) fails as ever: the key stays claimed, for a later run again.
 */
export const orCampaignOfRunAgain = <E extends { readonly _tag: string }, R>(
  userId: string,
  create: (earlier: { readonly id: string } | null) => Effect.Effect<{ readonly id: string }, E, R>
) =>
  Effect.gen(function* () {
    const earlier = yield* campaignOfRunAgain(userId)
    if (earlier === null) return yield* create(null)
    return yield* create(earlier).pipe(
      Effect.catch((error) =>
        !isRefusal(error._tag)
          ? Effect.fail(error)
          : Effect.logWarning(
              `campaign ${earlier.id} of an Idempotency-Key's first run answered as it is: ${error._tag}`
            ).pipe(Effect.as({ id: earlier.id }))
      )
    )
  })
