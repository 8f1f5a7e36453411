import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest"
import { z } from "zod"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../../support/FakeWahaServer.ts"
import {
  cannotRoute,
  messageNotFound,
  notImplementedBy,
  nowebStoreOff,
  startItFirst
} from "../../support/fakeWahaRules.ts"

/**
 * The fake WAHA's message ids, as WAHA answers them (docs/outcome-unknown.md, "The fake WAHA"):
 * GET /api/{session}/new-message-id per engine and version, sends that use the body's `id`, the
 * lookup by id, and the sends that never answer (hangWithoutDelivering, deliverLater).
 */

const SESSION = "alice"
const GROUP = "120363000000000001@g.us"
const OTHER = "120363000000000002@g.us"

let fake: FakeWaha
let gows: FakeWaha
let old: FakeWaha

const call = async (server: FakeWaha, method: string, path: string, body?: unknown, signal?: AbortSignal) => {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { "X-Api-Key": FAKE_WAHA_API_KEY, "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    ...(signal === undefined ? {} : { signal })
  })
  const text = await response.text()
  return { status: response.status, body: text === "" ? undefined : (JSON.parse(text) as unknown) }
}
const newId = (server: FakeWaha, session = SESSION) => call(server, "GET", `/api/${session}/new-message-id`)
const sendText = (server: FakeWaha, chatId: string, id?: string) =>
  call(server, "POST", "/api/sendText", { session: SESSION, chatId, text: "hi", ...(id === undefined ? {} : { id }) })
const byId = (server: FakeWaha, chatId: string, id: string) =>
  call(server, "GET", `/api/${SESSION}/chats/${encodeURIComponent(chatId)}/messages/${id}?downloadMedia=false`)

beforeAll(async () => {
  // PLUS: WAHA Core before 2026.6.1 allows only the session `default`
  fake = await startFakeWaha({ engine: "NOWEB", version: "2026.4.3", serverVersion: { tier: "PLUS" } })
  gows = await startFakeWaha({ engine: "GOWS" })
  old = await startFakeWaha({ engine: "NOWEB", version: "2026.4.2", serverVersion: { tier: "PLUS" } })
})
afterEach(async () => {
  await Promise.all([fake.reset(), gows.reset(), old.reset()])
})
afterAll(async () => {
  await Promise.all([fake.close(), gows.close(), old.close()])
})

describe("the fake WAHA: new-message-id", () => {
  it("the options engine and version are what GET /api/server/version says", async () => {
    expect((await call(fake, "GET", "/api/server/version")).body).toMatchObject({
      engine: "NOWEB",
      version: "2026.4.3"
    })
    expect((await call(gows, "GET", "/api/server/version")).body).toMatchObject({ engine: "GOWS", version: "2026.7.1" })
  })

  it("NOWEB and GOWS from 2026.4.3: 200 {id: '3EB0' + 18 upper-case hex digits}, new each time", async () => {
    for (const server of [fake, gows]) {
      const [a, b] = [await newId(server), await newId(server)]
      expect(a).toEqual({ status: 200, body: { id: expect.stringMatching(/^3EB0[0-9A-F]{18}$/) } })
      expect(b.body).not.toEqual(a.body)
    }
  })

  it("WEBJS: 501 NotImplementedByEngineError; before 2026.4.3: NestJS's 404 for an unknown route", async () => {
    fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
    expect(await newId(fake)).toEqual({ status: 501, body: notImplementedBy("WEBJS") })
    expect(await newId(old)).toEqual({
      status: 404,
      body: cannotRoute("GET", `/api/${SESSION}/new-message-id`)
    })
  })

  it("a stopped session: 404 start it first; without the key: 401", async () => {
    fake.setSessionStatus(SESSION, "STOPPED")
    expect(await newId(fake)).toEqual({ status: 404, body: startItFirst(SESSION) })
    const anonymous = await fetch(`${fake.url}/api/${SESSION}/new-message-id`)
    expect(anonymous.status).toBe(401)
  })
})

/** A send's answer as `true_<chat>_<key>`: NOWEB's Baileys message by its key, the others' by their id. */
const serializedId = (body: unknown): string => {
  const parsed = z
    .union([
      z.object({ id: z.string() }),
      z.object({ key: z.object({ remoteJid: z.string(), fromMe: z.boolean(), id: z.string() }) })
    ])
    .parse(body)
  return "id" in parsed ? parsed.id : `${parsed.key.fromMe}_${parsed.key.remoteJid}_${parsed.key.id}`
}

describe("the fake WAHA: sends with an id", () => {
  it("NOWEB and GOWS from 2026.4.3 make the message with the body's id, in the answer and the chat's history", async () => {
    for (const server of [fake, gows]) {
      const id = "3EB0123456789ABCDEF012"
      const sent = await sendText(server, GROUP, id)
      // NOWEB answers Baileys' own message (its key), GOWS a WAMessage-like body
      expect(sent).toMatchObject({
        status: 201,
        body: server === fake ? { key: { remoteJid: GROUP, fromMe: true, id } } : { id: `true_${GROUP}_${id}` }
      })
      expect(server.chatHistory(SESSION, GROUP).map((m) => m.id)).toEqual([`true_${GROUP}_${id}`])
    }
  })

  it("WEBJS, WAHA before 2026.4.3 and the option ignoresIds drop it and make their own", async () => {
    const ignoring = await startFakeWaha({ engine: "GOWS", ignoresIds: true })
    try {
      fake.setServerVersion({ engine: "WEBJS" })
      for (const server of [fake, old, ignoring]) {
        const sent = await sendText(server, GROUP, "3EB0123456789ABCDEF012")
        expect(sent.status).toBe(201)
        expect(serializedId(sent.body)).toMatch(new RegExp(`^true_${GROUP}_FAKE\\d+$`))
      }
    } finally {
      await ignoring.close()
    }
  })

  it("polls and media land in the history too, with the body's id", async () => {
    const poll = await call(fake, "POST", "/api/sendPoll", {
      session: SESSION,
      chatId: GROUP,
      poll: { name: "when?", options: ["8", "9"], multipleAnswers: false },
      id: "3EB0AAAAAAAAAAAAAAAAAA"
    })
    const image = await call(fake, "POST", "/api/sendImage", {
      session: SESSION,
      chatId: GROUP,
      file: { mimetype: "image/png", filename: "a.png", data: "AQID" },
      caption: "look",
      id: "3EB0BBBBBBBBBBBBBBBBBB"
    })
    expect([poll.body, image.body].map(serializedId)).toEqual([
      `true_${GROUP}_3EB0AAAAAAAAAAAAAAAAAA`,
      `true_${GROUP}_3EB0BBBBBBBBBBBBBBBBBB`
    ])
    expect(fake.chatHistory(SESSION, GROUP).map((m) => [m.body, m.hasMedia])).toEqual([
      [null, false],
      ["look", true]
    ])
  })
})

describe("the fake WAHA: GET /api/{session}/chats/{chatId}/messages/{id}", () => {
  it("200 with the WAMessage (timestamp in seconds, ack and ackName as set per session), by the bare or the serialized id", async () => {
    fake.setAck(SESSION, 3)
    await sendText(fake, GROUP, "3EB0123456789ABCDEF012")
    const expected = {
      id: `true_${GROUP}_3EB0123456789ABCDEF012`,
      timestamp: expect.any(Number),
      fromMe: true,
      to: GROUP,
      body: "hi",
      ack: 3,
      ackName: "READ"
    }
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toEqual({
      status: 200,
      body: expect.objectContaining(expected)
    })
    expect((await byId(fake, GROUP, `true_${GROUP}_3EB0123456789ABCDEF012`)).body).toMatchObject(expected)
  })

  it("404 Message not found; NOWEB looks only in that chat, GOWS in every chat (its store reads the key alone)", async () => {
    for (const server of [fake, gows]) await sendText(server, OTHER, "3EB0123456789ABCDEF012")
    expect(await byId(fake, GROUP, "3EB0FFFFFFFFFFFFFFFFFF")).toEqual({ status: 404, body: messageNotFound() })
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toEqual({ status: 404, body: messageNotFound() })
    expect(await byId(gows, GROUP, "3EB0123456789ABCDEF012")).toMatchObject({
      status: 200,
      body: { id: `true_${OTHER}_3EB0123456789ABCDEF012`, to: OTHER }
    })
  })

  it("400 Enable NOWEB store with withoutHistory; 422 for a session that is not WORKING", async () => {
    fake.withoutHistory(SESSION)
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toEqual({ status: 400, body: nowebStoreOff() })
    gows.setSessionStatus(SESSION, "SCAN_QR_CODE")
    expect(await byId(gows, GROUP, "3EB0123456789ABCDEF012")).toMatchObject({
      status: 422,
      body: { status: "SCAN_QR_CODE", expected: ["WORKING"] }
    })
  })
})

describe("the fake WAHA: sends that never answer", () => {
  /** Sends and gives up once the fake holds the request (an aborted fetch, as Herald's timeout does). */
  const sendAndGiveUp = async (server: FakeWaha, id: string) => {
    const abort = new AbortController()
    const settled = sendWith(server, GROUP, id, abort.signal).catch((error: unknown) => error)
    await server.waitFor(() => server.requests.some((r) => r.path === "/api/sendText"))
    abort.abort()
    expect(await settled).toBeInstanceOf(Error)
    await server.waitFor(() => server.requests.some((r) => r.path === "/api/sendText" && r.aborted))
  }
  const sendWith = (server: FakeWaha, chatId: string, id: string, signal: AbortSignal) =>
    call(server, "POST", "/api/sendText", { session: SESSION, chatId, text: "hi", id }, signal)

  it("hangWithoutDelivering: taken, never answered, never delivered", async () => {
    fake.hangWithoutDelivering()
    await sendAndGiveUp(fake, "3EB0123456789ABCDEF012")
    expect(fake.sent).toHaveLength(0)
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toMatchObject({ status: 404 })
  })

  it("deliverLater: never answered, delivered after the delay, even though the client gave up", async () => {
    fake.deliverLater(300)
    await sendAndGiveUp(fake, "3EB0123456789ABCDEF012")
    await fake.waitFor(() => fake.sent.length === 1)
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toMatchObject({ status: 200 })
  })

  it("deliverThenHang: delivered at once, never answered", async () => {
    fake.deliverThenHang()
    const abort = new AbortController()
    const settled = sendWith(fake, GROUP, "3EB0123456789ABCDEF012", abort.signal).catch((error: unknown) => error)
    await fake.waitFor(() => fake.sent.length === 1)
    abort.abort()
    expect(await settled).toBeInstanceOf(Error)
    expect(await byId(fake, GROUP, "3EB0123456789ABCDEF012")).toMatchObject({ status: 200 })
  })
})
