import { createHmac } from "node:crypto"
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Effect, Fiber, Layer, Queue } from "effect"
import { TestClock } from "effect/testing"
import { PollAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { ProjectionCheckpoint } from "../../../src/application/ports/ProjectionCheckpoint.ts"
import { UserRepository } from "../../../src/application/ports/UserRepository.ts"
import { WebhookRepository } from "../../../src/application/ports/WebhookRepository.ts"
import { KeyedLocks } from "../../../src/application/shared/KeyedLocks.ts"
import { createWebhookEndpoint } from "../../../src/application/webhook/createWebhookEndpoint.ts"
import { deliverDueWebhooks } from "../../../src/application/webhook/deliverDueWebhooks.ts"
import { enqueueWebhookEvents, makeRelayMemory } from "../../../src/application/webhook/enqueueWebhookEvents.ts"
import { WebhookSettings } from "../../../src/application/webhook/WebhookSettings.ts"
import { WEBHOOK_RETRY_WINDOW_MS } from "../../../src/domain/webhook/Webhook.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MemoryWebhookRepository } from "../../../src/infrastructure/memory/MemoryWebhookRepository.ts"
import { HttpWebhookTransport } from "../../../src/infrastructure/webhooks/HttpWebhookTransport.ts"
import { webhookTasks } from "../../../src/interfaces/web/backgroundTasks.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dispatchAndDrain, memoryScheduler, schedulerClient, seedCampaign } from "../../support/schedulerHarness.ts"
import type { ReceivedWebhook, WebhookReceiver } from "../../support/WebhookReceiver.ts"
import { startWebhookReceiver } from "../../support/WebhookReceiver.ts"

const T = Date.parse("2026-03-01T10:00:00.000Z")
const SECOND = 1_000
const MINUTE = 60 * SECOND

let fake: FakeWaha
let receiver: WebhookReceiver
beforeAll(async () => {
  fake = await startFakeWaha()
  receiver = await startWebhookReceiver()
})
afterAll(async () => {
  await fake.close()
  await receiver.close()
})
beforeEach(() => {
  fake.reset()
  receiver.received.length = 0
  receiver.answerWith((_req, res) => res.writeHead(204).end())
})

/** The web process's webhook side beside a scheduler, on one memory store, calling the local receiver. */
const webhookSide = Layer.mergeAll(
  KeyedLocks.layer,
  HttpWebhookTransport.layer({ allowPrivateTargets: true }),
  Layer.succeed(WebhookSettings, { allowPrivateTargets: true })
)
const setup = () => {
  const scheduler = memoryScheduler(fake.url)
  return {
    db: scheduler.db,
    layer: Layer.mergeAll(scheduler.layer, webhookSide, MemoryWebhookRepository.layer(scheduler.db))
  }
}

/** The receiver's check (docs/api.md#webhooks), the freshness of the timestamp left out: the test's clock is not the receiver's. */
const signedWith = (secret: string, hook: ReceivedWebhook): boolean =>
  hook.headers["herald-signature"] ===
  `sha256=${createHmac("sha256", secret).update(`${hook.headers["herald-timestamp"]}.${hook.body}`).digest("hex")}`

const waitFor = (what: string, count: number) =>
  Effect.promise(() =>
    eventually(
      what,
      () => receiver.received.length,
      (n) => n >= count,
      10_000
    )
  )

/** Waits (real time, with a deadline) until the endpoint has `count` deliveries recorded delivered. */
const waitDelivered = (endpointId: string, count: number) =>
  Effect.gen(function* () {
    const webhooks = yield* WebhookRepository
    const deadline = Date.now() + 10_000
    for (;;) {
      const done = (yield* webhooks.listDeliveries(endpointId, 100)).filter((d) => d.status === "delivered")
      if (done.length >= count) return
      if (Date.now() > deadline) throw new Error(`${count} deliveries not recorded within 10 s`)
      yield* Effect.promise(() => new Promise((resolve) => setTimeout(resolve, 20)))
    }
  })

/** A session, a campaign of one message at T, an endpoint made 10 minutes before; the message sent at T. */
const sentAtT = (events: ReadonlyArray<"message.sent" | "campaign.completed" | "message.failed"> = ["message.sent"]) =>
  Effect.gen(function* () {
    yield* TestClock.setTime(T - 10 * MINUTE)
    const seeded = yield* seedCampaign({ messages: [{ content: "hello", scheduledAt: T }], groupName: "Café ☕" })
    const endpoint = yield* createWebhookEndpoint("user-1", { url: receiver.url(), events })
    yield* TestClock.setTime(T)
    yield* dispatchAndDrain
    expect(fake.sent).toHaveLength(1)
    return { ...seeded, endpoint }
  })

describe("outgoing webhooks: the relay and the delivery worker", () => {
  it.effect("a message the scheduler sent reaches the endpoint as message.sent, signed, once", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const { campaignId, messageIds, endpoint } = yield* sentAtT(["message.sent", "campaign.completed"])
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      expect(yield* deliverDueWebhooks()).toBe(2)
      yield* waitFor("two deliveries", 2)
      const sent = receiver.received.find((r) => JSON.parse(r.body).type === "message.sent")
      expect(sent).toBeDefined()
      expect(signedWith(endpoint.secret, sent!)).toBe(true)
      expect(JSON.parse(sent!.body)).toEqual({
        id: `message-${messageIds[0]}.3`,
        type: "message.sent",
        createdAt: new Date(T).toISOString(),
        data: {
          messageId: messageIds[0],
          campaignId,
          campaignTitle: "test",
          groupId: "120363000000000001@g.us",
          groupName: "Café ☕",
          scheduledAt: new Date(T).toISOString(),
          sentAt: new Date(T).toISOString()
        }
      })
      expect(sent!.headers["herald-event-id"]).toBe(`message-${messageIds[0]}.3`)
      expect(sent!.headers["herald-timestamp"]).toBe(String(T / SECOND))
      const completed = receiver.received.find((r) => JSON.parse(r.body).type === "campaign.completed")
      expect(JSON.parse(completed!.body).data).toEqual({
        campaignId,
        campaignTitle: "test",
        completedAt: new Date(T).toISOString()
      })
      // a second pass over the same events (the look-back, another process) enqueues nothing new
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      expect(yield* deliverDueWebhooks()).toBe(0)
      const deliveries = yield* (yield* WebhookRepository).listDeliveries(endpoint.id, 10)
      expect(deliveries.map((d) => [d.type, d.status, d.attempts, d.outcome])).toEqual(
        expect.arrayContaining([
          ["message.sent", "delivered", 1, "Delivered: the endpoint answered 204."],
          ["campaign.completed", "delivered", 1, "Delivered: the endpoint answered 204."]
        ])
      )
      expect(receiver.received).toHaveLength(2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a vote on a poll reaches the endpoint as poll.vote: who, their choices now, when", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(T - 10 * MINUTE)
      const { campaignId, messageIds } = yield* seedCampaign({ messages: [{ content: "Day?", scheduledAt: T }] })
      const endpoint = yield* createWebhookEndpoint("user-1", { url: receiver.url(), events: ["poll.vote"] })
      yield* TestClock.setTime(T)
      const vote = (options: ReadonlyArray<string>, votedAt: number, voterName: string | null = "Ann") =>
        execute(PollAggregate)(messageIds[0]!, {
          type: "RecordVote",
          messageId: messageIds[0]!,
          campaignId,
          vote: { voter: "15551110001@c.us", lid: null, voterName, options, votedAt, readable: true },
          poll: { options: ["Sat", "Sun"], multipleAnswers: true },
          now: T,
          dated: true
        })
      yield* vote(["Sun"], T - SECOND, null)
      // the same vote again with the voter's name: the name is kept (event 2), no new vote, so no poll.vote
      yield* vote(["Sun"], T - SECOND)
      yield* vote(["Sat", "Sun"], T)
      // an older vote arriving late records nothing, so is no event
      yield* vote(["Sat"], T - 2 * SECOND)
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      expect(yield* deliverDueWebhooks()).toBe(2)
      yield* waitFor("two deliveries", 2)
      const bodies = receiver.received.map((r) => JSON.parse(r.body))
      expect(bodies.map((b) => [b.id, b.type, b.data.choices])).toEqual([
        [`poll-${messageIds[0]}.1`, "poll.vote", ["Sun"]],
        [`poll-${messageIds[0]}.3`, "poll.vote", ["Sat", "Sun"]]
      ])
      expect(bodies[1].data).toEqual({
        messageId: messageIds[0],
        campaignId,
        campaignTitle: "test",
        voter: "15551110001@c.us",
        voterName: "Ann",
        number: "+15551110001",
        choices: ["Sat", "Sun"],
        readable: true,
        votedAt: new Date(T).toISOString()
      })
      expect(signedWith(endpoint.secret, receiver.received[1]!)).toBe(true)
    }).pipe(Effect.provide(layer))
  })

  it.effect("a 500 is retried after the backoff and the 200 that follows ends it; the same event id and body", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const { endpoint } = yield* sentAtT()
      let calls = 0
      receiver.answerWith((_req, res) => res.writeHead(++calls === 1 ? 500 : 200).end())
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      yield* deliverDueWebhooks()
      const webhooks = yield* WebhookRepository
      const [failed] = yield* webhooks.listDeliveries(endpoint.id, 10)
      expect(failed).toMatchObject({
        status: "pending",
        attempts: 1,
        nextAttemptAt: T + 30 * SECOND,
        outcome: "The endpoint answered 500, not a success.",
        responseStatus: 500
      })
      // not due before its backoff
      expect(yield* deliverDueWebhooks()).toBe(0)
      yield* TestClock.adjust(30 * SECOND)
      expect(yield* deliverDueWebhooks()).toBe(1)
      const [done] = yield* webhooks.listDeliveries(endpoint.id, 10)
      expect(done).toMatchObject({ status: "delivered", attempts: 2, nextAttemptAt: null, responseStatus: 200 })
      expect(receiver.received).toHaveLength(2)
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body)
      expect(receiver.received[1]!.headers["herald-event-id"]).toBe(receiver.received[0]!.headers["herald-event-id"])
      expect(signedWith(endpoint.secret, receiver.received[1]!)).toBe(true)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "an endpoint that keeps failing is retried with growing waits for a day from the event, then given up",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        const { endpoint } = yield* sentAtT()
        receiver.answerWith((_req, res) => res.writeHead(503).end())
        yield* enqueueWebhookEvents(T - 20 * MINUTE)
        const webhooks = yield* WebhookRepository
        const attemptsAt: Array<number> = []
        for (let i = 0; i < 100; i++) {
          const [d] = yield* webhooks.listDeliveries(endpoint.id, 1)
          if (d!.status !== "pending") break
          yield* TestClock.setTime(d!.nextAttemptAt!)
          attemptsAt.push(d!.nextAttemptAt!)
          yield* deliverDueWebhooks()
        }
        const [given] = yield* webhooks.listDeliveries(endpoint.id, 1)
        expect(given!.status).toBe("failed")
        expect(given!.outcome).toBe(
          "The endpoint answered 503, not a success. Gave up: no attempt succeeded within a day."
        )
        expect(given!.attempts).toBe(attemptsAt.length)
        const waits = attemptsAt.slice(1).map((at, i) => at - attemptsAt[i]!)
        expect(waits.slice(0, 4)).toEqual([30 * SECOND, MINUTE, 2 * MINUTE, 4 * MINUTE])
        expect(Math.max(...waits)).toBe(60 * MINUTE)
        expect(attemptsAt.at(-1)!).toBeLessThanOrEqual(T + WEBHOOK_RETRY_WINDOW_MS)
        expect(attemptsAt.at(-1)!).toBeGreaterThan(T + WEBHOOK_RETRY_WINDOW_MS - 60 * MINUTE)
        yield* Effect.promise(() =>
          eventually(
            "every attempt",
            () => receiver.received.length,
            (n) => n === attemptsAt.length
          )
        )
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a failed post to a channel reaches message.failed in a channel's words, not a group's", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const channel = "120363000000000101@newsletter"
      fake.setSessionStatus("alice", "WORKING")
      fake.setChannels("alice", [{ id: channel, name: "Club news", role: "OWNER" }])
      yield* TestClock.setTime(T - 10 * MINUTE)
      yield* seedCampaign({
        messages: [{ content: "hello", scheduledAt: T }],
        groupId: channel,
        groupName: "Club news"
      })
      yield* createWebhookEndpoint("user-1", { url: receiver.url(), events: ["message.failed"] })
      fake.refuseChat(channel, 403, { statusCode: 403, message: "forbidden" })
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      expect(yield* deliverDueWebhooks()).toBe(1)
      yield* waitFor("the failure", 1)
      const failure = JSON.parse(receiver.received[0]!.body).data.failure
      expect(failure.kind).toBe("group")
      expect(failure.sentence).toMatch(/owner or admin of the channel/)
    }).pipe(Effect.provide(layer))
  })

  it.effect(
    "only the owner's endpoints subscribed to the type get an event, and only events from their creation on",
    () => {
      const { layer } = setup()
      return Effect.gen(function* () {
        const { endpoint } = yield* sentAtT(["message.failed"])
        const other = yield* createWebhookEndpoint("user-2", { url: receiver.url("/other"), events: ["message.sent"] })
        yield* TestClock.setTime(T + MINUTE)
        const late = yield* createWebhookEndpoint("user-1", { url: receiver.url("/late"), events: ["message.sent"] })
        yield* enqueueWebhookEvents(T - 20 * MINUTE)
        expect(yield* deliverDueWebhooks()).toBe(0)
        const webhooks = yield* WebhookRepository
        for (const id of [endpoint.id, other.id, late.id]) expect(yield* webhooks.listDeliveries(id, 10)).toEqual([])
        expect(receiver.received).toEqual([])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a disabled or rejected account's events are not enqueued", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const { endpoint } = yield* sentAtT()
      const users = yield* UserRepository
      const view = (status: "DISABLED" | "REJECTED" | "ACTIVE", version: number) => ({
        id: "user-1",
        email: "one@example.com",
        name: "One",
        role: "USER" as const,
        status,
        emailVerified: true,
        timeZone: null,
        locale: null,
        language: null,
        createdAt: 0,
        updatedAt: 0,
        version
      })
      for (const [status, version] of [
        ["DISABLED", 1],
        ["REJECTED", 2]
      ] as const) {
        yield* users.save(view(status, version))
        yield* enqueueWebhookEvents(T - 20 * MINUTE)
        expect(yield* (yield* WebhookRepository).listDeliveries(endpoint.id, 10)).toEqual([])
      }
      yield* users.save(view("ACTIVE", 3))
      yield* enqueueWebhookEvents(T - 20 * MINUTE)
      expect(yield* (yield* WebhookRepository).listDeliveries(endpoint.id, 10)).toHaveLength(1)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an unreadable stream (an event of a newer version) is skipped and the walk carries on", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      const { endpoint } = yield* sentAtT()
      // a message stream whose first event this version does not know, then one it would send
      yield* (yield* EventStore).append("message-from-the-future", 0, [
        { type: "MessageTeleported" },
        { type: "MessageSent" }
      ])
      expect(yield* enqueueWebhookEvents(T - 20 * MINUTE)).toBeGreaterThanOrEqual(T)
      const deliveries = yield* (yield* WebhookRepository).listDeliveries(endpoint.id, 10)
      expect(deliveries.map((d) => d.type)).toEqual(["message.sent"])
    }).pipe(Effect.provide(layer))
  })

  it.effect("an event the process already handled costs no stream read and no store write when seen again", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* sentAtT(["message.sent", "campaign.completed"])
      const store = yield* EventStore
      const webhooks = yield* WebhookRepository
      const counts = { reads: 0, writes: 0 }
      const counted = <A, E, R>(effect: Effect.Effect<A, E, R>) =>
        effect.pipe(
          Effect.provideService(
            EventStore,
            EventStore.of({
              ...store,
              read: (id, o) => Effect.sync(() => counts.reads++).pipe(Effect.andThen(store.read(id, o)))
            })
          ),
          Effect.provideService(
            WebhookRepository,
            WebhookRepository.of({
              ...webhooks,
              enqueue: (d) => Effect.sync(() => counts.writes++).pipe(Effect.andThen(webhooks.enqueue(d)))
            })
          )
        )
      const memory = yield* makeRelayMemory
      yield* counted(enqueueWebhookEvents(T - 20 * MINUTE, memory))
      const first = { ...counts }
      expect(first.writes).toBe(2)
      // the next passes look back over the same events: nothing read, nothing written
      yield* TestClock.adjust(2 * SECOND)
      yield* counted(enqueueWebhookEvents(T - 20 * MINUTE, memory))
      yield* TestClock.adjust(2 * SECOND)
      yield* counted(enqueueWebhookEvents(T - 20 * MINUTE, memory))
      expect(counts).toEqual(first)
      // without the memory (another process) the same pass reads and tries again, and inserts nothing
      yield* counted(enqueueWebhookEvents(T - 20 * MINUTE))
      expect(counts.writes).toBe(2 * first.writes)
      expect(yield* deliverDueWebhooks()).toBe(2)
    }).pipe(Effect.provide(layer))
  })

  it.effect("an endpoint made during a pass of many pages gets the later pages' events, memory or not", () => {
    const { layer } = setup()
    return Effect.gen(function* () {
      yield* TestClock.setTime(T - 10 * MINUTE)
      const { messageIds } = yield* seedCampaign({
        messages: [
          { content: "first", scheduledAt: T },
          { content: "second", scheduledAt: T + MINUTE }
        ]
      })
      yield* TestClock.setTime(T)
      yield* dispatchAndDrain
      yield* TestClock.setTime(T + MINUTE)
      yield* dispatchAndDrain
      expect(fake.sent).toHaveLength(2)
      const webhooks = yield* WebhookRepository
      // another account's endpoint: the relay reads the log
      yield* webhooks.createEndpoint({
        id: "elsewhere",
        userId: "user-2",
        url: receiver.url(),
        events: ["message.sent"],
        secret: "sealed",
        createdAt: 0
      })
      // user-1's endpoint is made just after the relay first read user-1's endpoints (none), at
      // T + 30 s: between the first message's event and the second's
      const made = { done: false }
      const endpoint = {
        id: "made-meanwhile",
        userId: "user-1",
        url: receiver.url(),
        events: ["message.sent" as const],
        secret: "sealed",
        createdAt: T + 30 * SECOND
      }
      const racing = WebhookRepository.of({
        ...webhooks,
        listEndpoints: (userId) =>
          webhooks
            .listEndpoints(userId)
            .pipe(
              Effect.tap(() =>
                userId !== "user-1" || made.done
                  ? Effect.void
                  : Effect.sync(() => (made.done = true)).pipe(Effect.andThen(webhooks.createEndpoint(endpoint)))
              )
            )
      })
      const memory = yield* makeRelayMemory
      // one event a page: the second message's event is on a later page than the first's
      yield* enqueueWebhookEvents(T - 20 * MINUTE, memory, 1).pipe(Effect.provideService(WebhookRepository, racing))
      expect(made.done).toBe(true)
      // the next pass (the same memory) changes nothing: the second message's event was not skipped
      yield* enqueueWebhookEvents(T - 20 * MINUTE, memory, 1)
      const deliveries = yield* webhooks.listDeliveries(endpoint.id, 10)
      expect(deliveries.map((d) => d.eventId)).toEqual([`message-${messageIds[1]}.3`])
    }).pipe(Effect.provide(layer))
  })

  it.effect("a restarted web process resumes from the stored position and sends nothing twice", () => {
    const scheduler = memoryScheduler(fake.url)
    const { db } = scheduler
    // a second web process: its own adapters over the same database
    const secondProcess = Layer.mergeAll(
      schedulerClient(MemoryStore.layer(db), fake.url),
      webhookSide,
      MemoryWebhookRepository.layer(db),
      scheduler.logs.layer
    )
    /** Runs the webhook tasks until their relay stored a position; answers where each walk of the log started. */
    const runOnce = Effect.gen(function* () {
      const store = yield* EventStore
      const positions = yield* ProjectionCheckpoint
      const since: Array<number> = []
      const advanced = yield* Queue.unbounded<number>()
      const fiber = yield* Effect.forkChild(
        webhookTasks(SECOND).pipe(
          Effect.provideService(
            EventStore,
            EventStore.of({
              ...store,
              recordedSince: (from, limit) =>
                Effect.sync(() => since.push(from)).pipe(Effect.andThen(store.recordedSince(from, limit)))
            })
          ),
          Effect.provideService(
            ProjectionCheckpoint,
            ProjectionCheckpoint.of({
              ...positions,
              advance: (name, position) =>
                positions
                  .advance(name, position)
                  .pipe(Effect.andThen(name === "webhooks" ? Queue.offer(advanced, position) : Effect.void))
            })
          )
        )
      )
      yield* TestClock.adjust(SECOND)
      const position = yield* Queue.take(advanced)
      return { fiber, since, position }
    })
    return Effect.gen(function* () {
      const { endpoint } = yield* sentAtT()
      const first = yield* runOnce
      yield* waitDelivered(endpoint.id, 1)
      yield* Fiber.interrupt(first.fiber)
      const stored = yield* ProjectionCheckpoint.use((p) => p.read("webhooks"))
      expect(stored).toBeGreaterThanOrEqual(first.position)

      // ten minutes later, a second message is sent, and a new process starts
      yield* TestClock.adjust(10 * MINUTE)
      const later = yield* seedCampaign({
        sessionId: undefined,
        sessionName: "bob",
        messages: [{ content: "again", scheduledAt: T + 11 * MINUTE }]
      })
      yield* TestClock.setTime(T + 11 * MINUTE)
      yield* dispatchAndDrain
      const second = yield* runOnce.pipe(Effect.provide(secondProcess))
      // it started where the first got through, not a day back
      expect(second.since[0]).toBe(stored)
      yield* waitDelivered(endpoint.id, 2)
      yield* Fiber.interrupt(second.fiber)
      const ids = receiver.received.map((r) => r.headers["herald-event-id"])
      expect(ids).toEqual([expect.stringMatching(/^message-/), `message-${later.messageIds[0]}.3`])
      expect(new Set(ids).size).toBe(2)
      expect(
        (yield* (yield* WebhookRepository).listDeliveries(endpoint.id, 10)).every((d) => d.status === "delivered")
      ).toBe(true)
    }).pipe(Effect.provide(Layer.mergeAll(scheduler.layer, webhookSide, MemoryWebhookRepository.layer(db))))
  })
})
