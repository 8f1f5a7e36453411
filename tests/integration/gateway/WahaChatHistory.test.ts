import { Effect, Exit } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import type { SentMessageQuery } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError } from "../../../src/application/ports/GatewayPort.ts"
import { makeWahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import type { FakeChatMessage, FakeWaha } from "../../support/FakeWahaServer.ts"
import { ACK_NAMES, startFakeWaha } from "../../support/FakeWahaServer.ts"

/** findSentMessage over real HTTP against the fake gateway's GET /api/{session}/chats/{chatId}/messages. */

const API_KEY = "k3y-Th4t-Must-N3ver-Leak-0123456789"
const GROUP = "120363000000000001@g.us"
const SESSION = "alice"
const CLAIMED_AT = Date.parse("2026-03-01T10:00:00.000Z")
const TEXT = "Rehearsal tonight at 8 https://example.org/plan"

let fake: FakeWaha
let now = CLAIMED_AT

const gateway = () => makeWahaGateway({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 5_000 })
const query = (overrides: Partial<SentMessageQuery> = {}): SentMessageQuery => ({
  session: SESSION,
  chatId: GROUP,
  text: TEXT,
  since: CLAIMED_AT,
  ...overrides
})
const find = (q: SentMessageQuery = query()) => Effect.runPromise(gateway().findSentMessage(q))
const failure = async (q: SentMessageQuery = query()): Promise<GatewayError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(gateway().findSentMessage(q)))
  if (Exit.isFailure(exit) || !(exit.value instanceof GatewayError)) throw new Error("expected a GatewayError")
  expect(exit.value.message).not.toContain(API_KEY)
  return exit.value
}

/** A message as WAHA lists it; `at` in ms. */
const message = (overrides: Partial<FakeChatMessage> & { readonly at?: number } = {}): FakeChatMessage => {
  const { at, ...rest } = overrides
  const ack = rest.ack ?? 1
  return {
    id: `true_${GROUP}_3EB0${Math.random().toString(16).slice(2, 10).toUpperCase()}`,
    timestamp: Math.floor((at ?? CLAIMED_AT + 2_000) / 1000),
    from: "15550000000@c.us",
    fromMe: true,
    to: GROUP,
    body: TEXT,
    hasMedia: false,
    ack,
    ackName: ACK_NAMES[ack] ?? "UNKNOWN",
    replyTo: null,
    _data: {},
    ...rest
  }
}

beforeAll(async () => {
  fake = await startFakeWaha({ apiKey: API_KEY, clock: () => now })
})
afterEach(async () => {
  now = CLAIMED_AT
  await fake.reset()
})
afterAll(() => fake.close())

describe("findSentMessage: the chat's history", () => {
  it("finds a send that reached the gateway, by the id and time the chat gives it", async () => {
    now = CLAIMED_AT + 3_000
    await Effect.runPromise(gateway().sendText({ session: SESSION, chatId: GROUP, text: TEXT }))
    const stored = fake.chatHistory(SESSION, GROUP)[0]!
    expect(await find()).toEqual({
      _tag: "Found",
      messageId: stored.id,
      timestamp: Math.floor((CLAIMED_AT + 3_000) / 1000) * 1000
    })

    const read = fake.requests.find((r) => r.method === "GET")!
    expect(read.path).toBe(`/api/${SESSION}/chats/${encodeURIComponent(GROUP)}/messages`)
    expect(read.query).toEqual({
      limit: "100",
      offset: "0",
      downloadMedia: "false",
      "filter.fromMe": "true",
      "filter.timestamp.gte": String(CLAIMED_AT / 1000)
    })
    expect(read.headers["x-api-key"]).toBe(API_KEY)
  })

  it("only exactly the text counts: another text, a longer or trimmed one, is not found", async () => {
    const history = fake.chatHistory(SESSION, GROUP)
    history.push(message({ body: `${TEXT} ` }), message({ body: TEXT.trim().slice(0, -1) }), message({ body: null }))
    expect(await find()).toEqual({ _tag: "NotFound" })
    history.push(message())
    expect((await find())._tag).toBe("Found")
  })

  it("a message older than `since` (an earlier, identical send) is not this one", async () => {
    fake.chatHistory(SESSION, GROUP).push(message({ at: CLAIMED_AT - 1_000 }))
    expect(await find()).toEqual({ _tag: "NotFound" })
    // within the same second as `since` still counts: WAHA's timestamps are whole seconds
    fake.chatHistory(SESSION, GROUP).push(message({ at: CLAIMED_AT + 400 }))
    expect((await find(query({ since: CLAIMED_AT + 500 })))._tag).toBe("Found")
  })

  it("a matching message WhatsApp has not acknowledged (PENDING, ERROR, no ack) cannot tell", async () => {
    const history = fake.chatHistory(SESSION, GROUP)
    history.push(message({ ack: 0 }))
    expect(await find()).toEqual({ _tag: "Unsure", reason: expect.stringContaining("ack 0") })
    history[0] = message({ ack: -1 })
    expect((await find())._tag).toBe("Unsure")
    history.push(message({ ack: 3 }))
    expect((await find())._tag).toBe("Found")
  })

  it("filters again itself: an engine that ignores the filters cannot make a false Found", async () => {
    // another member's message with our text, one of ours from before, and our text in another chat's listing
    fake.answerEverythingWith(200, [
      message({ fromMe: false, from: "15551112222@c.us", ack: 3 }),
      message({ at: CLAIMED_AT - 120_000 }),
      { id: "false_status@broadcast_1", type: "notification" },
      message({ body: "something else" })
    ])
    expect(await find()).toEqual({ _tag: "NotFound" })
  })

  it("skips entries it cannot read and still finds ours among them", async () => {
    fake.answerEverythingWith(200, [{ id: "x", timestamp: "yesterday" }, 42, message({ id: `true_${GROUP}_OURS` })])
    expect(await find()).toMatchObject({ _tag: "Found", messageId: `true_${GROUP}_OURS` })
  })

  it("a WEBJS-style id object is read as its serialized form", async () => {
    fake.answerEverythingWith(200, [
      { ...message(), id: { fromMe: true, remote: GROUP, id: "3EB0X", _serialized: `true_${GROUP}_3EB0X` } }
    ])
    expect(await find()).toMatchObject({ _tag: "Found", messageId: `true_${GROUP}_3EB0X` })
  })
})

describe("findSentMessage: when the gateway cannot answer, an error (never NotFound)", () => {
  it("an engine without history (NOWEB without its store answers 400)", async () => {
    fake.withoutHistory(SESSION)
    const error = await failure()
    expect(error).toMatchObject({ reason: "BadResponse", status: 400 })
    expect(error.message).toMatch(/^failed to read the chat's messages: gateway answered 400/)
  })

  it("a session that is not WORKING (422)", async () => {
    fake.setSessionStatus(SESSION, "STARTING")
    expect(await failure()).toMatchObject({ reason: "SessionNotReady", status: 422 })
  })

  it("an answer that is not a list of messages", async () => {
    fake.answerEverythingWith(200, { messages: [] })
    expect(await failure()).toMatchObject({ reason: "BadResponse" })
  })

  it("a gateway that is down", async () => {
    await fake.refuse()
    const error = await failure()
    expect(error.reason).toBe("Unreachable")
    expect(error.message).toMatch(/ECONNREFUSED/)
  })
})
