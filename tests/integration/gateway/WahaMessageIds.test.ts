import { Effect, Exit } from "effect"
import { TestClock } from "effect/testing"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { GatewayFailure, MessageByIdQuery } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError } from "../../../src/application/ports/GatewayPort.ts"
import type { WahaGatewayOptions } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeWahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { IDS_BACKOFF_MS } from "../../../src/infrastructure/gateway/WahaMessageIds.ts"
import { capturedLog } from "../../support/capturedLog.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { ACK_NAMES, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { cannotRoute } from "../../support/fakeWahaRules.ts"

/**
 * Client-chosen message ids over real HTTP against the fake WAHA (docs/outcome-unknown.md,
 * "Client-chosen message ids"): newMessageId per engine and version, the id in the send bodies,
 * and findMessageById's every answer.
 */

const API_KEY = "k3y-Th4t-Must-N3ver-Leak-0123456789"
const SESSION = "alice"
const GROUP = "120363000000000001@g.us"
const OTHER_GROUP = "120363000000000002@g.us"
const AT = Date.parse("2026-08-01T09:00:00.000Z")
const WAHA_ID = /^3EB0[0-9A-F]{18}$/

let fake: FakeWaha
let now = AT
const seenErrors: Array<GatewayError> = []

const gateway = (overrides: Partial<WahaGatewayOptions> = {}) =>
  makeWahaGateway({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 5_000, ...overrides })
const run = <A>(effect: Effect.Effect<A, GatewayError>): Promise<A> => Effect.runPromise(effect)
const failure = async (effect: Effect.Effect<unknown, GatewayError>, reason: GatewayFailure): Promise<GatewayError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(effect))
  if (Exit.isFailure(exit) || !(exit.value instanceof GatewayError)) throw new Error("expected a GatewayError")
  seenErrors.push(exit.value)
  expect(exit.value.reason).toBe(reason)
  return exit.value
}
// PLUS: WAHA Core before 2026.6.1 allows only the session `default`
const engine = (name: "NOWEB" | "GOWS" | "WEBJS", version = "2026.7.1") =>
  fake.setServerVersion({ engine: name, version, tier: "PLUS" })
const idRequests = () => fake.requests.filter((r) => r.path === `/api/${SESSION}/new-message-id`)
const lookup = (overrides: Partial<MessageByIdQuery> = {}): MessageByIdQuery => ({
  session: SESSION,
  chatId: GROUP,
  id: "3EB0000000000000000001",
  ...overrides
})

beforeAll(async () => {
  fake = await startFakeWaha({ apiKey: API_KEY, clock: () => now })
})
afterEach(async () => {
  now = AT
  await fake.reset()
})
afterAll(async () => {
  await fake.close()
  for (const error of seenErrors) expect(error.message).not.toContain(API_KEY)
})

describe("WahaGateway.newMessageId", () => {
  it.each(["NOWEB", "GOWS"] as const)(
    "%s from 2026.4.3: GET /api/{session}/new-message-id gives a new id each time",
    async (name) => {
      engine(name, "2026.4.3")
      const g = gateway()
      const first = await run(g.newMessageId(SESSION))
      const second = await run(g.newMessageId(SESSION))
      expect(first).toMatch(WAHA_ID)
      expect(second).toMatch(WAHA_ID)
      expect(second).not.toBe(first)
      expect(idRequests()).toHaveLength(2)
      expect(idRequests()[0]!.method).toBe("GET")
      expect(idRequests()[0]!.headers["x-api-key"]).toBe(API_KEY)
    }
  )

  it("WEBJS (501, not implemented by the engine): null, remembered for the session, so the next asks nothing; said once in the log", async () => {
    engine("WEBJS")
    const g = gateway()
    const log = capturedLog()
    expect(await run(g.withoutIds(SESSION))).toBeNull()
    expect(await run(g.newMessageId(SESSION).pipe(Effect.provide(log.layer)))).toBeNull()
    // why, asking nothing (the scheduler's claim reads it, processMessage.ts)
    expect(await run(g.withoutIds(SESSION))).toBe("none")
    expect(await run(g.newMessageId(SESSION).pipe(Effect.provide(log.layer)))).toBeNull()
    expect(idRequests()).toHaveLength(1)
    expect(log.lines.filter((l) => l.includes("gives no message ids"))).toEqual([
      `Session ${SESSION}: the gateway gives no message ids (its engine cannot): a send cut off there is settled from the chat's history only`
    ])
    // another session asks for itself
    expect(await run(g.newMessageId("bob"))).toBeNull()
    expect(fake.requests.filter((r) => r.path === "/api/bob/new-message-id")).toHaveLength(1)
  })

  it("an older WAHA's 422 'The method is not implemented by the engine.' is null too", async () => {
    fake.answerEverythingWith(422, {
      statusCode: 422,
      message: "The method is not implemented by the engine.",
      error: "Unprocessable Entity"
    })
    expect(await run(gateway().newMessageId(SESSION))).toBeNull()
  })

  it("WAHA before 2026.4.3 has no such route (404 Cannot GET): null, asked again once the session is restarted, started or made anew", async () => {
    engine("NOWEB", "2026.4.2")
    const g = gateway()
    expect(await run(g.newMessageId(SESSION))).toBeNull()
    expect(await run(g.newMessageId(SESSION))).toBeNull()
    expect(idRequests()).toHaveLength(1)
    // the gateway was upgraded meanwhile; the session's restart is when Herald asks again
    engine("NOWEB", "2026.4.3")
    await run(g.createSession(SESSION))
    expect(await run(g.newMessageId(SESSION))).toMatch(WAHA_ID)
    expect(idRequests()).toHaveLength(2)
    for (const step of [
      () => g.restartSession(SESSION),
      () => g.stopSession(SESSION).pipe(Effect.andThen(g.startSession(SESSION))),
      () => g.deleteSession(SESSION).pipe(Effect.andThen(g.createSession(SESSION)))
    ]) {
      engine("WEBJS")
      fake.setSessionStatus(SESSION, "WORKING")
      expect(await run(g.newMessageId(SESSION))).toBeNull()
      engine("GOWS")
      await run(step())
      expect(await run(g.newMessageId(SESSION))).toMatch(WAHA_ID)
    }
  })

  it("a stopped session, a gateway error, a timeout or an unreadable answer is a GatewayError", async () => {
    engine("NOWEB")
    fake.setSessionStatus(SESSION, "STOPPED")
    // a gateway each: a failure holds that session's ids back for a while (next test)
    await failure(gateway().newMessageId(SESSION), "SessionNotRunning")
    fake.answerEverythingWith(500, { statusCode: 500, message: "engine went away" })
    await failure(gateway().newMessageId(SESSION), "ServerError")
    fake.answerEverythingWith(200, { nothing: "here" })
    await failure(gateway().newMessageId(SESSION), "BadResponse")
    fake.hangEverything()
    await failure(gateway({ timeoutMs: 300 }).newMessageId(SESSION), "Timeout")
    // the id's own deadline, shorter than the gateway's timeout for other calls
    await failure(gateway().newMessageId(SESSION), "Timeout")
  })

  it("after a failure the session's sends go without ids for IDS_BACKOFF_MS (one wait for a stalled WAHA, not one per message), then ask again", async () => {
    engine("NOWEB")
    const g = gateway()
    fake.answerEverythingWith(500, { statusCode: 500, message: "engine went away" })
    const program = Effect.gen(function* () {
      yield* Effect.flip(g.newMessageId(SESSION))
      yield* Effect.promise(() => fake.reset())
      engine("NOWEB")
      expect(yield* g.newMessageId(SESSION)).toBeNull()
      expect(yield* g.withoutIds(SESSION)).toBe("failing")
      expect(idRequests()).toHaveLength(0)
      yield* TestClock.adjust(IDS_BACKOFF_MS)
      expect(yield* g.withoutIds(SESSION)).toBeNull()
      expect(yield* g.newMessageId(SESSION)).toMatch(WAHA_ID)
      expect(idRequests()).toHaveLength(1)
    })
    await Effect.runPromise(program.pipe(Effect.provide(TestClock.layer())))
  })
})

describe("WahaGateway sends with a chosen id", () => {
  it("NOWEB: sendText, sendPoll and sendMedia put the id in the body as `id`, and the answer names it", async () => {
    engine("NOWEB")
    const g = gateway()
    const log = capturedLog()
    const [textId, pollId, imageId] = [
      await run(g.newMessageId(SESSION)),
      await run(g.newMessageId(SESSION)),
      await run(g.newMessageId(SESSION))
    ]
    const sends = Effect.all([
      g.sendText({ session: SESSION, chatId: GROUP, text: "hello", id: textId! }),
      g.sendPoll({
        session: SESSION,
        chatId: GROUP,
        question: "when?",
        options: ["8", "9"],
        multipleAnswers: false,
        id: pollId!
      }),
      g.sendMedia({
        session: SESSION,
        chatId: GROUP,
        kind: "image",
        mimetype: "image/png",
        filename: "a.png",
        bytes: new Uint8Array([1, 2, 3]),
        caption: "look",
        id: imageId!
      })
    ]).pipe(Effect.provide(log.layer))
    const answers = await run(sends)
    // NOWEB answers Baileys' message: its key is the bare id
    expect(answers.map((a) => a.messageId)).toEqual([textId, pollId, imageId])
    const bodies = fake.requests.filter((r) => r.method === "POST").map((r) => (r.body as { id?: unknown }).id)
    expect(bodies).toEqual([textId, pollId, imageId])
    expect(fake.chatHistory(SESSION, GROUP).map((m) => m.id)).toEqual(
      [textId, pollId, imageId].map((id) => `true_${GROUP}_${id}`)
    )
    expect(log.lines.some((l) => l.includes("ignored the message id"))).toBe(false)
  })

  it("without an id, the body has none (as before)", async () => {
    await run(gateway().sendText({ session: SESSION, chatId: GROUP, text: "hello" }))
    expect(fake.requests[0]!.body).not.toHaveProperty("id")
  })

  it("a gateway that ignores the id: its own id is answered, the log says so once per session, and the session gets no more ids until it restarts", async () => {
    engine("NOWEB")
    fake.ignoreIds(true)
    fake.setSessionStatus(SESSION, "WORKING")
    const g = gateway()
    const log = capturedLog()
    const id = (await run(g.newMessageId(SESSION)))!
    const first = await run(
      g.sendText({ session: SESSION, chatId: GROUP, text: "one", id }).pipe(Effect.provide(log.layer))
    )
    const second = await run(
      g
        .sendText({ session: SESSION, chatId: GROUP, text: "two", id: "3EB0AAAAAAAAAAAAAAAAAA" })
        .pipe(Effect.provide(log.layer))
    )
    expect(first.messageId).toMatch(/^FAKE\d+$/)
    expect(second.messageId).not.toContain("3EB0AAAAAAAAAAAAAAAAAA")
    const warnings = log.lines.filter((l) => l.includes("ignored the message id"))
    expect(warnings).toHaveLength(1)
    expect(warnings[0]).toContain(
      `Session ${SESSION}: the gateway ignored the message id Herald chose (${id}; it answered ${first.messageId})`
    )
    const asked = idRequests().length
    expect(await run(g.newMessageId(SESSION))).toBeNull()
    expect(await run(g.withoutIds(SESSION))).toBe("ignored")
    expect(idRequests()).toHaveLength(asked)
    await run(g.restartSession(SESSION))
    expect(await run(g.withoutIds(SESSION))).toBeNull()
    expect(await run(g.newMessageId(SESSION))).toMatch(WAHA_ID)
  })

  it("WEBJS drops the id: its own id is answered", async () => {
    engine("WEBJS")
    const sent = await run(
      gateway().sendText({ session: SESSION, chatId: GROUP, text: "hi", id: "3EB0BBBBBBBBBBBBBBBBBB" })
    )
    expect(sent.messageId).not.toContain("3EB0BBBBBBBBBBBBBBBBBB")
  })
})

describe("WahaGateway.findMessageById", () => {
  const sendWithId = async (g = gateway(), chatId = GROUP) => {
    const id = (await run(g.newMessageId(SESSION)))!
    await run(g.sendText({ session: SESSION, chatId, text: "Rehearsal at 8", id }))
    return id
  }

  it.each(["NOWEB", "GOWS"] as const)(
    "%s: a message sent with the id is Found, with its time (ms) and ack",
    async (name) => {
      engine(name)
      now = AT + 1_500
      const g = gateway()
      const id = await sendWithId(g)
      expect(await run(g.findMessageById(lookup({ id })))).toEqual({
        _tag: "Found",
        messageId: `true_${GROUP}_${id}`,
        timestamp: Math.floor((AT + 1_500) / 1000) * 1000,
        ack: 1
      })
      const read = fake.requests.find((r) => r.method === "GET" && r.path.includes("/chats/"))!
      expect(read.path).toBe(`/api/${SESSION}/chats/${encodeURIComponent(GROUP)}/messages/${id}`)
      expect(read.query).toEqual({ downloadMedia: "false" })
      expect(read.headers["x-api-key"]).toBe(API_KEY)
    }
  )

  it("the ack is given as the gateway has it (PENDING, ERROR, READ), and null when it has none: the caller decides", async () => {
    engine("NOWEB")
    const g = gateway()
    for (const ack of [0, -1, 3]) {
      fake.setAck(SESSION, ack)
      const id = await sendWithId(g)
      expect(await run(g.findMessageById(lookup({ id })))).toMatchObject({ _tag: "Found", ack })
    }
    const id = await sendWithId(g)
    const stored = fake.chatHistory(SESSION, GROUP).at(-1)! as { ack?: number }
    delete stored.ack
    expect(await run(g.findMessageById(lookup({ id })))).toMatchObject({ _tag: "Found", ack: null })
  })

  it("an id the gateway does not hold is NotFound (404 Message not found)", async () => {
    engine("NOWEB")
    await sendWithId()
    expect(await run(gateway().findMessageById(lookup({ id: "3EB0FFFFFFFFFFFFFFFFFF" })))).toEqual({ _tag: "NotFound" })
  })

  it("NOWEB without its store (400 Enable NOWEB store): Unsure, saying the store is off", async () => {
    engine("NOWEB")
    fake.withoutHistory(SESSION)
    const answer = await run(gateway().findMessageById(lookup()))
    expect(answer).toEqual({ _tag: "Unsure", reason: expect.stringContaining("NOWEB store is off") })
  })

  it("GOWS does not check the chat: a message with that id in another chat is Unsure, never Found", async () => {
    engine("GOWS")
    const g = gateway()
    const id = await sendWithId(g, OTHER_GROUP)
    expect(await run(g.findMessageById(lookup({ id })))).toEqual({
      _tag: "Unsure",
      reason: "the message with that id is in another chat"
    })
  })

  it("a message with that id that is not from this session, or an answer about another id, is Unsure", async () => {
    engine("NOWEB")
    const id = "3EB0CCCCCCCCCCCCCCCCCC"
    fake.chatHistory(SESSION, GROUP).push({
      id: `false_${GROUP}_${id}_15551230000@c.us`,
      timestamp: Math.floor(AT / 1000),
      from: "15551230000@c.us",
      fromMe: false,
      to: GROUP,
      body: "not ours",
      hasMedia: false,
      ack: 1,
      ackName: ACK_NAMES[1]!,
      replyTo: null,
      _data: {}
    })
    expect(await run(gateway().findMessageById(lookup({ id })))).toEqual({
      _tag: "Unsure",
      reason: "the message with that id is not from this session"
    })
    fake.answerEverythingWith(200, { id: `true_${GROUP}_3EB0DDDDDDDDDDDDDDDDDD`, timestamp: 1, fromMe: true, ack: 1 })
    expect(await run(gateway().findMessageById(lookup({ id })))).toMatchObject({
      _tag: "Unsure",
      reason: expect.stringContaining("another message")
    })
  })

  it("a bare id in the answer is placed by its `to`", async () => {
    const id = "3EB0EEEEEEEEEEEEEEEEEE"
    fake.answerEverythingWith(200, { id, timestamp: 1_700_000_000, fromMe: true, to: GROUP, ack: 2 })
    expect(await run(gateway().findMessageById(lookup({ id })))).toEqual({
      _tag: "Found",
      messageId: id,
      timestamp: 1_700_000_000_000,
      ack: 2
    })
    fake.answerEverythingWith(200, { id, timestamp: 1_700_000_000, fromMe: true, ack: 2 })
    expect(await run(gateway().findMessageById(lookup({ id })))).toMatchObject({ _tag: "Unsure" })
  })

  it("a session that is not WORKING (422), a 5xx, a timeout, an unreadable answer or an older WAHA without the route is a GatewayError", async () => {
    engine("NOWEB")
    fake.setSessionStatus(SESSION, "SCAN_QR_CODE")
    const g = gateway({ timeoutMs: 300 })
    await failure(g.findMessageById(lookup()), "SessionNotReady")
    fake.answerEverythingWith(500, { statusCode: 500, message: "boom" })
    await failure(g.findMessageById(lookup()), "ServerError")
    fake.answerEverythingWith(200, "not json")
    await failure(g.findMessageById(lookup()), "BadResponse")
    fake.answerEverythingWith(404, cannotRoute("GET", "/api/alice/chats/x/messages/y"))
    await failure(g.findMessageById(lookup()), "FeatureUnsupported")
    fake.hangEverything()
    await failure(g.findMessageById(lookup()), "Timeout")
  })
})

describe("WahaGateway: a send cut off, then looked up by its id", () => {
  it("hangWithoutDelivering: the send times out and the id is not found", async () => {
    engine("GOWS")
    fake.hangWithoutDelivering()
    const g = gateway({ timeoutMs: 300 })
    const id = (await run(g.newMessageId(SESSION)))!
    await failure(g.sendText({ session: SESSION, chatId: GROUP, text: "lost", id }), "Timeout")
    expect(fake.sent).toHaveLength(0)
    expect(await run(g.findMessageById(lookup({ id })))).toEqual({ _tag: "NotFound" })
  })

  it("deliverThenHang: the send times out, yet the id is found", async () => {
    engine("NOWEB")
    fake.deliverThenHang()
    const g = gateway({ timeoutMs: 300 })
    const id = (await run(g.newMessageId(SESSION)))!
    await failure(g.sendText({ session: SESSION, chatId: GROUP, text: "taken", id }), "Timeout")
    expect(await run(g.findMessageById(lookup({ id })))).toMatchObject({
      _tag: "Found",
      messageId: `true_${GROUP}_${id}`
    })
  })

  it("deliverLater: the send times out, and the message reaches the chat afterwards, found by its id then", async () => {
    engine("NOWEB")
    fake.deliverLater(500)
    const g = gateway({ timeoutMs: 200 })
    const id = (await run(g.newMessageId(SESSION)))!
    await failure(g.sendText({ session: SESSION, chatId: GROUP, text: "queued", id }), "Timeout")
    await fake.waitFor(() => fake.sent.length === 1)
    expect(await run(g.findMessageById(lookup({ id })))).toMatchObject({
      _tag: "Found",
      messageId: `true_${GROUP}_${id}`
    })
  })
})
