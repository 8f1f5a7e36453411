import type { IncomingMessage } from "node:http"
import { Agent, request } from "node:http"
import { describe, expect, it } from "vitest"
import { expectTrpcError, failure } from "../../support/webClient.ts"
import type { StoreKind } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, AUTH_URL } from "../../support/webHarness.ts"
import { activeClient, initiate, mutatingRequests, PASSWORD, webStarter } from "./webSuite.support.ts"

/**
 * POSTs `body` and resolves with the answer's status as soon as it arrives: the server may answer
 * 413 and close before the whole body is written, which fetch reports as "other side closed".
 */
const postStatus = (url: string, body: string, chunked = false): Promise<number | "closed"> =>
  new Promise((resolve, reject) => {
    let status: number | null = null
    const req = request(
      url,
      {
        method: "POST",
        headers: {
          "content-type": "application/json",
          origin: AUTH_URL,
          ...(chunked ? {} : { "content-length": Buffer.byteLength(body) })
        }
      },
      (res) => {
        status = res.statusCode ?? 0
        res.resume()
        resolve(status)
      }
    )
    req.on("error", (error) => {
      if (status !== null) return
      // the server closed the connection before its answer could be read (see the chunked case)
      if (/socket hang up|ECONNRESET|EPIPE/.test(error.message)) resolve("closed")
      else reject(error)
    })
    if (!chunked) return void req.end(body)
    // no Content-Length: the limit has to be enforced while reading
    for (let at = 0; at < body.length; at += 64 * 1024) req.write(body.slice(at, at + 64 * 1024))
    req.end()
  })

/** One request over `agent` (keep-alive): the status, or "closed" when the server hung up first. */
const overAgent = (
  agent: Agent,
  url: string,
  init: { readonly method: string; readonly body?: string; readonly chunked?: boolean }
): Promise<number | "closed"> =>
  new Promise((resolve, reject) => {
    let answered = false
    const headers: Record<string, string | number> = { "content-type": "application/json", origin: AUTH_URL }
    if (init.body !== undefined && init.chunked !== true) headers["content-length"] = Buffer.byteLength(init.body)
    const req = request(url, { method: init.method, agent, headers }, (res) => {
      answered = true
      res.resume()
      res.on("end", () => resolve(res.statusCode ?? 0))
    })
    req.on("error", (error) => {
      if (answered) return
      if (/socket hang up|ECONNRESET|EPIPE/.test(error.message)) resolve("closed")
      else reject(error)
    })
    if (init.body === undefined) return void req.end()
    if (init.chunked !== true) return void req.end(init.body)
    for (let at = 0; at < init.body.length; at += 64 * 1024) req.write(init.body.slice(at, at + 64 * 1024))
    req.end()
  })

export const describeHttpSurface = (label: string, store: () => StoreKind, kind: "memory" | "mongo") =>
  describe(`web HTTP surface (${label})`, () => {
    const start = webStarter(store)

    it("refuses POSTs without an Origin or from a foreign one (403) and writes nothing", async () => {
      const web = await start({ requireApproval: false })
      const { client } = await activeClient(web, "user@example.com")
      const { sessionName } = await initiate(client)
      const events = await web.eventCount()
      const gatewayWrites = mutatingRequests(web.fake).length
      const origins: Array<string | null> = [
        null,
        "http://evil.example",
        "http://herald.test.evil.example",
        "https://herald.test",
        "null",
        `${AUTH_URL}:8443`
      ]
      for (const origin of origins) {
        const fresh = web.client({ origin })
        const signUp = await failure(
          fresh.api.auth.signUp.mutate({ email: "csrf@example.com", password: PASSWORD, name: "C" })
        )
        expect(signUp.status, String(origin)).toBe(403)
        expect(fresh.cookie).toBeNull()
        expect(
          (await failure(fresh.api.auth.signIn.mutate({ email: "user@example.com", password: PASSWORD }))).status
        ).toBe(403)
        expect(fresh.cookie).toBeNull()
        // the signed-in user's cookie, from a page of another origin (failure throws on an answer with data)
        const crossSite = web.client({ origin })
        crossSite.cookie = client.cookie
        for (const [path, call] of [
          ["user.initiateMessagingSession", () => crossSite.api.user.initiateMessagingSession.mutate()],
          ["user.restartSession", () => crossSite.api.user.restartSession.mutate({ sessionName })],
          ["user.logoutSession", () => crossSite.api.user.logoutSession.mutate({ sessionName })],
          ["auth.signOut", () => crossSite.api.auth.signOut.mutate()]
        ] as const) {
          expect((await failure(call())).status, `${path} ${String(origin)}`).toBe(403)
        }
        // no answer touched the cookie either (a refused sign-out clears nothing)
        expect(crossSite.cookie).toBe(client.cookie)
      }
      expect(await web.eventCount()).toBe(events)
      expect(mutatingRequests(web.fake).length).toBe(gatewayWrites)
      await expectTrpcError(
        web.client().api.auth.signIn.mutate({ email: "csrf@example.com", password: PASSWORD }),
        "UNAUTHORIZED"
      )
      // the session cookie survived the refused sign-out
      expect((await client.api.user.getMessagingSession.query()).session?.sessionName).toBe(sessionName)
      // a raw cross-site form post is refused the same way
      const form = await fetch(`${web.url}/api/trpc/auth.signUp`, {
        method: "POST",
        headers: { "content-type": "text/plain", origin: "http://evil.example" },
        body: JSON.stringify({ email: "form@example.com", password: PASSWORD, name: "F" })
      })
      expect(form.status).toBe(403)
      expect(await web.eventCount()).toBe(events)
    })

    it("queries (GET) need no Origin", async () => {
      const web = await start()
      const response = await fetch(`${web.url}/api/trpc/auth.me`)
      expect(response.status).toBe(200)
      expect(await response.json()).toEqual({ result: { data: { user: null } } })
    })

    it("GET /health is 200 {status: ok}; GET /ready is 200 while the database answers", async () => {
      const web = await start()
      const health = await fetch(`${web.url}/health`)
      expect(health.status).toBe(200)
      expect(await health.json()).toEqual({ status: "ok" })
      const ready = await fetch(`${web.url}/ready`)
      expect(ready.status).toBe(200)
    })

    it.skipIf(kind !== "memory")(
      "GET /ready is 503 while the database is unavailable, 200 again after; /health stays 200",
      async () => {
        const web = await start()
        web.memory!.unavailable = "down"
        expect((await fetch(`${web.url}/ready`)).status).toBe(503)
        expect((await fetch(`${web.url}/health`)).status).toBe(200)
        // a procedure needing the database answers a clean error, not a crash
        const refused = await expectTrpcError(
          web.client().api.auth.signUp.mutate({ email: "x@example.com", password: PASSWORD, name: "X" }),
          "SERVICE_UNAVAILABLE"
        )
        expect(refused.message).not.toContain("down")
        web.memory!.unavailable = null
        expect((await fetch(`${web.url}/ready`)).status).toBe(200)
      }
    )

    it("refuses a body over 1 MiB with 413 and writes nothing", async () => {
      const web = await start()
      const events = await web.eventCount()
      const body = JSON.stringify({ email: "big@example.com", password: PASSWORD, name: "x".repeat(1024 * 1024 + 10) })
      expect(await postStatus(`${web.url}/api/trpc/auth.signUp`, body)).toBe(413)
      // Without Content-Length the limit is found while reading; the server answers 413 and closes the
      // connection with the rest of the upload unread, so the client may see a reset instead of the 413.
      // Either way the request is refused and nothing is written.
      expect([413, "closed"]).toContain(await postStatus(`${web.url}/api/trpc/auth.signUp`, body, true))
      expect(await web.eventCount()).toBe(events)
      // just under the limit is read (and refused by validation, not by size)
      const under = await failure(
        web
          .client()
          .api.auth.signUp.mutate({ email: "big@example.com", password: PASSWORD, name: "x".repeat(1000 * 1000) })
      )
      expect(under.status).toBe(400)
    })

    it("after a 413 the next request on the same kept-alive connection is answered (sized and chunked bodies)", async () => {
      const web = await start()
      const body = JSON.stringify({ email: "big@example.com", password: PASSWORD, name: "x".repeat(1024 * 1024 + 10) })
      for (const chunked of [false, true]) {
        // one socket, kept alive: the second request goes where the first went unless the server closed it
        const agent = new Agent({ keepAlive: true, maxSockets: 1 })
        try {
          const first = await overAgent(agent, `${web.url}/api/trpc/auth.signUp`, { method: "POST", body, chunked })
          expect(chunked ? [413, "closed"] : [413], `chunked: ${chunked}`).toContain(first)
          expect(await overAgent(agent, `${web.url}/api/trpc/auth.me`, { method: "GET" }), `chunked: ${chunked}`).toBe(
            200
          )
          const small = JSON.stringify({ email: "small@example.com", password: "wrong password" })
          expect(
            await overAgent(agent, `${web.url}/api/trpc/auth.signIn`, { method: "POST", body: small }),
            `chunked: ${chunked}`
          ).toBe(401)
        } finally {
          agent.destroy()
        }
      }
    })

    it("API answers and /ready are never cached (Cache-Control: no-store), errors included", async () => {
      const web = await start()
      const big = JSON.stringify({ email: "big@example.com", password: PASSWORD, name: "x".repeat(1024 * 1024 + 10) })
      const responses: Array<[string, Response]> = [
        ["query", await fetch(`${web.url}/api/trpc/auth.me`)],
        ["batched query", await fetch(`${web.url}/api/trpc/auth.me,auth.me?batch=1&input=%7B%7D`)],
        [
          "mutation error",
          await fetch(`${web.url}/api/trpc/auth.signIn`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: AUTH_URL },
            body: JSON.stringify({ email: "a@example.com", password: "wrong password" })
          })
        ],
        [
          "bad input",
          await fetch(`${web.url}/api/trpc/auth.signIn`, {
            method: "POST",
            headers: { "content-type": "application/json", origin: AUTH_URL },
            body: "{not json"
          })
        ],
        ["unknown procedure", await fetch(`${web.url}/api/trpc/no.such.procedure`)],
        [
          "CSRF",
          await fetch(`${web.url}/api/trpc/auth.signOut`, {
            method: "POST",
            headers: { origin: "http://evil.example" }
          })
        ],
        ["other /api path", await fetch(`${web.url}/api/nothing-here`)],
        ["ready", await fetch(`${web.url}/ready`)]
      ]
      expect(responses.map(([name, r]) => [name, r.status])).toEqual([
        ["query", 200],
        ["batched query", 200],
        ["mutation error", 401],
        ["bad input", 400],
        ["unknown procedure", 404],
        ["CSRF", 403],
        ["other /api path", 404],
        ["ready", 200]
      ])
      for (const [name, response] of responses) {
        expect(response.headers.get("cache-control"), name).toBe("no-store")
        await response.body?.cancel()
      }
      // the 413 is read as soon as it arrives: the server closes with the upload unread
      const tooLarge = await new Promise<IncomingMessage>((resolve, reject) => {
        const req = request(
          `${web.url}/api/trpc/auth.signUp`,
          {
            method: "POST",
            headers: { "content-type": "application/json", origin: AUTH_URL, "content-length": Buffer.byteLength(big) }
          },
          (res) => {
            res.resume()
            resolve(res)
          }
        )
        req.on("error", reject)
        req.end(big)
      })
      expect(tooLarge.statusCode).toBe(413)
      expect(tooLarge.headers["cache-control"]).toBe("no-store")
    })

    it("sends security headers on every answer", async () => {
      const web = await start()
      const responses = [
        await fetch(`${web.url}/health`),
        await fetch(`${web.url}/api/trpc/auth.me`),
        await fetch(`${web.url}/api/trpc/auth.signOut`, { method: "POST" }),
        await fetch(`${web.url}/api/trpc/no.such.procedure`)
      ]
      for (const response of responses) {
        expect(response.headers.get("x-content-type-options")).toBe("nosniff")
        expect(response.headers.get("x-frame-options")).toMatch(/^(DENY|SAMEORIGIN)$/)
        expect(response.headers.get("strict-transport-security")).not.toBeNull()
        expect(response.headers.get("referrer-policy")).not.toBeNull()
        expect(response.headers.get("x-powered-by")).toBeNull()
      }
      expect(responses[3]!.status).toBe(404)
    })

    it("an unknown procedure is 404 and a query sent as POST is refused (4xx)", async () => {
      const web = await start()
      const { client } = await activeClient(web, ADMIN_EMAIL)
      // wrong on purpose: paths and methods the typed API does not have
      expect((await failure(client.untyped.query("user.noSuchThing"))).status).toBe(404)
      const wrongMethod = await failure(client.untyped.mutation("user.getMessagingSession"))
      expect(wrongMethod.status).toBeGreaterThanOrEqual(400)
      expect(wrongMethod.status).toBeLessThan(500)
      const wrongMethod2 = await failure(client.untyped.query("user.initiateMessagingSession"))
      expect(wrongMethod2.status).toBeGreaterThanOrEqual(400)
      expect(wrongMethod2.status).toBeLessThan(500)
      expect(web.fake.requests).toEqual([])
    })

    it("malformed JSON bodies and query inputs are 400", async () => {
      const web = await start()
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const post = await fetch(`${web.url}/api/trpc/auth.signIn`, {
        method: "POST",
        headers: { "content-type": "application/json", origin: AUTH_URL },
        body: "{not json"
      })
      expect(post.status).toBe(400)
      const get = await fetch(`${web.url}/api/trpc/admin.listUsers?input=%7Bnot%20json`, {
        headers: { cookie: `session=${admin.cookie!}` }
      })
      expect(get.status).toBe(400)
      // a procedure without input ignores it
      expect((await fetch(`${web.url}/api/trpc/auth.me?input=%7Bnot%20json`)).status).toBe(200)
    })
  })
