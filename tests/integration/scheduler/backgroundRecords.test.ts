import { afterAll, beforeAll, beforeEach, describe, expect, it } from "@effect/vitest"
import { Deferred, Effect, Fiber, Layer, Logger, References } from "effect"
import { TestClock } from "effect/testing"
import { MessageAggregate } from "../../../src/application/eventSourcing/Aggregates.ts"
import { execute, load } from "../../../src/application/eventSourcing/execute.ts"
import { EventStore } from "../../../src/application/ports/EventStore.ts"
import { GatewayPort } from "../../../src/application/ports/GatewayPort.ts"
import { MessageRepository } from "../../../src/application/ports/MessageRepository.ts"
import { StoreUnavailable } from "../../../src/application/ports/StoreErrors.ts"
import { Dispatcher } from "../../../src/application/scheduler/Dispatcher.ts"
import { recoverExpiredClaims } from "../../../src/application/scheduler/recoverExpiredClaims.ts"
import { SchedulerSettings } from "../../../src/application/scheduler/SchedulerSettings.ts"
import { WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeMemoryDatabase } from "../../../src/infrastructure/memory/MemoryDatabase.ts"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { seedCampaign } from "../../support/schedulerHarness.ts"

/**
 * A sent message's record runs beside its lane's next claim (Dispatcher.ts): at most one record a
 * session is pending, the next send waits for it after its claim, its message stays this
 * process's until it is stored, and a record that gives up leaves the claim to the lease recovery.
 */

const T = Date.parse("2026-03-01T10:00:00.000Z")
const PLANNED_AT = T - 10 * 60_000
const LEASE = 5 * 60_000

let fake: FakeWaha
beforeAll(async () => {
  // a WAHA that gives ids, so the lease recovery can settle a send by its id
  fake = await startFakeWaha({ engine: "NOWEB", version: "2026.7.1" })
})
afterAll(() => fake.close())
beforeEach(() => fake.reset())

/**
 * A scheduler over a memory store whose record (MessageSent) of `held.id` waits for `held.gate`
 * and then does what `held.after` says; `timeline` lists the stored appends (`<types> <id>`) and
 * the sends (`send <text>`) in order; `onSend` runs before each send; `lines` the log lines,
 * debug included.
 */
const harness = () => {
  const held = {
    id: "",
    gate: Deferred.makeUnsafe<void>(),
    after: "store" as "store" | "unavailable" | "die"
  }
  // (the sends, the claims and the records only)
  const timeline: Array<string> = []
  const lines: Array<string> = []
  const hooks = { onSend: (_text: string) => {}, onLine: (_line: string) => {} }
  const store = Layer.effect(
    EventStore,
    Effect.gen(function* () {
      const real = yield* EventStore
      return EventStore.of({
        ...real,
        append: (streamId, expected, events) =>
          Effect.gen(function* () {
            const types = events.map((e) => e.type).join(",")
            if (held.id !== "" && streamId === MessageAggregate.streamId(held.id) && types === "MessageSent") {
              yield* Deferred.await(held.gate)
              if (held.after === "unavailable")
                return yield* new StoreUnavailable({ message: "connection refused", notWritten: true })
              if (held.after === "die") return yield* Effect.die(new Error("the disk is full"))
            }
            const appended = yield* real.append(streamId, expected, events)
            if (types === "MessagePicked" || types === "MessageSent")
              timeline.push(`${types} ${streamId.replace(/^message-/, "")}`)
            return appended
          })
      })
    })
  ).pipe(Layer.provideMerge(MemoryStore.layer(makeMemoryDatabase())))
  const gateway = Layer.effect(
    GatewayPort,
    Effect.gen(function* () {
      const real = yield* GatewayPort
      return GatewayPort.of({
        ...real,
        sendText: (request) =>
          Effect.suspend(() => {
            timeline.push(`send ${request.text}`)
            hooks.onSend(request.text)
            return real.sendText(request)
          })
      })
    })
  ).pipe(Layer.provide(WahaGateway.layer({ baseUrl: fake.url, apiKey: FAKE_WAHA_API_KEY, timeoutMs: 2_000 })))
  const logger = Logger.make(({ message }) => {
    const text = Array.isArray(message) ? message.map(String).join(" ") : String(message)
    lines.push(text)
    hooks.onLine(text)
  })
  const layer = Dispatcher.layer.pipe(
    Layer.provideMerge(
      Layer.mergeAll(
        store,
        gateway,
        Layer.succeed(SchedulerSettings, { ...SchedulerSettings.defaultValue(), leaseMs: LEASE })
      )
    ),
    Layer.provideMerge(Layer.mergeAll(Logger.layer([logger]), Layer.succeed(References.MinimumLogLevel, "Debug")))
  )
  return { held, timeline, lines, hooks, layer }
}

const status = (id: string) => load(MessageAggregate, id).pipe(Effect.map((s) => s.status))

describe("a sent message's record beside its lane's next claim", () => {
  it.effect(
    "the next message is claimed while the record waits on the database, and sent only once it is stored; the message stays this process's meanwhile and drain waits for it",
    () => {
      const { held, timeline, hooks, layer } = harness()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "A", scheduledAt: T - 1 },
            { content: "B", scheduledAt: T }
          ]
        })
        const [a, b] = [messageIds[0]!, messageIds[1]!]
        held.id = a
        // B claimed and waiting for A's record (the lane says so), or, were it not waiting, B's send
        const bWaits = Deferred.makeUnsafe<"waits" | "sent while A unrecorded">()
        hooks.onLine = (line) => {
          if (line.includes(`Message ${b}: claimed; sent once the send of message ${a} is recorded`))
            Deferred.doneUnsafe(bWaits, Effect.succeed("waits"))
        }
        hooks.onSend = (text) => {
          if (text === "B" && !timeline.includes(`MessageSent ${a}`)) {
            Deferred.doneUnsafe(bWaits, Effect.succeed("sent while A unrecorded"))
            Deferred.doneUnsafe(held.gate, Effect.void)
          }
        }
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(2)
        expect(yield* Deferred.await(bWaits)).toBe("waits")
        // B claimed, A sent and not yet recorded, B not sent
        expect(timeline).toEqual([`MessagePicked ${a}`, "send A", `MessagePicked ${b}`])
        // A is still this process's, though its lane has moved on: no pass takes it or its session
        expect(yield* dispatcher.inFlight).toBe(2)
        // drain waits for A's record (and for B, claimed already)
        const drain = yield* Effect.forkChild(dispatcher.drain)
        yield* Effect.yieldNow
        expect(drain.pollUnsafe()).toBeUndefined()
        Deferred.doneUnsafe(held.gate, Effect.void)
        yield* Fiber.join(drain)
        expect(timeline).toEqual([
          `MessagePicked ${a}`,
          "send A",
          `MessagePicked ${b}`,
          `MessageSent ${a}`,
          "send B",
          `MessageSent ${b}`
        ])
        expect(fake.sent.map((s) => s.text)).toEqual(["A", "B"])
        expect([yield* status(a), yield* status(b)]).toEqual(["SENT", "SENT"])
        expect(yield* dispatcher.inFlight).toBe(0)
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "at most one record a session is pending: three messages, the first's record held, the third is not claimed before it is stored",
    () => {
      const { held, timeline, hooks, layer } = harness()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "A", scheduledAt: T - 2 },
            { content: "B", scheduledAt: T - 1 },
            { content: "C", scheduledAt: T }
          ]
        })
        const [a, b, c] = [messageIds[0]!, messageIds[1]!, messageIds[2]!]
        held.id = a
        const unblocked = Deferred.makeUnsafe<void>()
        hooks.onLine = (line) => {
          if (line.includes(`Message ${b}: claimed; sent once`)) Deferred.doneUnsafe(unblocked, Effect.void)
        }
        hooks.onSend = (text) => {
          if (text !== "A" && !timeline.includes(`MessageSent ${a}`)) Deferred.doneUnsafe(unblocked, Effect.void)
        }
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        yield* dispatcher.dispatchDueMessages
        yield* Deferred.await(unblocked)
        Deferred.doneUnsafe(held.gate, Effect.void)
        yield* dispatcher.awaitIdle
        // every send after the record of the one before it
        const at = (entry: string) => timeline.indexOf(entry)
        expect(at(`MessageSent ${a}`)).toBeLessThan(at("send B"))
        expect(at(`MessageSent ${b}`)).toBeLessThan(at("send C"))
        expect(fake.sent.map((s) => s.text)).toEqual(["A", "B", "C"])
        expect([yield* status(a), yield* status(b), yield* status(c)]).toEqual(["SENT", "SENT", "SENT"])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a record that gives up is logged and frees its message; the lane goes on, the lease recovery settles it by its id, nothing is sent twice",
    () => {
      const { held, lines, layer } = harness()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({
          messages: [
            { content: "A", scheduledAt: T - 1 },
            { content: "B", scheduledAt: T }
          ]
        })
        const [a, b] = [messageIds[0]!, messageIds[1]!]
        held.id = a
        held.after = "die"
        Deferred.doneUnsafe(held.gate, Effect.void)
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        expect((yield* dispatcher.dispatchDueMessages).found).toBe(2)
        yield* dispatcher.awaitIdle
        expect(lines).toContain(`Error processing message ${a}: the disk is full`)
        expect(lines).not.toContain(`Message ${a} processed successfully`)
        // freed, and the lane went on
        expect(yield* dispatcher.inFlight).toBe(0)
        expect(fake.sent.map((s) => s.text)).toEqual(["A", "B"])
        expect([yield* status(a), yield* status(b)]).toEqual(["PICKED", "SENT"])
        // a pass in the meantime sends nothing again (A is claimed, in its lease)
        yield* dispatcher.dispatchDueMessages
        yield* dispatcher.awaitIdle
        expect(fake.sent).toHaveLength(2)
        // past the lease (the database well again): settled by the id its claim recorded, as sent
        held.id = ""
        yield* TestClock.setTime(T + LEASE)
        expect(yield* recoverExpiredClaims()).toBe(1)
        expect(yield* (yield* MessageRepository).get(a)).toMatchObject({ status: "SENT" })
        yield* dispatcher.dispatchDueMessages
        yield* dispatcher.awaitIdle
        expect(fake.sent.map((s) => s.text)).toEqual(["A", "B"])
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect(
    "a record stored after the lease recovery reported its message outcome-unknown says so, and nothing success-like",
    () => {
      const { held, lines, hooks, layer } = harness()
      return Effect.gen(function* () {
        yield* TestClock.setTime(PLANNED_AT)
        const { messageIds } = yield* seedCampaign({ messages: [{ content: "A", scheduledAt: T }] })
        const a = messageIds[0]!
        held.id = a
        const sent = Deferred.makeUnsafe<void>()
        hooks.onSend = () => Deferred.doneUnsafe(sent, Effect.void)
        yield* TestClock.setTime(T)
        const dispatcher = yield* Dispatcher
        yield* dispatcher.dispatchDueMessages
        yield* Deferred.await(sent)
        // the record waits; meanwhile the lease ran out and the recovery reported it
        yield* execute(MessageAggregate)(a, { type: "RecordOutcomeUnknown", leaseMs: LEASE, now: T + LEASE })
        Deferred.doneUnsafe(held.gate, Effect.void)
        yield* dispatcher.awaitIdle
        expect(yield* status(a)).toBe("OUTCOME_UNKNOWN")
        expect(lines.filter((l) => l.includes(a) && /success/i.test(l))).toEqual([])
        expect(lines).toContain(
          `Message ${a}: the gateway took its send, but it could not be recorded sent before its lease ran out; it stays outcome unknown as the lease recovery recorded it`
        )
      }).pipe(Effect.provide(layer))
    }
  )

  it.effect("a record's retries end before its claim's lease does, so it never lands after the lease recovery", () => {
    const { held, lines, hooks, layer } = harness()
    return Effect.gen(function* () {
      yield* TestClock.setTime(PLANNED_AT)
      const { messageIds } = yield* seedCampaign({ messages: [{ content: "A", scheduledAt: T }] })
      const a = messageIds[0]!
      held.id = a
      held.after = "unavailable"
      const sent = Deferred.makeUnsafe<void>()
      hooks.onSend = () => Deferred.doneUnsafe(sent, Effect.void)
      yield* TestClock.setTime(T)
      const dispatcher = yield* Dispatcher
      yield* dispatcher.dispatchDueMessages
      yield* Deferred.await(sent)
      // the database comes back to the record only 2 s before the lease ends: past its margin
      yield* TestClock.setTime(T + LEASE - 2_000)
      Deferred.doneUnsafe(held.gate, Effect.void)
      // gives up at once (were it retried up to the lease, the test clock would never let it end)
      yield* dispatcher.awaitIdle
      expect(lines).toContain(`Error processing message ${a}: connection refused`)
      expect(yield* status(a)).toBe("PICKED")
    }).pipe(Effect.provide(layer))
  })
})
