import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import type { WebClient } from "../../support/webClient.ts"
import { expectTrpcError } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

const DAY = 86_400_000

/** campaign.upcoming, campaign.upcomingByDay and campaign.list's filters over tRPC, two users on one server. */
const describeOverview = (name: string, store: () => StoreKind) => {
  let web: TestWeb
  let owner: WebClient
  let stranger: WebClient
  let ownerSession: string
  let strangerSession: string
  const CHOIR = { groupId: "120363000000000009@g.us", groupName: "Choir" }
  const QUIZ = { groupId: "120363000000000010@g.us", groupName: "Quiz team" }
  // whole days ahead, so that nothing becomes due while the tests run
  const inDays = (days: number, minutes = 0) => new Date(Date.now() + days * DAY + minutes * 60_000).toISOString()
  const ids: Record<string, string> = {}

  beforeAll(async () => {
    web = await startTestWeb(store())
    owner = web.client()
    await signUp(owner, ADMIN_EMAIL)
    stranger = web.client()
    await signUp(stranger, "stranger@example.com")
    await owner.api.admin.approveUser.mutate({ userId: (await stranger.api.auth.me.query()).user!.id })
    ownerSession = (await owner.api.user.initiateMessagingSession.mutate()).sessionName
    strangerSession = (await stranger.api.user.initiateMessagingSession.mutate()).sessionName
    web.fake.setSessionStatus(ownerSession, "WORKING")
    web.fake.setSessionStatus(strangerSession, "WORKING")
    ids["choir"] = (
      await owner.api.campaign.create.mutate({
        sessionName: ownerSession,
        ...CHOIR,
        title: "Choir practice",
        messages: [
          { content: "Practice tonight at 7, bring the Mozart score", scheduledAt: inDays(2) },
          { content: "Concert dress rehearsal", scheduledAt: inDays(5) }
        ]
      })
    ).id
    ids["quiz"] = (
      await owner.api.campaign.create.mutate({
        sessionName: ownerSession,
        ...QUIZ,
        title: "Quiz night",
        messages: [
          { content: "Quiz starts soon", scheduledAt: inDays(1) },
          { content: "x".repeat(400), scheduledAt: inDays(3) }
        ]
      })
    ).id
    ids["trip"] = (
      await owner.api.campaign.create.mutate({
        sessionName: ownerSession,
        ...CHOIR,
        title: "Trip",
        messages: [
          { content: "Bus leaves at 9", scheduledAt: inDays(1, 30) },
          { content: "Bus returns at 6", scheduledAt: inDays(4) },
          { content: "Thanks for coming", scheduledAt: inDays(6) }
        ]
      })
    ).id
    await owner.api.campaign.cancel.mutate({ id: ids["trip"]! })
    ids["theirs"] = (
      await stranger.api.campaign.create.mutate({
        sessionName: strangerSession,
        ...CHOIR,
        title: "Quiz of someone else",
        messages: [{ content: "Their Mozart message", scheduledAt: inDays(1, 10) }]
      })
    ).id
  })
  afterAll(() => web.close())

  describe(`campaign.upcoming (${name})`, () => {
    it("lists the caller's messages still to be sent in time order with group, text and campaign; never another user's", async () => {
      const page = await owner.api.campaign.upcoming.query()
      expect(page.items.map((m) => m.campaignTitle)).toEqual([
        "Quiz night",
        "Choir practice",
        "Quiz night",
        "Choir practice"
      ])
      expect(page.items[0]).toMatchObject({
        content: "Quiz starts soon",
        group: QUIZ,
        campaignId: ids["quiz"],
        campaignTitle: "Quiz night"
      })
      expect(page.items.map((m) => Date.parse(m.scheduledAt))).toEqual(
        page.items.map((m) => Date.parse(m.scheduledAt)).sort((a, b) => a - b)
      )
      // the start of a long text, not all of it
      expect(page.items[2]!.content.length).toBeLessThan(200)
      expect(page.nextCursor).toBeUndefined()
      // the cancelled campaign's messages are not to be sent, the stranger's are theirs
      expect(page.items.some((m) => m.campaignId === ids["trip"] || m.campaignId === ids["theirs"])).toBe(false)
      const theirs = await stranger.api.campaign.upcoming.query()
      expect(theirs.items.map((m) => m.campaignId)).toEqual([ids["theirs"]])
    })

    it("pages with its cursor, and narrows to a window", async () => {
      const first = await owner.api.campaign.upcoming.query({ limit: 3 })
      expect(first.items).toHaveLength(3)
      expect(first.nextCursor).toEqual(expect.any(String))
      const second = await owner.api.campaign.upcoming.query({ limit: 3, cursor: first.nextCursor })
      expect(second.items.map((m) => m.content)).toEqual(["Concert dress rehearsal"])
      expect(second.nextCursor).toBeUndefined()
      const window = await owner.api.campaign.upcoming.query({ from: inDays(1, 60), to: inDays(4) })
      expect(window.items.map((m) => m.campaignTitle)).toEqual(["Choir practice", "Quiz night"])
      await expectTrpcError(owner.api.campaign.upcoming.query({ limit: 1_000 }), "BAD_REQUEST")
      await expectTrpcError(owner.api.campaign.upcoming.query({ cursor: "not a cursor" }), "BAD_REQUEST")
    })

    it("needs a signed-in user", async () => {
      const anonymous = web.client()
      await expectTrpcError(anonymous.api.campaign.upcoming.query(), "UNAUTHORIZED")
      await expectTrpcError(
        anonymous.api.campaign.upcomingByDay.query({ dayStarts: [inDays(0), inDays(1)] }),
        "UNAUTHORIZED"
      )
    })

    it("upcomingByDay counts the caller's messages on each day, and only theirs", async () => {
      const start = Date.now() - (Date.now() % DAY)
      const dayStarts = Array.from({ length: 8 }, (_, i) => new Date(start + i * DAY).toISOString())
      const mine = await owner.api.campaign.upcomingByDay.query({ dayStarts })
      expect(mine.counts.reduce((a, b) => a + b, 0)).toBe(4)
      expect(mine.counts).toHaveLength(7)
      const theirs = await stranger.api.campaign.upcomingByDay.query({ dayStarts })
      expect(theirs.counts.reduce((a, b) => a + b, 0)).toBe(1)
      await expectTrpcError(
        owner.api.campaign.upcomingByDay.query({ dayStarts: [...dayStarts].reverse() }),
        "BAD_REQUEST"
      )
    })
  })

  describe(`campaign.list: sort, filters, search (${name})`, () => {
    it("sorts by next send (nothing waiting last) or by creation", async () => {
      const next = await owner.api.campaign.list.query({ sort: "next" })
      expect(next.items.map((c) => c.title)).toEqual(["Quiz night", "Choir practice", "Trip"])
      const created = await owner.api.campaign.list.query({ sort: "created" })
      expect(created.items.map((c) => c.title)).toEqual(["Trip", "Quiz night", "Choir practice"])
    })

    it("filters by status and group, searches titles and texts in any case; never another user's", async () => {
      const titles = async (input: Parameters<WebClient["api"]["campaign"]["list"]["query"]>[0]) =>
        (await owner.api.campaign.list.query(input)).items.map((c) => c.title)
      expect(await titles({ statuses: ["CANCELLED"] })).toEqual(["Trip"])
      expect(await titles({ groupId: QUIZ.groupId })).toEqual(["Quiz night"])
      expect(await titles({ groupId: CHOIR.groupId, sort: "next" })).toEqual(["Choir practice", "Trip"])
      expect(await titles({ search: "MOZART" })).toEqual(["Choir practice"])
      expect(await titles({ search: "quiz" })).toEqual(["Quiz night"])
      expect(await titles({ search: "bus returns" })).toEqual(["Trip"])
      expect(await titles({ search: "nothing like this" })).toEqual([])
      const theirs = (await stranger.api.campaign.list.query({ search: "quiz" })).items.map((c) => c.title)
      expect(theirs).toEqual(["Quiz of someone else"])
      await expectTrpcError(owner.api.campaign.list.query({ search: "x".repeat(201) }), "BAD_REQUEST")
      // @ts-expect-error: not a status
      await expectTrpcError(owner.api.campaign.list.query({ statuses: ["ASLEEP"] }), "BAD_REQUEST")
    })

    it("a cancelled campaign says what it had planned: none sent, three withdrawn", async () => {
      const trip = (await owner.api.campaign.list.query({ statuses: ["CANCELLED"] })).items[0]
      expect(trip).toMatchObject({ title: "Trip", totalMessages: 0, sentMessages: 0, cancelledMessages: 3 })
    })
  })
}

describeOverview("memory", () => ({ kind: "memory" }))
describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `overview on Mongo: ${MONGO_SKIP_REASON}` : "overview on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describeOverview("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("overview") }))
  }
)
