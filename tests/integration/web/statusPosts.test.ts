import { Effect, Layer, Logger } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { eventually } from "../../support/eventually.ts"
import { postWebhook } from "../../support/FakeWahaServer.ts"
import { DEFAULT_FAKE_VERSION } from "../../support/fakeWahaRules.ts"
import { statusViewPayload } from "../../support/fakeWahaStatus.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

/** The number's Status as a target (issue 25 item 2) through /api/trpc, /api/v1 and a scheduler, against the fake WAHA. */
const describeStatus = (name: string, store: () => StoreKind) => {
  let web: TestWeb
  let owner: WebClient
  let sessionName: string
  beforeAll(async () => {
    web = await startTestWeb(store(), {}, { webhookSecret: "whsec-test-0123456789abcdef0123456789abcdef" })
    owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    sessionName = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
    web.fake.setSessionStatus(sessionName, "WORKING")
  })
  afterAll(() => web.close())

  const GROUP = { groupId: "120363000000000042@g.us", groupName: "Choir" }
  const CONTACTS = ["4915112345678@c.us", "4915187654321@c.us"]
  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()

  const schedule = async (count: number) => {
    const storeLayer =
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
    const layer = schedulerClient(storeLayer, web.fake.url).pipe(Layer.provideMerge(Logger.layer([])))
    let found = 0
    await eventually(
      `${count} messages to come due`,
      async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(layer)))),
      (n) => n >= count,
      10_000
    )
  }

  describe(`the Status as a campaign target (${name})`, () => {
    it("NOWEB: session.getStatusReach says all goes; /api/v1 plans a group and the Status with chosen contacts; the scheduler posts it once", async () => {
      web.fake.setServerVersion({ engine: "NOWEB", version: "2026.7.1" })
      try {
        expect(await owner.api.session.getStatusReach.query({ sessionName })).toEqual({
          status: { ok: true },
          chosenContacts: { ok: true },
          allContacts: { ok: true }
        })
        const { key } = await owner.api.apiKey.create.mutate({ name: "status script", access: "write" })
        const headers = { authorization: `Bearer ${key}`, "content-type": "application/json" }
        const created = await fetch(`${web.url}/api/v1/campaigns`, {
          method: "POST",
          headers,
          body: JSON.stringify({
            sessionName,
            title: "Open day",
            targets: [
              GROUP,
              {
                groupId: "status@broadcast",
                groupName: "My Status",
                statusPost: { backgroundColor: "#ff8800", font: 9, contacts: CONTACTS }
              }
            ],
            messages: [{ content: "Open day on Saturday", scheduledAt: inMs(1_500) }]
          })
        })
        expect(created.status).toBe(200)
        const { id } = (await created.json()) as { id: string }
        const read = await fetch(`${web.url}/api/v1/campaigns/${id}`, { headers })
        const campaign = (await read.json()) as { targets: ReadonlyArray<Record<string, unknown>> }
        expect(campaign.targets.map((t) => [t["groupId"], t["statusPost"] ?? null])).toEqual([
          [GROUP.groupId, null],
          ["status@broadcast", { backgroundColor: "#ff8800", font: 9, contacts: CONTACTS }]
        ])
        await schedule(2)
        expect(web.fake.statuses).toHaveLength(1)
        expect(web.fake.statuses[0]?.body).toEqual({
          text: "Open day on Saturday",
          backgroundColor: "#ff8800",
          font: 9,
          contacts: CONTACTS,
          linkPreview: true,
          linkPreviewHighQuality: false
        })
        expect(web.fake.sent.filter((s) => s.chatId === GROUP.groupId)).toHaveLength(1)
        const got = await owner.api.campaign.get.query({ id })
        expect(got.messages.map((m) => [m.groupId, m.status]).sort()).toEqual([
          [GROUP.groupId, "SENT"],
          ["status@broadcast", "SENT"]
        ])
        expect(got.status).toBe("COMPLETED")
        // two people saw it: their views come as READ receipts, counted on the Status copy
        const posted = web.fake.statuses[0]!.key
        for (const viewer of ["4915112345678@c.us", "4915187654321@c.us"]) {
          const answers = await postWebhook(web.fake, {
            session: sessionName,
            event: "message.ack.group",
            deliverTo: web.url,
            payload: statusViewPayload(posted, viewer)
          })
          expect(answers.map((a) => a.status)).toEqual([200])
        }
        await eventually(
          "the views are counted",
          async () =>
            (await owner.api.campaign.get.query({ id })).messages.find((m) => m.groupId === "status@broadcast"),
          (m) => m?.readCount === 2
        )
      } finally {
        web.fake.setServerVersion(DEFAULT_FAKE_VERSION)
      }
    })

    it("WEBJS: chosen contacts are refused in the organiser's words with nothing saved; all contacts go", async () => {
      web.fake.setServerVersion({ engine: "WEBJS", version: "2026.7.1" })
      try {
        const reach = await owner.api.session.getStatusReach.query({ sessionName })
        expect(reach.chosenContacts).toEqual({ ok: false, reason: expect.stringContaining("all your contacts") })
        // the form's reason in the browser app's language, as campaign.create's refusal is
        const german = web.client({ headers: { "X-Herald-Locale": "de-DE" } })
        german.cookie = owner.cookie
        expect((await german.api.session.getStatusReach.query({ sessionName })).chosenContacts).toEqual({
          ok: false,
          reason: expect.stringContaining("Über dieses WhatsApp-Gateway geht ein Status an alle deine Kontakte")
        })
        const before = (await owner.api.campaign.list.query({ limit: 100 })).items.length
        const refused = await expectTrpcError(
          owner.api.campaign.create.mutate({
            sessionName,
            targets: [{ groupId: "status@broadcast", groupName: "My Status", statusPost: { contacts: CONTACTS } }],
            messages: [{ content: "x", scheduledAt: inMs(60_000) }]
          }),
          "BAD_REQUEST"
        )
        expect(refused.message).toContain("a Status goes to all your contacts")
        expect((await owner.api.campaign.list.query({ limit: 100 })).items).toHaveLength(before)
        const { id } = await owner.api.campaign.create.mutate({
          sessionName,
          targets: [{ groupId: "status@broadcast", groupName: "My Status" }],
          messages: [{ content: "For everyone", scheduledAt: inMs(60_000) }]
        })
        const got = await owner.api.campaign.get.query({ id })
        expect(got.targets[0]?.statusPost).toEqual({ backgroundColor: "#38b42f", font: 0, contacts: null })
      } finally {
        web.fake.setServerVersion(DEFAULT_FAKE_VERSION)
      }
    })
  })
}

describeStatus("memory", () => ({ kind: "memory" }))
describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `Status on Mongo: ${MONGO_SKIP_REASON}` : "Status on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeStatus("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("status") }))
  }
)
