import { createHmac } from "node:crypto"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT } from "../../../src/domain/webhook/Webhook.ts"
import type { WebhookReceiver } from "../../support/WebhookReceiver.ts"
import { startWebhookReceiver } from "../../support/WebhookReceiver.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind } from "../../support/webHarness.ts"
import { ADMIN_EMAIL } from "../../support/webHarness.ts"
import { activeClient, webStarter } from "./webSuite.support.ts"

export const describeWebhookEndpointApi = (label: string, store: () => StoreKind) =>
  describe(`web webhook endpoints (${label})`, () => {
    const start = webStarter(store)
    let receiver: WebhookReceiver
    beforeAll(async () => {
      receiver = await startWebhookReceiver()
    })
    afterAll(() => receiver.close())

    const setup = async (allowPrivateTargets = false) => {
      const web = await start({}, { webhooks: { allowPrivateTargets } })
      const { client: admin } = await activeClient(web, ADMIN_EMAIL)
      const { client: owner } = await activeClient(web, "owner@example.com", admin)
      const { client: other } = await activeClient(web, "other@example.com", admin)
      return { web, owner, other }
    }

    it("create answers the secret once; list shows the address, events and deliveries, never the secret; delete removes it", async () => {
      const { web, owner } = await setup()
      const created = await owner.api.webhookEndpoint.create.mutate({
        url: "  https://hooks.example.com/herald  ",
        events: ["message.sent", "campaign.failed", "message.sent"]
      })
      expect(created).toEqual({ id: expect.any(String), secret: expect.stringMatching(/^whsec_[A-Za-z0-9_-]{43}$/) })
      expect(await owner.api.webhookEndpoint.list.query()).toEqual({
        items: [
          {
            id: created.id,
            url: "https://hooks.example.com/herald",
            events: ["message.sent", "campaign.failed"],
            createdAt: expect.any(String),
            deliveries: []
          }
        ]
      })
      expect(owner.lastAnswer.body).not.toContain(created.secret)
      expect(owner.lastAnswer.body).not.toMatch(/secret/i)
      expect(web.logs.some((line) => line.text.includes(created.secret))).toBe(false)
      expect(await owner.api.webhookEndpoint.delete.mutate({ id: created.id })).toEqual({ success: true })
      expect(await owner.api.webhookEndpoint.list.query()).toEqual({ items: [] })
      await expectTrpcError(owner.api.webhookEndpoint.delete.mutate({ id: created.id }), "NOT_FOUND")
    })

    it("bad input is BAD_REQUEST naming the field, nothing made: plain http, not a web address, credentials, no or unknown events", async () => {
      const { owner } = await setup()
      const http = await expectTrpcError(
        owner.api.webhookEndpoint.create.mutate({ url: "http://hooks.example.com/", events: ["message.sent"] }),
        "BAD_REQUEST"
      )
      expect(http.message).toBe("The address must start with https:// (plain http is refused).")
      expect(http.issues).toEqual([{ path: "url", message: http.message }])
      for (const url of ["hooks.example.com", "ftp://hooks.example.com/", "https://user:pw@hooks.example.com/"])
        await expectTrpcError(
          owner.api.webhookEndpoint.create.mutate({ url, events: ["message.sent"] }),
          "BAD_REQUEST",
          url
        )
      await expectTrpcError(
        owner.api.webhookEndpoint.create.mutate({ url: "https://hooks.example.com/", events: [] }),
        "BAD_REQUEST"
      )
      // not an event type
      await expectTrpcError(
        owner.api.webhookEndpoint.create.mutate({
          url: "https://hooks.example.com/",
          // @ts-expect-error: not an event type
          events: ["poll.closed"]
        }),
        "BAD_REQUEST"
      )
      expect(await owner.api.webhookEndpoint.list.query()).toEqual({ items: [] })
    })

    it(`an account holds at most ${MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT} endpoints: one more is PRECONDITION_FAILED saying so`, async () => {
      const { owner } = await setup()
      for (let i = 0; i < MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT; i++)
        await owner.api.webhookEndpoint.create.mutate({
          url: `https://hooks.example.com/${i}`,
          events: ["message.sent"]
        })
      const refused = await expectTrpcError(
        owner.api.webhookEndpoint.create.mutate({ url: "https://hooks.example.com/x", events: ["message.sent"] }),
        "PRECONDITION_FAILED"
      )
      expect(refused.message).toMatch(/already have 10 webhook endpoints/)
      expect((await owner.api.webhookEndpoint.list.query()).items).toHaveLength(MAX_WEBHOOK_ENDPOINTS_PER_ACCOUNT)
    })

    it("another account neither sees, pings nor deletes an endpoint: NOT_FOUND, nothing changed", async () => {
      const { owner, other } = await setup()
      const { id } = await owner.api.webhookEndpoint.create.mutate({
        url: "https://hooks.example.com/secret-path",
        events: ["session.status"]
      })
      expect(await other.api.webhookEndpoint.list.query()).toEqual({ items: [] })
      const deleted = await expectTrpcError(other.api.webhookEndpoint.delete.mutate({ id }), "NOT_FOUND")
      const pinged = await expectTrpcError(other.api.webhookEndpoint.ping.mutate({ id }), "NOT_FOUND")
      const unknown = await expectTrpcError(
        other.api.webhookEndpoint.ping.mutate({ id: "no-such-endpoint" }),
        "NOT_FOUND"
      )
      expect(pinged.message).toBe(unknown.message)
      expect(deleted.body).not.toContain("secret-path")
      expect((await owner.api.webhookEndpoint.list.query()).items).toMatchObject([{ id, deliveries: [] }])
    })

    it("without the setting an endpoint on this server or a private network is refused when made: BAD_REQUEST, nothing made", async () => {
      const { owner } = await setup()
      for (const url of [
        `https://127.0.0.1:${receiver.port}/hook`,
        "https://localhost/hook",
        "https://169.254.169.254/latest/meta-data",
        "https://[::1]/",
        "https://10.1.2.3/"
      ]) {
        const refused = await expectTrpcError(
          owner.api.webhookEndpoint.create.mutate({ url, events: ["message.sent"] }),
          "BAD_REQUEST",
          url
        )
        expect(refused.issues).toEqual([
          { path: "url", message: "The address leads to this server or a private network, which Herald does not call." }
        ])
      }
      expect(await owner.api.webhookEndpoint.list.query()).toEqual({ items: [] })
    })

    it("with WEBHOOKS_ALLOW_PRIVATE_TARGETS a local http receiver may be used: ping delivers a signed ping", async () => {
      const { owner } = await setup(true)
      const { id, secret } = await owner.api.webhookEndpoint.create.mutate({
        url: receiver.url("/ping-me"),
        events: ["message.sent"]
      })
      expect(await owner.api.webhookEndpoint.ping.mutate({ id })).toEqual({
        delivered: true,
        outcome: "Delivered: the endpoint answered 204.",
        responseStatus: 204
      })
      const got = receiver.received.filter((r) => r.path === "/ping-me").at(-1)
      expect(JSON.parse(got?.body ?? "{}")).toMatchObject({ type: "ping", data: { endpointId: id } })
      const expected = `sha256=${createHmac("sha256", secret).update(`${got?.headers["herald-timestamp"]}.${got?.body}`).digest("hex")}`
      expect(got?.headers["herald-signature"]).toBe(expected)
      const [endpoint] = (await owner.api.webhookEndpoint.list.query()).items
      expect(endpoint?.deliveries).toMatchObject([
        { type: "ping", status: "delivered", attempts: 1, responseStatus: 204, lastAttemptAt: expect.any(String) }
      ])
    })

    it("an account's pings are limited: past 6 a minute TOO_MANY_REQUESTS in words, nothing sent", async () => {
      const { owner, other } = await setup(true)
      const { id } = await owner.api.webhookEndpoint.create.mutate({
        url: receiver.url("/pings"),
        events: ["message.sent"]
      })
      // at once: they go one at a time, each delivered
      const answers = await Promise.all(Array.from({ length: 6 }, () => owner.api.webhookEndpoint.ping.mutate({ id })))
      expect(answers.every((a) => a.delivered)).toBe(true)
      const before = receiver.received.length
      const refused = await expectTrpcError(owner.api.webhookEndpoint.ping.mutate({ id }), "TOO_MANY_REQUESTS")
      expect(refused.message).toMatch(/^you sent test pings too quickly; try again in \d+ seconds?$/)
      expect(receiver.received.length).toBe(before)
      // another account's limit is its own
      const { id: theirs } = await other.api.webhookEndpoint.create.mutate({
        url: receiver.url("/theirs"),
        events: ["message.sent"]
      })
      expect((await other.api.webhookEndpoint.ping.mutate({ id: theirs })).delivered).toBe(true)
    })
  })
