import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

/** Issue 22 item 3: a campaign keeps its zone and rhythm, and a repeating one changes every future message at once. */
const describePlan = (name: string, store: () => StoreKind) =>
  describe(`a campaign's plan (${name})`, () => {
    let web: TestWeb
    let owner: WebClient
    let sessionName: string
    beforeAll(async () => {
      web = await startTestWeb(store())
      owner = web.client()
      await signUp(owner, ADMIN_EMAIL)
      sessionName = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
      web.fake.setSessionStatus(sessionName, "WORKING")
    })
    afterAll(() => web.close())

    const GROUP = { groupId: "120363000000000021@g.us", groupName: "Advent" }
    const RECURRENCE = {
      startDate: "2099-12-01",
      endDate: "2099-12-14",
      sendTime: "08:30",
      timeZone: "Europe/Berlin",
      frequency: "DAILY" as const,
      template: "Only {days_left} days to go",
      isFreeForm: true
    }
    const daily = async () =>
      (await owner.api.campaign.create.mutate({ sessionName, ...GROUP, title: "Advent", recurrence: RECURRENCE })).id

    it("create keeps the zone and the recurrence; get and list return them; a one-off keeps its zone; none given: no plan", async () => {
      const id = await daily()
      const plan = { timeZone: "Europe/Berlin", recurrence: { ...RECURRENCE, splitMarker: "*" } }
      expect((await owner.api.campaign.get.query({ id })).plan).toEqual(plan)
      const listed = (await owner.api.campaign.list.query({ limit: 100 })).items.find((c) => c.id === id)
      expect(listed?.plan).toEqual(plan)

      const oneOff = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        timeZone: "America/New_York",
        messages: [{ content: "Concert", scheduledAt: "2099-06-01T19:00:00-04:00" }]
      })
      expect((await owner.api.campaign.get.query({ id: oneOff.id })).plan).toEqual({ timeZone: "America/New_York" })
      const bare = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        messages: [{ content: "Concert", scheduledAt: "2099-06-01T19:00:00Z" }]
      })
      expect((await owner.api.campaign.get.query({ id: bare.id })).plan).toBeUndefined()
      // duplicate keeps the zone it is given
      const copy = await owner.api.campaign.duplicate.mutate({
        id: bare.id,
        startDate: "2099-07-01",
        timeZone: "Asia/Tokyo"
      })
      expect((await owner.api.campaign.get.query({ id: copy.id })).plan).toEqual({ timeZone: "Asia/Tokyo" })
    })

    it("a one-off's past time is worded in its zone; an unknown zone is refused", async () => {
      const planPast = (client: WebClient) =>
        expectTrpcError(
          client.api.campaign.create.mutate({
            sessionName,
            ...GROUP,
            timeZone: "Europe/Berlin",
            messages: [{ content: "x", scheduledAt: "2020-01-02T08:00:00Z" }]
          }),
          "BAD_REQUEST"
        )
      const past = await planPast(owner)
      expect(past.message).toBe("Thursday 2 January 2020, 09:00 Berlin time has already passed.")
      expect(past.issues).toEqual([{ path: "messages.0.scheduledAt", message: past.message }])
      // the browser app asks for its language: the same refusal in German, at the same field, on a 24-hour clock
      const german = web.client({ headers: { "X-Herald-Locale": "de-DE" } })
      german.cookie = owner.cookie
      const inGerman = await planPast(german)
      const sentence = "Donnerstag, 2. Januar 2020, 9:00 (Zeit in Berlin) ist schon vorbei."
      expect(inGerman.message).toBe(sentence)
      expect(inGerman.issues).toEqual([{ path: "messages.0.scheduledAt", message: sentence }])
      await expectTrpcError(
        owner.api.campaign.create.mutate({
          sessionName,
          ...GROUP,
          timeZone: "Mars/Olympus",
          messages: [{ content: "x", scheduledAt: "2099-01-02T08:00:00Z" }]
        }),
        "BAD_REQUEST"
      )
    })

    it("a plan too large for two groups is refused in German with its counts written as German writes numbers", async () => {
      const german = web.client({ headers: { "X-Herald-Locale": "de-DE" } })
      german.cookie = owner.cookie
      const refused = await expectTrpcError(
        german.api.campaign.create.mutate({
          sessionName,
          targets: [GROUP, { groupId: "120363000000000022@g.us", groupName: "Choir" }],
          messages: Array.from({ length: 1000 }, (_, i) => ({
            content: `m${i}`,
            scheduledAt: new Date(Date.UTC(2099, 0, 1) + i * 60_000).toISOString()
          }))
        }),
        "BAD_REQUEST"
      )
      expect(refused.message).toBe(
        "Dieser Plan ergibt 1.000 Nachrichten für jede von 2 Gruppen (2.000 insgesamt), eine Kampagne darf aber höchstens 1.000 haben: Plane weniger Nachrichten oder wähl weniger Gruppen."
      )
    })

    it("updateFutureMessages: every message at the new time on its own date (Berlin), then the new text; the plan follows", async () => {
      const id = await daily()
      expect(await owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, sendTime: "09:15" })).toEqual({
        changed: 14,
        skipped: 0
      })
      const moved = await owner.api.campaign.get.query({ id })
      // December in Berlin is UTC+1
      expect(moved.messages.map((m) => m.scheduledAt)).toEqual(
        Array.from({ length: 14 }, (_, i) => `2099-12-${String(i + 1).padStart(2, "0")}T08:15:00.000Z`)
      )
      expect(moved.plan?.recurrence?.sendTime).toBe("09:15")
      expect(
        await owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, template: "{days_left} days left" })
      ).toEqual({ changed: 14, skipped: 0 })
      const texts = (await owner.api.campaign.get.query({ id })).messages.map((m) => m.content)
      expect([texts[0], texts[12], texts[13]]).toEqual(["13 days left", "1 day left", "0 days left"])
      expect((await owner.api.campaign.get.query({ id })).plan?.recurrence).toMatchObject({
        sendTime: "09:15",
        template: "{days_left} days left"
      })
      // a deleted message stays deleted, and is not counted
      const first = (await owner.api.campaign.get.query({ id })).messages[0]!
      await owner.api.campaign.deleteMessage.mutate({ campaignId: id, messageId: first.id })
      expect(await owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, sendTime: "10:00" })).toEqual({
        changed: 13,
        skipped: 0
      })
      expect((await owner.api.campaign.get.query({ id })).messages[0]).toMatchObject({
        isDeleted: true,
        scheduledAt: "2099-12-01T08:15:00.000Z"
      })
    })

    it("updateFutureMessages refuses: a time past for one message (named in the campaign's zone), parts that differ, a one-off campaign, someone else's", async () => {
      const today = new Date().toISOString().slice(0, 10)
      // a few messages: today's 23:59 (UTC) and monthly after it
      const end = `${Number(today.slice(0, 4)) + 1}${today.slice(4)}`
      const { id } = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        recurrence: {
          ...RECURRENCE,
          timeZone: "UTC",
          startDate: today,
          endDate: end,
          sendTime: "23:59",
          frequency: "MONTHLY"
        }
      })
      const before = (await owner.api.campaign.get.query({ id })).messages.map((m) => m.scheduledAt)
      const past = await expectTrpcError(
        owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, sendTime: "00:00" }),
        "BAD_REQUEST"
      )
      expect(past.message).toMatch(/^\w+ \d+ \w+, 00:00 UTC has already passed\. Choose a later time/)
      expect(past.issues).toEqual([{ path: "sendTime", message: past.message }])
      expect((await owner.api.campaign.get.query({ id })).messages.map((m) => m.scheduledAt)).toEqual(before)

      const parts = await expectTrpcError(
        owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, template: "one\n*two" }),
        "BAD_REQUEST"
      )
      expect(parts.issues?.[0]?.path).toBe("template")
      const oneOff = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        timeZone: "UTC",
        messages: [{ content: "x", scheduledAt: "2099-01-02T08:00:00Z" }]
      })
      await expectTrpcError(
        owner.api.campaign.updateFutureMessages.mutate({ campaignId: oneOff.id, sendTime: "10:00" }),
        "BAD_REQUEST"
      )
      const stranger = web.client()
      await signUp(stranger, `stranger-${name}@example.com`)
      await owner.api.admin.approveUser.mutate({ userId: (await stranger.api.auth.me.query()).user!.id })
      await expectTrpcError(
        stranger.api.campaign.updateFutureMessages.mutate({ campaignId: id, sendTime: "10:00" }),
        "NOT_FOUND"
      )
      await owner.api.campaign.cancel.mutate({ id })
      await expectTrpcError(
        owner.api.campaign.updateFutureMessages.mutate({ campaignId: id, sendTime: "10:00" }),
        "CONFLICT"
      )
    })
  })

describePlan("memory", () => ({ kind: "memory" }))

describe("on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "herald-plan-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  describePlan("sqlite", () => ({ kind: "sqlite", path: join(dir, "herald.db") }))
})

describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `campaign plan on Mongo: ${MONGO_SKIP_REASON}` : "campaign plan on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describePlan("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("plan") }))
  }
)
