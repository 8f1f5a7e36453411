import { Effect } from "effect"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import { GatewayPort } from "../ports/GatewayPort.ts"
import { oneLine } from "../text/oneLine.ts"
import { updateCampaignProgress } from "./updateCampaignProgress.ts"

/** One lookup of a message by its id may take this long; past it the answer is "cannot tell". */
export const LOOKUP_BY_ID_TIMEOUT_MS = 10_000

/** The claim of a message that recorded the id its send was to use. */
export interface ClaimWithId {
  readonly id: string
  readonly campaignId: string
  readonly groupId: string
  readonly claimGatewayId: string
}

/**
 * `Settled`: recorded SENT (or found SENT already); `Moved`: the message is no longer this claim's (settled or reported
 * meanwhile, by another scheduler); `NotFound`: the gateway does not know the id, which proves
 * nothing (the send may still be inside the engine, or the engine ignored the id); `CannotTell`.
 */
export type ByIdSettlement =
  | { readonly _tag: "Settled" }
  | { readonly _tag: "Moved" }
  | { readonly _tag: "NotFound" }
  | { readonly _tag: "CannotTell"; readonly why: string }

const cannotTell = (why: string): ByIdSettlement => ({ _tag: "CannotTell", why })

/**
 * Asks the gateway for the message by the id its claim recorded (docs/outcome-unknown.md,
 * "Client-chosen message ids"). Only a certain answer settles it SENT: this session's message in
 * this chat with this id (the adapter checks all three), acknowledged by WhatsApp's server
 * (`ack` ≥ 1); a message still pending in the engine proves nothing. `by`: the claim's own
 * scheduler, settling its own cut-off send before the lease ends; without it only after the lease.
 */
export const settleSentById = Effect.fnUntraced(function* (
  claim: ClaimWithId,
  sessionName: string,
  rule: { readonly leaseMs: number; readonly now: number; readonly by?: string }
) {
  const lookup = yield* (yield* GatewayPort)
    .findMessageById({ session: sessionName, chatId: claim.groupId, id: claim.claimGatewayId })
    .pipe(
      Effect.timeoutOrElse({
        duration: LOOKUP_BY_ID_TIMEOUT_MS,
        orElse: () =>
          Effect.succeed({ _tag: "Unsure", reason: "the gateway did not answer the lookup by id in time" } as const)
      }),
      Effect.result
    )
  if (lookup._tag === "Failure") return cannotTell(lookup.failure.message)
  const found = lookup.success
  if (found._tag === "NotFound") return { _tag: "NotFound" } satisfies ByIdSettlement
  if (found._tag === "Unsure") return cannotTell(found.reason)
  if (found.ack === null || found.ack < 1) {
    return cannotTell(`the gateway has it by its id but WhatsApp has not acknowledged it (ack ${found.ack ?? "none"})`)
  }
  const outcome = yield* execute(MessageAggregate)(claim.id, {
    type: "SettleSentById",
    gatewayMessageId: claim.claimGatewayId,
    sentAt: found.timestamp,
    ack: found.ack,
    ...rule
  })
  if (outcome._tag === "Rejected") {
    // the read model was behind its stream: bring it up to date so it is not found again
    yield* projectStream(MessageAggregate.streamId(claim.id))
    if (outcome.state.status !== "SENT") return { _tag: "Moved" } satisfies ByIdSettlement
    // sent already: by an earlier try whose answer was lost, perhaps before its campaign moved on
    yield* updateCampaignProgress(claim.campaignId)
    return { _tag: "Settled" } satisfies ByIdSettlement
  }
  yield* Effect.logInfo(
    `Message ${oneLine(claim.id)} settled as sent by its id (gateway message ${oneLine(claim.claimGatewayId)})`
  )
  yield* updateCampaignProgress(claim.campaignId)
  return { _tag: "Settled" } satisfies ByIdSettlement
})
