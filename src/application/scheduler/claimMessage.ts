import { Clock, Effect } from "effect"
import type { ClaimedMessage, MessageCommand, MessageState } from "../../domain/message/Message.ts"
import { isClaimed } from "../../domain/message/Message.ts"
import { MessageAggregate, MessageAggregateCountedLater } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { retryWhileUnavailable } from "./retryWhileUnavailable.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/**
 * What became of a claim: `Claimed`, ours to send; `Taken`, another scheduler holds the message
 * (it picked it, or appended first), so its session is left to it; `NotOurs`, nobody's to send
 * now (deleted, cancelled, missed, moved out of the window), the session goes on.
 */
export type Claim =
  | { readonly _tag: "Claimed"; readonly state: ClaimedMessage }
  | { readonly _tag: "Taken" }
  | { readonly _tag: "NotOurs" }

const taken: Claim = { _tag: "Taken" }
const notOurs: Claim = { _tag: "NotOurs" }

/**
 * Claims a message by appending MessagePicked at the next version of its stream: of any
 * number of schedulers, exactly one succeeds. `selectedAt` is the time of the cycle that found
 * the message due (selection happens at the cycle, docs/architecture.md#the-scheduler).
 * `known`, the stream as a preload read it shortly before (docs/architecture.md#loading-ahead),
 * saves the read: the claim is one append. If the stream moved since, that append conflicts and
 * the claim reads again and decides on what it finds, once; a refusal on the preloaded state is
 * checked on a fresh read too. So an edit, a cancellation or another scheduler's claim after the
 * preload is seen as what it is, never taken for another scheduler holding the session.
 * `gatewayMessageId`, an id taken from the gateway for the send, is recorded in the same append
 * (docs/outcome-unknown.md#client-chosen-message-ids-evidence-and-plan); without one the claim is as before.
 */
export const claimMessage = Effect.fnUntraced(function* (
  view: MessageView,
  selectedAt: number,
  known?: MessageState,
  gatewayMessageId?: string
) {
  const { schedulerId, leaseMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  const pick: MessageCommand = {
    type: "Pick",
    selectedAt,
    now,
    by: schedulerId,
    ...(gatewayMessageId === undefined ? {} : { gatewayMessageId })
  }
  // the claim's view alone: its campaign is recounted after the record that follows (Aggregates.ts)
  const outcome = yield* execute(MessageAggregateCountedLater)(
    view.id,
    pick,
    known === undefined ? { retries: 0 } : { known, retries: 1 }
  ).pipe(
    Effect.flatMap((outcome) =>
      // refused on the preloaded state itself: decide again on the stream as it is now
      outcome._tag === "Rejected" && outcome.state === known
        ? execute(MessageAggregateCountedLater)(view.id, pick, { retries: 0 })
        : Effect.succeed(outcome)
    ),
    Effect.catchTag("ConcurrencyConflict", () => Effect.succeed(null)),
    // No answer to the append (the connection was cut, it timed out): it may be stored all
    // the same. Read back; a pick with our id and time is ours, to send, or no one ever would.
    // Unless half its lease is gone by then: the lease recovery of another scheduler may soon
    // report it, and a send racing that report would be recorded wrongly; it is left to that
    // recovery (settled from the chat's history, or reported outcome-unknown), never sent late.
    Effect.catchTag("StoreUnavailable", (error) =>
      load(MessageAggregate, view.id).pipe(
        retryWhileUnavailable(view.id, "its claim"),
        Effect.flatMap((state) =>
          state.status === "PICKED" &&
          state.pickedBy === schedulerId &&
          state.pickedAt === now &&
          state.claimGatewayId === (gatewayMessageId ?? null)
            ? Effect.flatMap(Clock.currentTimeMillis, (at) =>
                at < now + leaseMs / 2
                  ? Effect.succeed({ _tag: "Accepted" as const, state, events: [] })
                  : Effect.logWarning(
                      `Message ${view.id}: its claim was read back too late to send (half its lease gone); left to the lease recovery`
                    ).pipe(Effect.as(null))
              )
            : Effect.fail(error)
        )
      )
    )
  )
  // another append came first (with a preload: twice); it is another scheduler's
  if (outcome === null) return taken
  if (outcome._tag === "Rejected") {
    // The read model was behind the stream; bring it up to date so no one selects it again.
    if (outcome.state.version !== view.version) yield* projectStream(MessageAggregate.streamId(view.id))
    return outcome.rejection._tag === "MessageAlreadyPicked" ? taken : notOurs
  }
  // Accepted, or read back as ours: PICKED, and picked only after MessageScheduled set its target
  if (!isClaimed(outcome.state))
    return yield* Effect.die(new Error(`Message ${view.id}: claimed, but its state is not a claimed message's`))
  return { _tag: "Claimed", state: outcome.state } satisfies Claim
})
