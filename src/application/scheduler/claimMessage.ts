import { Clock, Effect } from "effect"
import { isClaimed } from "../../domain/message/Message.ts"
import { MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"
import { projectStream } from "../eventSourcing/project.ts"
import type { MessageView } from "../ports/MessageRepository.ts"
import { retryWhileUnavailable } from "./retryWhileUnavailable.ts"
import { SchedulerSettings } from "./SchedulerSettings.ts"

/**
 * Claims a message by appending MessagePicked at the next version of its stream: of any
 * number of schedulers, exactly one succeeds. Returns null when this one did not get it
 * (already picked, edited out of the window, deleted, cancelled). `selectedAt` is the time
 * of the cycle that found the message due (selection happens at the cycle, docs/architecture.md#the-scheduler).
 */
export const claimMessage = Effect.fnUntraced(function* (view: MessageView, selectedAt: number) {
  const { schedulerId, leaseMs } = yield* SchedulerSettings
  const now = yield* Clock.currentTimeMillis
  const outcome = yield* execute(MessageAggregate)(
    view.id,
    { type: "Pick", selectedAt, now, by: schedulerId },
    {
      retries: 0
    }
  ).pipe(
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
          state.status === "PICKED" && state.pickedBy === schedulerId && state.pickedAt === now
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
  if (outcome === null) return null
  if (outcome._tag === "Rejected") {
    // The read model was behind the stream; bring it up to date so no one selects it again.
    if (outcome.state.version !== view.version) yield* projectStream(MessageAggregate.streamId(view.id))
    return null
  }
  // Accepted, or read back as ours: PICKED, and picked only after MessageScheduled set its target
  if (!isClaimed(outcome.state))
    return yield* Effect.die(new Error(`Message ${view.id}: claimed, but its state is not a claimed message's`))
  return outcome.state
})
