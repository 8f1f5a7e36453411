import { Effect, Layer, Logger } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { postWebhook, registeredWebhooks, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import type { WebClient } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, AUTH_URL, signUp, startTestWeb } from "../../support/webHarness.ts"

const SECRET = "whsec-test-0123456789abcdef0123456789abcdef"
const GROUP = { groupId: "120363000000000042@g.us", groupName: "Choir" }

/**
 * Delivery receipts end to end: the web app registers its webhook on the session it creates at
 * the fake WAHA, a scheduler (another client of the same store) sends through the fake, and the
 * fake posts signed `message.ack` / `message.ack.group` calls over real HTTP to the web app.
 */
const describeWebhooks = (name: string, store: () => StoreKind) => {
  let fake: FakeWaha
  let web: TestWeb
  let owner: WebClient
  let sessionName: string

  beforeAll(async () => {
    fake = await startFakeWaha()
    web = await startTestWeb(store(), {}, { fake, webhookSecret: SECRET })
    owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    sessionName = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
    fake.setSessionStatus(sessionName, "WORKING")
  })
  afterAll(async () => {
    await web.close()
    await fake.close()
  })

  const storeClient = () =>
    web.store.kind === "memory"
      ? MemoryStore.layer(web.memory!)
      : MongoStore.layer.pipe(
          Layer.provideMerge(
            MongoDatabase.layer({
              url: web.store.kind === "mongo" ? web.store.url : "",
              serverSelectionTimeoutMs: 5_000
            })
          )
        )

  /** A scheduler on the web's store: passes until `count` messages were found, up to a deadline. */
  const schedule = async (count: number, deadlineMs = 10_000) => {
    const layer = schedulerClient(storeClient(), fake.url).pipe(Layer.provideMerge(Logger.layer([])))
    let found = 0
    await eventually(
      `${count} messages to come due (messages found)`,
      async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(layer)))),
      (n) => n >= count,
      deadlineMs
    )
  }

  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
  const get = (id: string) => owner.api.campaign.get.query({ id })
  const listed = async (id: string) => (await owner.api.campaign.list.query()).items.find((c) => c.id === id)

  /** A campaign of `contents`, sent through the fake: its id and the gateway id of each message, in order. */
  const sentCampaign = async (contents: ReadonlyArray<string>) => {
    const before = fake.sent.length
    const { id } = await owner.api.campaign.create.mutate({
      sessionName,
      ...GROUP,
      messages: contents.map((content, i) => ({ content, scheduledAt: inMs(150 + i * 10) }))
    })
    await schedule(contents.length)
    // the fake answers sendText with `true_<chatId>_FAKE<n>`, n counting its accepted sends
    const gatewayIds = contents.map((_, i) => `true_${GROUP.groupId}_FAKE${before + i + 1}`)
    expect(fake.sent.slice(before).map((s) => s.text)).toEqual([...contents])
    return { id, gatewayIds }
  }

  const ack = (
    id: string,
    ackName: string,
    ack: number,
    participant: string | null,
    event = participant === null ? "message.ack" : "message.ack.group"
  ) =>
    postWebhook(fake, {
      session: sessionName,
      event,
      deliverTo: web.url,
      // WEBJS names a group member's receipt with the member appended to the message id
      payload: {
        id: participant === null ? id : `${id}_${participant}`,
        from: GROUP.groupId,
        participant,
        fromMe: true,
        ack,
        ackName
      }
    })

  describe(`WAHA webhooks (${name})`, () => {
    it("registers the signed webhook on the session it creates: AUTH_URL's /api/webhooks/waha, receipts, session status and poll votes", () => {
      expect(registeredWebhooks(fake, sessionName)).toEqual([
        {
          url: `${AUTH_URL}/api/webhooks/waha`,
          events: ["message.ack", "message.ack.group", "session.status", "poll.vote", "poll.vote.failed"],
          hmac: { key: SECRET },
          retries: { policy: "exponential", delaySeconds: 2, attempts: 5 }
        }
      ])
    })

    it("group receipts become delivered / read counts in campaign.get, and campaign.list counts the delivered messages", async () => {
      const { id, gatewayIds } = await sentCampaign(["first", "second"])
      const [first, second] = gatewayIds
      expect((await get(id)).messages.map((m) => [m.isDelivered, m.deliveredCount, m.isRead, m.readCount])).toEqual([
        [false, 0, false, 0],
        [false, 0, false, 0]
      ])
      expect(await listed(id)).toMatchObject({ sentMessages: 2, deliveredMessages: 0 })

      const answers = [
        ...(await ack(first!, "DEVICE", 2, "15551110001@c.us")),
        ...(await ack(first!, "DEVICE", 2, "15551110002@c.us")),
        ...(await ack(first!, "READ", 3, "9999@lid")),
        // SERVER says nothing about a phone
        ...(await ack(second!, "SERVER", 1, null))
      ]
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, { result: "recorded" }],
        [200, { result: "recorded" }],
        [200, { result: "recorded" }],
        [200, { result: "ignored" }]
      ])
      const after = await get(id)
      const [m1, m2] = after.messages
      expect(m1).toMatchObject({ content: "first", isDelivered: true, isRead: true, deliveredCount: 3, readCount: 1 })
      expect(Date.parse(m1!.deliveredAt!)).toBeLessThanOrEqual(Date.parse(m1!.readAt!))
      expect(m2).toMatchObject({
        content: "second",
        isDelivered: false,
        deliveredAt: null,
        isRead: false,
        readAt: null,
        deliveredCount: 0,
        readCount: 0
      })
      expect(await listed(id)).toMatchObject({ sentMessages: 2, deliveredMessages: 1 })

      // a receipt for the whole message (a direct chat's, or the gateway's summary) marks it without a member count
      expect((await ack(second!, "PLAYED", 4, null)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect((await get(id)).messages[1]).toMatchObject({
        isDelivered: true,
        isRead: true,
        deliveredCount: 0,
        readCount: 0
      })
      expect(await listed(id)).toMatchObject({ deliveredMessages: 2 })
    })

    it("a replayed or repeated call changes nothing twice", async () => {
      const { id, gatewayIds } = await sentCampaign(["replayed"])
      const [first] = await ack(gatewayIds[0]!, "READ", 3, "15551110001@c.us")
      expect(first).toMatchObject({ status: 200, body: { result: "recorded" } })
      const recorded = await get(id)
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      // the same bytes, signed again, and a fresh call saying the same thing
      const replayed = await postWebhook(fake, {
        session: sessionName,
        event: "message.ack.group",
        deliverTo: web.url,
        payload: null,
        raw: first!.raw
      })
      const repeated = await ack(gatewayIds[0]!, "READ", 3, "15551110001@c.us")
      const delivered = await ack(gatewayIds[0]!, "DEVICE", 2, "15551110001@c.us")
      expect([...replayed, ...repeated, ...delivered].map((a) => [a.status, a.body])).toEqual([
        [200, { result: "duplicate" }],
        [200, { result: "duplicate" }],
        [200, { result: "duplicate" }]
      ])
      expect(await get(id)).toEqual(recorded)
      if (events !== null) expect(await web.eventCount()).toBe(events)
    })

    it("unsigned, badly signed, wrongly keyed or tampered calls are refused (401) and change nothing", async () => {
      const { id, gatewayIds } = await sentCampaign(["guarded"])
      const before = await get(id)
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      const payload = {
        id: `${gatewayIds[0]!}_15551110001@c.us`,
        participant: "15551110001@c.us",
        fromMe: true,
        ack: 3,
        ackName: "READ"
      }
      const post = (signature: "none" | "wrong-key" | "sha256") =>
        postWebhook(fake, { session: sessionName, event: "message.ack.group", deliverTo: web.url, payload, signature })
      const refused = [...(await post("none")), ...(await post("wrong-key")), ...(await post("sha256"))]
      expect(refused.map((a) => a.status)).toEqual([401, 401, 401])

      // a valid signature on other bytes: the body was changed on the way
      const [signed] = await postWebhook(fake, {
        session: sessionName,
        event: "message.ack.group",
        deliverTo: web.url,
        payload: { ...payload, ack: 1, ackName: "SERVER" }
      })
      expect(signed).toMatchObject({ status: 200, body: { result: "ignored" } })
      const tampered = await fetch(`${web.url}/api/webhooks/waha`, {
        method: "POST",
        headers: signed!.headers,
        body: signed!.raw.replace('"SERVER"', '"READ"').replace('"ack":1', '"ack":3')
      })
      expect(tampered.status).toBe(401)
      await tampered.body?.cancel()

      expect(await get(id)).toEqual(before)
      if (events !== null) expect(await web.eventCount()).toBe(events)
      // refusals are counted, not logged one by one: only the minute's first has a line now
      expect(web.logs.filter((l) => l.text.startsWith("Refused a WAHA webhook call"))).toHaveLength(1)
      // the secret never reaches a log line
      expect(web.logs.some((l) => l.text.includes(SECRET))).toBe(false)
    })

    it("an event dated outside the freshness window is answered stale and changes nothing; a fresh one is recorded", async () => {
      const { id, gatewayIds } = await sentCampaign(["late"])
      const before = await get(id)
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      const read = (timestamp: number) =>
        postWebhook(fake, {
          session: sessionName,
          event: "message.ack",
          deliverTo: web.url,
          timestamp,
          payload: { id: gatewayIds[0]!, fromMe: true, ack: 3, ackName: "READ", participant: null }
        })
      const now = Date.now()
      const stale = [...(await read(now - 11 * 60_000)), ...(await read(now + 3 * 60_000))]
      expect(stale.map((a) => [a.status, a.body])).toEqual([
        [200, { result: "stale" }],
        [200, { result: "stale" }]
      ])
      expect(await get(id)).toEqual(before)
      if (events !== null) expect(await web.eventCount()).toBe(events)
      // a line of its own, even after other refusals this minute, naming the likely cause once (not per event)
      const clockLines = web.logs.filter((l) => l.text.includes("the gateway's clock or Herald's may be wrong"))
      expect(clockLines).toHaveLength(1)
      expect(clockLines[0]!.text).toMatch(
        /Refused a stale WAHA webhook event: .* dated 66\d s before this server's clock/
      )
      expect((await read(now - 9 * 60_000)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect((await get(id)).messages[0]).toMatchObject({ isRead: true })
    })

    it("session.status without a date (or a stale one) is never news over a stored status: its replays change nothing and mail nobody", async () => {
      const view = async () => (await owner.api.user.getMessagingSession.query()).session
      const told = () => web.notifications.filter((n) => n.kind === "SessionLeftWorking").length
      const mails = told()
      const undated = (status: string) =>
        postWebhook(fake, {
          session: sessionName,
          event: "session.status",
          deliverTo: web.url,
          payload: null,
          raw: JSON.stringify({ event: "session.status", session: sessionName, payload: { status } })
        })
      const dated = (status: string, timestamp: number) =>
        postWebhook(fake, {
          session: sessionName,
          event: "session.status",
          deliverTo: web.url,
          timestamp,
          payload: { status, statuses: null }
        })
      const now = Date.now()
      expect((await dated("FAILED", now - 11 * 60_000)).map((a) => a.body)).toEqual([{ result: "stale" }])
      expect((await dated("SCAN_QR_CODE", now - 1_000)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      // a captured undated WORKING, then FAILED, replayed: without a date neither is newer than what is stored
      const replays = [
        ...(await undated("WORKING")),
        ...(await undated("FAILED")),
        ...(await undated("WORKING")),
        ...(await undated("FAILED"))
      ]
      expect(replays.map((a) => a.body)).toEqual([
        { result: "duplicate" },
        { result: "duplicate" },
        { result: "duplicate" },
        { result: "duplicate" }
      ])
      expect(await view()).toMatchObject({
        gatewayStatus: "SCAN_QR_CODE",
        gatewayStatusAt: new Date(now - 1_000).toISOString()
      })
      expect(told()).toBe(mails)
    })

    it("session.status: the session view follows the gateway; leaving WORKING mails the owner once, naming what is due in 24 h", async () => {
      const t0 = Date.now()
      const status = (value: string, timestamp: number) =>
        postWebhook(fake, {
          session: sessionName,
          event: "session.status",
          deliverTo: web.url,
          timestamp,
          payload: { status: value, statuses: [{ status: value, timestamp }], data: null }
        })
      const view = async () => (await owner.api.user.getMessagingSession.query()).session
      // the mail reads in the owner's zone and locale
      await owner.api.auth.setPreferences.mutate({ timeZone: "Europe/Berlin", locale: "de-DE" })
      expect((await status("WORKING", t0)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect(await view()).toMatchObject({ gatewayStatus: "WORKING", gatewayStatusAt: new Date(t0).toISOString() })

      await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        messages: [
          { content: "in two days", scheduledAt: inMs(48 * 3_600_000) },
          { content: "in two hours", scheduledAt: inMs(2 * 3_600_000) },
          { content: "in an hour", scheduledAt: inMs(3_600_000) }
        ]
      })
      const told = () => web.notifications.filter((n) => n.kind === "SessionLeftWorking")
      expect(told()).toEqual([])

      const [left] = await status("FAILED", t0 + 1_000)
      expect(left).toMatchObject({ status: 200, body: { result: "recorded" } })
      expect(await view()).toMatchObject({
        gatewayStatus: "FAILED",
        gatewayStatusAt: new Date(t0 + 1_000).toISOString()
      })
      expect(told()).toEqual([
        {
          kind: "SessionLeftWorking",
          to: ADMIN_EMAIL,
          reader: { timeZone: "Europe/Berlin", locale: "de-DE", language: null },
          sessionName,
          status: "FAILED",
          at: t0 + 1_000,
          pageLink: `${web.authUrl}/whatsapp`,
          dueSoon: [
            { groupName: GROUP.groupName, content: "in an hour", scheduledAt: expect.any(Number) },
            { groupName: GROUP.groupName, content: "in two hours", scheduledAt: expect.any(Number) }
          ]
        }
      ])

      // the same call replayed, the same status again, a stale WORKING: nothing changes, nobody is mailed again
      const again = [
        ...(await postWebhook(fake, {
          session: sessionName,
          event: "session.status",
          deliverTo: web.url,
          payload: null,
          raw: left!.raw
        })),
        ...(await status("FAILED", t0 + 2_000)),
        ...(await status("WORKING", t0 + 500))
      ]
      expect(again.map((a) => a.body)).toEqual([
        { result: "duplicate" },
        { result: "duplicate" },
        { result: "duplicate" }
      ])
      expect(await view()).toMatchObject({
        gatewayStatus: "FAILED",
        gatewayStatusAt: new Date(t0 + 1_000).toISOString()
      })
      expect(told()).toHaveLength(1)

      // reconnected, then lost again: a new departure, a new mail
      expect((await status("WORKING", t0 + 3_000)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect((await status("STOPPED", t0 + 4_000)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect(told().map((n) => n.kind === "SessionLeftWorking" && n.status)).toEqual(["FAILED", "STOPPED"])
      expect((await status("WORKING", t0 + 5_000)).map((a) => a.body)).toEqual([{ result: "recorded" }])
    })

    it("two session.status reports of one instant: WAHA is asked which stands, whichever arrived last (issue 23 item 4)", async () => {
      const view = async () => (await owner.api.user.getMessagingSession.query()).session
      const status = (value: string, timestamp: number) =>
        postWebhook(fake, {
          session: sessionName,
          event: "session.status",
          deliverTo: web.url,
          timestamp,
          payload: { status: value, statuses: [{ status: value, timestamp }] }
        })
      const asked = () => fake.requests.filter((r) => r.method === "GET" && r.path === `/api/sessions/${sessionName}`)
      const before = asked().length
      // WAHA is STOPPED; its STOPPED report is delivered first, a WORKING of the same millisecond after it
      fake.setSessionStatus(sessionName, "STOPPED")
      // after what the tests before stored (they date reports a few seconds ahead)
      const t = Math.max(Date.now(), Date.parse((await view())?.gatewayStatusAt ?? "") || 0) + 1_000
      expect((await status("STOPPED", t)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect((await status("WORKING", t)).map((a) => a.body)).toEqual([{ result: "duplicate" }])
      expect(await view()).toMatchObject({ gatewayStatus: "STOPPED" })
      expect(asked().length).toBe(before + 1)
      // the other order: WAHA is WORKING, its report arrives second
      fake.setSessionStatus(sessionName, "WORKING")
      const t2 = t + 1_000
      expect((await status("FAILED", t2)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect((await status("WORKING", t2)).map((a) => a.body)).toEqual([{ result: "recorded" }])
      expect(await view()).toMatchObject({ gatewayStatus: "WORKING" })
      // the answer is dated when it was asked: a late report of the tied instant is older now
      expect((await status("FAILED", t2)).map((a) => a.body)).toEqual([{ result: "duplicate" }])
      expect(await view()).toMatchObject({ gatewayStatus: "WORKING" })
    })

    it("a signed call that is not a valid event is a 400 and changes nothing; an unknown message or session is answered and ignored", async () => {
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      const notJson = await postWebhook(fake, {
        session: sessionName,
        event: "message.ack",
        deliverTo: web.url,
        payload: null,
        raw: "{not json"
      })
      const noEnvelope = await postWebhook(fake, {
        session: sessionName,
        event: "message.ack",
        deliverTo: web.url,
        payload: null,
        raw: JSON.stringify({ event: "message.ack" })
      })
      const badPayload = await postWebhook(fake, {
        session: sessionName,
        event: "message.ack",
        deliverTo: web.url,
        payload: { id: 42, ack: "three" }
      })
      expect([...notJson, ...noEnvelope, ...badPayload].map((a) => a.status)).toEqual([400, 400, 400])
      const unknown = await ack(`true_${GROUP.groupId}_NEVERSENT`, "READ", 3, null)
      expect(unknown.map((a) => a.body)).toEqual([{ result: "unknown" }])
      const badStatus = await postWebhook(fake, {
        session: sessionName,
        event: "session.status",
        deliverTo: web.url,
        payload: { status: 7 }
      })
      expect(badStatus.map((a) => a.status)).toEqual([400])
      const otherSession = await postWebhook(fake, {
        session: sessionName,
        event: "session.status",
        deliverTo: web.url,
        payload: null,
        raw: JSON.stringify({ event: "session.status", session: "nobody_here", payload: { status: "FAILED" } })
      })
      expect(otherSession.map((a) => a.body)).toEqual([{ result: "unknown" }])
      if (events !== null) expect(await web.eventCount()).toBe(events)
    })
  })
}

describeWebhooks("memory", () => ({ kind: "memory" }))
describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `WAHA webhooks on Mongo: ${MONGO_SKIP_REASON}` : "WAHA webhooks on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeWebhooks("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("webhooks") }))
  }
)

describe("WAHA webhooks without GATEWAY_WEBHOOK_SECRET", () => {
  let web: TestWeb
  beforeAll(async () => {
    web = await startTestWeb({ kind: "memory" })
  })
  afterAll(() => web.close())

  it("registers no webhook on new sessions, and the endpoint refuses every call, signed or not", async () => {
    const owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    const { sessionName } = await owner.api.user.initiateMessagingSession.mutate()
    const created = web.fake.requests.find((r) => r.method === "POST" && r.path === "/api/sessions")
    expect(created?.body).toEqual({
      name: sessionName,
      start: true,
      config: { noweb: { store: { enabled: true, fullSync: false } } }
    })
    const events = await web.eventCount()
    const { createHmac } = await import("node:crypto")
    const body = JSON.stringify({
      event: "message.ack",
      session: sessionName,
      payload: { id: "true_1@g.us_X", ack: 3, ackName: "READ" }
    })
    const signed = await fetch(`${web.url}/api/webhooks/waha`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-webhook-hmac": createHmac("sha512", SECRET).update(body).digest("hex"),
        "x-webhook-hmac-algorithm": "sha512"
      },
      body
    })
    expect(signed.status).toBe(401)
    expect(await signed.json()).toEqual({
      error: {
        message: "webhooks are not enabled on this server: GATEWAY_WEBHOOK_SECRET is not set",
        code: "UNAUTHORIZED"
      }
    })
    expect(await web.eventCount()).toBe(events)
  })
})
