import { afterEach, describe, expect, it } from "vitest"
import type { FakeWaha } from "../../support/FakeWahaServer.ts"
import { registeredWebhooks, startFakeWaha } from "../../support/FakeWahaServer.ts"
import type { TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, AUTH_URL, signUp, startTestWeb } from "../../support/webHarness.ts"

const SECRET = "whsec-test-0123456789abcdef0123456789abcdef"

/**
 * Issue 23 item 2: a WAHA older than an event Herald registers (message.ack.group came in
 * 2025.12.2) refuses the whole session with 400; connecting must still work, with the events that
 * WAHA knows, and the WhatsApp page must learn whether receipts come.
 */
describe("connecting to a WAHA that refuses some webhook events", () => {
  let fake: FakeWaha
  let web: TestWeb
  afterEach(async () => {
    await web.close()
    await fake.close()
  })

  const connect = async (version: string, webhookSecret: string | undefined) => {
    // Plus: a Core this old allows only the session 'default'
    fake = await startFakeWaha({ serverVersion: { version, tier: "PLUS" } })
    web = await startTestWeb({ kind: "memory" }, {}, webhookSecret === undefined ? { fake } : { fake, webhookSecret })
    const owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    const { sessionName } = await owner.api.user.initiateMessagingSession.mutate()
    fake.setSessionStatus(sessionName, "WORKING", "447700900123@c.us")
    return { owner, sessionName }
  }
  const creates = () => fake.requests.filter((r) => r.method === "POST" && r.path === "/api/sessions")

  it("2025.11.1: created again without message.ack.group, the log says what is missing, and receipts still come by message.ack", async () => {
    const { owner, sessionName } = await connect("2025.11.1", SECRET)
    expect(creates()).toHaveLength(2)
    // both tries ask for NOWEB's store (the lookups by id and the chat's history need it)
    expect(creates().map((r) => (r.body as { config?: { noweb?: unknown } }).config?.noweb)).toEqual([
      { store: { enabled: true, fullSync: false } },
      { store: { enabled: true, fullSync: false } }
    ])
    // and WEBJS's tag events, without which it reports no receipts of group messages (waha#1311)
    expect(creates().map((r) => (r.body as { config?: { webjs?: unknown } }).config?.webjs)).toEqual([
      { tagsEventsOn: true },
      { tagsEventsOn: true }
    ])
    expect(registeredWebhooks(fake, sessionName).map((w) => w.events)).toEqual([
      ["message.ack", "session.status", "poll.vote", "poll.vote.failed"]
    ])
    expect(fake.sessions.has(sessionName)).toBe(true)
    const warning = web.logs.find((l) => l.text.includes("does not know the webhook events"))
    expect(warning?.text).toContain("message.ack.group")
    expect(warning?.text).not.toContain("no delivery receipts")
    // the secret is never in the log
    expect(web.logs.some((l) => l.text.includes(SECRET))).toBe(false)
    expect(await owner.api.session.getLinkedNumber.query({ sessionName })).toMatchObject({ receipts: "ON" })
  })

  it("a current WAHA: one create with every event, receipts on", async () => {
    const { owner, sessionName } = await connect("2026.7.1", SECRET)
    expect(creates()).toHaveLength(1)
    expect(registeredWebhooks(fake, sessionName)[0]?.events).toEqual([
      "message.ack",
      "message.ack.group",
      "session.status",
      "poll.vote",
      "poll.vote.failed"
    ])
    expect(web.logs.some((l) => l.text.includes("does not know the webhook events"))).toBe(false)
    expect(await owner.api.session.getLinkedNumber.query({ sessionName })).toMatchObject({
      receipts: "ON",
      pollVotes: "ON"
    })
  })

  it("a session whose webhook at WAHA carries no receipts (made before the secret was set): NOT_REGISTERED", async () => {
    const { owner, sessionName } = await connect("2026.7.1", SECRET)
    const session = fake.sessions.get(sessionName)
    if (session === undefined) throw new Error("the fake lost the session")
    session.config = {}
    expect(await owner.api.session.getLinkedNumber.query({ sessionName })).toMatchObject({
      receipts: "NOT_REGISTERED",
      pollVotes: "NOT_REGISTERED"
    })
    // made before Herald asked for votes: receipts come, votes do not
    session.config = {
      webhooks: [
        { url: `${AUTH_URL}/api/webhooks/waha`, events: ["message.ack", "message.ack.group", "session.status"] }
      ]
    }
    expect(await owner.api.session.getLinkedNumber.query({ sessionName })).toMatchObject({
      receipts: "ON",
      pollVotes: "NOT_REGISTERED"
    })
  })

  it("another 400 is not retried: the user gets the plain creation failure", async () => {
    fake = await startFakeWaha()
    web = await startTestWeb({ kind: "memory" }, {}, { fake, webhookSecret: SECRET })
    const owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    fake.answerEverythingWith(400, { statusCode: 400, message: ["name must be a string"], error: "Bad Request" })
    await expect(owner.api.user.initiateMessagingSession.mutate()).rejects.toThrow(/failed to create session/)
    expect(creates()).toHaveLength(1)
  })
})
