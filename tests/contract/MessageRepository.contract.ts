import { describe, expect, it } from "@effect/vitest"
import { Effect, Layer } from "effect"
import { MessageAggregate } from "../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../src/application/eventSourcing/execute.ts"
import { projectStream } from "../../src/application/eventSourcing/project.ts"
import { EventStore } from "../../src/application/ports/EventStore.ts"
import type { MessageView } from "../../src/application/ports/MessageRepository.ts"
import { MessageRepository } from "../../src/application/ports/MessageRepository.ts"
import type { MessageCommand, MessageEvent, MessageStatus } from "../../src/domain/message/Message.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

/** A view with the flags its status implies (as the projection derives them). */
export const messageView = (
  id: string,
  overrides: Partial<MessageView> & { readonly status?: MessageStatus } = {}
): MessageView => {
  const status = overrides.status ?? "SCHEDULED"
  const picked = !["NEW", "SCHEDULED", "DELETED", "CANCELLED", "MISSED", "PAUSED", "SKIPPED"].includes(status)
  return {
    id,
    campaignId: "c1",
    sessionId: "s1",
    groupId: "120363000000000001@g.us",
    groupName: "Family",
    content: `content of ${id}`,
    scheduledAt: T,
    status,
    isSent: status === "SENT",
    isPicked: picked,
    isDeleted: status === "DELETED" || status === "CANCELLED" || status === "SKIPPED",
    pickedAt: picked ? T : null,
    sentAt: status === "SENT" ? T + 1_000 : null,
    failureReason: status === "FAILED" ? "failed to send message: connect ECONNREFUSED 127.0.0.1:3000" : null,
    gatewayMessageKey: null,
    deliveredAt: null,
    readAt: null,
    deliveredCount: 0,
    readCount: 0,
    resendOf: null,
    resentAs: null,
    mentionAll: false,
    poll: null,
    media: null,
    claimGatewayId: null,
    version: 1,
    ...overrides
  }
}

const ids = (views: ReadonlyArray<MessageView>) => views.map((v) => v.id)

export const describeMessageRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`MessageRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: MessageRepository["Service"]) => Effect.Effect<A, E>) =>
      MessageRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect(
      "plan stores the views of many messages planned at once; over a stored view it keeps the newer of the two",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            // already stored before the plan's views arrive (the catch-up got there first): one
            // newer than the plan's view, one older
            const newer = messageView("p3", { status: "PICKED", version: 2 })
            yield* repo.save(newer)
            yield* repo.save(messageView("p4", { version: 0 }))
            const planned = ["p1", "p2", "p3", "p4", "p5"].map((id, i) =>
              messageView(id, { scheduledAt: T + i, version: 1 })
            )
            yield* Effect.forEach(planned, (view) => repo.plan(view), { concurrency: "unbounded", discard: true })
            expect(yield* repo.get("p1")).toEqual(planned[0])
            expect(yield* repo.get("p3")).toEqual(newer)
            expect(yield* repo.get("p4")).toEqual(planned[3])
            expect(ids(yield* repo.findScheduledBetween(T, T + 10, 10))).toEqual(["p1", "p2", "p4", "p5"])
          })
        )
    )

    it.effect("a save answers what it found: nothing, the view it replaced, or a view as new or newer (kept)", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const first = messageView("m1", { version: 2 })
          expect(yield* repo.save(first)).toBeNull()
          const picked = messageView("m1", { status: "PICKED", version: 3 })
          expect(yield* repo.save(picked)).toEqual({
            isDeleted: false,
            isSent: false,
            deliveredAt: null,
            status: "SCHEDULED",
            scheduledAt: T,
            resentAs: null
          })
          expect(yield* repo.save(first)).toBe("kept")
          expect(yield* repo.save(picked)).toBe("kept")
          expect(yield* repo.get("m1")).toEqual(picked)
        })
      )
    )

    it.effect("saves and gets a view with every field as given (null fields included); unknown id → null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const sent = messageView("m1", {
            status: "SENT",
            content: "multi\nline ✓ $x.y",
            scheduledAt: T + 123,
            version: 4
          })
          const scheduled = messageView("m2")
          const failed = messageView("m3", { status: "FAILED" })
          yield* repo.save(sent)
          yield* repo.save(scheduled)
          yield* repo.save(failed)
          expect(yield* repo.get("m1")).toEqual(sent)
          expect(yield* repo.get("m2")).toEqual(scheduled)
          expect(yield* repo.get("m3")).toEqual(failed)
          expect(yield* repo.get("nope")).toBeNull()
        })
      )
    )

    it.effect("keeps both links of a message sent again: resentAs on the first, resendOf on the resend", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const first = messageView("m1", { status: "FAILED", resentAs: "m2", version: 4 })
          const resend = messageView("m2", { resendOf: "m1", scheduledAt: T + 60_000 })
          yield* repo.save(first)
          yield* repo.save(resend)
          expect(yield* repo.get("m1")).toEqual(first)
          expect(yield* repo.get("m2")).toEqual(resend)
          expect(yield* repo.listByCampaign("c1")).toEqual([first, resend])
          // the resend is due like any scheduled message
          expect(ids(yield* repo.findScheduledBetween(T, T + 60_000, 10))).toEqual(["m2"])
        })
      )
    )

    it.effect("keeps whether a message mentions everyone, and a newer view changes it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const mentioning = messageView("m1", { mentionAll: true })
          const plain = messageView("m2")
          yield* repo.save(mentioning)
          yield* repo.save(plain)
          expect(yield* repo.get("m1")).toEqual(mentioning)
          expect(yield* repo.get("m2")).toEqual(plain)
          // what the scheduler selects carries it too: it decides what is sent
          expect(yield* repo.findScheduledBetween(T, T, 10)).toEqual([mentioning, plain])
          yield* repo.save(messageView("m1", { mentionAll: false, version: 2 }))
          expect(yield* repo.get("m1")).toMatchObject({ mentionAll: false, version: 2 })
        })
      )
    )

    it.effect("keeps a poll's options as given (order, text), null for a text, and a newer view changes them", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const poll = messageView("m1", {
            content: "Where shall we eat?",
            poll: { options: ["Pizza 🍕", "Sushi", '"Chez Marie", rue 3'], multipleAnswers: false }
          })
          const text = messageView("m2")
          yield* repo.save(poll)
          yield* repo.save(text)
          expect(yield* repo.get("m1")).toEqual(poll)
          expect(yield* repo.get("m2")).toEqual(text)
          // what the scheduler selects carries it too: it decides whether sendPoll is used
          expect(yield* repo.findScheduledBetween(T, T, 10)).toEqual([poll, text])
          const edited = { options: ["Sushi", "Pizza 🍕"], multipleAnswers: true }
          yield* repo.save(messageView("m1", { poll: edited, version: 2 }))
          expect(yield* repo.get("m1")).toMatchObject({ poll: edited, version: 2 })
          expect(yield* repo.listByCampaign("c1")).toContainEqual(expect.objectContaining({ id: "m1", poll: edited }))
        })
      )
    )

    it.effect("keeps a message's media, and says whether a message that may still be sent needs it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const media = {
            id: "md1",
            mimetype: "application/pdf",
            filename: "Plan é.pdf",
            size: 1234,
            kind: "file" as const
          }
          const withMedia = messageView("m1", { content: "", media })
          yield* repo.save(withMedia)
          yield* repo.save(messageView("m2", { media: { ...media, id: "md2" }, status: "SENT", isSent: true }))
          yield* repo.save(messageView("m3", { media: { ...media, id: "md3" }, status: "CANCELLED", isDeleted: true }))
          yield* repo.save(messageView("m4", { media: { ...media, id: "md4" }, status: "FAILED", isPicked: true }))
          yield* repo.save(messageView("m5", { media: { ...media, id: "md3" }, status: "DELETED", isDeleted: true }))
          expect(yield* repo.get("m1")).toEqual(withMedia)
          expect(yield* repo.findScheduledBetween(T, T, 10)).toContainEqual(withMedia)
          expect(yield* repo.get("m2")).toMatchObject({ media: { id: "md2" } })
          // scheduled ones need theirs whenever; failed ones (may be sent again) while scheduled
          // at or after the time given; sent, cancelled, deleted ones do not
          expect(yield* repo.needsMedia("md1", T + 1)).toBe(true)
          expect(yield* repo.needsMedia("md4", T)).toBe(true)
          expect(yield* repo.needsMedia("md4", T + 1)).toBe(false)
          expect(yield* repo.needsMedia("md2", 0)).toBe(false)
          expect(yield* repo.needsMedia("md3", 0)).toBe(false)
          expect(yield* repo.needsMedia("unknown", 0)).toBe(false)
          // once the scheduled one is sent, nothing needs md1
          yield* repo.save({ ...withMedia, status: "SENT", isSent: true, isPicked: true, version: 3 })
          expect(yield* repo.needsMedia("md1", 0)).toBe(false)
        })
      )
    )

    it.effect("keeps the id a claim took for its send, null without one; a newer view replaces or clears it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          const withId = messageView("m1", { status: "PICKED", claimGatewayId: "3EB0A1B2C3D4E5F6A7B8C9", version: 2 })
          const withoutId = messageView("m2", { status: "PICKED", version: 2 })
          yield* repo.save(withId)
          yield* repo.save(withoutId)
          expect(yield* repo.get("m1")).toEqual(withId)
          expect(yield* repo.get("m2")).toEqual(withoutId)
          // the lease recovery reads claims through these: the id comes with them
          expect(yield* repo.findPickedBefore(T, 10)).toEqual([withId, withoutId])
          expect(yield* repo.findInFlight(["s1"], T - 1)).toEqual([withId, withoutId])
          yield* repo.save({ ...withId, claimGatewayId: "3EB0FFFF", version: 3 })
          expect(yield* repo.get("m1")).toMatchObject({ claimGatewayId: "3EB0FFFF", version: 3 })
          yield* repo.save({ ...withId, claimGatewayId: null, version: 4 })
          expect(yield* repo.get("m1")).toMatchObject({ claimGatewayId: null, version: 4 })
        })
      )
    )

    it.effect(
      "a claim's id goes through the log into the view: with and without it, a later claim replaces it, SettleSentById settles",
      () =>
        Effect.gen(function* () {
          const target = { campaignId: "c1", sessionId: "s1", groupId: "120363000000000001@g.us", groupName: "Family" }
          const run = (id: string, command: MessageCommand) =>
            execute(MessageAggregate)(id, command).pipe(
              Effect.tap((outcome) => Effect.sync(() => expect(outcome._tag).toBe("Accepted")))
            )
          const schedule = (id: string) =>
            run(id, { type: "Schedule", messageId: id, target, content: `text ${id}`, scheduledAt: T, now: T - 1 })
          const repo = yield* MessageRepository
          yield* schedule("m1")
          yield* schedule("m2")
          yield* run("m1", { type: "Pick", selectedAt: T, now: T + 1, by: "scheduler-1", gatewayMessageId: "3EB0AA" })
          yield* run("m2", { type: "Pick", selectedAt: T, now: T + 1, by: "scheduler-1" })
          expect(yield* repo.get("m1")).toMatchObject({ status: "PICKED", claimGatewayId: "3EB0AA", version: 2 })
          expect(yield* repo.get("m2")).toMatchObject({ status: "PICKED", claimGatewayId: null, version: 2 })
          // read back from the log by a fresh read: the id is in the claim's event, and absent without one
          const picked = (id: string) =>
            EventStore.use((store) => store.read(MessageAggregate.streamId(id))).pipe(
              Effect.map((events) => events[1]?.data)
            )
          expect(yield* picked("m1")).toEqual({
            type: "MessagePicked",
            at: T + 1,
            by: "scheduler-1",
            gatewayMessageId: "3EB0AA"
          })
          expect(yield* picked("m2")).toEqual({ type: "MessagePicked", at: T + 1, by: "scheduler-1" })
          expect(yield* load(MessageAggregate, "m1")).toMatchObject({ claimGatewayId: "3EB0AA" })

          // the decider never claims twice, but a log may hold a later claim: it replaces the id, or clears it
          const store = yield* EventStore
          yield* schedule("m3")
          const claims: ReadonlyArray<MessageEvent> = [
            { type: "MessagePicked", at: T + 1, by: "scheduler-1", gatewayMessageId: "3EB0AA" },
            { type: "MessagePicked", at: T + 2, by: "scheduler-2", gatewayMessageId: "3EB0BB" }
          ]
          const unnamed: ReadonlyArray<MessageEvent> = [{ type: "MessagePicked", at: T + 3, by: "scheduler-1" }]
          yield* store.append(MessageAggregate.streamId("m3"), 1, claims)
          yield* projectStream(MessageAggregate.streamId("m3"))
          expect(yield* repo.get("m3")).toMatchObject({ claimGatewayId: "3EB0BB", pickedAt: T + 2, version: 3 })
          yield* store.append(MessageAggregate.streamId("m3"), 3, unnamed)
          yield* projectStream(MessageAggregate.streamId("m3"))
          expect(yield* repo.get("m3")).toMatchObject({ claimGatewayId: null, pickedAt: T + 3, version: 4 })

          // found by the claim's id (read by the other engine, after the lease): sent, read by the group
          const lease = 5 * 60_000
          yield* run("m1", {
            type: "SettleSentById",
            gatewayMessageId: "3EB0AA",
            sentAt: T + 2_000,
            leaseMs: lease,
            now: T + 1 + lease,
            ack: 3
          })
          expect(yield* repo.get("m1")).toMatchObject({
            status: "SENT",
            isSent: true,
            sentAt: T + 2_000,
            gatewayMessageKey: "3EB0AA",
            deliveredAt: T + 1 + lease,
            readAt: T + 1 + lease,
            claimGatewayId: "3EB0AA",
            version: 4
          })
          // without an id the claim cannot be settled by one
          expect(
            yield* execute(MessageAggregate)("m2", {
              type: "SettleSentById",
              gatewayMessageId: "3EB0AA",
              sentAt: T + 2_000,
              leaseMs: lease,
              now: T + 1 + lease
            })
          ).toMatchObject({ _tag: "Rejected", rejection: { _tag: "NotTheClaimsId", claimGatewayId: null } })
          expect(yield* repo.get("m2")).toMatchObject({ status: "PICKED", version: 2 })
        }).pipe(Effect.provide(harness.freshDatabase().connect()))
    )

    it.effect("keeps the newest version: an older or equal version never overwrites it", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.save(messageView("m1", { status: "PICKED", version: 2 }))
          yield* repo.save(messageView("m1", { status: "SCHEDULED", version: 1 }))
          expect(yield* repo.get("m1")).toMatchObject({ status: "PICKED", version: 2 })
          yield* repo.save(messageView("m1", { status: "SCHEDULED", content: "same version", version: 2 }))
          expect(yield* repo.get("m1")).toMatchObject({ status: "PICKED", version: 2, content: "content of m1" })
          yield* repo.save(messageView("m1", { status: "SENT", version: 3 }))
          expect(yield* repo.get("m1")).toEqual(messageView("m1", { status: "SENT", version: 3 }))
          // an old view no longer matches the queries of its old status
          expect(yield* repo.findScheduledBetween(T, T, 10)).toEqual([])
        })
      )
    )

    it.effect.skipIf(!harness.atomicUpdates)(
      "concurrent saves of one view from separate clients, in any order, keep the newest (servers with atomic updates)",
      () => {
        const db = harness.freshDatabase()
        const orders = [
          [5, 2, 8, 1, 7, 3, 6, 4],
          [1, 2, 3, 4, 5, 6, 7, 8],
          [8, 7, 6, 5, 4, 3, 2, 1],
          [2, 4, 6, 8, 1, 3, 5, 7],
          [7, 5, 3, 1, 8, 6, 4, 2],
          [4, 8, 3, 7, 2, 6, 1, 5]
        ]
        return Effect.gen(function* () {
          // eight clients (eight MongoClients for Mongo), kept for the whole test
          const clients = yield* Effect.forEach(orders[0]!, () => Layer.build(db.connect()), {
            concurrency: "unbounded"
          })
          yield* Effect.forEach(
            orders,
            (order, round) =>
              Effect.forEach(
                order,
                (version, i) =>
                  MessageRepository.use((r) =>
                    r.save(
                      messageView(`m${round}`, {
                        version,
                        content: `v${version}`,
                        status: version > 4 ? "PICKED" : "SCHEDULED"
                      })
                    )
                  ).pipe(Effect.provide(clients[i]!)),
                { concurrency: "unbounded", discard: true }
              ),
            { discard: true }
          )
          const repo = yield* MessageRepository.pipe(Effect.provide(clients[0]!))
          const stored = yield* Effect.forEach(orders, (_, round) => repo.get(`m${round}`))
          expect(stored.map((v) => [v?.version, v?.content, v?.status])).toEqual(orders.map(() => [8, "v8", "PICKED"]))
        })
      }
    )

    it.effect(
      "findScheduledBetween: SCHEDULED only, from ≤ scheduledAt ≤ to (both inclusive), oldest first then by id, limited",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const from = T - 120_000
            yield* Effect.forEach(
              [
                messageView("m-before", { scheduledAt: from - 1 }),
                messageView("m-from", { scheduledAt: from }),
                messageView("m-mid-b", { scheduledAt: T - 60_000 }),
                messageView("m-mid-a", { scheduledAt: T - 60_000 }),
                messageView("m-to", { scheduledAt: T }),
                messageView("m-after", { scheduledAt: T + 1 }),
                messageView("m-picked", { scheduledAt: T - 1_000, status: "PICKED" }),
                messageView("m-sent", { scheduledAt: T - 1_000, status: "SENT" }),
                messageView("m-deleted", { scheduledAt: T - 1_000, status: "DELETED" }),
                messageView("m-cancelled", { scheduledAt: T - 1_000, status: "CANCELLED" }),
                messageView("m-missed", { scheduledAt: T - 1_000, status: "MISSED" })
              ],
              repo.save,
              { discard: true }
            )
            expect(ids(yield* repo.findScheduledBetween(from, T, 100))).toEqual([
              "m-from",
              "m-mid-a",
              "m-mid-b",
              "m-to"
            ])
            expect(ids(yield* repo.findScheduledBetween(from, T, 2))).toEqual(["m-from", "m-mid-a"])
            expect(ids(yield* repo.findScheduledBetween(T, T, 100))).toEqual(["m-to"])
            expect(yield* repo.findScheduledBetween(T + 2, T + 10, 100)).toEqual([])
            expect(yield* repo.findScheduledBetween(from, T, 0)).toEqual([])
            // the views come back whole
            expect((yield* repo.findScheduledBetween(T, T, 1))[0]).toEqual(messageView("m-to", { scheduledAt: T }))
          })
        )
    )

    it.effect("findScheduledBetween leaves out the sessions it is told to (held ones), before the limit", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* Effect.forEach(
            [
              messageView("h1", { scheduledAt: T - 3, sessionId: "held" }),
              messageView("h2", { scheduledAt: T - 2, sessionId: "held" }),
              messageView("o1", { scheduledAt: T - 1, sessionId: "other" }),
              messageView("x1", { scheduledAt: T, sessionId: "third" })
            ],
            repo.save,
            { discard: true }
          )
          expect(ids(yield* repo.findScheduledBetween(T - 10, T, 1, ["held"]))).toEqual(["o1"])
          expect(ids(yield* repo.findScheduledBetween(T - 10, T, 10, ["held", "third"]))).toEqual(["o1"])
          expect(ids(yield* repo.findScheduledBetween(T - 10, T, 10, []))).toEqual(["h1", "h2", "o1", "x1"])
        })
      )
    )

    it.effect(
      "findScheduledInSession: that session's SCHEDULED messages, from ≤ scheduledAt ≤ to, oldest first then by id",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const to = T + 86_400_000
            yield* Effect.forEach(
              [
                messageView("m-before", { scheduledAt: T - 1 }),
                messageView("m-from", { scheduledAt: T }),
                messageView("m-mid-b", { scheduledAt: T + 60_000 }),
                messageView("m-mid-a", { scheduledAt: T + 60_000, campaignId: "c2" }),
                messageView("m-to", { scheduledAt: to }),
                messageView("m-after", { scheduledAt: to + 1 }),
                messageView("m-other-session", { scheduledAt: T + 1_000, sessionId: "s2" }),
                messageView("m-picked", { scheduledAt: T + 1_000, status: "PICKED" }),
                messageView("m-sent", { scheduledAt: T + 1_000, status: "SENT" }),
                messageView("m-deleted", { scheduledAt: T + 1_000, status: "DELETED" }),
                messageView("m-cancelled", { scheduledAt: T + 1_000, status: "CANCELLED" })
              ],
              repo.save,
              { discard: true }
            )
            expect(ids(yield* repo.findScheduledInSession("s1", T, to))).toEqual([
              "m-from",
              "m-mid-a",
              "m-mid-b",
              "m-to"
            ])
            expect(ids(yield* repo.findScheduledInSession("s2", T, to))).toEqual(["m-other-session"])
            expect(yield* repo.findScheduledInSession("s3", T, to)).toEqual([])
            expect(yield* repo.findScheduledInSession("s1", to + 2, to + 10)).toEqual([])
            // the views come back whole
            expect(yield* repo.findScheduledInSession("s1", to, to)).toEqual([messageView("m-to", { scheduledAt: to })])
          })
        )
    )

    it.effect("findScheduledBefore: SCHEDULED only, scheduledAt < before (exclusive), oldest first, limited", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* Effect.forEach(
            [
              messageView("m1", { scheduledAt: T - 300_000 }),
              messageView("m2", { scheduledAt: T - 200_000 }),
              messageView("m-edge", { scheduledAt: T }),
              messageView("m-picked", { scheduledAt: T - 250_000, status: "PICKED" }),
              messageView("m-deleted", { scheduledAt: T - 250_000, status: "DELETED" })
            ],
            repo.save,
            { discard: true }
          )
          expect(ids(yield* repo.findScheduledBefore(T, 100))).toEqual(["m1", "m2"])
          expect(ids(yield* repo.findScheduledBefore(T, 1))).toEqual(["m1"])
          expect(ids(yield* repo.findScheduledBefore(T + 1, 100))).toEqual(["m1", "m2", "m-edge"])
          expect(yield* repo.findScheduledBefore(T - 300_000, 100)).toEqual([])
        })
      )
    )

    it.effect("nextScheduledAfter: the earliest SCHEDULED strictly after the instant, or null", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.nextScheduledAfter(T)).toBeNull()
          yield* Effect.forEach(
            [
              messageView("m-now", { scheduledAt: T }),
              messageView("m-later", { scheduledAt: T + 5_000 }),
              messageView("m-soon", { scheduledAt: T + 1_000 }),
              messageView("m-picked", { scheduledAt: T + 10, status: "PICKED" }),
              messageView("m-deleted", { scheduledAt: T + 20, status: "DELETED" })
            ],
            repo.save,
            { discard: true }
          )
          expect(yield* repo.nextScheduledAfter(T)).toBe(T + 1_000)
          expect(yield* repo.nextScheduledAfter(T - 1)).toBe(T)
          expect(yield* repo.nextScheduledAfter(T + 1_000)).toBe(T + 5_000)
          expect(yield* repo.nextScheduledAfter(T + 5_000)).toBeNull()
        })
      )
    )

    it.effect(
      "findPickedBefore: PICKED only, pickedAt ≤ the instant (inclusive), oldest scheduled first, limited",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* Effect.forEach(
              [
                messageView("m-old", { status: "PICKED", pickedAt: T - 10_000, scheduledAt: T - 20_000 }),
                messageView("m-edge", { status: "PICKED", pickedAt: T, scheduledAt: T - 30_000 }),
                messageView("m-fresh", { status: "PICKED", pickedAt: T + 1, scheduledAt: T - 40_000 }),
                messageView("m-sent", { status: "SENT", pickedAt: T - 10_000 }),
                messageView("m-failed", { status: "FAILED", pickedAt: T - 10_000 }),
                messageView("m-unknown", { status: "OUTCOME_UNKNOWN", pickedAt: T - 10_000 }),
                messageView("m-scheduled")
              ],
              repo.save,
              { discard: true }
            )
            expect(ids(yield* repo.findPickedBefore(T, 100))).toEqual(["m-edge", "m-old"])
            expect(ids(yield* repo.findPickedBefore(T, 1))).toEqual(["m-edge"])
            expect(ids(yield* repo.findPickedBefore(T - 10_001, 100))).toEqual([])
            // a picked view without pickedAt counts as picked at 0
            yield* repo.save(messageView("m-no-time", { status: "PICKED", pickedAt: null, scheduledAt: T - 50_000 }))
            expect(ids(yield* repo.findPickedBefore(0, 100))).toEqual(["m-no-time"])
          })
        )
    )

    it.effect("findInFlight: PICKED only, of the given sessions, pickedAt > the instant (exclusive), no limit", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* Effect.forEach(
            [
              messageView("m-s1", { status: "PICKED", sessionId: "s1", pickedAt: T + 5, scheduledAt: T - 2 }),
              messageView("m-s2", { status: "PICKED", sessionId: "s2", pickedAt: T + 5, scheduledAt: T - 1 }),
              messageView("m-s3", { status: "PICKED", sessionId: "s3", pickedAt: T + 5 }),
              messageView("m-edge", { status: "PICKED", sessionId: "s1", pickedAt: T }),
              messageView("m-sent", { status: "SENT", sessionId: "s1", pickedAt: T + 5 }),
              messageView("m-scheduled", { sessionId: "s1" })
            ],
            repo.save,
            { discard: true }
          )
          expect(ids(yield* repo.findInFlight(["s1", "s2"], T))).toEqual(["m-s1", "m-s2"])
          expect(ids(yield* repo.findInFlight(["s1"], T - 1))).toEqual(["m-s1", "m-edge"])
          expect(yield* repo.findInFlight([], T - 1)).toEqual([])
          expect(yield* repo.findInFlight(["s1"], T + 5)).toEqual([])
        })
      )
    )

    it.effect(
      "findPickedInGroup: this group's messages picked within [from, to] (inclusive), any status since, oldest first",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const group = "120363000000000009@g.us"
            yield* Effect.forEach(
              [
                messageView("g-picked", { status: "PICKED", groupId: group, pickedAt: T, scheduledAt: T - 3 }),
                messageView("g-sent", { status: "SENT", groupId: group, pickedAt: T + 10, scheduledAt: T - 2 }),
                messageView("g-failed", { status: "FAILED", groupId: group, pickedAt: T + 20, scheduledAt: T - 1 }),
                messageView("g-unknown", { status: "OUTCOME_UNKNOWN", groupId: group, pickedAt: T + 30 }),
                messageView("g-before", { status: "SENT", groupId: group, pickedAt: T - 1 }),
                messageView("g-after", { status: "SENT", groupId: group, pickedAt: T + 31 }),
                messageView("g-scheduled", { groupId: group }),
                messageView("g-missed", { status: "MISSED", groupId: group }),
                messageView("other-group", { status: "SENT", pickedAt: T + 10 })
              ],
              repo.save,
              { discard: true }
            )
            expect(ids(yield* repo.findPickedInGroup(group, T, T + 30))).toEqual([
              "g-picked",
              "g-sent",
              "g-failed",
              "g-unknown"
            ])
            expect(ids(yield* repo.findPickedInGroup(group, T + 11, T + 20))).toEqual(["g-failed"])
            expect(yield* repo.findPickedInGroup("120363000000000404@g.us", 0, T + 100)).toEqual([])
          })
        )
    )

    it.effect("listByCampaign: every message of the campaign, any status, oldest first", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* Effect.forEach(
            [
              messageView("m2", { scheduledAt: T + 2 }),
              messageView("m1", { scheduledAt: T + 1, status: "SENT" }),
              messageView("m3", { scheduledAt: T + 3, status: "DELETED" }),
              messageView("other", { campaignId: "c2" })
            ],
            repo.save,
            { discard: true }
          )
          expect(ids(yield* repo.listByCampaign("c1"))).toEqual(["m1", "m2", "m3"])
          expect(ids(yield* repo.listByCampaign("c2"))).toEqual(["other"])
          expect(yield* repo.listByCampaign("c3")).toEqual([])
        })
      )
    )

    it.effect(
      "findByGatewayMessage: the session's message with that key; another session's or an unknown key → null; delivery fields kept",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const delivered = messageView("m1", {
              status: "SENT",
              gatewayMessageKey: "3EB0AAA",
              deliveredAt: T + 5_000,
              readAt: T + 9_000,
              deliveredCount: 3,
              readCount: 1,
              version: 6
            })
            yield* Effect.forEach(
              [
                delivered,
                messageView("m2", { status: "SENT", gatewayMessageKey: "3EB0BBB" }),
                messageView("m3", { status: "SENT", sessionId: "s2", gatewayMessageKey: "3EB0CCC" }),
                messageView("m4")
              ],
              repo.save,
              { discard: true }
            )
            expect(yield* repo.findByGatewayMessage("s1", "3EB0AAA")).toEqual(delivered)
            expect((yield* repo.findByGatewayMessage("s1", "3EB0BBB"))?.id).toBe("m2")
            expect(yield* repo.findByGatewayMessage("s1", "3EB0CCC")).toBeNull()
            expect((yield* repo.findByGatewayMessage("s2", "3EB0CCC"))?.id).toBe("m3")
            expect(yield* repo.findByGatewayMessage("s1", "UNKNOWN")).toBeNull()
            // a newer version carries the newer counts
            yield* repo.save({ ...delivered, deliveredCount: 4, readCount: 2, version: 7 })
            expect(yield* repo.findByGatewayMessage("s1", "3EB0AAA")).toMatchObject({
              deliveredCount: 4,
              readCount: 2,
              version: 7
            })
          })
        )
    )

    it.effect("progress: total, sent, and open (SCHEDULED or PICKED) of one campaign", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.progress("c1")).toEqual({ total: 0, sent: 0, open: 0 })
          yield* Effect.forEach(
            [
              messageView("m1", { status: "SENT" }),
              messageView("m2", { status: "SENT" }),
              messageView("m3", { status: "SCHEDULED" }),
              messageView("m4", { status: "PICKED" }),
              messageView("m5", { status: "DELETED" }),
              messageView("m6", { status: "FAILED" }),
              messageView("m7", { status: "MISSED" }),
              messageView("m8", { status: "OUTCOME_UNKNOWN" }),
              messageView("x1", { status: "SCHEDULED", campaignId: "c2" })
            ],
            repo.save,
            { discard: true }
          )
          expect(yield* repo.progress("c1")).toEqual({ total: 8, sent: 2, open: 2 })
          expect(yield* repo.progress("c2")).toEqual({ total: 1, sent: 0, open: 1 })
        })
      )
    )

    it.effect("countPending: SCHEDULED messages of the given sessions and how many campaigns they belong to", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.countPending(["s1"])).toEqual({ messages: 0, campaigns: 0 })
          yield* Effect.forEach(
            [
              messageView("a1", { campaignId: "c1" }),
              messageView("a2", { campaignId: "c1" }),
              messageView("a3", { campaignId: "c2", sessionId: "s2" }),
              // finished or being sent: not pending
              ...(["PICKED", "SENT", "FAILED", "OUTCOME_UNKNOWN", "MISSED", "DELETED", "CANCELLED"] as const).map(
                (status) => messageView(`f-${status}`, { campaignId: "c3", status })
              ),
              // another user's session
              messageView("x1", { campaignId: "c9", sessionId: "s9" })
            ],
            repo.save,
            { discard: true }
          )
          expect(yield* repo.countPending(["s1"])).toEqual({ messages: 2, campaigns: 1 })
          expect(yield* repo.countPending(["s1", "s2"])).toEqual({ messages: 3, campaigns: 2 })
          expect(yield* repo.countPending([])).toEqual({ messages: 0, campaigns: 0 })
          // a newer version that is no longer pending stops counting
          yield* repo.save(messageView("a3", { campaignId: "c2", sessionId: "s2", status: "CANCELLED", version: 2 }))
          expect(yield* repo.countPending(["s1", "s2"])).toEqual({ messages: 2, campaigns: 1 })
        })
      )
    )

    it.effect(
      "a paused campaign's messages: never due, missed or next, still to go and pending; skipped ones are neither",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* Effect.forEach(
              [
                messageView("p1", { status: "PAUSED", scheduledAt: T - 10 * 60_000 }),
                messageView("p2", { status: "PAUSED", scheduledAt: T }),
                messageView("p3", { status: "PAUSED", scheduledAt: T + 60_000 }),
                messageView("k1", { status: "SKIPPED", scheduledAt: T - 60_000 }),
                messageView("s1", { status: "SENT" })
              ],
              repo.save,
              { discard: true }
            )
            // the scheduler's selections find none of them
            expect(yield* repo.findScheduledBetween(T - 2 * 60_000, T + 60_000, 100)).toEqual([])
            expect(yield* repo.findScheduledInSession("s1", T - 2 * 60_000, T + 60_000)).toEqual([])
            expect(yield* repo.findScheduledBefore(T + 60_000, 100)).toEqual([])
            expect(yield* repo.nextScheduledAfter(T - 60 * 60_000)).toBeNull()
            expect(yield* repo.findPickedBefore(T + 60_000, 100)).toEqual([])
            // paused: still to go (the campaign is not complete) and pending (the quota); skipped: neither
            expect(yield* repo.progress("c1")).toEqual({ total: 5, sent: 1, open: 3 })
            expect(yield* repo.countPending(["s1"])).toEqual({ messages: 3, campaigns: 1 })
            // they read back as saved
            expect((yield* repo.get("p2"))?.status).toBe("PAUSED")
            expect(yield* repo.get("k1")).toEqual(messageView("k1", { status: "SKIPPED", scheduledAt: T - 60_000 }))
            // resumed: due again like any scheduled message
            yield* repo.save(messageView("p3", { status: "SCHEDULED", scheduledAt: T + 60_000, version: 3 }))
            expect(ids(yield* repo.findScheduledBetween(T, T + 60_000, 100))).toEqual(["p3"])
          })
        )
    )

    it.effect(
      "needsMedia: a paused message still needs its file; a skipped one for the week it may be sent again",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            const media = { id: "media-1", mimetype: "image/png", filename: "a.png", size: 3, kind: "image" as const }
            yield* repo.save(messageView("p1", { status: "PAUSED", media }))
            expect(yield* repo.needsMedia("media-1", T + 1)).toBe(true)
            yield* repo.save(messageView("p1", { status: "SKIPPED", media, version: 2 }))
            expect(yield* repo.needsMedia("media-1", T)).toBe(true)
            expect(yield* repo.needsMedia("media-1", T + 1)).toBe(false)
          })
        )
    )

    it.effect(
      "findUpcomingInSessions: SCHEDULED of the given sessions only, in the window, oldest then by id, after a key, limited",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* repo.save(messageView("b", { scheduledAt: T + 2 }))
            yield* repo.save(messageView("a", { scheduledAt: T + 2 }))
            yield* repo.save(messageView("c", { scheduledAt: T + 1, sessionId: "s2" }))
            yield* repo.save(messageView("d", { scheduledAt: T + 3 }))
            yield* repo.save(messageView("late", { scheduledAt: T + 10 }))
            // another user's session, and messages no longer to be sent
            yield* repo.save(messageView("other", { scheduledAt: T + 1, sessionId: "s10" }))
            yield* repo.save(messageView("picked", { scheduledAt: T + 1, status: "PICKED" }))
            yield* repo.save(messageView("deleted", { scheduledAt: T + 1, status: "DELETED" }))
            yield* repo.save(messageView("cancelled", { scheduledAt: T + 1, status: "CANCELLED" }))
            yield* repo.save(messageView("sent", { scheduledAt: T + 1, status: "SENT" }))
            const window = { from: T, to: T + 3, after: null, limit: 10 }
            expect(ids(yield* repo.findUpcomingInSessions(["s1", "s2"], window))).toEqual(["c", "a", "b", "d"])
            expect(ids(yield* repo.findUpcomingInSessions(["s1"], window))).toEqual(["a", "b", "d"])
            expect(ids(yield* repo.findUpcomingInSessions([], window))).toEqual([])
            expect(ids(yield* repo.findUpcomingInSessions(["s1", "s2"], { ...window, limit: 2 }))).toEqual(["c", "a"])
            // the next page starts after the last one shown, ties by id included
            const after = { scheduledAt: T + 2, id: "a" }
            expect(ids(yield* repo.findUpcomingInSessions(["s1", "s2"], { ...window, after }))).toEqual(["b", "d"])
            expect(
              ids(yield* repo.findUpcomingInSessions(["s1", "s2"], { ...window, from: T + 2, to: T + 10 }))
            ).toEqual(["a", "b", "d", "late"])
            // counted by period: each start inclusive, the next one exclusive; empty periods count 0
            expect(yield* repo.countUpcomingInSessions(["s1", "s2"], [T, T + 2, T + 3, T + 3, T + 11])).toEqual([
              1, 2, 0, 2
            ])
            expect(yield* repo.countUpcomingInSessions(["s1", "s2"], [T + 1, T + 3])).toEqual([3])
            expect(yield* repo.countUpcomingInSessions(["s1"], [T, T + 3, T + 10])).toEqual([2, 1])
            expect(yield* repo.countUpcomingInSessions([], [T, T + 11])).toEqual([0])
            expect(yield* repo.countUpcomingInSessions(["s1"], [T])).toEqual([])
          })
        )
    )

    it.effect("fails with StoreUnavailable when the database cannot be reached", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: MessageRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(MessageRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.save(messageView("m1")))
        yield* unreachable((r) => r.get("m1"))
        yield* unreachable((r) => r.findScheduledBetween(T - 1, T, 10))
        yield* unreachable((r) => r.progress("c1"))
        yield* unreachable((r) => r.countPending(["s1"]))
        yield* unreachable((r) => r.findUpcomingInSessions(["s1"], { from: 0, to: T, after: null, limit: 5 }))
        yield* unreachable((r) => r.countUpcomingInSessions(["s1"], [0, T]))
      })
    )
  })
