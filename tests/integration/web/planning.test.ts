import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

/** Issue 14 item 7, through the web API on one store: campaign.duplicate and campaign.importCsv. */
const describePlanning = (name: string, store: () => StoreKind) =>
  describe(`faster planning: duplicate, import from CSV (${name})`, () => {
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

    const GROUP = { groupId: "120363000000000011@g.us", groupName: "Choir" }
    const campaignCount = async () => (await owner.api.campaign.list.query({ limit: 100 })).items.length

    it("duplicate: the plan on new dates (wall-clock times and day gaps kept across DST), same group, '(copy)'; deleted messages left out", async () => {
      // Berlin, winter: +01:00
      const { id } = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Spring concert",
        messages: [
          { content: "Rehearsal", scheduledAt: "2099-01-10T09:00:00+01:00", mentionAll: true },
          { content: "Which day?", scheduledAt: "2099-01-10T09:00:01+01:00", poll: { options: ["Sat", "Sun"] } },
          { content: "Gone", scheduledAt: "2099-01-11T12:00:00+01:00" },
          { content: "Concert", scheduledAt: "2099-01-12T18:30:00+01:00" }
        ]
      })
      const original = await owner.api.campaign.get.query({ id })
      const gone = original.messages.find((m) => m.content === "Gone")!
      await owner.api.campaign.deleteMessage.mutate({ campaignId: id, messageId: gone.id })
      await owner.api.campaign.updateMessage.mutate({
        campaignId: id,
        messageId: original.messages.find((m) => m.content === "Concert")!.id,
        content: "Concert at 19:00"
      })
      // a cancelled campaign is duplicated too: that is how it is planned again
      await owner.api.campaign.cancel.mutate({ id })

      // Berlin springs forward on 2099-03-29: the copy straddles it
      const copy = await owner.api.campaign.duplicate.mutate({
        id,
        startDate: "2099-03-28",
        timeZone: "Europe/Berlin"
      })
      const got = await owner.api.campaign.get.query({ id: copy.id })
      expect(got).toMatchObject({ title: "Spring concert (copy)", status: "SCHEDULED", group: GROUP })
      expect(got.messages.map((m) => [m.content, m.scheduledAt, m.mentionAll, m.poll])).toEqual([
        ["Rehearsal", "2099-03-28T08:00:00.000Z", true, null],
        ["Which day?", "2099-03-28T08:00:01.000Z", false, { options: ["Sat", "Sun"], multipleAnswers: false }],
        // 18:30 on the wall clock, now +02:00
        ["Concert at 19:00", "2099-03-30T16:30:00.000Z", false, null]
      ])
      // the original is untouched
      expect((await owner.api.campaign.get.query({ id })).status).toBe("CANCELLED")

      const titled = await owner.api.campaign.duplicate.mutate({
        id,
        startDate: "2099-06-01",
        timeZone: "Europe/Berlin",
        title: "Summer concert"
      })
      expect((await owner.api.campaign.get.query({ id: titled.id })).title).toBe("Summer concert")
    })

    it("duplicate: a start date in the past is BAD_REQUEST on startDate; someone else's campaign is NOT_FOUND; nothing is saved", async () => {
      const { id } = await owner.api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        messages: [{ content: "x", scheduledAt: "2099-01-10T09:00:00Z" }]
      })
      const before = await campaignCount()
      const past = await expectTrpcError(
        owner.api.campaign.duplicate.mutate({ id, startDate: "2020-01-01", timeZone: "UTC" }),
        "BAD_REQUEST"
      )
      expect(past.issues).toEqual([
        {
          path: "startDate",
          message: "Wednesday 1 January 2020, 09:00 UTC has already passed. Choose a later start date."
        }
      ])
      const badDate = await expectTrpcError(
        owner.api.campaign.duplicate.mutate({ id, startDate: "2099-02-30", timeZone: "UTC" }),
        "BAD_REQUEST"
      )
      expect(badDate.issues?.map((i) => i.path)).toEqual(["startDate"])
      const badZone = await expectTrpcError(
        owner.api.campaign.duplicate.mutate({ id, startDate: "2099-02-01", timeZone: "Mars/Base" }),
        "BAD_REQUEST"
      )
      expect(badZone.issues?.map((i) => i.path)).toEqual(["timeZone"])

      const stranger = web.client()
      await signUp(stranger, `stranger-${name}@example.com`)
      await owner.api.admin.approveUser.mutate({ userId: (await stranger.api.auth.me.query()).user!.id })
      await expectTrpcError(
        stranger.api.campaign.duplicate.mutate({ id, startDate: "2099-02-01", timeZone: "UTC" }),
        "NOT_FOUND"
      )
      await expectTrpcError(
        stranger.api.campaign.duplicate.mutate({ id: "no-such-campaign", startDate: "2099-02-01", timeZone: "UTC" }),
        "NOT_FOUND"
      )
      expect(await campaignCount()).toBe(before)
      expect((await stranger.api.campaign.list.query()).items).toEqual([])
    })

    it("importCsv: every good row with its send time in the zone, every bad row by its physical line; saves nothing", async () => {
      const before = await campaignCount()
      const csv = [
        "date,time,text",
        '2099-03-28,09:00,"Hello, all:',
        'bring ""music"""',
        "2099-03-29,02:30,In the gap",
        "2099-03-30,25:00,Bad time",
        "2020-01-01,09:00,Long ago",
        "2099-03-31,18:00"
      ].join("\n")
      const reading = await owner.api.campaign.importCsv.mutate({ csv, timeZone: "Europe/Berlin" })
      expect(reading.messages).toEqual([
        {
          line: 2,
          content: 'Hello, all:\nbring "music"',
          scheduledAt: "2099-03-28T08:00:00.000Z",
          localTime: "2099-03-28T09:00:00.000+01:00",
          date: "2099-03-28",
          time: "09:00",
          note: null
        },
        {
          line: 4,
          content: "In the gap",
          scheduledAt: "2099-03-29T01:30:00.000Z",
          localTime: "2099-03-29T03:30:00.000+02:00",
          date: "2099-03-29",
          time: "02:30",
          note: "02:30 does not exist that day (the clocks go forward): sent at 03:30"
        }
      ])
      expect(reading.problems).toEqual([
        { line: 5, message: 'time "25:00" is not a time as HH:MM (00:00 to 23:59)' },
        { line: 6, message: "2020-01-01 09:00 in Europe/Berlin is in the past" },
        { line: 7, message: "expected 3 columns (date,time,text), found 2" }
      ])
      // read by the browser app of a German reader: every problem and note in German, times on a 24-hour clock
      const german = web.client({ headers: { "X-Herald-Locale": "de-DE" } })
      german.cookie = owner.cookie
      const inGerman = await german.api.campaign.importCsv.mutate({ csv, timeZone: "Europe/Berlin" })
      expect(inGerman.messages.map((m) => m.note)).toEqual([
        null,
        "02:30 gibt es an diesem Tag nicht (die Uhren werden vorgestellt): gesendet um 03:30."
      ])
      expect(inGerman.problems).toEqual([
        { line: 5, message: "Uhrzeit \u206825:00\u2069 ist keine Uhrzeit im Format HH:MM (00:00 bis 23:59)." },
        { line: 6, message: "Mittwoch, 1. Januar 2020, 9:00 (Zeit in Berlin) liegt in der Vergangenheit." },
        { line: 7, message: "3 Spalten erwartet (Datum,Uhrzeit,Text), 2 gefunden." }
      ])
      const zone = await expectTrpcError(
        owner.api.campaign.importCsv.mutate({ csv, timeZone: "Mars/Base" }),
        "BAD_REQUEST"
      )
      expect(zone.issues?.map((i) => i.path)).toEqual(["timeZone"])
      // over 1 MiB of text: refused (the body's own bound, 413, or the input's)
      await expect(
        owner.api.campaign.importCsv.mutate({ csv: "x".repeat(1_048_577), timeZone: "UTC" })
      ).rejects.toThrow()
      expect(await campaignCount()).toBe(before)
    })

    it("importCsv: signed-in ACTIVE users only", async () => {
      const input = { csv: "2099-01-01,09:00,x", timeZone: "UTC" }
      await expectTrpcError(web.client().api.campaign.importCsv.mutate(input), "UNAUTHORIZED")
      const pending = web.client()
      await signUp(pending, `pending-${name}@example.com`)
      await expectTrpcError(pending.api.campaign.importCsv.mutate(input), "FORBIDDEN")
    })
  })

describePlanning("memory", () => ({ kind: "memory" }))

describe("on SQLite", () => {
  const dir = mkdtempSync(join(tmpdir(), "herald-planning-"))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))
  describePlanning("sqlite", () => ({ kind: "sqlite", path: join(dir, "herald.db") }))
})

describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `planning on Mongo: ${MONGO_SKIP_REASON}` : "planning on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describePlanning("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("planning") }))
  }
)
