import { readFileSync } from "node:fs"
import type { Browser, BrowserContext, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  seriousA11yViolations,
  startStandalone,
  watchForErrors
} from "../support/browser.ts"
import { browserApi } from "../support/browserApi.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, postPollVote, startFakeWaha } from "../support/FakeWahaServer.ts"

// Poll results on the campaign page (issue 25 item 3), in Chromium against the standalone process
// and the fake WAHA: a poll is sent, the fake posts signed votes as WAHA does, and the page shows
// each option's count and voters as they arrive, the votes it could not read, and a CSV to download.

const SECRET = "whsec-browser-0123456789abcdef0123456789abcdef"
const GROUP = { groupId: "120363000000000055@g.us", groupName: "Choir" }
const TIME_ZONE = "Europe/Paris"
const SHOTS = "/tmp/shots-h25-polls"

describe.skipIf(!chromiumAvailable)(
  `poll results on the campaign page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    let context: BrowserContext
    let api: ReturnType<typeof browserApi>
    let sessionName: string

    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({
          GATEWAY_API_URL: fake.url,
          GATEWAY_API_KEY: FAKE_WAHA_API_KEY,
          GATEWAY_WEBHOOK_SECRET: SECRET
        })
      ])
      context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-GB", acceptDownloads: true })
      api = browserApi(context.request, herald.url)
      await api.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
      await api.auth.setPreferences.mutate({ timeZone: TIME_ZONE, locale: "en-GB" })
      ;({ sessionName } = await api.user.initiateMessagingSession.mutate())
      fake.setSessionStatus(sessionName, "WORKING")
    })
    afterAll(async () => {
      await context?.close()
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    const openPage = async (): Promise<{ page: Page; errors: Array<string> }> => {
      const page = await context.newPage()
      return { page, errors: watchForErrors(page) }
    }

    it("counts and voters show as votes arrive, the unreadable apart; the CSV downloads; desktop and phone, axe clean", async () => {
      const { id } = await api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Rehearsal day",
        messages: [
          {
            content: "Which day suits you?",
            scheduledAt: new Date(Date.now() + 1_500).toISOString(),
            poll: { options: ["Saturday", "Sunday", "Either"], multipleAnswers: false }
          }
        ]
      })
      const { page, errors } = await openPage()
      await page.setViewportSize({ width: 1280, height: 800 })
      await page.goto(`${herald.url}/campaigns/${id}`)
      const results = page.getByTestId("poll-results")
      await results.waitFor({ timeout: 20_000 })
      await results.getByText("No votes yet. They show here as people vote.").waitFor()
      const pollId = fake.chatHistory(sessionName, GROUP.groupId).find((m) => m.body === null)?.id
      expect(pollId).toMatch(/^true_/)

      const vote = async (
        voter: string,
        options: ReadonlyArray<string>,
        extra: { failed?: boolean; pushName?: string } = {}
      ) => {
        const answers = await postPollVote(fake, {
          session: sessionName,
          deliverTo: herald.url,
          pollMessageId: pollId!,
          chatId: GROUP.groupId,
          voter,
          options,
          engine: "GOWS",
          ...extra
        })
        expect(answers.map((a) => a.body)).toEqual([{ result: "recorded" }])
      }
      const counts = () => results.getByTestId("poll-count").allTextContents()

      await vote("33612345678@c.us", ["Sunday"], { pushName: "Camille" })
      await vote("33698765432@c.us", ["Sunday"])
      await eventually("two votes for Sunday on the page", counts, (c) => c.join() === "0 votes,2 votes,0 votes")
      await results.getByText("2 people voted.").waitFor()
      // who chose it, behind its summary
      const sunday = results.getByTestId("poll-option").filter({ hasText: "Sunday" })
      await sunday.getByText("Who chose it").click()
      await sunday.getByText(/^Camille ·/).waitFor()
      await sunday.getByText(/^\+33698765432 ·/).waitFor()

      // Camille changes her mind; someone's vote cannot be read
      await vote("33612345678@c.us", ["Either"], { pushName: "Camille" })
      await vote("4455667788@lid", [], { failed: true })
      await eventually("the vote moved to Either", counts, (c) => c.join() === "0 votes,1 vote,1 vote")
      const unreadable = results.getByTestId("poll-unreadable")
      await unreadable
        .getByText("1 vote Herald could not read: WhatsApp did not pass the choice on. Ask them to vote again.")
        .waitFor()
      await unreadable.getByText(/^Someone \(number hidden\) ·/).waitFor()
      await page.screenshot({ path: `${SHOTS}/poll-results-desktop.png`, fullPage: true })

      const [download] = await Promise.all([
        page.waitForEvent("download"),
        results.getByRole("button", { name: "Download the votes (CSV)" }).click()
      ])
      expect(download.suggestedFilename()).toMatch(/^poll-results-.+\.csv$/)
      const csv = readFileSync((await download.path())!, "utf8").replace(/^\uFEFF/, "")
      const lines = csv.split("\r\n")
      expect(lines[0]).toBe(`Voter,Number,WhatsApp id,Choices,Voted at (${TIME_ZONE})`)
      expect(lines.slice(1, 4).map((l) => l.split(",").toSpliced(2, 1).slice(0, 3).join(","))).toEqual([
        "+33698765432,+33698765432,Sunday",
        "Camille,+33612345678,Either",
        "Someone (number hidden),,(could not be read)"
      ])
      expect(lines[1]).toMatch(/,\d{4}-\d\d-\d\d \d\d:\d\d$/)

      expect(await seriousA11yViolations(page)).toEqual([])
      await page.setViewportSize({ width: 390, height: 844 })
      await results.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/poll-results-phone.png`, fullPage: true })
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })

    it("a campaign's polls are asked again together: one request each 5 s in the hour after the send, none while hidden, one a minute later; the page says lost votes need a second vote", async () => {
      const at = (ms: number) => new Date(Date.now() + ms).toISOString()
      const { id } = await api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Two polls",
        messages: [
          { content: "Which day?", scheduledAt: at(1_000), poll: { options: ["Sat", "Sun"], multipleAnswers: false } },
          { content: "Which time?", scheduledAt: at(4_000), poll: { options: ["Am", "Pm"], multipleAnswers: false } }
        ]
      })
      // a context of its own, signed in as the others: Playwright's clock is the context's, and the
      // other tests' pages keep real time; the page's timers move only when the test moves them
      const clocked = await browser.newContext({
        timezoneId: TIME_ZONE,
        locale: "en-GB",
        storageState: await context.storageState()
      })
      await clocked.clock.install()
      const page = await clocked.newPage()
      const errors = watchForErrors(page)
      const asked: Array<string> = []
      let pending = 0
      page.on("request", (request) => {
        const path = new URL(request.url()).pathname
        if (!path.includes("campaign.pollResults")) return
        // the poll procedures of the batch (another query due at the same moment may share it)
        asked.push(
          path
            .slice(path.lastIndexOf("/") + 1)
            .split(",")
            .filter((procedure) => procedure === "campaign.pollResults")
            .join(",")
        )
        pending += 1
      })
      const settled = (request: { url: () => string }) => {
        if (new URL(request.url()).pathname.includes("campaign.pollResults")) pending -= 1
      }
      page.on("requestfinished", settled)
      page.on("requestfailed", settled)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const results = page.getByTestId("poll-results")
      await eventually(
        "both polls' results on the page",
        () => results.count(),
        (n) => n === 2,
        30_000
      )
      await results
        .first()
        .getByText(
          "Votes cast while Herald was unreachable are not counted; ask people to vote again if numbers look low."
        )
        .waitFor()
      await page.clock.pauseAt(Date.now() + 1_000)
      /** Moves the page's clock `ms` on, then lets what that started (the batch, the answer) finish. */
      const advance = async (ms: number) => {
        await page.clock.runFor(ms)
        for (let i = 0; i < 3; i++) {
          await page.clock.runFor(1)
          await eventually(
            "the poll requests answered",
            async () => pending,
            (n) => n === 0
          )
        }
      }
      /** the requests asked in `span` ms, the clock moved on 1 s at a time */
      const askedOver = async (span: number) => {
        asked.length = 0
        for (let t = 0; t < span; t += 1_000) await advance(1_000)
        return [...asked]
      }
      const both = "campaign.pollResults,campaign.pollResults"
      await askedOver(5_000) // onto the refresh's own rhythm
      // sent within the hour: exactly one request per 5 s, asking for both polls at once
      expect(await askedOver(30_000)).toEqual([both, both, both, both, both, both])
      // a hidden tab asks nothing
      await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: EventTarget }).document
        Object.defineProperty(doc, "visibilityState", { configurable: true, get: () => "hidden" })
        doc.dispatchEvent(new Event("visibilitychange"))
      })
      expect(await askedOver(30_000)).toEqual([])
      await page.evaluate(() => {
        const doc = (globalThis as unknown as { document: EventTarget }).document
        Object.defineProperty(doc, "visibilityState", { configurable: true, get: () => "visible" })
        doc.dispatchEvent(new Event("visibilitychange"))
      })
      // an hour after the sends: once a minute
      await page.clock.fastForward(60 * 60_000)
      await askedOver(60_000) // onto the minute's rhythm
      expect(await askedOver(180_000)).toEqual([both, both, both])
      expect(errors).toEqual([])
      await clocked.close()
    })

    it("a WhatsApp connection made before Herald asked for votes: the poll says votes cannot come and what to do", async () => {
      const { id } = await api.campaign.create.mutate({
        sessionName,
        ...GROUP,
        title: "Old connection",
        messages: [
          {
            content: "Coming?",
            scheduledAt: new Date(Date.now() + 1_500).toISOString(),
            poll: { options: ["Yes", "No"], multipleAnswers: false }
          }
        ]
      })
      await eventually(
        "the poll is sent",
        () => api.campaign.get.query({ id }),
        (c) => c.messages[0]?.status === "SENT",
        20_000
      )
      // the session's webhook at WAHA carries receipts only, as one made before poll votes
      const session = fake.sessions.get(sessionName)
      if (session === undefined) throw new Error("the fake lost the session")
      const config = session.config
      session.config = {
        webhooks: [{ url: `${herald.url}/api/webhooks/waha`, events: ["message.ack", "message.ack.group"] }]
      }
      try {
        const { page, errors } = await openPage()
        await page.goto(`${herald.url}/campaigns/${id}`)
        await page
          .getByTestId("poll-results")
          .getByText(
            "Votes cannot reach Herald: your WhatsApp was connected before Herald listened for votes. Log out and connect it again on the WhatsApp page to see votes on polls sent after that."
          )
          .waitFor({ timeout: 20_000 })
        expect(errors).toEqual([])
        await page.close()
      } finally {
        session.config = config
      }
    })
  }
)
