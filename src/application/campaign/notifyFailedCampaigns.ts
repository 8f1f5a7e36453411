import { Clock, Effect, Stream } from "effect"
import type { MadeUpTitle, TitledTarget } from "../../domain/campaign/defaultTitle.ts"
import { madeUpTitleOf } from "../../domain/campaign/defaultTitle.ts"
import { failureKindOf } from "../../domain/message/failureKind.ts"
import { CampaignAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { recordedPages } from "../eventSourcing/recordedPages.ts"
import type { StreamRef } from "../ports/EventStore.ts"
import { Notifier } from "../ports/Notifier.ts"

const CAMPAIGN_STREAM = "campaign-"
const PAGE = 1_000

/** The campaigns a page of the log touches, each once. */
const campaignsIn = (page: ReadonlyArray<StreamRef>): Set<string> =>
  new Set(
    page
      .filter((ref) => ref.streamId.startsWith(CAMPAIGN_STREAM))
      .map((ref) => ref.streamId.slice(CAMPAIGN_STREAM.length))
  )

/**
 * Tells the admin of every campaign that failed (a send error, a missed message, an unknown
 * outcome) among the campaigns with events recorded since `since`; not of those that failed
 * because the admin disabled their owner's account (recorded as told all the same). The scheduler has no mail
 * settings (docs/operations.md#notifications), so the web process relays: it records CampaignFailureNotified on the
 * campaign's stream first and notifies only when its append won, so of several web processes
 * exactly one tells, once. A crash between the two loses that notice rather than repeating it.
 * Returns the time of the newest event seen.
 */
export const notifyFailedCampaigns = Effect.fn("notifyFailedCampaigns")(function* (since: number) {
  const notifier = yield* Notifier
  const relay = (campaignId: string) =>
    Effect.gen(function* () {
      const now = yield* Clock.currentTimeMillis
      const outcome = yield* execute(CampaignAggregate)(campaignId, { type: "RecordFailureNotified", now })
      if (outcome._tag === "Accepted" && outcome.events.length > 0) {
        const campaign = outcome.state
        // failed because the admin disabled its owner: the admin knows, and one mail per campaign is noise
        if (failureKindOf(campaign.failureReason) === "disabled") return
        yield* notifier.notify({
          kind: "CampaignFailed",
          campaignId,
          title: campaign.title,
          madeUpTitle: madeUpTitleOfState(campaign.titleMadeUp, campaign.targets),
          reason: campaign.failureReason ?? "unknown"
        })
      }
    })
  return yield* recordedPages(since, PAGE).pipe(
    Stream.tap((page) => Effect.forEach(campaignsIn(page), relay, { discard: true })),
    Stream.runFold(
      () => since,
      (newest, page) => page.at(-1)?.recordedAt ?? newest
    )
  )
})

/** The made-up title's parts (the mail words them in the reader's language), or null: written. */
const madeUpTitleOfState = (titleMadeUp: boolean, targets: ReadonlyArray<TitledTarget>): MadeUpTitle | null => {
  const [first, ...rest] = targets
  return titleMadeUp && first !== undefined ? madeUpTitleOf([first, ...rest]) : null
}
