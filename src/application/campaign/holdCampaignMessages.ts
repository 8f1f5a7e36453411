import { Clock, Effect } from "effect"
import type { MessageEvent } from "../../domain/message/Message.ts"
import { CampaignAggregate, MessageAggregate } from "../eventSourcing/Aggregates.ts"
import { execute, load } from "../eventSourcing/execute.ts"

/** Messages paused or resumed at once: enough for SQLite's group commit and MongoDB's batches to share a write. */
export const PAUSE_CONCURRENCY = 16

/**
 * Resumes these messages, each at the clock's time when its turn comes (never one `now` for
 * all: a message falling due during a long resume is skipped, not resumed and sent late).
 * Messages not paused are left as they are. Answers how many were resumed and skipped.
 */
export const releaseMessages = (ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const outcomes = yield* Effect.forEach(
      ids,
      (id) =>
        Clock.currentTimeMillis.pipe(Effect.flatMap((now) => execute(MessageAggregate)(id, { type: "Resume", now }))),
      { concurrency: PAUSE_CONCURRENCY }
    )
    let resumed = 0
    let skipped = 0
    for (const o of outcomes) {
      if (o._tag !== "Accepted") continue
      for (const e of o.events) {
        if (e.type === "MessageResumed") resumed++
        if (e.type === "MessageSkipped") skipped++
      }
    }
    return { outcomes, resumed, skipped }
  })

const paused = (events: ReadonlyArray<MessageEvent>) => events.some((e) => e.type === "MessagePaused")

/**
 * Pauses these messages of a campaign just paused, each on its own stream (a claim appended first
 * wins, and is counted in `alreadyPicked`). One that cannot be paused (the store failing) does not
 * stop the others: all are tried, then the first failure is answered, and the campaign's page
 * offers to finish pausing (docs/architecture.md#pausing-a-campaign).
 *
 * Then the campaign is read again: resumed meanwhile (a resume racing this pause), what this paused
 * is resumed, so no message stays held in a campaign that sends. Failed or cancelled meanwhile,
 * they are left held (a cancel cancels them; a failed campaign is resumed by hand).
 */
export const holdCampaignMessages = (campaignId: string, ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const outcomes = yield* Effect.forEach(
      ids,
      (id) =>
        Clock.currentTimeMillis.pipe(
          Effect.flatMap((now) => execute(MessageAggregate)(id, { type: "Pause", now })),
          Effect.result
        ),
      { concurrency: PAUSE_CONCURRENCY }
    )
    const held: Array<string> = []
    let alreadyPicked = 0
    for (const [i, id] of ids.entries()) {
      const r = outcomes[i]
      if (r === undefined || r._tag === "Failure") continue
      const o = r.success
      if (o._tag === "Accepted" && paused(o.events)) held.push(id)
      if (o._tag === "Rejected" && o.rejection._tag === "MessageAlreadyPicked" && o.rejection.status === "PICKED") {
        alreadyPicked++
      }
    }
    const after = yield* load(CampaignAggregate, campaignId)
    if (after.status === "SCHEDULED" || after.status === "IN_PROGRESS" || after.status === "COMPLETED") {
      yield* releaseMessages(held)
    }
    const failed = outcomes.find((r) => r._tag === "Failure")
    if (failed !== undefined && failed._tag === "Failure") return yield* Effect.fail(failed.failure)
    return { alreadyPicked }
  })
