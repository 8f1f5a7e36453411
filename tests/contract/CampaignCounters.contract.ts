import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { getCampaign } from "../../src/application/campaign/getCampaign.ts"
import { listCampaigns } from "../../src/application/campaign/listCampaigns.ts"
import { CampaignAggregate, MessageAggregate } from "../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../src/application/eventSourcing/execute.ts"
import type { CampaignCounters, CampaignView } from "../../src/application/ports/CampaignRepository.ts"
import { CampaignRepository } from "../../src/application/ports/CampaignRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import type { CampaignCommand } from "../../src/domain/campaign/Campaign.ts"
import type { MessageCommand } from "../../src/domain/message/Message.ts"
import { campaignView } from "./CampaignRepository.contract.ts"
import type { StoreHarness, StorePorts } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const MINUTE = 60_000
const target = { campaignId: "c1", sessionId: "s1", groupId: "120363000000000001@g.us", groupName: "Family" }

const accepted = <O extends { readonly _tag: string }, E, R>(outcome: Effect.Effect<O, E, R>) =>
  outcome.pipe(Effect.tap((o) => Effect.sync(() => expect(o._tag).toBe("Accepted"))))
const campaign = (command: CampaignCommand) => accepted(execute(CampaignAggregate)("c1", command))
const message = (id: string, command: MessageCommand) => accepted(execute(MessageAggregate)(id, command))
const create = (messageIds: ReadonlyArray<string>) =>
  campaign({
    type: "Create",
    campaignId: "c1",
    userId: "u1",
    sessionId: target.sessionId,
    group: { groupId: target.groupId, groupName: target.groupName },
    title: "t",
    messageIds,
    now: T
  })
const schedule = (id: string, scheduledAt: number) =>
  message(id, { type: "Schedule", messageId: id, target, content: `text ${id}`, scheduledAt, now: T })
/** Claims a due message at its time, as the scheduler does. */
const pick = (id: string, at: number) => message(id, { type: "Pick", selectedAt: at, now: at, by: "scheduler-1" })

/** The counters as shown (messageVersions is the store's bookkeeping). */
const shown = ({ messageVersions: _, ...counters }: CampaignCounters) => counters
const storedCounters = CampaignRepository.use((r) => r.get("c1")).pipe(
  Effect.map((view) => (view?.counters == null ? view?.counters : shown(view.counters)))
)

/**
 * The counters campaign.list shows, kept in the campaign's view by the message projection
 * (docs/architecture.md#the-event-log-and-the-read-models), on every store.
 */
export const describeCampaignCountersContract = (name: string, harness: StoreHarness) =>
  describe(`campaign counters: ${name}`, () => {
    const inDatabase = <A, E>(effect: Effect.Effect<A, E, StorePorts>) =>
      effect.pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("a new campaign is uncounted until counted; count answers and stores what its messages say", () =>
      inDatabase(
        Effect.gen(function* () {
          const repo = yield* CampaignRepository
          yield* create(["m1", "m2"])
          yield* schedule("m1", T + 2 * MINUTE)
          yield* schedule("m2", T + MINUTE)
          // planning: each message's projection leaves the uncounted campaign alone
          expect((yield* repo.get("c1"))?.counters).toBeNull()
          const counted = yield* repo.count("c1")
          expect(shown(counted)).toEqual({
            totalMessages: 2,
            sentMessages: 0,
            deliveredMessages: 0,
            nextScheduledAt: T + MINUTE,
            cancelledMessages: 0
          })
          expect(yield* storedCounters).toEqual(shown(counted))
          // a campaign with no message view, and one with no view at all
          expect(shown(yield* repo.count("nothing"))).toEqual({
            totalMessages: 0,
            sentMessages: 0,
            deliveredMessages: 0,
            nextScheduledAt: null,
            cancelledMessages: 0
          })
          expect(yield* repo.get("nothing")).toBeNull()
        })
      )
    )

    it.effect(
      "sent after MessageSent, delivered after a receipt; a delete, a cancel and a failed send count as they should",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            yield* create(["m1", "m2", "m3", "m4", "m5"])
            for (const [i, id] of ["m1", "m2", "m3", "m4", "m5"].entries()) yield* schedule(id, T + (i + 1) * MINUTE)
            yield* repo.count("c1")
            const counters = (total: number, sent: number, delivered: number, next: number | null, cancelled = 0) => ({
              totalMessages: total,
              sentMessages: sent,
              deliveredMessages: delivered,
              nextScheduledAt: next,
              cancelledMessages: cancelled
            })
            expect(yield* storedCounters).toEqual(counters(5, 0, 0, T + MINUTE))

            yield* pick("m1", T + MINUTE)
            // claimed: no longer the next to send, not sent yet
            expect(yield* storedCounters).toEqual(counters(5, 0, 0, T + 2 * MINUTE))
            yield* message("m1", { type: "RecordSent", gatewayMessageId: "true_g@g.us_KEY1", now: T + MINUTE + 1 })
            expect(yield* storedCounters).toEqual(counters(5, 1, 0, T + 2 * MINUTE))
            yield* message("m1", { type: "RecordAck", level: "DELIVERED", participant: "p1@c.us", now: T + MINUTE + 2 })
            yield* message("m1", { type: "RecordAck", level: "READ", participant: "p2@c.us", now: T + MINUTE + 3 })
            expect(yield* storedCounters).toEqual(counters(5, 1, 1, T + 2 * MINUTE))

            // a delete: one fewer to send, the sent count unchanged
            yield* message("m2", { type: "Delete", now: T + MINUTE + 4 })
            expect(yield* storedCounters).toEqual(counters(4, 1, 1, T + 3 * MINUTE))
            // a cancel likewise, counted as cancelled (what a cancelled campaign had planned)
            yield* message("m3", { type: "Cancel", now: T + MINUTE + 5 })
            expect(yield* storedCounters).toEqual(counters(3, 1, 1, T + 4 * MINUTE, 1))
            // a failed send: still counted, not sent, no longer next
            yield* pick("m4", T + 4 * MINUTE)
            yield* message("m4", {
              type: "RecordSendFailure",
              reason: "failed to send message: 500",
              now: T + 4 * MINUTE
            })
            expect(yield* storedCounters).toEqual(counters(3, 1, 1, T + 5 * MINUTE, 1))
            // missed: the last one to send is gone too
            yield* message("m5", { type: "RecordMissed", now: T + 8 * MINUTE })
            expect(yield* storedCounters).toEqual(counters(3, 1, 1, null, 1))
            // and a fresh count agrees with what the projections kept
            expect(shown(yield* repo.count("c1"))).toEqual(counters(3, 1, 1, null, 1))
          })
        )
    )

    it.effect(
      "a message sent again counts once: its resend takes its place while it stands; withdrawn, the first counts again",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            yield* create(["m1", "m2"])
            yield* schedule("m1", T + MINUTE)
            yield* schedule("m2", T + 9 * MINUTE)
            yield* repo.count("c1")
            const counters = (total: number, sent: number, next: number | null) => ({
              totalMessages: total,
              sentMessages: sent,
              deliveredMessages: 0,
              nextScheduledAt: next,
              cancelledMessages: 0
            })
            yield* pick("m1", T + MINUTE)
            yield* message("m1", { type: "RecordSendFailure", reason: "failed to send message: 500", now: T + MINUTE })
            expect(yield* storedCounters).toEqual(counters(2, 0, T + 9 * MINUTE))
            /** m1 sent again as `id` at `at`, as campaign.resendMessage writes it */
            const resend = (id: string, at: number, currentResend: "DELETED" | null) =>
              Effect.gen(function* () {
                yield* message("m1", { type: "Resend", resendId: id, currentResend, now: T + 2 * MINUTE })
                yield* campaign({
                  type: "AddResend",
                  messageId: id,
                  resendOf: "m1",
                  sent: 0,
                  otherFailures: 0,
                  paused: 0,
                  now: T + 2 * MINUTE
                })
                yield* message(id, {
                  type: "Schedule",
                  messageId: id,
                  target,
                  content: "text m1",
                  scheduledAt: at,
                  now: T + 2 * MINUTE,
                  resendOf: "m1"
                })
              })
            yield* resend("r1", T + 3 * MINUTE, null)
            // still two messages to the user: the resend in the first one's place, due next
            expect(yield* storedCounters).toEqual(counters(2, 0, T + 3 * MINUTE))
            // the resend deleted: the first one's failure counts again
            yield* message("r1", { type: "Delete", now: T + 2 * MINUTE + 1 })
            expect(yield* storedCounters).toEqual(counters(2, 0, T + 9 * MINUTE))
            // sent again once more, and this time sent
            yield* resend("r2", T + 4 * MINUTE, "DELETED")
            expect(yield* storedCounters).toEqual(counters(2, 0, T + 4 * MINUTE))
            yield* pick("r2", T + 4 * MINUTE)
            yield* message("r2", { type: "RecordSent", gatewayMessageId: "true_g@g.us_KEY2", now: T + 4 * MINUTE })
            expect(yield* storedCounters).toEqual(counters(2, 1, T + 9 * MINUTE))
            // and a fresh count agrees with what the projections kept
            expect(shown(yield* repo.count("c1"))).toEqual(counters(2, 1, T + 9 * MINUTE))
          })
        )
    )

    it.effect(
      "a skipped resend still stands for its first: one sent, one failed sent again and skipped is 1 of 1, on the list as on the page",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            yield* create(["m1", "m2"])
            yield* schedule("m1", T + MINUTE)
            yield* schedule("m2", T + 2 * MINUTE)
            yield* repo.count("c1")
            yield* pick("m1", T + MINUTE)
            yield* message("m1", { type: "RecordSent", gatewayMessageId: "true_g@g.us_KEY1", now: T + MINUTE })
            yield* pick("m2", T + 2 * MINUTE)
            yield* message("m2", {
              type: "RecordSendFailure",
              reason: "failed to send message: 500",
              now: T + 2 * MINUTE
            })
            // sent again, held by a pause, then skipped on resume (its time passed meanwhile)
            yield* message("m2", { type: "Resend", resendId: "r1", currentResend: null, now: T + 3 * MINUTE })
            yield* message("r1", {
              type: "Schedule",
              messageId: "r1",
              target,
              content: "text m2",
              scheduledAt: T + 5 * MINUTE,
              now: T + 3 * MINUTE,
              resendOf: "m2"
            })
            yield* message("r1", { type: "Pause", now: T + 4 * MINUTE })
            yield* message("r1", { type: "Resume", now: T + 6 * MINUTE })
            const expected = {
              totalMessages: 1,
              sentMessages: 1,
              deliveredMessages: 0,
              nextScheduledAt: null,
              cancelledMessages: 0
            }
            expect(yield* storedCounters).toEqual(expected)
            expect(shown(yield* repo.count("c1"))).toEqual(expected)
            expect(shown(yield* repo.tally("c1"))).toEqual(expected)
          })
        )
    )

    it.effect("the next scheduled time follows edits, earlier or later, and ignores edits of the text", () =>
      inDatabase(
        Effect.gen(function* () {
          const repo = yield* CampaignRepository
          yield* create(["m1", "m2"])
          yield* schedule("m1", T + 10 * MINUTE)
          yield* schedule("m2", T + 20 * MINUTE)
          yield* repo.count("c1")
          const next = storedCounters.pipe(Effect.map((c) => c?.nextScheduledAt))
          expect(yield* next).toBe(T + 10 * MINUTE)
          yield* message("m2", { type: "Edit", scheduledAt: T + 5 * MINUTE, now: T })
          expect(yield* next).toBe(T + 5 * MINUTE)
          yield* message("m2", { type: "Edit", content: "changed", now: T })
          expect(yield* next).toBe(T + 5 * MINUTE)
          yield* message("m2", { type: "Edit", scheduledAt: T + 30 * MINUTE, now: T })
          expect(yield* next).toBe(T + 10 * MINUTE)
          yield* message("m1", { type: "Edit", scheduledAt: T + 40 * MINUTE, now: T })
          expect(yield* next).toBe(T + 30 * MINUTE)
          expect(yield* storedCounters).toMatchObject({ totalMessages: 2, sentMessages: 0 })
        })
      )
    )

    it.effect("save never touches the counters: a newer version of the campaign keeps them", () =>
      inDatabase(
        Effect.gen(function* () {
          const repo = yield* CampaignRepository
          yield* create(["m1"])
          yield* schedule("m1", T + MINUTE)
          yield* repo.count("c1")
          yield* campaign({ type: "Cancel", now: T + 1 })
          expect(yield* repo.get("c1")).toMatchObject({ status: "CANCELLED", version: 2 })
          expect(yield* storedCounters).toEqual({
            totalMessages: 1,
            sentMessages: 0,
            deliveredMessages: 0,
            nextScheduledAt: T + MINUTE,
            cancelledMessages: 0
          })
          // a view given with counters of its own (say, read back and saved again): they are not written
          const view = yield* repo.get("c1")
          if (view === null) return yield* Effect.die("no view")
          const withOwn: CampaignView = {
            ...view,
            counters: { ...(view.counters ?? shown0), totalMessages: 99 },
            version: 3
          }
          yield* repo.save(withOwn)
          expect(yield* storedCounters).toMatchObject({ totalMessages: 1 })
        })
      )
    )

    it.effect("recount leaves an uncounted campaign alone, and brings a counted one up to its messages", () =>
      inDatabase(
        Effect.gen(function* () {
          const repo = yield* CampaignRepository
          const messages = yield* MessageRepository
          yield* repo.save(campaignView("c1"))
          yield* schedule("m1", T + MINUTE)
          yield* repo.recount("c1")
          expect((yield* repo.get("c1"))?.counters).toBeNull()
          yield* repo.count("c1")
          // a message view saved without its projection's recount (a process died in between)
          const m1 = yield* messages.get("m1")
          if (m1 === null) return yield* Effect.die("no view")
          yield* messages.save({ ...m1, status: "DELETED", isDeleted: true, version: m1.version + 1 })
          expect(yield* storedCounters).toMatchObject({ totalMessages: 1 })
          yield* repo.recount("c1")
          expect(yield* storedCounters).toEqual({
            totalMessages: 0,
            sentMessages: 0,
            deliveredMessages: 0,
            nextScheduledAt: null,
            cancelledMessages: 0
          })
        })
      )
    )

    it.effect(
      "recountProgress recounts as recount does and answers, from the same messages, the progress and the status",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            const messages = yield* MessageRepository
            expect(yield* repo.recountProgress("c1")).toEqual({
              status: null,
              version: 0,
              progress: { total: 0, sent: 0, open: 0 }
            })
            yield* create(["m1", "m2"])
            yield* schedule("m1", T + MINUTE)
            yield* schedule("m2", T + 2 * MINUTE)
            // never counted: left alone, the progress answered all the same
            expect(yield* repo.recountProgress("c1")).toEqual({
              status: "SCHEDULED",
              version: 1,
              progress: { total: 2, sent: 0, open: 2 }
            })
            expect((yield* repo.get("c1"))?.counters).toBeNull()
            yield* repo.count("c1")
            // the scheduler's record saves the view alone (MessageAggregateCountedLater)
            const m1 = yield* messages.get("m1")
            if (m1 === null) return yield* Effect.die("no view")
            yield* messages.save({ ...m1, status: "SENT", isSent: true, isPicked: true, version: m1.version + 2 })
            expect(yield* repo.recountProgress("c1")).toEqual({
              status: "SCHEDULED",
              version: 1,
              progress: { total: 2, sent: 1, open: 1 }
            })
            expect(yield* storedCounters).toMatchObject({
              totalMessages: 2,
              sentMessages: 1,
              nextScheduledAt: T + 2 * MINUTE
            })
            // nothing changed since: nothing to write, the status read all the same
            expect((yield* repo.recountProgress("c1")).status).toBe("SCHEDULED")
          })
        )
    )

    it.effect(
      "a view stored before counters existed reads as uncounted; campaign.list tallies it (storing nothing), campaign.get stores it",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            yield* create(["m1", "m2"])
            yield* schedule("m1", T + MINUTE)
            yield* schedule("m2", T + 2 * MINUTE)
            yield* pick("m1", T + MINUTE)
            yield* message("m1", { type: "RecordSent", gatewayMessageId: null, now: T + MINUTE })
            expect((yield* repo.get("c1"))?.counters).toBeNull()
            const listed = yield* listCampaigns("u1", { limit: 20, cursor: 0 })
            expect(listed.items).toEqual([
              {
                id: "c1",
                title: "t",
                madeUpTitle: null,
                status: "SCHEDULED",
                group: { groupId: target.groupId, groupName: target.groupName },
                targets: [{ groupId: target.groupId, groupName: target.groupName }],
                totalMessages: 2,
                sentMessages: 1,
                deliveredMessages: 0,
                nextScheduledAt: T + 2 * MINUTE,
                cancelledMessages: 0
              }
            ])
            // a listing stores nothing: the campaign may be a plan still scheduling its messages
            expect(yield* storedCounters).toBeNull()
            expect(yield* repo.tally("c1")).toMatchObject({ totalMessages: 2, sentMessages: 1 })
            expect(yield* storedCounters).toBeNull()
            // opened: counted and stored; from now on the projections keep them
            yield* getCampaign("u1", "c1")
            expect(yield* storedCounters).toEqual({
              totalMessages: 2,
              sentMessages: 1,
              deliveredMessages: 0,
              nextScheduledAt: T + 2 * MINUTE,
              cancelledMessages: 0
            })
            yield* message("m2", { type: "Delete", now: T + MINUTE })
            expect((yield* listCampaigns("u1", { limit: 20, cursor: 0 })).items[0]).toMatchObject({
              totalMessages: 1,
              sentMessages: 1,
              nextScheduledAt: null
            })
          })
        )
    )

    it.effect(
      "a paused campaign: its view says PAUSED, paused messages count, none is next; skipped ones leave the count",
      () =>
        inDatabase(
          Effect.gen(function* () {
            const repo = yield* CampaignRepository
            yield* create(["m1", "m2", "m3"])
            yield* schedule("m1", T + MINUTE)
            yield* schedule("m2", T + 2 * MINUTE)
            yield* schedule("m3", T + 10 * MINUTE)
            yield* repo.count("c1")
            yield* campaign({ type: "Pause", now: T })
            for (const id of ["m1", "m2", "m3"]) yield* message(id, { type: "Pause", now: T })
            expect((yield* repo.get("c1"))?.status).toBe("PAUSED")
            expect((yield* repo.listBySession("s1", ["PAUSED"])).map((c) => c.id)).toEqual(["c1"])
            expect(yield* storedCounters).toEqual({
              totalMessages: 3,
              sentMessages: 0,
              deliveredMessages: 0,
              nextScheduledAt: null,
              cancelledMessages: 0
            })
            // resumed 5 minutes later: the first two fell due meanwhile and are skipped, the third waits again
            const at = T + 5 * MINUTE
            for (const id of ["m1", "m2", "m3"]) yield* message(id, { type: "Resume", now: at })
            yield* campaign({ type: "Resume", sent: 0, open: 1, now: at })
            expect((yield* repo.get("c1"))?.status).toBe("SCHEDULED")
            expect(yield* storedCounters).toEqual({
              totalMessages: 1,
              sentMessages: 0,
              deliveredMessages: 0,
              nextScheduledAt: T + 10 * MINUTE,
              cancelledMessages: 0
            })
            const views = yield* MessageRepository.use((r) => r.listByCampaign("c1"))
            expect(views.map((v) => [v.id, v.status, v.isDeleted])).toEqual([
              ["m1", "SKIPPED", true],
              ["m2", "SKIPPED", true],
              ["m3", "SCHEDULED", false]
            ])
          })
        )
    )

    it.effect("listBySession with statuses, and groupsBySession: first campaign's order, newest campaign's name", () =>
      inDatabase(
        Effect.gen(function* () {
          const repo = yield* CampaignRepository
          yield* repo.save(
            campaignView("a", { groupId: "g2", groupName: "Two", createdAt: T + 1, status: "COMPLETED" })
          )
          yield* repo.save(campaignView("b", { groupId: "g1", groupName: "One", createdAt: T + 2 }))
          yield* repo.save(
            campaignView("c", { groupId: "g2", groupName: "Two renamed", createdAt: T + 3, status: "DRAFT" })
          )
          yield* repo.save(campaignView("d", { groupId: "g3", groupName: "Three", createdAt: T + 4, status: "FAILED" }))
          yield* repo.save(campaignView("x", { sessionId: "s2", groupId: "g9", createdAt: T }))
          expect(yield* repo.groupsBySession("s1")).toEqual([
            { groupId: "g2", groupName: "Two renamed" },
            { groupId: "g1", groupName: "One" },
            { groupId: "g3", groupName: "Three" }
          ])
          expect(yield* repo.groupsBySession("nobody")).toEqual([])
          const active = yield* repo.listBySession("s1", ["DRAFT", "SCHEDULED", "IN_PROGRESS"])
          expect(active.map((c) => c.id)).toEqual(["b", "c"])
          expect(active[0]).toEqual(campaignView("b", { groupId: "g1", groupName: "One", createdAt: T + 2 }))
          expect(yield* repo.listBySession("s1", [])).toEqual([])
          expect((yield* repo.listBySession("s1")).map((c) => c.id)).toEqual(["a", "b", "c", "d"])
        })
      )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        for (const call of [
          CampaignRepository.use((r) => r.count("c1")),
          CampaignRepository.use((r) => r.recount("c1")),
          CampaignRepository.use((r) => r.groupsBySession("s1")),
          CampaignRepository.use((r) => r.listBySession("s1", ["DRAFT"]))
        ]) {
          yield* expectStoreUnavailable(call.pipe(Effect.provide(harness.unreachable())))
        }
      })
    )
  })

const shown0: CampaignCounters = {
  totalMessages: 0,
  sentMessages: 0,
  deliveredMessages: 0,
  nextScheduledAt: null,
  cancelledMessages: 0,
  messageVersions: 0
}
