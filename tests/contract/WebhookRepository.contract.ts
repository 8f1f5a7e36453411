import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import type { WebhookDelivery, WebhookEndpoint } from "../../src/application/ports/WebhookRepository.ts"
import { WebhookRepository } from "../../src/application/ports/WebhookRepository.ts"
import type { StoreHarness } from "./harness.ts"
import { expectStoreUnavailable } from "./harness.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")

const endpoint = (id: string, overrides: Partial<WebhookEndpoint> = {}): WebhookEndpoint => ({
  id,
  userId: "u1",
  url: `https://example.com/hooks/${id}`,
  events: ["message.sent", "campaign.failed"],
  secret: `sealed-${id}`,
  createdAt: T,
  ...overrides
})

const delivery = (id: string, overrides: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id,
  endpointId: "e1",
  userId: "u1",
  eventId: `message-${id}.3`,
  type: "message.sent",
  body: `{"id":"message-${id}.3","type":"message.sent","data":{"é":"✓"}}`,
  createdAt: T,
  status: "pending",
  attempts: 0,
  nextAttemptAt: T,
  leaseUntil: null,
  lastAttemptAt: null,
  outcome: null,
  responseStatus: null,
  ...overrides
})

export const describeWebhookRepositoryContract = (name: string, harness: StoreHarness) =>
  describe(`WebhookRepository contract: ${name}`, () => {
    const withRepo = <A, E>(f: (repo: WebhookRepository["Service"]) => Effect.Effect<A, E>) =>
      WebhookRepository.use(f).pipe(Effect.provide(harness.freshDatabase().connect()))

    it.effect("creates endpoints, lists a user's oldest first (ties by id), finds only the owner's", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.hasEndpoints()).toBe(false)
          yield* repo.createEndpoint(endpoint("b", { createdAt: T + 1 }))
          expect(yield* repo.hasEndpoints()).toBe(true)
          yield* repo.createEndpoint(endpoint("a", { createdAt: T + 1 }))
          yield* repo.createEndpoint(endpoint("c", { createdAt: T, events: ["session.status"] }))
          yield* repo.createEndpoint(endpoint("x", { userId: "u2" }))
          expect((yield* repo.listEndpoints("u1")).map((e) => e.id)).toEqual(["c", "a", "b"])
          expect(yield* repo.listEndpoints("u2")).toEqual([endpoint("x", { userId: "u2" })])
          expect(yield* repo.listEndpoints("nobody")).toEqual([])
          expect(yield* repo.findEndpoint("u1", "c")).toEqual(endpoint("c", { events: ["session.status"] }))
          expect(yield* repo.findEndpoint("u2", "c")).toBeNull()
          expect(yield* repo.findEndpoint("u1", "nope")).toBeNull()
        })
      )
    )

    it.effect("deletes only the owner's endpoint, with its deliveries; another user's → false, unchanged", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.createEndpoint(endpoint("e1"))
          yield* repo.createEndpoint(endpoint("e2"))
          yield* repo.enqueue(delivery("d1"))
          yield* repo.enqueue(delivery("d2", { endpointId: "e2" }))
          expect(yield* repo.deleteEndpoint("u2", "e1")).toBe(false)
          expect(yield* repo.findEndpoint("u1", "e1")).not.toBeNull()
          expect(yield* repo.listDeliveries("e1", 10)).toHaveLength(1)
          expect(yield* repo.deleteEndpoint("u1", "e1")).toBe(true)
          expect(yield* repo.findEndpoint("u1", "e1")).toBeNull()
          expect(yield* repo.listDeliveries("e1", 10)).toEqual([])
          expect((yield* repo.listDeliveries("e2", 10)).map((d) => d.id)).toEqual(["d2"])
          expect(yield* repo.deleteEndpoint("u1", "e1")).toBe(false)
          expect(yield* repo.hasEndpoints()).toBe(true)
          expect(yield* repo.deleteEndpoint("u1", "e2")).toBe(true)
          expect(yield* repo.hasEndpoints()).toBe(false)
        })
      )
    )

    it.effect("enqueue inserts once: a second enqueue of the same id → false, the first kept", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          expect(yield* repo.enqueue(delivery("d1"))).toBe(true)
          expect(yield* repo.enqueue(delivery("d1", { body: "{}", createdAt: T + 5 }))).toBe(false)
          expect(yield* repo.listDeliveries("e1", 10)).toEqual([delivery("d1")])
        })
      )
    )

    it.effect("of concurrent enqueues of one delivery from several clients exactly one wins", () =>
      Effect.gen(function* () {
        const db = harness.freshDatabase()
        const clients = Array.from({ length: 4 }, () => db.connect())
        const results = yield* Effect.forEach(
          clients,
          (client) => WebhookRepository.use((repo) => repo.enqueue(delivery("d1"))).pipe(Effect.provide(client)),
          { concurrency: "unbounded" }
        )
        expect(results.filter((won) => won)).toHaveLength(1)
      })
    )

    it.effect(
      "claimDue takes due pending deliveries with a free or expired lease, oldest due first, and leases them",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            // each on its own endpoint: one per endpoint is the next test's
            const one = (id: string, overrides: Partial<WebhookDelivery>) =>
              delivery(id, { endpointId: `e-${id}`, ...overrides })
            yield* repo.enqueue(one("late", { nextAttemptAt: T + 10 }))
            yield* repo.enqueue(one("b", { nextAttemptAt: T - 5 }))
            yield* repo.enqueue(one("a", { nextAttemptAt: T - 5 }))
            yield* repo.enqueue(one("first", { nextAttemptAt: T - 9 }))
            yield* repo.enqueue(one("leased", { nextAttemptAt: T - 20, leaseUntil: T + 1 }))
            yield* repo.enqueue(one("expired", { nextAttemptAt: T - 1, leaseUntil: T }))
            yield* repo.enqueue(one("done", { status: "delivered", nextAttemptAt: null }))
            yield* repo.enqueue(one("given-up", { status: "failed", nextAttemptAt: null }))
            const claimed = yield* repo.claimDue(T, T + 60_000, 3)
            expect(claimed.map((d) => d.id)).toEqual(["first", "a", "b"])
            expect(claimed.every((d) => d.leaseUntil === T + 60_000)).toBe(true)
            expect(claimed[0]).toEqual(one("first", { nextAttemptAt: T - 9, leaseUntil: T + 60_000 }))
            // leased now: not taken again before the lease runs out
            expect((yield* repo.claimDue(T, T + 60_000, 10)).map((d) => d.id)).toEqual(["expired"])
            expect(yield* repo.claimDue(T, T + 60_000, 10)).toEqual([])
            // once the leases ran out (a crashed sender), they are taken again
            const again = yield* repo.claimDue(T + 60_000, T + 120_000, 10)
            expect(again.map((d) => d.id)).toEqual(["leased", "first", "a", "b", "expired", "late"])
          })
        )
    )

    it.effect(
      "claimDue is fair: the oldest due of each endpoint, none of an endpoint already being called; one endpoint's next on request",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            // a backlog on e1 older than everything else
            for (let i = 0; i < 30; i++)
              yield* repo.enqueue(delivery(`a${String(i).padStart(2, "0")}`, { nextAttemptAt: T - 1_000 + i }))
            yield* repo.enqueue(delivery("b1", { endpointId: "e2", userId: "u2", nextAttemptAt: T - 1 }))
            yield* repo.enqueue(delivery("b2", { endpointId: "e2", userId: "u2", nextAttemptAt: T }))
            yield* repo.enqueue(delivery("c1", { endpointId: "e3", nextAttemptAt: T - 2, leaseUntil: T + 5 }))
            yield* repo.enqueue(delivery("c2", { endpointId: "e3", nextAttemptAt: T - 3 }))
            const claimed = yield* repo.claimDue(T, T + 60_000, 10)
            // e3 has c1 in flight: none of its others
            expect(claimed.map((d) => d.id)).toEqual(["a00", "b1"])
            expect(yield* repo.claimDue(T, T + 60_000, 10)).toEqual([])
            // e1's run asks for its next while a00 is still leased to it: not while one is in flight
            expect(yield* repo.claimDue(T, T + 60_000, 1, "e1")).toEqual([])
            yield* repo.recordAttempt("a00", {
              at: T,
              delivered: true,
              outcome: "ok",
              responseStatus: 200,
              nextAttemptAt: null
            })
            expect((yield* repo.claimDue(T, T + 60_000, 1, "e1")).map((d) => d.id)).toEqual(["a01"])
          })
        )
    )

    it.effect(
      "postponeDue puts an endpoint's other due deliveries off until its next attempt, leased ones untouched",
      () =>
        withRepo((repo) =>
          Effect.gen(function* () {
            yield* repo.enqueue(delivery("due", { nextAttemptAt: T - 5 }))
            yield* repo.enqueue(delivery("later", { nextAttemptAt: T + 90_000 }))
            yield* repo.enqueue(delivery("leased", { nextAttemptAt: T - 9, leaseUntil: T + 5 }))
            yield* repo.enqueue(delivery("done", { status: "delivered", nextAttemptAt: null }))
            yield* repo.enqueue(delivery("other", { endpointId: "e2", nextAttemptAt: T - 5 }))
            expect(yield* repo.postponeDue("e1", T + 30_000, T)).toBe(1)
            const byId = new Map((yield* repo.listDeliveries("e1", 10)).map((d) => [d.id, d.nextAttemptAt]))
            expect(Object.fromEntries(byId)).toEqual({ due: T + 30_000, later: T + 90_000, leased: T - 9, done: null })
            expect((yield* repo.listDeliveries("e2", 10))[0]?.nextAttemptAt).toBe(T - 5)
          })
        )
    )

    it.effect("a delivery enqueued while its endpoint is held back waits with it (the breaker)", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          // e1 failed: its delivery waits until T + 30 s, another of its deliveries was put off with it
          yield* repo.enqueue(
            delivery("failed", { attempts: 1, nextAttemptAt: T + 30_000, lastAttemptAt: T, outcome: "No answer." })
          )
          yield* repo.enqueue(delivery("putOff", { nextAttemptAt: T + 30_000 }))
          // e2 failed long ago and its wait is over; e3 only delivered
          yield* repo.enqueue(delivery("over", { endpointId: "e2", attempts: 2, nextAttemptAt: T - 1_000 }))
          yield* repo.enqueue(
            delivery("ok", { endpointId: "e3", status: "delivered", attempts: 1, nextAttemptAt: null })
          )
          expect(yield* repo.enqueue(delivery("new1", { nextAttemptAt: T + 5 }))).toBe(true)
          expect(yield* repo.enqueue(delivery("later1", { nextAttemptAt: T + 60_000 }))).toBe(true)
          expect(yield* repo.enqueue(delivery("new2", { endpointId: "e2", nextAttemptAt: T + 5 }))).toBe(true)
          expect(yield* repo.enqueue(delivery("new3", { endpointId: "e3", nextAttemptAt: T + 5 }))).toBe(true)
          const at = (endpointId: string) =>
            repo
              .listDeliveries(endpointId, 10)
              .pipe(Effect.map((list) => Object.fromEntries(list.map((d) => [d.id, d.nextAttemptAt]))))
          expect(yield* at("e1")).toEqual({
            failed: T + 30_000,
            putOff: T + 30_000,
            new1: T + 30_000,
            later1: T + 60_000
          })
          expect(yield* at("e2")).toEqual({ over: T - 1_000, new2: T + 5 })
          expect(yield* at("e3")).toEqual({ ok: null, new3: T + 5 })
          // nothing of e1 is due before its wait is over
          expect((yield* repo.claimDue(T + 10, T + 60_000, 10)).map((d) => d.endpointId).sort()).toEqual(["e2", "e3"])
        })
      )
    )

    it.effect("of concurrent claims from several clients each due delivery goes to one", () =>
      Effect.gen(function* () {
        if (!harness.atomicUpdates) return // FerretDB v1: at least once, a rare double claim is allowed
        const db = harness.freshDatabase()
        yield* WebhookRepository.use((repo) =>
          Effect.forEach(
            ["d1", "d2", "d3", "d4", "d5"],
            (id) => repo.enqueue(delivery(id, { endpointId: `e-${id}` })),
            {
              discard: true
            }
          )
        ).pipe(Effect.provide(db.connect()))
        const clients = Array.from({ length: 3 }, () => db.connect())
        const claims = yield* Effect.forEach(
          clients,
          (client) => WebhookRepository.use((repo) => repo.claimDue(T, T + 1_000, 10)).pipe(Effect.provide(client)),
          { concurrency: "unbounded" }
        )
        expect(
          claims
            .flat()
            .map((d) => d.id)
            .sort()
        ).toEqual(["d1", "d2", "d3", "d4", "d5"])
      })
    )

    it.effect("recordAttempt counts the attempt, keeps its outcome and sets the status; the lease is released", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.enqueue(delivery("retry", { createdAt: T + 3 }))
          yield* repo.enqueue(delivery("ok", { createdAt: T + 2 }))
          yield* repo.enqueue(delivery("gone", { createdAt: T + 1 }))
          yield* repo.claimDue(T, T + 60_000, 10)
          yield* repo.recordAttempt("retry", {
            at: T + 1,
            delivered: false,
            outcome: "The endpoint answered 500.",
            responseStatus: 500,
            nextAttemptAt: T + 30_000
          })
          yield* repo.recordAttempt("ok", {
            at: T + 2,
            delivered: true,
            outcome: "Delivered (the endpoint answered 204).",
            responseStatus: 204,
            nextAttemptAt: null
          })
          yield* repo.recordAttempt("gone", {
            at: T + 3,
            delivered: false,
            outcome: "The endpoint could not be reached.",
            responseStatus: null,
            nextAttemptAt: null
          })
          expect(yield* repo.listDeliveries("e1", 10)).toEqual([
            delivery("retry", {
              createdAt: T + 3,
              attempts: 1,
              nextAttemptAt: T + 30_000,
              lastAttemptAt: T + 1,
              outcome: "The endpoint answered 500.",
              responseStatus: 500
            }),
            delivery("ok", {
              createdAt: T + 2,
              status: "delivered",
              attempts: 1,
              nextAttemptAt: null,
              lastAttemptAt: T + 2,
              outcome: "Delivered (the endpoint answered 204).",
              responseStatus: 204
            }),
            delivery("gone", {
              createdAt: T + 1,
              status: "failed",
              attempts: 1,
              nextAttemptAt: null,
              lastAttemptAt: T + 3,
              outcome: "The endpoint could not be reached.",
              responseStatus: null
            })
          ])
          expect(yield* repo.listDeliveries("e1", 1)).toHaveLength(1)
          // due again at its next attempt, not before
          expect(yield* repo.claimDue(T + 29_999, T + 90_000, 10)).toEqual([])
          expect((yield* repo.claimDue(T + 30_000, T + 90_000, 10)).map((d) => d.id)).toEqual(["retry"])
        })
      )
    )

    it.effect("sweepDeliveries removes done deliveries of events before the instant; pending ones stay", () =>
      withRepo((repo) =>
        Effect.gen(function* () {
          yield* repo.enqueue(delivery("old-done", { status: "delivered", nextAttemptAt: null, createdAt: T - 10 }))
          yield* repo.enqueue(delivery("old-failed", { status: "failed", nextAttemptAt: null, createdAt: T - 5 }))
          yield* repo.enqueue(delivery("old-pending", { createdAt: T - 10 }))
          yield* repo.enqueue(delivery("new-done", { status: "delivered", nextAttemptAt: null, createdAt: T }))
          expect(yield* repo.sweepDeliveries(T)).toBe(2)
          expect((yield* repo.listDeliveries("e1", 10)).map((d) => d.id)).toEqual(["new-done", "old-pending"])
          expect(yield* repo.sweepDeliveries(T)).toBe(0)
        })
      )
    )

    it.effect("an unreachable database → StoreUnavailable", () =>
      Effect.gen(function* () {
        const unreachable = <A, E>(f: (repo: WebhookRepository["Service"]) => Effect.Effect<A, E>) =>
          expectStoreUnavailable(WebhookRepository.use(f).pipe(Effect.provide(harness.unreachable())))
        yield* unreachable((r) => r.listEndpoints("u1"))
        yield* unreachable((r) => r.enqueue(delivery("d1")))
        yield* unreachable((r) => r.claimDue(T, T + 1, 10))
      })
    )
  })
