import type { Server, Socket } from "node:net"
import { createServer } from "node:net"
import { afterAll, beforeAll, describe, expect, it } from "@effect/vitest"
import { Effect, FiberSet, Layer } from "effect"
import { TestClock } from "effect/testing"
import { AuthSettings } from "../../../src/application/auth/AuthSettings.ts"
import type { WebhookDelivery } from "../../../src/application/ports/WebhookRepository.ts"
import { WebhookRepository } from "../../../src/application/ports/WebhookRepository.ts"
import { deliverDueWebhooks, startDueWebhooks } from "../../../src/application/webhook/deliverDueWebhooks.ts"
import { sealWebhookSecret } from "../../../src/application/webhook/webhookSecrets.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryWebhookRepository } from "../../../src/infrastructure/memory/MemoryWebhookRepository.ts"
import { HttpWebhookTransport } from "../../../src/infrastructure/webhooks/HttpWebhookTransport.ts"
import { eventually } from "../../support/eventually.ts"
import type { WebhookReceiver } from "../../support/WebhookReceiver.ts"
import { startWebhookReceiver } from "../../support/WebhookReceiver.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const KEY = AuthSettings.defaultValue().tokenKey

// accepts connections and never answers: a blackholed endpoint
let hole: Server
const held: Array<Socket> = []
let holePort = 0
let receiver: WebhookReceiver
beforeAll(async () => {
  hole = createServer((socket) => {
    held.push(socket)
  })
  await new Promise<void>((resolve) => hole.listen(0, "127.0.0.1", resolve))
  const address = hole.address()
  holePort = typeof address === "object" && address !== null ? address.port : 0
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await receiver.close()
  for (const socket of held) socket.destroy()
  await new Promise((resolve) => hole.close(resolve))
})

const delivery = (id: string, endpointId: string, userId: string, at: number): WebhookDelivery => ({
  id,
  endpointId,
  userId,
  eventId: id,
  type: "message.sent",
  body: "{}",
  createdAt: at,
  status: "pending",
  attempts: 0,
  nextAttemptAt: at,
  leaseUntil: null,
  lastAttemptAt: null,
  outcome: null,
  responseStatus: null
})

/** A blackholed endpoint of account a with 200 due deliveries, older than account b's one. */
const backlog = Effect.gen(function* () {
  yield* TestClock.setTime(T)
  const webhooks = yield* WebhookRepository
  yield* webhooks.createEndpoint({
    id: "A",
    userId: "a",
    url: `http://127.0.0.1:${holePort}/`,
    events: ["message.sent"],
    secret: sealWebhookSecret(KEY, "A", "whsec_a"),
    createdAt: 0
  })
  yield* webhooks.createEndpoint({
    id: "B",
    userId: "b",
    url: receiver.url("/b"),
    events: ["message.sent"],
    secret: sealWebhookSecret(KEY, "B", "whsec_b"),
    createdAt: 0
  })
  for (let i = 0; i < 200; i++) yield* webhooks.enqueue(delivery(`A${i}`, "A", "a", T - 60_000 + i))
  yield* webhooks.enqueue(delivery("B0", "B", "b", T - 1_000))
})

const layer = () =>
  Layer.mergeAll(
    MemoryWebhookRepository.layer(makeMemoryDatabase()),
    // scaled down from 10 s: the blackholed attempt ends at its deadline
    HttpWebhookTransport.layer({ allowPrivateTargets: true, timeoutMs: 300 })
  )

describe("webhook deliveries are fair across endpoints", () => {
  it.effect(
    "a blackholed endpoint with 200 due deliveries: another account's one is delivered in the first pass, the 199 put off",
    () =>
      Effect.gen(function* () {
        receiver.received.length = 0
        yield* backlog
        // one attempt per endpoint: A's oldest (times out) and B's
        expect(yield* deliverDueWebhooks()).toBe(2)
        expect(receiver.received.map((r) => r.path)).toEqual(["/b"])
        const webhooks = yield* WebhookRepository
        const a = yield* webhooks.listDeliveries("A", 500)
        expect(a.filter((d) => d.attempts === 1).map((d) => [d.id, d.outcome])).toEqual([
          ["A0", "The endpoint did not answer within a second."]
        ])
        // the breaker: A is not called again before its next attempt, its other deliveries wait with it
        expect(new Set(a.map((d) => d.nextAttemptAt))).toEqual(new Set([T + 30_000]))
        expect(yield* deliverDueWebhooks()).toBe(0)
        expect((yield* webhooks.listDeliveries("B", 10))[0]?.status).toBe("delivered")
      }).pipe(Effect.provide(layer()))
  )

  it.effect("the worker's pass does not wait for a slow endpoint: the next pass serves a new delivery at once", () =>
    Effect.gen(function* () {
      receiver.received.length = 0
      yield* backlog
      const webhooks = yield* WebhookRepository
      // A's attempt would hang far longer than the test: a real 10 s bound
      const running = yield* FiberSet.make()
      yield* startDueWebhooks(running).pipe(
        Effect.provide(HttpWebhookTransport.layer({ allowPrivateTargets: true, timeoutMs: 60_000 }))
      )
      yield* Effect.promise(() =>
        eventually(
          "B delivered",
          () => receiver.received.length,
          (n) => n === 1
        )
      )
      // A's run is still in flight; a new delivery for B arrives and the next pass takes it
      yield* webhooks.enqueue(delivery("B1", "B", "b", T))
      expect(yield* startDueWebhooks(running)).toBe(1)
      yield* Effect.promise(() =>
        eventually(
          "B1 delivered",
          () => receiver.received.length,
          (n) => n === 2
        )
      )
      // and A still has just its one attempt in flight: none of its others taken meanwhile
      const a = yield* webhooks.listDeliveries("A", 500)
      expect(a.filter((d) => d.leaseUntil !== null).map((d) => d.id)).toEqual(["A0"])
    }).pipe(Effect.scoped, Effect.provide(layer()))
  )
})
