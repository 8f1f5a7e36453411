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
import type { FakeWaha, PollVoteEngine } from "../../support/FakeWahaServer.ts"
import { postPollVote, postWebhook, registeredWebhooks, startFakeWaha } from "../../support/FakeWahaServer.ts"
import { dropTestDatabases, freshDatabaseUrl, MONGO_SKIP_REASON, mongoTestUrl } from "../../support/mongo.ts"
import { dispatchAndDrain, schedulerClient } from "../../support/schedulerHarness.ts"
import { codeOf, type WebClient } from "../../support/webClient.ts"
import type { StoreKind, TestWeb } from "../../support/webHarness.ts"
import { ADMIN_EMAIL, signUp, startTestWeb } from "../../support/webHarness.ts"

const SECRET = "whsec-test-0123456789abcdef0123456789abcdef"
const GROUP = { groupId: "120363000000000077@g.us", groupName: "Choir" }
const PASSWORD = "correct horse battery"

/**
 * Poll results end to end (issue 25 item 3): the web app registers poll.vote and poll.vote.failed
 * on the session it creates at the fake WAHA, a scheduler sends a poll through the fake, and the
 * fake posts signed votes in each engine's shape over real HTTP; campaign.pollResults and the CSV
 * show them, and they are still there after a restart of the web process.
 */
const describePollVotes = (name: string, store: () => StoreKind) => {
  let fake: FakeWaha
  let web: TestWeb
  let owner: WebClient
  let sessionName: string
  let kind: StoreKind

  const start = async () => {
    web = await startTestWeb(kind, {}, { fake, webhookSecret: SECRET })
    owner = web.client()
  }

  beforeAll(async () => {
    kind = store()
    fake = await startFakeWaha()
    await start()
    await signUp(owner, ADMIN_EMAIL, "admin", PASSWORD)
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
      : web.store.kind === "sqlite"
        ? SqliteStore.layer.pipe(Layer.provideMerge(SqliteDatabase.layer({ path: web.store.path })))
        : MongoStore.layer.pipe(
            Layer.provideMerge(
              MongoDatabase.layer({
                url: web.store.kind === "mongo" ? web.store.url : "",
                serverSelectionTimeoutMs: 5_000
              })
            )
          )

  const schedule = async (count: number) => {
    const layer = schedulerClient(storeClient(), fake.url).pipe(Layer.provideMerge(Logger.layer([])))
    let found = 0
    await eventually(
      `${count} messages to come due (messages found)`,
      async () => (found += await Effect.runPromise(dispatchAndDrain.pipe(Effect.provide(layer)))),
      (n) => n >= count,
      10_000
    )
  }

  const inMs = (ms: number) => new Date(Date.now() + ms).toISOString()

  /** A campaign of one poll and one text, sent through the fake: ids and the poll's gateway id. */
  const sentPoll = async (options: ReadonlyArray<string>, multipleAnswers = false, chat = GROUP) => {
    const { id } = await owner.api.campaign.create.mutate({
      sessionName,
      ...chat,
      messages: [
        { content: "Which day?", scheduledAt: inMs(150), poll: { options: [...options], multipleAnswers } },
        { content: "just text", scheduledAt: inMs(160) }
      ]
    })
    await schedule(2)
    const messages = (await owner.api.campaign.get.query({ id })).messages
    const [poll, text] = messages
    expect(poll?.status).toBe("SENT")
    const history = fake.chatHistory(sessionName, chat.groupId)
    const pollId = history.find((m) => m.body === null)?.id
    const textId = history.find((m) => m.body === "just text")?.id
    expect(pollId).toMatch(/^true_/)
    // later polls of the same chat: the newest
    const newestPoll = history.filter((m) => m.body === null).at(-1)!.id
    return { campaignId: id, messageId: poll!.id, textMessageId: text!.id, pollId: newestPoll, textId: textId! }
  }

  const vote = (
    pollMessageId: string,
    voter: string,
    choice: ReadonlyArray<string>,
    engine: PollVoteEngine,
    extra: Partial<Parameters<typeof postPollVote>[1]> = {}
  ) =>
    postPollVote(fake, {
      session: sessionName,
      deliverTo: web.url,
      pollMessageId,
      chatId: GROUP.groupId,
      voter,
      options: choice,
      engine,
      ...extra
    })

  const results = (campaignId: string, messageId: string) =>
    owner.api.campaign.pollResults.query({ campaignId, messageId })
  const counts = async (campaignId: string, messageId: string) =>
    (await results(campaignId, messageId)).options.map((o) => [o.option, o.count, o.voters.map((v) => v.voter)])

  describe(`poll votes from WAHA (${name})`, () => {
    it("registers poll.vote and poll.vote.failed with the receipts on the session it creates", () => {
      expect(registeredWebhooks(fake, sessionName)[0]?.events).toEqual([
        "message.ack",
        "message.ack.group",
        "session.status",
        "poll.vote",
        "poll.vote.failed"
      ])
    })

    it("each engine's vote is recorded against the poll; a later vote replaces the earlier; a failed one is apart", async () => {
      const { campaignId, messageId, pollId } = await sentPoll(["Mon", "Tue", "Wed"])
      const t0 = Date.now() - 60_000
      const answers = [
        ...(await vote(pollId, "15551110001@c.us", ["Mon"], "NOWEB", { votedAtMs: t0, pushName: "Ann" })),
        ...(await vote(pollId, "15551110002@s.whatsapp.net", ["Tue"], "GOWS", { votedAtMs: t0 + 1_000 })),
        ...(await vote(pollId, "777000111@lid", ["Tue"], "WEBJS", { votedAtMs: t0 + 2_000 })),
        ...(await vote(pollId, "15551110004@c.us", [], "NOWEB", { failed: true, votedAtMs: t0 + 3_000 }))
      ]
      expect(answers.map((a) => [a.status, a.body])).toEqual([
        [200, { result: "recorded" }],
        [200, { result: "recorded" }],
        [200, { result: "recorded" }],
        [200, { result: "recorded" }]
      ])
      expect(await counts(campaignId, messageId)).toEqual([
        ["Mon", 1, ["15551110001@c.us"]],
        ["Tue", 2, ["15551110002@c.us", "777000111@lid"]],
        ["Wed", 0, []]
      ])
      const shown = await results(campaignId, messageId)
      expect(shown).toMatchObject({ question: "Which day?", multipleAnswers: false, voters: 3, sessionName })
      // when it was sent: the browser app asks less often after the first hour
      expect(Date.parse(shown.sentAt ?? "")).toBeGreaterThan(t0)
      expect(shown.options[0]?.voters[0]).toEqual({
        voter: "15551110001@c.us",
        name: "Ann",
        number: "+15551110001",
        votedAt: new Date(t0).toISOString()
      })
      expect(shown.options[1]?.voters[1]).toMatchObject({ name: "Someone (number hidden)", number: null })
      // NOWEB's failed vote is dated in seconds
      expect(shown.unreadable).toEqual([
        {
          voter: "15551110004@c.us",
          name: "+15551110004",
          number: "+15551110004",
          votedAt: new Date(Math.floor((t0 + 3_000) / 1000) * 1000).toISOString()
        }
      ])

      // Ann changes her mind; an older vote of hers arriving late changes nothing
      expect((await vote(pollId, "15551110001@c.us", ["Wed"], "NOWEB", { votedAtMs: t0 + 10_000 }))[0]?.body).toEqual({
        result: "recorded"
      })
      expect((await vote(pollId, "15551110001@c.us", ["Tue"], "NOWEB", { votedAtMs: t0 + 5_000 }))[0]?.body).toEqual({
        result: "duplicate"
      })
      // the unreadable voter votes again and is read this time
      await vote(pollId, "15551110004@c.us", ["Wed"], "GOWS", { votedAtMs: t0 + 11_000 })
      expect(await counts(campaignId, messageId)).toEqual([
        ["Mon", 0, []],
        ["Tue", 2, ["15551110002@c.us", "777000111@lid"]],
        ["Wed", 2, ["15551110001@c.us", "15551110004@c.us"]]
      ])
      expect((await results(campaignId, messageId)).unreadable).toEqual([])
    })

    it("a vote on a poll sent to a contact counts on every engine, NOWEB naming the poll from the voter's side", async () => {
      const contact = { groupId: "15551239999@c.us", groupName: "Dana" }
      const { campaignId, messageId, pollId } = await sentPoll(["Yes", "No"], false, contact)
      const t0 = Date.now() - 60_000
      const answers = [
        ...(await vote(pollId, contact.groupId, ["Yes"], "NOWEB", { chatId: contact.groupId, votedAtMs: t0 })),
        ...(await vote(pollId, contact.groupId, ["No"], "GOWS", { chatId: contact.groupId, votedAtMs: t0 + 1_000 })),
        ...(await vote(pollId, contact.groupId, ["Yes"], "WEBJS", { chatId: contact.groupId, votedAtMs: t0 + 2_000 })),
        ...(await vote(pollId, contact.groupId, [], "NOWEB", {
          chatId: contact.groupId,
          failed: true,
          votedAtMs: t0 + 3_000
        })),
        ...(await vote(pollId, contact.groupId, ["No"], "NOWEB", { chatId: contact.groupId, votedAtMs: t0 + 4_000 }))
      ]
      expect(answers.map((a) => [a.status, a.body])).toEqual(
        Array.from({ length: 5 }, () => [200, { result: "recorded" }])
      )
      expect(await counts(campaignId, messageId)).toEqual([
        ["Yes", 0, []],
        ["No", 1, [contact.groupId]]
      ])
      // Herald's poll named in a group is still not this poll
      const inGroup = await vote(pollId, contact.groupId, ["Yes"], "GOWS", {
        chatId: contact.groupId,
        pollIdAs: `true_${GROUP.groupId}_${pollId.split("_")[2]}`
      })
      expect(inGroup.map((a) => a.body)).toEqual([{ result: "ignored" }])
    })

    it("one voter named by hidden id and by number is counted once, keyed by the number, with the id in the CSV", async () => {
      const { campaignId, messageId, pollId } = await sentPoll(["Sat", "Sun"])
      const t0 = Date.now() - 60_000
      await vote(pollId, "4455000@lid", ["Sat"], "WEBJS", { votedAtMs: t0 })
      await vote(pollId, "4455000@lid", ["Sun"], "NOWEB", {
        votedAtMs: t0 + 1_000,
        voterAlt: "15551110020@s.whatsapp.net"
      })
      await vote(pollId, "15551110021@s.whatsapp.net", ["Sat"], "GOWS", {
        votedAtMs: t0 + 2_000,
        voterAlt: "4466000@lid"
      })
      await vote(pollId, "4466000@lid", ["Sun"], "WEBJS", { votedAtMs: t0 + 3_000 })
      expect(await counts(campaignId, messageId)).toEqual([
        ["Sat", 0, []],
        ["Sun", 2, ["15551110020@c.us", "15551110021@c.us"]]
      ])
      expect((await results(campaignId, messageId)).voters).toBe(2)
      const { csv } = await owner.api.campaign.pollResultsCsv.query({ campaignId, messageId })
      expect(csv.split("\r\n").map((l) => l.split(",").slice(0, 4).join(","))).toEqual([
        "Voter,Number,WhatsApp id,Choices",
        "+15551110020,+15551110020,15551110020@c.us,Sun",
        "+15551110021,+15551110021,15551110021@c.us,Sun",
        ""
      ])
    })

    it("a vote on someone else's poll with options longer or more than Herald's allow is unknown, not refused", async () => {
      const { pollId } = await sentPoll(["A", "B"])
      const long = Array.from({ length: 20 }, (_, i) => `${i} ${"x".repeat(400)}`)
      const answers = await vote(pollId, "15551110001@c.us", long, "GOWS", {
        pollIdAs: `true_${GROUP.groupId}_NOTHERALDS`
      })
      expect(answers.map((a) => [a.status, a.body])).toEqual([[200, { result: "unknown" }]])
      // on Herald's own poll they are options it has not
      expect((await vote(pollId, "15551110001@c.us", long.slice(0, 1), "GOWS")).map((a) => a.body)).toEqual([
        { result: "ignored" }
      ])
    })

    it("a retry that brings the voter's name, or an undated retry, is no new vote", async () => {
      const { campaignId, messageId, pollId } = await sentPoll(["Red", "Blue"])
      const at = Date.now() - 30_000
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      const first = await vote(pollId, "15551110030@c.us", ["Red"], "NOWEB", { votedAtMs: at })
      const named = await vote(pollId, "15551110030@c.us", ["Red"], "NOWEB", { votedAtMs: at, pushName: "Ann" })
      expect([...first, ...named].map((a) => a.body)).toEqual([{ result: "recorded" }, { result: "duplicate" }])
      expect((await results(campaignId, messageId)).options[0]?.voters.map((v) => v.name)).toEqual(["Ann"])
      // the name is one event of its own, which is no outgoing poll.vote (webhookRelay)
      if (events !== null) expect(await web.eventCount()).toBe(events + 2)
      // no time on the vote nor the envelope: the voter's current choice again is a retry
      const undated = [
        ...(await vote(pollId, "15551110031@c.us", ["Blue"], "WEBJS", { undated: true })),
        ...(await vote(pollId, "15551110031@c.us", ["Blue"], "WEBJS", { undated: true })),
        ...(await vote(pollId, "15551110031@c.us", ["Red"], "WEBJS", { undated: true }))
      ]
      expect(undated.map((a) => a.body)).toEqual([
        { result: "recorded" },
        { result: "duplicate" },
        { result: "recorded" }
      ])
      expect(await counts(campaignId, messageId)).toEqual([
        ["Red", 2, ["15551110030@c.us", "15551110031@c.us"]],
        ["Blue", 0, []]
      ])
    })

    it("the CSV has a row per voter in the organiser's time zone, formulas escaped", async () => {
      await owner.api.auth.setPreferences.mutate({ timeZone: "Europe/Berlin", locale: "en-GB" })
      const { campaignId, messageId, pollId } = await sentPoll(["=1+1", "Later"], true)
      const at = Date.parse("2026-01-15T08:30:00Z")
      await vote(pollId, "15551110009@c.us", ["=1+1", "Later"], "GOWS", { votedAtMs: Date.now(), pushName: "Bo, Jr" })
      await vote(pollId, "15551110008@c.us", [], "NOWEB", { failed: true, votedAtMs: at })
      const { filename, csv } = await owner.api.campaign.pollResultsCsv.query({ campaignId, messageId })
      expect(filename).toBe(`poll-results-${messageId}.csv`)
      const lines = csv.split("\r\n")
      expect(lines[0]).toBe("Voter,Number,WhatsApp id,Choices,Voted at (Europe/Berlin)")
      expect(lines[1]).toBe("+15551110008,+15551110008,15551110008@c.us,(could not be read),2026-01-15 09:30")
      expect(lines[2]).toMatch(/^"Bo, Jr",\+15551110009,15551110009@c\.us,"'=1\+1; Later",\d{4}-\d\d-\d\d \d\d:\d\d$/)
      expect(lines.slice(3)).toEqual([""])
    })

    it("forged, foreign and unfitting votes are refused or ignored and record nothing", async () => {
      const { campaignId, messageId, textMessageId, pollId, textId } = await sentPoll(["Yes", "No"])
      const events = web.store.kind === "memory" ? await web.eventCount() : null
      const refused = [
        ...(await vote(pollId, "15551110001@c.us", ["Yes"], "NOWEB", { signature: "none" })),
        ...(await vote(pollId, "15551110001@c.us", ["Yes"], "NOWEB", { signature: "wrong-key" }))
      ]
      expect(refused.map((a) => a.status)).toEqual([401, 401])
      const notRecorded = [
        // a poll Herald did not send (from the phone, another tool)
        ...(await vote(pollId, "15551110001@c.us", ["Yes"], "GOWS", {
          pollIdAs: `true_${GROUP.groupId}_SOMEONEELSES`
        })),
        // Herald's poll named in another chat
        ...(await vote(pollId, "15551110001@c.us", ["Yes"], "GOWS", {
          pollIdAs: `true_120363000000000999@g.us_${pollId.split("_")[2]}`
        })),
        // a text message is not a poll
        ...(await vote(textId, "15551110001@c.us", ["Yes"], "NOWEB")),
        // options the poll has not, and two on a one-answer poll
        ...(await vote(pollId, "15551110001@c.us", ["Maybe"], "NOWEB")),
        ...(await vote(pollId, "15551110001@c.us", ["Yes", "No"], "NOWEB"))
      ]
      expect(notRecorded.map((a) => [a.status, a.body])).toEqual([
        [200, { result: "unknown" }],
        [200, { result: "ignored" }],
        [200, { result: "ignored" }],
        [200, { result: "ignored" }],
        [200, { result: "ignored" }]
      ])
      // another session's name
      const otherSession = await postWebhook(fake, {
        session: sessionName,
        event: "poll.vote",
        deliverTo: web.url,
        payload: null,
        raw: JSON.stringify({
          event: "poll.vote",
          session: "nobody_here",
          payload: {
            vote: { id: "false_x_1", from: "15551110001@c.us", selectedOptions: ["Yes"], timestamp: Date.now() },
            poll: { id: pollId, fromMe: true }
          }
        })
      })
      expect(otherSession.map((a) => a.body)).toEqual([{ result: "unknown" }])
      expect((await results(campaignId, messageId)).options.map((o) => o.count)).toEqual([0, 0])
      if (events !== null) expect(await web.eventCount()).toBe(events)
      // a text has no poll results; someone else's campaign is not found
      expect(await codeOf(results(campaignId, textMessageId))).toBe("NOT_FOUND")
      expect(web.logs.some((l) => l.text.includes("poll vote"))).toBe(true)
    })

    it.skipIf(store().kind === "memory")("votes are still there after the web process restarts", async () => {
      const { campaignId, messageId, pollId } = await sentPoll(["Red", "Blue"])
      await vote(pollId, "15551110001@c.us", ["Blue"], "WEBJS")
      const before = await results(campaignId, messageId)
      await web.close()
      await start()
      await owner.api.auth.signIn.mutate({ email: ADMIN_EMAIL, password: PASSWORD })
      expect(await results(campaignId, messageId)).toEqual(before)
      expect(before.options.map((o) => o.count)).toEqual([0, 1])
    })
  })
}

describePollVotes("memory", () => ({ kind: "memory" }))

describe("poll votes on SQLite", () => {
  const folder = mkdtempSync(join(tmpdir(), "herald-polls-"))
  afterAll(() => rmSync(folder, { recursive: true, force: true }))
  describePollVotes("sqlite", () => ({ kind: "sqlite", path: join(folder, "herald.db") }))
})

describe.skipIf(mongoTestUrl() === null)(
  mongoTestUrl() === null ? `poll votes on Mongo: ${MONGO_SKIP_REASON}` : "poll votes on Mongo",
  () => {
    afterAll(dropTestDatabases)
    describePollVotes("mongo", () => ({ kind: "mongo", url: freshDatabaseUrl("polls") }))
  }
)
