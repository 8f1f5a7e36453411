import type { AddressInfo } from "node:net"
import { connect, createServer } from "node:net"
import { Effect, Exit, Fiber, Layer, Logger } from "effect"
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest"
import type { GatewayFailure } from "../../../src/application/ports/GatewayPort.ts"
import { GatewayError, GatewayPort, NAMED_SESSIONS_UNSUPPORTED } from "../../../src/application/ports/GatewayPort.ts"
import type { WahaGatewayOptions } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { makeWahaGateway, WahaGateway } from "../../../src/infrastructure/gateway/WahaGateway.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { FAKE_QR_PNG_BASE64, startFakeWaha } from "../../support/FakeWahaServer.ts"
import type { ContactSpec, GroupSpec } from "../../support/wahaEngineFixtures.ts"
import { ENGINES, engineContacts, engineGroups } from "../../support/wahaEngineFixtures.ts"

const API_KEY = "k3y-Th4t-Must-N3ver-Leak-0123456789"

let fake: FakeWaha
/** every GatewayError seen by any test, to check that none carries the key */
const seenErrors: Array<GatewayError> = []

const gateway = (overrides: Partial<WahaGatewayOptions> = {}) =>
  makeWahaGateway({ baseUrl: fake.url, apiKey: API_KEY, timeoutMs: 5_000, ...overrides })

const run = <A>(effect: Effect.Effect<A, GatewayError>): Promise<A> => Effect.runPromise(effect)

const failure = async (effect: Effect.Effect<unknown, GatewayError>): Promise<GatewayError> => {
  const exit = await Effect.runPromiseExit(Effect.flip(effect))
  if (Exit.isFailure(exit)) throw new Error(`expected a GatewayError, got ${String(exit.cause)}`)
  if (!(exit.value instanceof GatewayError)) throw new Error(`expected a GatewayError, got ${String(exit.value)}`)
  seenErrors.push(exit.value)
  return exit.value
}

const expectFailure = async (
  effect: Effect.Effect<unknown, GatewayError>,
  reason: GatewayFailure,
  message: string | RegExp
): Promise<GatewayError> => {
  const error = await failure(effect)
  expect(error._tag).toBe("GatewayError")
  expect(error.reason).toBe(reason)
  if (typeof message === "string") expect(error.message).toBe(message)
  else expect(error.message).toMatch(message)
  return error
}

const closedPort = async (): Promise<number> => {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve))
  const { port } = server.address() as AddressInfo
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}

beforeAll(async () => {
  fake = await startFakeWaha({ apiKey: API_KEY })
})
afterEach(async () => {
  await fake.reset()
})
afterAll(async () => {
  await fake.close()
  for (const error of seenErrors) expect(error.message).not.toContain(API_KEY)
})

describe("WahaGateway.sendPoll", () => {
  const request = {
    session: "sales_team-1",
    chatId: "120363012345678901@g.us",
    question: "Where shall we eat? ✓",
    options: ["Pizza", "Sushi", '"Chez Marie"'],
    multipleAnswers: false
  }

  it("POSTs exactly WAHA's documented body to /api/sendPoll and reads the answer's id as sendText's", async () => {
    const sent = await run(gateway().sendPoll(request))
    expect(fake.requests).toHaveLength(1)
    const seen = fake.requests[0]!
    expect(seen.method).toBe("POST")
    expect(seen.path).toBe("/api/sendPoll")
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
    expect(seen.headers["content-type"]).toBe("application/json")
    expect(seen.body).toEqual({
      session: request.session,
      chatId: request.chatId,
      poll: { name: request.question, options: request.options, multipleAnswers: false }
    })
    expect(fake.polls).toEqual([seen.body])
    // no text was sent: a poll is never sent as its question alone
    expect(fake.sent).toEqual([])
    expect(sent.messageId).toBe(`true_${request.chatId}_FAKEPOLL1`)
    await run(gateway().sendPoll({ ...request, multipleAnswers: true }))
    expect(fake.polls[1]).toMatchObject({ poll: { multipleAnswers: true } })
  })

  it("reads GOWS's answer ({id, _data}) and NOWEB's bare key as for texts", async () => {
    fake.respondWith(201, { id: "", _data: { Info: { ID: "3EB0POLL" } } })
    expect(await run(gateway().sendPoll(request))).toEqual({ messageId: "3EB0POLL" })
    fake.respondWith(201, { key: { id: "3EB0NOWEB" } })
    expect(await run(gateway().sendPoll(request))).toEqual({ messageId: "3EB0NOWEB" })
  })

  it("an engine that cannot send polls fails the send with WAHA's words (FeatureUnsupported)", async () => {
    fake.setServerVersion({ version: "2025.11.3", engine: "WEBJS" })
    const refused = await expectFailure(
      gateway().sendPoll(request),
      "FeatureUnsupported",
      /^failed to send poll: gateway answered 501: .*not implemented by 'WEBJS' engine/
    )
    expect(refused.summary).toContain("cannot do what this asks")
    expect(fake.polls).toEqual([])
  })
})

describe("WahaGateway.sendText", () => {
  const request = { session: "sales_team-1", chatId: "120363012345678901@g.us", text: "Hello, world ✓\nline two" }

  it("POSTs exactly the documented request to /api/sendText", async () => {
    await run(gateway().sendText(request))

    expect(fake.requests).toHaveLength(1)
    const seen = fake.requests[0]!
    expect(seen.method).toBe("POST")
    expect(seen.path).toBe("/api/sendText")
    expect(seen.query).toEqual({})
    expect(seen.headers["accept"]).toBe("application/json")
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
    expect(seen.headers["content-type"]).toBe("application/json")
    expect(seen.body).toEqual({
      chatId: request.chatId,
      text: request.text,
      linkPreview: true,
      linkPreviewHighQuality: false,
      session: request.session
    })
    expect(Object.keys(seen.body as object)).toEqual([
      "chatId",
      "text",
      "linkPreview",
      "linkPreviewHighQuality",
      "session"
    ])
    expect(fake.sent).toEqual([seen.body])
  })

  it('mentions everyone with mentions: ["all"] and the text as written (no @ tokens added); no mentions otherwise', async () => {
    await run(gateway().sendText({ ...request, mentionAll: true }))
    await run(gateway().sendText({ ...request, mentionAll: false }))
    expect(fake.requests.map((r) => r.body)).toEqual([
      {
        chatId: request.chatId,
        text: request.text,
        linkPreview: true,
        linkPreviewHighQuality: false,
        session: request.session,
        mentions: ["all"]
      },
      {
        chatId: request.chatId,
        text: request.text,
        linkPreview: true,
        linkPreviewHighQuality: false,
        session: request.session
      }
    ])
  })

  it("a gateway that refuses the mention fails the send with its reason (FeatureUnsupported), never a plain send", async () => {
    // WAHA answers 422 for "all" outside a group (mentions.all.ts)
    const direct = await expectFailure(
      gateway().sendText({ ...request, chatId: "15551234567@c.us", mentionAll: true }),
      "FeatureUnsupported",
      /^failed to send message: gateway answered 422: .*"mentions\\":\[\\"all\\"\] can be used only in group chats/
    )
    expect(direct.summary).toContain("cannot do what this asks")
    expect(fake.sent).toEqual([])
    // and an engine that does not implement it (501 in WAHA since 2025)
    fake.respondWith(501, {
      statusCode: 501,
      message:
        "The method is not implemented by 'WPP' engine. Check the docs and try another engine: https://waha.devlike.pro/",
      error: "Not Implemented"
    })
    const engine = await failure(gateway().sendText({ ...request, mentionAll: true }))
    expect(engine).toMatchObject({ reason: "FeatureUnsupported", status: 501 })
    expect(engine.message).toContain("not implemented by 'WPP' engine")
  })

  it("ignores a trailing slash in the base URL", async () => {
    await run(gateway({ baseUrl: `${fake.url}/` }).sendText(request))
    expect(fake.requests.map((r) => r.path)).toEqual(["/api/sendText"])
  })

  it("sends an empty X-Api-Key when the key is empty (and the gateway then answers 401)", async () => {
    await expectFailure(
      gateway({ apiKey: "" }).sendText(request),
      "Unauthorized",
      /^failed to send message: gateway answered 401: /
    )
    expect(fake.requests[0]!.headers["x-api-key"]).toBe("")
  })

  it.each([200, 201, 202, 204])("succeeds on %i", async (status) => {
    fake.respondWith(status, status === 204 ? undefined : { id: "x" })
    await expect(run(gateway().sendText(request))).resolves.toEqual({ messageId: status === 204 ? null : "x" })
  })

  it("succeeds on a 2xx whose body is not JSON, with no message id", async () => {
    fake.respondWith(201, "not json at all")
    await expect(run(gateway().sendText(request))).resolves.toEqual({ messageId: null })
  })

  // the shapes each WAHA engine answers (WAHA issues #407/#760 NOWEB, #1615/#1464 WEBJS, #1778 GOWS)
  it.each<[string, unknown, string | null]>([
    [
      "WEBJS",
      {
        id: { fromMe: true, remote: "120363@g.us", id: "3EB0378E", _serialized: "true_120363@g.us_3EB0378E" },
        _data: { ack: 0 }
      },
      "true_120363@g.us_3EB0378E"
    ],
    [
      "NOWEB",
      {
        key: { remoteJid: "120363@g.us", fromMe: true, id: "3EB00EA4283A" },
        message: { extendedTextMessage: { text: "hi" } },
        status: "PENDING"
      },
      "3EB00EA4283A"
    ],
    [
      "GOWS",
      { id: "true_120363@g.us_3EB0ABCD", _data: { Info: { ID: "3EB0ABCD", Chat: "120363@g.us" } } },
      "true_120363@g.us_3EB0ABCD"
    ],
    ["GOWS without a top-level id", { _data: { Info: { ID: "3EB0ABCD" } } }, "3EB0ABCD"],
    ["WEBJS 2025.6.5 (empty body)", undefined, null],
    ["an id of the wrong type", { id: 42 }, null]
  ])("reads the sent message's id from a %s answer", async (_engine, body, messageId) => {
    fake.respondWith(201, body)
    await expect(run(gateway().sendText(request))).resolves.toEqual({ messageId })
  })

  it.each<[number, GatewayFailure]>([
    [400, "BadResponse"],
    [401, "Unauthorized"],
    [404, "SessionNotFound"],
    [409, "BadResponse"],
    [422, "SessionNotReady"],
    [500, "ServerError"],
    [502, "ServerError"],
    [503, "ServerError"]
  ])("maps %i to %s with the status and the body in the message", async (status, reason) => {
    fake.respondWith(status, { message: `problem ${status}` })
    const error = await expectFailure(
      gateway().sendText(request),
      reason,
      `failed to send message: gateway answered ${status}: {"message":"problem ${status}"}`
    )
    expect(error.status).toBe(status)
  })

  it("answers 401 for a wrong key (real check by the fake)", async () => {
    const error = await expectFailure(gateway({ apiKey: "wrong" }).sendText(request), "Unauthorized", /answered 401/)
    expect(error.status).toBe(401)
    expect(fake.sent).toEqual([])
  })

  it("404 for an unknown session and 422 for a session that is not WORKING (fake without auto sessions)", async () => {
    const strict = await startFakeWaha({ apiKey: API_KEY, autoSessions: false, statusWaitMs: 20 })
    try {
      const g = makeWahaGateway({ baseUrl: strict.url, apiKey: API_KEY })
      // WAHA cannot tell an unknown session from a stopped one here: both are "start it first"
      await expectFailure(g.sendText(request), "SessionNotRunning", /^failed to send message: gateway answered 404: /)
      strict.setSessionStatus(request.session, "SCAN_QR_CODE")
      await expectFailure(g.sendText(request), "SessionNotReady", /^failed to send message: gateway answered 422: /)
      strict.setSessionStatus(request.session, "WORKING")
      await run(g.sendText(request))
      expect(strict.sent).toHaveLength(1)
    } finally {
      await strict.close()
    }
  })

  it("truncates a long body to at most 200 characters and keeps it on one line", async () => {
    fake.respondWith(500, { message: "x".repeat(1_000), more: "line\nbreak" })
    const error = await expectFailure(
      gateway().sendText(request),
      "ServerError",
      /^failed to send message: gateway answered 500: /
    )
    const snippet = error.message.slice("failed to send message: gateway answered 500: ".length)
    expect(snippet.length).toBeLessThanOrEqual(200)
    expect(error.message).not.toContain("\n")
  })

  it("keeps a body's line breaks out of the message: NEL (which JSON leaves raw) escaped, the Unicode separators squeezed", async () => {
    fake.respondWith(500, { message: "engine\u0085Message x processed successfully\u2028" })
    const error = await expectFailure(
      gateway().sendText(request),
      "ServerError",
      /^failed to send message: gateway answered 500: /
    )
    expect(error.message).toContain('engine\\u0085Message x processed successfully "}')
    expect(error.message).not.toMatch(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/)
  })

  it("never puts the API key in a message, even when the gateway echoes it", async () => {
    fake.respondWith(500, { message: `bad key ${API_KEY}`, headers: { "x-api-key": API_KEY } })
    const error = await expectFailure(
      gateway().sendText(request),
      "ServerError",
      /^failed to send message: gateway answered 500: /
    )
    expect(error.message).not.toContain(API_KEY)
    expect(error.message).toContain("***")
  })

  it("maps a refused connection (fake stopped listening) to Unreachable with the node-style message", async () => {
    await fake.refuse()
    const error = await expectFailure(
      gateway().sendText(request),
      "Unreachable",
      `failed to send message: connect ECONNREFUSED 127.0.0.1:${fake.port}`
    )
    expect(error.status).toBeUndefined()
    await fake.accept()
    await run(gateway().sendText(request))
    expect(fake.sent).toHaveLength(1)
  })

  it("maps a refused connection on a port nobody listens on", async () => {
    const port = await closedPort()
    await expectFailure(
      gateway({ baseUrl: `http://127.0.0.1:${port}` }).sendText(request),
      "Unreachable",
      `failed to send message: connect ECONNREFUSED 127.0.0.1:${port}`
    )
  })

  it("maps a refused dual-stack connection (undici's AggregateError cause) to the first refused address", async () => {
    // A host that resolves to ::1 and 127.0.0.1 with autoSelectFamily makes node fail with an AggregateError
    // {code: "ECONNREFUSED", message: "", errors: [...]}; this host has no such name, so take the real error
    // from net.connect and hand it to the adapter the way undici does: TypeError("fetch failed", {cause}).
    const port = await closedPort()
    const aggregate = await new Promise<unknown>((resolve) => {
      const socket = connect({
        host: "dual-stack.test",
        port,
        autoSelectFamily: true,
        lookup: (_host, _options, callback) =>
          (callback as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
            { address: "::1", family: 6 },
            { address: "127.0.0.1", family: 4 }
          ])
      })
      socket.on("error", resolve)
    })
    expect(aggregate).toBeInstanceOf(AggregateError)
    vi.stubGlobal("fetch", () => Promise.reject(new TypeError("fetch failed", { cause: aggregate })))
    try {
      await expectFailure(
        gateway({ baseUrl: `http://dual-stack.test:${port}` }).sendText(request),
        "Unreachable",
        // ::1 is tried first; a host without IPv6 refuses only on 127.0.0.1
        new RegExp(`^failed to send message: connect ECONNREFUSED (::1|127\\.0\\.0\\.1):${port}$`)
      )
    } finally {
      vi.unstubAllGlobals()
    }
  })

  it("maps a name that does not resolve to Unreachable, without the key even when it is in the URL", async () => {
    const error = await expectFailure(
      gateway({ baseUrl: `http://${API_KEY.toLowerCase()}.invalid`, apiKey: API_KEY.toLowerCase() }).sendText(request),
      "Unreachable",
      /^failed to send message: \S+/
    )
    expect(error.message.toLowerCase()).not.toContain(API_KEY.toLowerCase())
  })

  it("aborts the fetch when the gateway hangs past the timeout", async () => {
    fake.hang()
    await expectFailure(
      gateway({ timeoutMs: 200 }).sendText(request),
      "Timeout",
      "failed to send message: timed out after 200 ms"
    )
    await fake.waitFor(() => fake.requests.some((r) => r.path === "/api/sendText" && r.aborted), 5_000)
    expect(fake.sent).toEqual([])
  })

  it("waits for a slow but timely answer", async () => {
    fake.latency(50)
    await run(gateway({ timeoutMs: 5_000 }).sendText(request))
    expect(fake.sent).toHaveLength(1)
  })

  it("is provided through WahaGateway.layer", async () => {
    const layer = WahaGateway.layer({ baseUrl: fake.url, apiKey: API_KEY })
    await Effect.runPromise(
      Effect.gen(function* () {
        const port = yield* GatewayPort
        yield* port.sendText(request)
      }).pipe(Effect.provide(layer))
    )
    expect(fake.sent).toHaveLength(1)
    expect(Layer.isLayer(layer)).toBe(true)
  })
})

describe("WahaGateway sessions", () => {
  it("creates a session with POST /api/sessions {name, start: true}, with NOWEB's store on (other engines ignore it)", async () => {
    await run(gateway().createSession("alice_1"))
    const seen = fake.requests[0]!
    expect([seen.method, seen.path]).toEqual(["POST", "/api/sessions"])
    expect(seen.body).toEqual({
      name: "alice_1",
      start: true,
      config: { noweb: { store: { enabled: true, fullSync: false } } }
    })
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
    expect(seen.headers["accept"]).toBe("application/json")
    expect(seen.headers["content-type"]).toBe("application/json")
    expect(fake.sessions.get("alice_1")?.status).toBe("STARTING")
  })

  it("with a webhook, registers it as the session's config.webhooks (url, events, hmac.key, retries); the key never reaches an error", async () => {
    const hmacKey = "whsec-NEVER-IN-AN-ERROR-0123456789abcdef"
    const g = gateway({
      webhook: {
        url: "https://herald.example.org/api/webhooks/waha",
        events: ["message.ack", "session.status"],
        hmacKey
      }
    })
    await run(g.createSession("carol"))
    expect(fake.requests[0]!.body).toEqual({
      name: "carol",
      start: true,
      config: {
        noweb: { store: { enabled: true, fullSync: false } },
        // WEBJS reports group receipts only with its tag events on (waha#1311)
        webjs: { tagsEventsOn: true },
        webhooks: [
          {
            url: "https://herald.example.org/api/webhooks/waha",
            events: ["message.ack", "session.status"],
            hmac: { key: hmacKey },
            retries: { policy: "exponential", delaySeconds: 2, attempts: 5 }
          }
        ]
      }
    })
    // a gateway that echoes the request in its refusal (as a validation error may)
    fake.answerEverythingWith(400, { message: `bad config: ${JSON.stringify(fake.requests[0]!.body)}` })
    const error = await expectFailure(
      g.createSession("carol2"),
      "BadResponse",
      /^failed to create session: gateway answered 400: /
    )
    expect(error.message).not.toContain(hmacKey)
  })

  it("fails to create a session that exists: WAHA's 422 'already exists' is SessionAlreadyExists", async () => {
    await run(gateway().createSession("dup"))
    const error = await expectFailure(
      gateway().createSession("dup"),
      "SessionAlreadyExists",
      /^failed to create session: gateway answered 422: .*already exists/
    )
    expect(error.summary).toBe("the messaging gateway already has a session of this name (HTTP 422)")
  })

  it("reads a session's status, me.id and me.pushName; null for an unknown one", async () => {
    const g = gateway()
    expect(await run(g.getSession("nobody"))).toBeNull()
    await run(g.createSession("bob"))
    // this gateway registers no webhook (no GATEWAY_WEBHOOK_SECRET): no receipts for any session
    expect(await run(g.getSession("bob"))).toEqual({
      name: "bob",
      status: "STARTING",
      receipts: "NOT_CONFIGURED",
      pollVotes: "NOT_CONFIGURED"
    })
    expect(await run(g.getSession("bob"))).toEqual({
      name: "bob",
      status: "SCAN_QR_CODE",
      receipts: "NOT_CONFIGURED",
      pollVotes: "NOT_CONFIGURED"
    })
    fake.setSessionStatus("bob", "WORKING", "15551234567@c.us")
    expect(await run(g.getSession("bob"))).toEqual({
      name: "bob",
      status: "WORKING",
      meId: "15551234567@c.us",
      meName: "Fake",
      receipts: "NOT_CONFIGURED",
      pollVotes: "NOT_CONFIGURED"
    })
    const gets = fake.requests.filter((r) => r.method === "GET")
    expect(gets.map((r) => r.path)).toEqual(Array(4).fill("/api/sessions/nobody").fill("/api/sessions/bob", 1))
    for (const r of gets) expect(r.headers["x-api-key"]).toBe(API_KEY)
  })

  it("maps a bad key on getSession to Unauthorized with its own prefix", async () => {
    await expectFailure(
      gateway({ apiKey: "nope" }).getSession("bob"),
      "Unauthorized",
      /^failed to get session status: gateway answered 401/
    )
  })

  it("starts, stops, restarts, logs out and deletes", async () => {
    const g = gateway()
    fake.setSessionStatus("carol", "WORKING")
    await run(g.stopSession("carol"))
    expect(fake.sessions.get("carol")?.status).toBe("STOPPED")
    await run(g.startSession("carol"))
    expect(fake.sessions.get("carol")?.status).toBe("STARTING")
    fake.setSessionStatus("carol", "FAILED")
    await run(g.restartSession("carol"))
    expect(fake.sessions.get("carol")?.status).toBe("STARTING")
    await run(g.logoutSession("carol"))
    expect(fake.sessions.get("carol")?.me).toBeNull()
    await run(g.deleteSession("carol"))
    expect(fake.sessions.has("carol")).toBe(false)
    expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "POST /api/sessions/carol/stop",
      "POST /api/sessions/carol/start",
      "POST /api/sessions/carol/restart",
      "POST /api/sessions/carol/logout",
      "DELETE /api/sessions/carol"
    ])
    await expectFailure(g.startSession("carol"), "SessionNotFound", /^failed to start session: gateway answered 404: /)
    await expectFailure(
      g.restartSession("carol"),
      "SessionNotFound",
      /^failed to restart session: gateway answered 404: /
    )
    await expectFailure(g.logoutSession("carol"), "SessionNotFound", /^failed to log out session: /)
    // stop and delete are idempotent in WAHA
    await run(g.stopSession("carol"))
    await run(g.deleteSession("carol"))
  })

  it("start of a running session (FAILED included) is 422 'already started' and changes nothing: FAILED needs restart", async () => {
    const g = gateway()
    fake.setSessionStatus("frank", "FAILED")
    const error = await expectFailure(
      g.startSession("frank"),
      "SessionAlreadyStarted",
      /^failed to start session: gateway answered 422: .*already started/
    )
    expect(error.summary).toBe("the messaging session is already running on the gateway (HTTP 422)")
    expect(fake.sessions.get("frank")?.status).toBe("FAILED")
    await run(g.restartSession("frank"))
    expect(fake.sessions.get("frank")?.status).toBe("STARTING")
  })

  it("URL-encodes path segments", async () => {
    expect(await run(gateway().getSession("a b/c?d"))).toBeNull()
    expect(fake.requests[0]!.path).toBe("/api/sessions/a%20b%2Fc%3Fd")
  })

  it("gets the QR code as JSON {mimetype, data}", async () => {
    const g = gateway()
    await run(g.createSession("dave"))
    const qr = await run(g.getQr("dave"))
    expect(qr).toEqual({ mimetype: "image/png", data: FAKE_QR_PNG_BASE64 })
    expect(Buffer.from(qr.data, "base64").subarray(1, 4).toString("latin1")).toBe("PNG")
    const seen = fake.requests.at(-1)!
    expect([seen.method, seen.path, seen.query]).toEqual(["GET", "/api/dave/auth/qr", { format: "image" }])
    expect(seen.headers["accept"]).toBe("application/json")
  })

  it("no QR code for a WORKING session once WAHA's wait is over: SessionNotReady", async () => {
    const quick = await startFakeWaha({ apiKey: API_KEY, statusWaitMs: 20 })
    try {
      quick.setSessionStatus("dave", "WORKING")
      const error = await expectFailure(
        makeWahaGateway({ baseUrl: quick.url, apiKey: API_KEY }).getQr("dave"),
        "SessionNotReady",
        /^failed to get QR code: gateway answered 422: /
      )
      expect(error.sessionStatus).toBe("WORKING")
    } finally {
      await quick.close()
    }
  })

  it("asks for the QR code with exactly `Accept: application/json` (WAHA answers the PNG itself for anything else)", async () => {
    await run(gateway().createSession("gina"))
    await run(gateway().getQr("gina"))
    expect(fake.requests.at(-1)!.headers["accept"]).toBe("application/json")
    const png = await fetch(`${fake.url}/api/gina/auth/qr?format=image`, {
      headers: { "X-Api-Key": API_KEY, accept: "application/json, text/plain" }
    })
    expect(png.headers.get("content-type")).toBe("image/png")
  })

  it("shows PASSKEY_REQUIRED and PASSKEY_CONFIRMATION_REQUIRED (GOWS) as they are", async () => {
    for (const status of ["PASSKEY_REQUIRED", "PASSKEY_CONFIRMATION_REQUIRED"]) {
      fake.setSessionStatus("hal", status)
      expect(await run(gateway().getSession("hal"))).toEqual({
        name: "hal",
        status,
        receipts: "NOT_CONFIGURED",
        pollVotes: "NOT_CONFIGURED"
      })
    }
  })

  it("reports a session body of the wrong shape as BadResponse", async () => {
    const bad = await startFakeWaha({ apiKey: API_KEY })
    try {
      bad.sessions.set("eve", { name: "eve", status: 42 as unknown as string, me: null })
      await expectFailure(
        makeWahaGateway({ baseUrl: bad.url, apiKey: API_KEY }).getSession("eve"),
        "BadResponse",
        /^failed to get session status: unexpected response shape: status: /
      )
    } finally {
      await bad.close()
    }
  })
})

describe("WahaGateway: a session that is not running or not ready, as WAHA answers", () => {
  const request = { session: "ivy", chatId: "1@g.us", text: "hi" }
  const calls = (g: ReturnType<typeof gateway>) =>
    [
      ["failed to send message", g.sendText(request)],
      ["failed to get QR code", g.getQr("ivy")],
      ["failed to list groups", g.listGroups("ivy", { limit: 10, offset: 0 })],
      ["failed to list contacts", g.listContacts("ivy", { limit: 10, offset: 0 })]
    ] as const

  it("a STOPPED session: 404 'start it first' on sendText, QR, groups and contacts is SessionNotRunning, not SessionNotFound", async () => {
    const g = gateway()
    fake.setSessionStatus("ivy", "STOPPED")
    for (const [prefix, call] of calls(g)) {
      const error = await expectFailure(
        call,
        "SessionNotRunning",
        new RegExp(`^${prefix}: gateway answered 404: .*start it first`)
      )
      expect(error.summary).toBe(
        "the messaging session is stopped on the gateway: reconnect or restart it first (HTTP 404)"
      )
    }
    expect(fake.sent).toEqual([])
  })

  it("a session that is not WORKING gets no answer until WAHA's wait is over, and succeeds if it turns WORKING meanwhile", async () => {
    fake.setSessionStatus("ivy", "STARTING")
    fake.setGroups("ivy", [{ id: "1@g.us", subject: "One" }])
    let settled = false
    const listing = run(gateway().listGroups("ivy", { limit: 10, offset: 0 })).finally(() => {
      settled = true
    })
    await fake.waitFor(() => fake.requests.some((r) => r.path === "/api/ivy/groups"))
    expect(settled).toBe(false)
    fake.setSessionStatus("ivy", "WORKING")
    expect((await listing).items).toEqual([{ groupId: "1@g.us", groupName: "One" }])
  })

  it("after the wait: 422 with the session's status, which the summary names", async () => {
    const quick = await startFakeWaha({ apiKey: API_KEY, statusWaitMs: 20 })
    try {
      quick.setSessionStatus("ivy", "SCAN_QR_CODE")
      const error = await expectFailure(
        makeWahaGateway({ baseUrl: quick.url, apiKey: API_KEY }).listContacts("ivy", { limit: 10, offset: 0 }),
        "SessionNotReady",
        /^failed to list contacts: gateway answered 422: /
      )
      expect(error.sessionStatus).toBe("SCAN_QR_CODE")
      expect(error.summary).toBe(
        "the messaging gateway rejected the request: the session is SCAN_QR_CODE, not in a state that allows it (HTTP 422)"
      )
    } finally {
      await quick.close()
    }
  })

  it("reads newer WAHA's 422 bodies: a stopped session (status STOPPED) and one that does not exist", async () => {
    const g = gateway()
    fake.answerEverythingWith(422, {
      error: "Session status is not as expected. Try again later or restart the session",
      session: "ivy",
      status: "STOPPED",
      expected: ["WORKING"]
    })
    await expectFailure(g.sendText(request), "SessionNotRunning", /^failed to send message: gateway answered 422: /)
    fake.answerEverythingWith(422, { error: 'Session "ivy" does not exist', session: "ivy" })
    await expectFailure(g.sendText(request), "SessionNotFound", /^failed to send message: gateway answered 422: /)
  })

  it("a status in a 422 that is not a plain status word never reaches the summary", async () => {
    fake.answerEverythingWith(422, {
      error: "Session status is not as expected",
      status: "<b>http://evil</b>",
      expected: ["WORKING"]
    })
    const error = await expectFailure(
      gateway().sendText(request),
      "SessionNotReady",
      /^failed to send message: gateway answered 422: /
    )
    expect(error.sessionStatus).toBeUndefined()
    expect(error.summary).not.toContain("evil")
  })
})

describe("WahaGateway and WAHA Core before 2026.6.1 (only the session `default`)", () => {
  it("reads GET /api/server/version", async () => {
    fake.setServerVersion({ version: "2026.6.1", engine: "GOWS", tier: "CORE" })
    expect(await run(gateway().serverVersion())).toEqual({ version: "2026.6.1", engine: "GOWS", tier: "CORE" })
    const seen = fake.requests.at(-1)!
    expect([seen.method, seen.path, seen.headers["x-api-key"]]).toEqual(["GET", "/api/server/version", API_KEY])
  })

  it("reads the version of a WAHA from before `engine` was in it (2023) as engine unknown", async () => {
    fake.answerEverythingWith(200, { version: "2023.9.3", tier: "CORE", browser: "/usr/bin/chromium" })
    expect(await run(gateway().serverVersion())).toEqual({ version: "2023.9.3", engine: "unknown", tier: "CORE" })
  })

  it("maps 422 OnlyDefaultSessionIsAllowed at creation (and elsewhere) to NamedSessionsUnsupported with one clear summary", async () => {
    fake.setServerVersion({ version: "2025.11.2", tier: "CORE" })
    const error = await expectFailure(
      gateway().createSession("herald_abc"),
      "NamedSessionsUnsupported",
      /^failed to create session: gateway answered 422: .*WAHA Core support only 'default' session/
    )
    expect(error.summary).toBe(`${NAMED_SESSIONS_UNSUPPORTED} (HTTP 422)`)
    await expectFailure(
      gateway().getSession("herald_abc"),
      "NamedSessionsUnsupported",
      /^failed to get session status: /
    )
    await expectFailure(
      gateway().sendText({ session: "herald_abc", chatId: "1@g.us", text: "x" }),
      "NamedSessionsUnsupported",
      /^failed to send message: /
    )
    expect(fake.sessions.size).toBe(0)
  })
})

/** Log lines an effect writes, for checks that something was said rather than dropped silently. */
const withLogs = async <A>(
  effect: Effect.Effect<A, GatewayError>
): Promise<{ readonly value: A; readonly logs: Array<string> }> => {
  const logs: Array<string> = []
  const capture = Logger.layer([
    Logger.make(
      ({ message }) => void logs.push(Array.isArray(message) ? message.map(String).join(" ") : String(message))
    )
  ])
  const value = await Effect.runPromise(effect.pipe(Effect.provide(capture)))
  return { value, logs }
}

/** WAHA's sortBy=id sorts NOWEB and GOWS groups; on WEBJS it maps to "id._serialized", which its in-memory paginator reads as one key, so WEBJS groups keep the engine's order (see FakeWahaServer). */
const sortsGroups = (engine: string) => engine !== "WEBJS"

describe.each(ENGINES)("WahaGateway.listGroups on %s", (engine) => {
  const family: GroupSpec = {
    id: "120363000000000001@g.us",
    subject: "Family",
    participants: ["15551110001@c.us", "98765432109876@lid"]
  }
  const work: GroupSpec = { id: "120363000000000002@g.us", subject: "Work", participants: ["15551110002@c.us"] }
  const choir: GroupSpec = { id: "120363000000000003@g.us", subject: "Choir" }

  it("reads the engine's own shape: id and name of every group", async () => {
    fake.setGroups("s1", engineGroups(engine, [work, family, choir]))
    const page = await run(gateway().listGroups("s1", { limit: 10, offset: 0 }))
    const expected = sortsGroups(engine) ? [family, work, choir] : [work, family, choir]
    expect(page.items).toEqual(expected.map((g) => ({ groupId: g.id, groupName: g.subject })))
    expect(page.more).toBe(false)
    expect(page.served).toEqual(expected.map((g) => g.id))
  })

  it("asks for a page in id order without participant lists", async () => {
    fake.setGroups("s2", engineGroups(engine, [family, work]))
    await run(gateway().listGroups("s2", { limit: 2, offset: 4 }))
    const seen = fake.requests[0]!
    expect([seen.method, seen.path, seen.query]).toEqual([
      "GET",
      "/api/s2/groups",
      { limit: "2", offset: "4", sortBy: "id", sortOrder: "asc", exclude: "participants" }
    ])
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
  })

  it.skipIf(!sortsGroups(engine))(
    "pages stay apart while the engine reorders its list between calls (recent activity)",
    async () => {
      const groups: Array<GroupSpec> = ["A", "B", "C", "D", "E"].map((n, i) => ({
        id: `12036300000000001${i}@g.us`,
        subject: n
      }))
      // the engine's order: most recent activity first
      fake.setGroups("s3", engineGroups(engine, [groups[1]!, groups[0]!, groups[3]!, groups[2]!, groups[4]!]))
      const g = gateway()
      const first = await run(g.listGroups("s3", { limit: 2, offset: 0 }))
      // a message arrives in E: it moves to the front
      fake.setGroups("s3", engineGroups(engine, [groups[4]!, groups[1]!, groups[0]!, groups[3]!, groups[2]!]))
      const second = await run(g.listGroups("s3", { limit: 2, offset: 2 }))
      const third = await run(g.listGroups("s3", { limit: 2, offset: 4 }))
      expect([...first.items, ...second.items, ...third.items].map((x) => x.groupName)).toEqual([
        "A",
        "B",
        "C",
        "D",
        "E"
      ])
    }
  )

  it("the fake serves participants unless they are excluded, as WAHA does", async () => {
    fake.setGroups("s4", engineGroups(engine, [family]))
    const raw = async (query: string) => {
      const response = await fetch(`${fake.url}/api/s4/groups${query}`, { headers: { "X-Api-Key": API_KEY } })
      return JSON.stringify(await response.json())
    }
    expect(await raw("")).toContain("15551110001@")
    expect(await raw("?exclude=participants")).not.toContain("15551110001@")
  })

  it("a WAHA that ignores paging (before 2024.12.3) answers the whole list: all of it is kept, and it is the last page", async () => {
    fake.legacy(true)
    fake.setGroups("s5", engineGroups(engine, [family, work, choir]))
    const page = await run(gateway().listGroups("s5", { limit: 2, offset: 0 }))
    expect(page.items.map((x) => x.groupName).sort()).toEqual(["Choir", "Family", "Work"])
    expect(page.more).toBe(false)
  })
})

describe("WahaGateway.listGroups: malformed answers", () => {
  it("reports a malformed group list as BadResponse", async () => {
    fake.setGroups("s3", [{ id: 12, subject: "numeric id" }])
    await expectFailure(
      gateway().listGroups("s3", { limit: 10, offset: 0 }),
      "BadResponse",
      /^failed to list groups: unexpected response shape: /
    )
    fake.setGroups("s3", [{ subject: "no id at all" }])
    await expectFailure(gateway().listGroups("s3", { limit: 10, offset: 0 }), "BadResponse", /group without id/)
  })

  it("takes a NOWEB group's id from its key when the object lacks one", async () => {
    fake.setGroups("s6", { "4@g.us": { subject: "Four, id only in the key" } })
    expect((await run(gateway().listGroups("s6", { limit: 5, offset: 0 }))).items).toEqual([
      { groupId: "4@g.us", groupName: "Four, id only in the key" }
    ])
  })
})

describe.each(ENGINES)("WahaGateway.listContacts on %s", (engine) => {
  const people: ReadonlyArray<ContactSpec> = [
    { id: "15551110001@c.us", name: "Ann" },
    { id: "15551110002@c.us", pushname: "Ben" },
    { id: "120363000000000001@g.us", name: "A group" },
    { id: "status@broadcast", name: "Status" },
    { id: "111111111111111@lid", name: "Lia" },
    { id: "222222222222222@lid", pushname: "Unmapped" },
    { id: "15551110003@c.us" }
  ]

  it("keeps @c.us contacts and maps @lid contacts to their phone number; counts and logs those it cannot map", async () => {
    fake.setContacts("s1", engineContacts(engine, people))
    fake.setLids("s1", [
      { lid: "111111111111111@lid", pn: "15551110009@c.us" },
      { lid: "333333333333333@lid", pn: "15551110008@c.us" }
    ])
    const { value: page, logs } = await withLogs(gateway().listContacts("s1", { limit: 50, offset: 0 }))
    expect(page.more).toBe(false)
    // in the gateway's (id) order, a mapped contact where its @lid entry was
    expect(page.items).toEqual([
      { groupId: "15551110009@c.us", groupName: "Lia", number: "15551110009", isContact: true },
      { groupId: "15551110001@c.us", groupName: "Ann", number: "15551110001", isContact: true },
      { groupId: "15551110002@c.us", groupName: "Ben", number: "15551110002", isContact: true },
      { groupId: "15551110003@c.us", groupName: "15551110003", number: "15551110003", isContact: true }
    ])
    expect(logs.filter((l) => /1 contact .*@lid.* no phone number/.test(l))).toHaveLength(1)
    const seen = fake.requests[0]!
    expect([seen.method, seen.path, seen.query]).toEqual([
      "GET",
      "/api/contacts/all",
      { session: "s1", limit: "50", offset: "0", sortBy: "id", sortOrder: "asc" }
    ])
    expect(
      fake.requests.filter((r) => r.path === "/api/s1/lids").every((r) => r.headers["x-api-key"] === API_KEY)
    ).toBe(true)
  })

  it("reads the whole lid table, page after page", async () => {
    fake.setContacts("s2", engineContacts(engine, [{ id: "999999999999999@lid", name: "Last" }]))
    const table = Array.from({ length: 1_234 }, (_, i) => ({
      lid: `${String(100_000_000_000_000 + i)}@lid`,
      pn: `1555${String(i).padStart(7, "0")}@c.us`
    }))
    fake.setLids("s2", [...table, { lid: "999999999999999@lid", pn: "15559999999@c.us" }])
    const page = await run(gateway().listContacts("s2", { limit: 50, offset: 0 }))
    expect(page.items).toEqual([
      { groupId: "15559999999@c.us", groupName: "Last", number: "15559999999", isContact: true }
    ])
    const lidCalls = fake.requests.filter((r) => r.path === "/api/s2/lids")
    expect(lidCalls.length).toBeGreaterThan(1)
  })

  it("a WAHA without the lid endpoint (before 2025.5.4): @c.us contacts are kept, @lid ones counted and logged", async () => {
    fake.legacy(true)
    fake.setContacts("s3", engineContacts(engine, people))
    const { value: page, logs } = await withLogs(gateway().listContacts("s3", { limit: 50, offset: 0 }))
    expect(page.items.map((c) => c.groupId)).toEqual(["15551110001@c.us", "15551110002@c.us", "15551110003@c.us"])
    expect(logs.filter((l) => /2 contacts .*@lid.* no phone number.*404/.test(l))).toHaveLength(1)
  })

  it("a WAHA that ignores paging (before 2024.10.9) answers the whole list: all of it is kept, and it is the last page", async () => {
    fake.legacy(true)
    fake.setContacts(
      "s4",
      engineContacts(
        engine,
        people.filter((c) => c.id.endsWith("@c.us"))
      )
    )
    const page = await run(gateway().listContacts("s4", { limit: 2, offset: 0 }))
    expect(page.items).toHaveLength(3)
    expect(page.more).toBe(false)
  })
})

describe("WahaGateway.listContacts: WEBJS flags", () => {
  it("leaves out groups, blocked contacts, me and numbers not on WhatsApp", async () => {
    fake.setContacts(
      "s1",
      engineContacts("WEBJS", [
        { id: "15551110001@c.us", name: "Ann" },
        { id: "15551110004@c.us", name: "Blocked", isBlocked: true },
        { id: "15551110005@c.us", name: "Me", isMe: true },
        { id: "15551110006@c.us", name: "Not on WhatsApp", isWAContact: false }
      ])
    )
    const page = await run(gateway().listContacts("s1", { limit: 50, offset: 0 }))
    expect(page.items.map((c) => c.groupName)).toEqual(["Ann"])
    expect(page.served).toHaveLength(4)
  })

  it("takes the number from the id when WAHA sends none, names from pushname or shortName, and drops an id without digits", async () => {
    fake.setContacts("s2", [
      { id: { _serialized: "15551110002@c.us" }, pushname: "Ben" },
      { id: "@c.us", name: "No number" },
      { id: "15551110007@c.us", number: null, shortName: "Cid" }
    ])
    expect((await run(gateway().listContacts("s2", { limit: 50, offset: 0 }))).items).toEqual([
      { groupId: "15551110002@c.us", groupName: "Ben", number: "15551110002", isContact: true },
      { groupId: "15551110007@c.us", groupName: "Cid", number: "15551110007", isContact: true }
    ])
  })

  it("honours limit/offset on the gateway side and URL-encodes query values", async () => {
    fake.setContacts("a&b=c", [
      { id: "1@c.us", name: "one" },
      { id: "2@c.us", name: "two" },
      { id: "3@c.us", name: "three" }
    ])
    const page = await run(gateway().listContacts("a&b=c", { limit: 1, offset: 1 }))
    expect(page.items.map((c) => c.groupName)).toEqual(["two"])
    expect(page.more).toBe(true)
    expect(fake.requests[0]!.query).toMatchObject({ session: "a&b=c", limit: "1", offset: "1" })
  })

  it("reports a non-array body as BadResponse", async () => {
    fake.setContacts("s4", "nope" as unknown as ReadonlyArray<unknown>)
    await expectFailure(
      gateway().listContacts("s4", { limit: 10, offset: 0 }),
      "BadResponse",
      /^failed to list contacts: /
    )
  })
})
describe("GatewayError.summary: what a user may read", () => {
  const LEAKY = {
    message: "cannot reach mongodb://admin:hunter2@db.internal:27017/herald",
    path: "/var/lib/waha/engine.js"
  }
  const INTERNALS = ["hunter2", "mongodb://", "db.internal", "/var/lib/waha", "127.0.0.1", API_KEY]

  it.each<[number, string]>([
    [400, "the messaging gateway rejected the request (HTTP 400)"],
    [401, "the messaging gateway rejected Herald's credentials (HTTP 401)"],
    [403, "the messaging gateway rejected the request (HTTP 403)"],
    [404, "the messaging gateway does not know this session (HTTP 404)"],
    [422, "the messaging gateway rejected the request: the session is not in a state that allows it (HTTP 422)"],
    [500, "the messaging gateway answered an error (HTTP 500)"],
    [502, "the messaging gateway answered an error (HTTP 502)"]
  ])("%i: the kind and the status, while the message keeps the body for the log", async (status, summary) => {
    fake.respondWith(status, LEAKY)
    const error = await failure(gateway().sendText({ session: "s", chatId: "1@g.us", text: "hi" }))
    expect(error.summary).toBe(summary)
    expect(error.message).toContain("mongodb://admin:hunter2@db.internal:27017/herald")
  })

  it("a refused connection: 'could not be reached', no address; the message keeps the documented text", async () => {
    await fake.refuse()
    const error = await failure(gateway().getSession("s"))
    expect(error.summary).toBe("the messaging gateway could not be reached")
    expect(error.message).toBe(`failed to get session status: connect ECONNREFUSED 127.0.0.1:${fake.port}`)
  })

  it("a timeout: 'did not answer in time'", async () => {
    fake.hang()
    const error = await failure(gateway({ timeoutMs: 200 }).sendText({ session: "s", chatId: "1@g.us", text: "hi" }))
    expect(error.summary).toBe("the messaging gateway did not answer in time")
  })

  it("an answer that cannot be read: 'could not read', with the status when there is one", () => {
    const detail =
      "failed to get QR code: invalid JSON from gateway (200): <html>mongodb://admin:hunter2@db.internal</html>"
    expect(new GatewayError({ reason: "BadResponse", message: detail, status: 200 }).summary).toBe(
      "the messaging gateway answered in a form Herald could not read (HTTP 200)"
    )
    expect(new GatewayError({ reason: "BadResponse", message: detail }).summary).toBe(
      "the messaging gateway answered in a form Herald could not read"
    )
  })

  it.each<GatewayFailure>([
    "Unreachable",
    "Timeout",
    "Unauthorized",
    "SessionNotFound",
    "SessionNotReady",
    "ServerError",
    "BadResponse"
  ])("%s: nothing of the detail, whatever it holds", (reason) => {
    const message = `failed: ${JSON.stringify(LEAKY)} 127.0.0.1:3000 ${API_KEY}`
    for (const status of [undefined, 200, 401, 500]) {
      const summary = new GatewayError({ reason, message, ...(status === undefined ? {} : { status }) }).summary
      expect(summary).toMatch(/^the messaging gateway /)
      for (const secret of INTERNALS) expect(summary).not.toContain(secret)
    }
  })
})

describe("WahaGateway.sendMedia", () => {
  const bytes = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 1, 2, 255])
  const request = {
    session: "sales_team-1",
    chatId: "120363012345678901@g.us",
    kind: "image" as const,
    mimetype: "image/png",
    filename: "team photo.png",
    bytes,
    caption: "Our team ✓"
  }

  it("POSTs WAHA's body to /api/sendImage (an image) and /api/sendFile (a file), the bytes as base64 `file.data`", async () => {
    const sent = await run(gateway().sendMedia({ ...request, mentionAll: true }))
    const seen = fake.requests[0]!
    expect(seen.path).toBe("/api/sendImage")
    expect(seen.headers["x-api-key"]).toBe(API_KEY)
    expect(seen.body).toEqual({
      session: request.session,
      chatId: request.chatId,
      file: { mimetype: "image/png", filename: "team photo.png", data: Buffer.from(bytes).toString("base64") },
      caption: "Our team ✓",
      mentions: ["all"]
    })
    expect(sent.messageId).toMatch(/^true_120363012345678901@g\.us_FAKEMEDIA\d+$/)
    await run(
      gateway().sendMedia({ ...request, kind: "file", mimetype: "application/pdf", filename: "a.pdf", caption: "" })
    )
    expect(fake.media[1]).toMatchObject({ path: "/api/sendFile", body: { caption: "", file: { filename: "a.pdf" } } })
    expect(fake.media[1]?.body).not.toHaveProperty("mentions")
    expect(fake.sent).toEqual([])
  })

  it("WAHA Core before 2026.6.1 answers the Plus error: FeatureUnsupported, in its words", async () => {
    fake.setServerVersion({ version: "2026.5.2", engine: "NOWEB", tier: "CORE" })
    await expectFailure(
      gateway().sendMedia(request),
      "FeatureUnsupported",
      /^failed to send image: gateway answered 422: .*available only in Plus version for 'NOWEB' engine/
    )
    expect(fake.media).toEqual([])
  })

  it("has at most two images or files in flight at once; the next goes when one is done", async () => {
    fake.hang()
    const g = gateway({ mediaTimeoutMs: 60_000 })
    const arrived = () => fake.requests.filter((r) => r.path === "/api/sendImage").length
    const sends = [1, 2, 3].map(() => Effect.runFork(g.sendMedia(request)))
    await eventually("two sends at the gateway", arrived, (n) => n === 2)
    // a request made after them has been answered: the third would have arrived by now had it been sent
    expect((await fetch(`${fake.url}/health`)).ok).toBe(true)
    expect(arrived()).toBe(2)
    await Effect.runPromise(Fiber.interrupt(sends[0]!))
    await eventually("the third send once the first is done", arrived, (n) => n === 3)
    await Promise.all(sends.map((send) => Effect.runPromise(Fiber.interrupt(send))))
  })

  it("has a deadline of its own, longer than the other calls' (a large file is uploaded to WhatsApp first)", async () => {
    fake.latency(300)
    // 100 ms for other calls, but sendMedia waits up to mediaTimeoutMs
    const sent = await run(gateway({ timeoutMs: 100, mediaTimeoutMs: 5_000 }).sendMedia(request))
    expect(sent.messageId).not.toBeNull()
    fake.hang()
    await expectFailure(
      gateway({ timeoutMs: 50, mediaTimeoutMs: 200 }).sendMedia(request),
      "Timeout",
      /failed to send image/
    )
  })
})

describe("WahaGateway.acceptsRequestsWithoutKey (does WAHA answer anyone?)", () => {
  it("asks GET /api/sessions with no X-Api-Key at all: false when WAHA refuses it (401)", async () => {
    expect(await run(gateway().acceptsRequestsWithoutKey())).toBe(false)
    const seen = fake.requests.at(-1)!
    expect([seen.method, seen.path, "x-api-key" in seen.headers]).toEqual(["GET", "/api/sessions", false])
  })

  it("true when WAHA runs without a key (it answers everyone); 403 counts as a refusal too", async () => {
    fake.withoutKey(true)
    expect(await run(gateway().acceptsRequestsWithoutKey())).toBe(true)
    // a proxy in front that refuses keyless calls itself
    fake.answerEverythingWith(403, { message: "Forbidden" })
    expect(await run(gateway().acceptsRequestsWithoutKey())).toBe(false)
  })

  it("anything else is a GatewayError, not an answer: unreachable, a 5xx", async () => {
    fake.withoutKey(true)
    fake.answerEverythingWith(502, "Bad Gateway")
    await expectFailure(
      gateway().acceptsRequestsWithoutKey(),
      "ServerError",
      /^failed to ask the gateway without its API key: gateway answered 502/
    )
    await expectFailure(
      gateway({ baseUrl: `http://127.0.0.1:${await closedPort()}` }).acceptsRequestsWithoutKey(),
      "Unreachable",
      /^failed to ask the gateway without its API key: connect ECONNREFUSED/
    )
  })
})

describe("WahaGateway: a number WhatsApp limits (docs/waha.md, 'When WhatsApp limits a number')", () => {
  const request = { session: "sales_team-1", chatId: "120363012345678901@g.us", text: "Hello" }

  it("GOWS's 500 'server returned error 463' is NumberLimited, of the refused kind, in plain words", async () => {
    fake.limitNumber({ until: Date.parse("2026-03-01T15:00:00.000Z") })
    const limited = await expectFailure(
      gateway().sendText(request),
      "NumberLimited",
      /^failed to send message: gateway answered 500: .*server returned error 463/
    )
    expect(limited.kind).toBe("refused")
    expect(limited.summary).toBe("WhatsApp is limiting this number for now and did not take the message (HTTP 500)")
    expect(fake.sent).toEqual([])
  })

  it("NOWEB's rate-overlimit is NumberLimited too; another 500 stays a ServerError", async () => {
    fake.respondWith(500, { statusCode: 500, exception: { message: "rate-overlimit", data: 429 } })
    await expectFailure(gateway().sendText(request), "NumberLimited", /rate-overlimit/)
    fake.respondWith(500, { statusCode: 500, exception: { message: "something else" } })
    await expectFailure(gateway().sendText(request), "ServerError", /something else/)
  })

  it("reads me.reachoutTimelock: active with its end, null as none shown", async () => {
    fake.setSessionStatus("sales_team-1", "WORKING")
    expect((await run(gateway().getSession("sales_team-1")))?.reachoutTimelock).toBeUndefined()
    const until = Date.parse("2026-03-01T15:00:00.000Z")
    fake.limitNumber({ until })
    expect((await run(gateway().getSession("sales_team-1")))?.reachoutTimelock).toEqual({ active: true, until })
    fake.limitNumber({})
    expect((await run(gateway().getSession("sales_team-1")))?.reachoutTimelock).toBeUndefined()
  })
})
