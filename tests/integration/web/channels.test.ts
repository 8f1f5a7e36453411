import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Effect, Layer, Logger } from "effect"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { MemoryStore } from "../../../src/infrastructure/memory/MemoryStore.ts"
import { MongoDatabase } from "../../../src/infrastructure/mongo/MongoDatabase.ts"
import { MongoStore } from "../../../src/infrastructure/mongo/MongoStore.ts"
import { SqliteDatabase } from "../../../src/infrastructure/sqlite/SqliteDatabase.ts"
import { SqliteStore } from "../../../src/infrastructure/sqlite/SqliteStore.ts"
import { eventually } from "../../support/eventually.ts"
import type { FakeChannel } from "../../support/fakeWahaRules.ts"
import { DEFAULT_FAKE_VERSION } from "../../support/fakeWahaRules.ts"
import { PDF_BYTES, PNG_BYTES, uploadFile } from "../../support/mediaFixtures.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

/**
 * WhatsApp Channels as campaign targets (issue 25 item 1) through the web process, a scheduler and
 * the fake WAHA, on each store: the channels listed, a campaign to a group and a channel sent, and
 * the refusals at planning with nothing saved.
 */
const CHANNELS: ReadonlyArray<FakeChannel> = [
  { id: "120363000000000101@newsletter", name: "Club news", role: "OWNER", subscribersCount: 240 },
  { id: "120363000000000102@newsletter", name: "Match day", role: "ADMIN", subscribersCount: 85 },
  { id: "120363000000000103@newsletter", name: "City council", role: "SUBSCRIBER", subscribersCount: 12_400 },
  { id: "120363000000000104@newsletter", name: "Weather", role: "GUEST", subscribersCount: 9 }
]
const GROUP = { groupId: "120363000000000042@g.us", groupName: "Choir" }
const NEWS = { groupId: "120363000000000101@newsletter", groupName: "Club news" }

const describeChannels = (name: string, store: () => StoreKind) =>
  describe(`WhatsApp channels as targets (${name})`, () => {
    let web: TestWeb
    let owner: WebClient
    let sessionName: string
    beforeAll(async () => {
      web = await startTestWeb(store())
      owner = web.client()
      await signUp(owner, ADMIN_EMAIL)
      sessionName = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
      web.fake.setSessionStatus(sessionName, "WORKING")
      web.fake.setServerVersion({ ...DEFAULT_FAKE_VERSION, engine: "NOWEB" })
      web.fake.setChannels(sessionName, CHANNELS)
    })
    afterAll(() => web.close())

    const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()
    const cookie = () => (owner.cookie === null ? null : `${owner.cookieName}=${owner.cookie}`)
    const upload = async (bytes: Uint8Array, filename: string) => {
      const answer = await uploadFile(
        web.url,
        { bytes, name: filename },
        { cookie: cookie(), origin: new URL(web.authUrl).origin }
      )
      return String(answer.body["id"])
    }
    const schedulerLayer = () => {
      const s = web.store
      const storeLayer =
        s.kind === "memory"
          ? MemoryStore.layer(web.memory!)
          : s.kind === "mongo"
            ? MongoStore.layer.pipe(
                Layer.provideMerge(MongoDatabase.layer({ url: s.url, serverSelectionTimeoutMs: 5_000 }))
              )
            : SqliteStore.layer.pipe(Layer.provide(SqliteDatabase.layer({ path: s.path })))
      return schedulerClient(storeLayer, web.fake.url).pipe(Layer.provideMerge(Logger.layer([])))
    }

    it("lists only the channels the number owns or administers, searchable; an engine too old says why instead", async () => {
      // first: a version that can post to channels is kept for the directory's minute
      try {
        web.fake.setServerVersion({ engine: "WEBJS", version: "2026.1.2" })
        const old = await owner.api.user.getMessagingChannels.query({ sessionName })
        expect(old.items).toEqual([])
        expect(old.problem).toMatch(/WAHA 2026\.1\.2 on WEBJS\) cannot post to WhatsApp channels reliably/)
      } finally {
        web.fake.setServerVersion({ ...DEFAULT_FAKE_VERSION, engine: "NOWEB" })
      }
      // a version that could not is not kept: the upgrade shows at once
      const versionCalls = () => web.fake.requests.filter((r) => r.path === "/api/server/version").length
      const before = versionCalls()
      const all = await owner.api.user.getMessagingChannels.query({ sessionName })
      expect(all).toEqual({
        items: [
          { channelId: CHANNELS[0]!.id, name: "Club news", role: "OWNER", verified: false, subscribers: 240 },
          { channelId: CHANNELS[1]!.id, name: "Match day", role: "ADMIN", verified: false, subscribers: 85 }
        ]
      })
      // a search or a further page asks the gateway neither its version nor its list again
      const some = await owner.api.user.getMessagingChannels.query({ sessionName, search: "MATCH", limit: 1 })
      expect(some.items.map((c) => c.name)).toEqual(["Match day"])
      expect(versionCalls() - before).toBe(1)
    })

    it("a campaign to a group and a channel sends a text, an image and a poll to each; the channel is marked as one", async () => {
      const image = await upload(PNG_BYTES, "team.png")
      const { id } = await owner.api.campaign.create.mutate({
        sessionName,
        targets: [GROUP, NEWS],
        messages: [
          { content: "Season starts", scheduledAt: inMs(1_500) },
          { content: "The team", scheduledAt: inMs(1_500), media: { id: image } },
          { content: "Coming?", scheduledAt: inMs(1_500), poll: { options: ["Yes", "No"] } }
        ]
      })
      const planned = await owner.api.campaign.get.query({ id })
      expect(planned.targets.map((t) => [t.groupName, t.targetKind])).toEqual([
        ["Choir", "group"],
        ["Club news", "channel"]
      ])
      let found = 0
      await eventually(
        "six copies to be sent",
        async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(schedulerLayer())))),
        (n) => n >= 6,
        15_000
      )
      const toChannel = (chatId: unknown) => chatId === NEWS.groupId
      expect(web.fake.sent.filter((b) => toChannel(b.chatId)).map((b) => b.text)).toEqual(["Season starts"])
      expect(web.fake.media.filter((m) => toChannel(m.body["chatId"])).map((m) => m.path)).toEqual(["/api/sendImage"])
      expect(web.fake.polls.filter((b) => toChannel(b["chatId"])).length).toBe(1)
      const sent = await owner.api.campaign.get.query({ id })
      expect(sent.targets.map((t) => [t.targetKind, t.status, t.sentMessages])).toEqual([
        ["group", "COMPLETED", 3],
        ["channel", "COMPLETED", 3]
      ])
    })

    it("refuses mention everyone, a document, a followed channel and an old gateway at planning, naming the field; nothing is saved", async () => {
      const before = await owner.api.campaign.list.query({ limit: 100 })
      const pdf = await upload(PDF_BYTES, "rules.pdf")
      const plan = { sessionName, targets: [GROUP, NEWS], messages: [{ content: "Hi", scheduledAt: inMs(3_600_000) }] }
      const mention = await expectTrpcError(
        owner.api.campaign.create.mutate({ ...plan, mentionAll: true }),
        "BAD_REQUEST"
      )
      expect(mention.issues?.map((i) => [i.path, i.message])).toEqual([
        ["mentionAll", expect.stringMatching(/^mentioning everyone works in groups only/)]
      ])
      const document = await expectTrpcError(
        owner.api.campaign.preview.mutate({
          ...plan,
          messages: [{ content: "Rules", scheduledAt: inMs(3_600_000), media: { id: pdf } }]
        }),
        "BAD_REQUEST"
      )
      expect(document.issues?.map((i) => [i.path, i.message])).toEqual([
        [
          "messages.0.media",
          expect.stringMatching(/^WhatsApp channels take text, images, videos and polls, not documents/)
        ]
      ])
      const followed = await expectTrpcError(
        owner.api.campaign.create.mutate({
          ...plan,
          targets: [{ groupId: CHANNELS[2]!.id, groupName: "City council" }]
        }),
        "BAD_REQUEST"
      )
      expect(followed.issues?.map((i) => i.path)).toEqual(["targets.0.groupId"])
      try {
        web.fake.setServerVersion({ engine: "GOWS", version: "2024.12.9", tier: "PLUS" })
        const old = await expectTrpcError(owner.api.campaign.create.mutate(plan), "BAD_REQUEST")
        expect(old.issues?.map((i) => [i.path, i.message])).toEqual([
          ["targets.1.groupId", expect.stringMatching(/needs WAHA 2025\.1\.5 or later/)]
        ])
      } finally {
        web.fake.setServerVersion({ ...DEFAULT_FAKE_VERSION, engine: "NOWEB" })
      }
      expect((await owner.api.campaign.list.query({ limit: 100 })).items).toEqual(before.items)
    })
  })

describeChannels("memory", () => ({ kind: "memory" }))

describe("on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "herald-channels-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  describeChannels("sqlite", () => ({ kind: "sqlite", path: join(dir, "herald.db") }))
})

describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `channels on Mongo: ${MONGO_SKIP_REASON}` : "channels on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeChannels("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("channels") }))
  }
)
