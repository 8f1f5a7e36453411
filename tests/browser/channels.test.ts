import type { Browser, Page } from "playwright-core"
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
import { nextWholeMinute } from "../support/calendar.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"
import { PDF_BYTES } from "../support/mediaFixtures.ts"
import { engineGroups } from "../support/wahaEngineFixtures.ts"

// WhatsApp Channels as targets (issue 25 item 1), planned in the browser against the standalone
// process sending to the fake WAHA (WEBJS 2026.7.1): the picker lists the channels the number owns
// or administers, "mention everyone" and documents are not offered for them, and the campaign page
// shows the channel's copies as sent without pretending to receipts. SCREENSHOTS=<dir> keeps
// screenshots at 1280 and 390 px.

const TIME_ZONE = "Europe/Berlin"
const SHOTS = process.env["SCREENSHOTS"]
const OWNER = "owner@example.org"
const PASSWORD = "correct horse battery"
const CLUB = { id: "120363000000000201@g.us", subject: "Club A" }
const NEWS = { id: "120363000000000301@newsletter", name: "Club news", role: "OWNER", subscribersCount: 240 }
const FOLLOWED = { id: "120363000000000302@newsletter", name: "City council", role: "SUBSCRIBER" }

const shoot = async (page: Page, name: string) => {
  if (SHOTS !== undefined) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true })
}

describe.skipIf(!chromiumAvailable)(
  `WhatsApp channels as targets (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    let sessionName: string
    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ GATEWAY_API_URL: fake.url, GATEWAY_API_KEY: FAKE_WAHA_API_KEY })
      ])
      // the owner (the first account: no approval needed), whose number runs Club news and follows City council
      const context = await browser.newContext()
      const call = browserApi(context.request, herald.url)
      await call.auth.signUp.mutate({ email: OWNER, password: PASSWORD, name: "Owner" })
      ;({ sessionName } = await call.user.initiateMessagingSession.mutate())
      fake.setGroups(sessionName, engineGroups("WEBJS", [CLUB]))
      fake.setChannels(sessionName, [NEWS, FOLLOWED])
      fake.setSessionStatus(sessionName, "WORKING")
      await eventually(
        "the session is WORKING",
        () => call.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )
      await context.close()
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    // first: a version that can post to channels is kept a minute (GatewayDirectory)
    it("a gateway too old for channels: the picker says why instead of listing them", async () => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: OWNER, password: PASSWORD })
      // Plus: WAHA Core before 2026.6.1 allows only the session "default"
      fake.setServerVersion({ version: "2026.1.2", engine: "WEBJS", tier: "PLUS" })
      try {
        const page = await context.newPage()
        await page.goto(`${herald.url}/campaigns/new`)
        await page.getByRole("button", { name: "Preview" }).waitFor()
        await page.getByRole("button", { name: "Channels" }).click()
        await page
          .getByText(
            "Channels cannot be chosen here: the messaging gateway (WAHA 2026.1.2 on WEBJS) cannot post to WhatsApp channels reliably: that needs WAHA 2026.3.3 or later; send to groups instead, or ask the operator to upgrade."
          )
          .waitFor()
        await expect(page.getByRole("checkbox", { name: /Club news/ }).count()).resolves.toBe(0)
      } finally {
        fake.setServerVersion({ version: "2026.7.1", engine: "WEBJS", tier: "CORE" })
        await context.close()
      }
    }, 60_000)

    it("a group and a channel picked in the form; a document is refused for the channel; the channel's copy is shown as sent", async () => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: OWNER, password: PASSWORD })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByRole("checkbox", { name: "Club A" }).check()
      await page.getByRole("button", { name: "Channels" }).click()
      // only the channel the number owns: the one it follows is not offered
      const news = page.getByRole("checkbox", { name: /Club news/ })
      await news.waitFor()
      await page.getByText("You own this channel").waitFor()
      await expect(page.getByRole("checkbox", { name: /City council/ }).count()).resolves.toBe(0)
      await news.check()
      await page.getByText("Chosen: 1 group and 1 channel").waitFor()
      await page.getByText("Club news (channel)").waitFor()
      // mention everyone is not for channels, and says why
      const mention = page.getByRole("checkbox", { name: "Mention everyone" })
      expect(await mention.isDisabled()).toBe(true)
      await page.getByText(/Not for channels: a WhatsApp channel has followers, not members to mention/).waitFor()

      await page.getByRole("radio", { name: "Messages on dates I choose" }).check()
      const due = nextWholeMinute(TIME_ZONE, 25_000)
      await page.getByLabel("Date of message 1").fill(due.date)
      await page.getByLabel("Time of message 1").fill(due.time)
      await page.getByLabel("Text of message 1").fill("Season starts on Saturday.")
      // only images are offered; a document chosen anyway is named as one channels do not take
      const attach = page.getByLabel("Attach image to message 1")
      await page
        .getByText(/WhatsApp channels take images but not documents/)
        .first()
        .waitFor()
      await attach.setInputFiles({ name: "rules.pdf", mimeType: "application/pdf", buffer: PDF_BYTES })
      await page.getByText("rules.pdf · ").waitFor()
      await page
        .getByRole("alert")
        .filter({ hasText: /take images but not documents/ })
        .waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.setViewportSize({ width: 1280, height: 900 })
      await shoot(page, "new-campaign-channels-desktop")
      // the server refuses it at that message, nothing saved
      await page.getByRole("button", { name: "Preview" }).click()
      await page
        .getByRole("alert")
        .filter({ hasText: /WhatsApp channels take text, images, videos and polls, not documents: send this file/ })
        .first()
        .waitFor()
      await expect(call.campaign.list.query({ limit: 10 })).resolves.toMatchObject({ items: [] })
      await page.getByRole("button", { name: "Remove the file of message 1" }).click()

      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      await expect(page.getByTestId("preview-targets").textContent()).resolves.toBe(
        "Each message goes to 1 group and 1 channel (Club A and Club news): 2 sends in all."
      )
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/[^/]+$/)
      await page.getByText("To 1 group and 1 channel:").waitFor()
      await page.getByRole("heading", { name: "Channels (1)" }).waitFor()
      await page.getByText("WhatsApp does not tell channel admins who received or read a post").waitFor()

      await page.getByText("Status: Completed").waitFor({ timeout: Math.max(0, due.at - Date.now()) + 30_000 })
      const sent = fake.sent.filter((m) => m.text === "Season starts on Saturday.").map((m) => m.chatId)
      expect(sent.sort()).toEqual([CLUB.id, NEWS.id])
      const channelRow = page.getByRole("listitem").filter({ hasText: "to the channel Club news" })
      await channelRow.getByText("WhatsApp does not tell channel admins who received or read it.").waitFor()
      const groupRow = page.getByRole("listitem").filter({ hasText: "to Club A" })
      await expect(groupRow.getByText(/channel admins/).count()).resolves.toBe(0)
      expect(await seriousA11yViolations(page)).toEqual([])
      await shoot(page, "campaign-channels-desktop")

      await page.setViewportSize({ width: 390, height: 844 })
      await page.getByRole("heading", { name: "Channels (1)" }).waitFor()
      expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390)
      await shoot(page, "campaign-channels-phone")
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Channels" }).click()
      await page.getByRole("checkbox", { name: /Club news/ }).waitFor()
      expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390)
      await shoot(page, "new-campaign-channels-phone")
      expect(errors).toEqual([])
      await context.close()
    }, 120_000)

    it("a channel's poll says where its results are; progress has no delivered figure for channels; a failed post is named as the channel's", async () => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: OWNER, password: PASSWORD })
      // GOWS sends polls to channels (WEBJS does not)
      fake.setServerVersion({ version: "2026.7.1", engine: "GOWS", tier: "CORE" })
      try {
        const news = { groupId: NEWS.id, groupName: NEWS.name }
        const club = { groupId: CLUB.id, groupName: CLUB.subject }
        const soon = () => new Date(Date.now() + 1_500).toISOString()
        const { id: pollId } = await call.campaign.create.mutate({
          sessionName,
          targets: [news],
          title: "Lunch poll",
          messages: [
            { content: "Lunch?", scheduledAt: soon(), poll: { options: ["Pizza", "Sushi"], multipleAnswers: false } },
            { content: "Later news", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }
          ]
        })
        await eventually(
          "the poll is sent",
          () => call.campaign.get.query({ id: pollId }),
          (c) => c.messages.some((m) => m.poll !== undefined && m.poll !== null && m.status === "SENT")
        )
        const page = await context.newPage()
        const errors = watchForErrors(page)
        const resultsAsked: Array<string> = []
        page.on("request", (r) => {
          if (/pollResults/.test(r.url())) resultsAsked.push(r.url())
        })
        await page.setViewportSize({ width: 1280, height: 900 })
        await page.goto(`${herald.url}/campaigns/${pollId}`)
        const poll = page.getByTestId("poll")
        await poll
          .getByText("WhatsApp does not tell Herald how people vote on a channel's poll; see the results in WhatsApp.")
          .waitFor()
        await poll.getByText("Sushi").waitFor()
        await expect(page.getByTestId("poll-results").count()).resolves.toBe(0)
        await expect(page.getByText(/No votes yet/).count()).resolves.toBe(0)
        await expect(page.getByRole("button", { name: /Download the votes/ }).count()).resolves.toBe(0)
        // every target a channel: no delivered figure
        await page.getByText("1 sent / 2 total").waitFor()
        await expect(
          page.getByRole("progressbar", { name: "Progress of Lunch poll" }).getAttribute("aria-valuetext")
        ).resolves.toBe("1 sent / 2 total")
        // editing the channel's later message: mention everyone is greyed out, and says why
        await page.getByRole("button", { name: /^Edit the message of/ }).click()
        const mention = page.getByRole("checkbox", { name: "Mention everyone" })
        expect(await mention.isDisabled()).toBe(true)
        await page.getByText(/Not for channels: a WhatsApp channel has followers, not members to mention/).waitFor()
        expect(resultsAsked).toEqual([])
        expect(await seriousA11yViolations(page)).toEqual([])
        await shoot(page, "channel-poll-desktop")
        await page.setViewportSize({ width: 390, height: 844 })
        expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(390)
        await shoot(page, "channel-poll-phone")

        // a post WhatsApp refuses, beside a group's that goes
        fake.refuseChat(NEWS.id, 400)
        const { id: failedId } = await call.campaign.create.mutate({
          sessionName,
          targets: [club, news],
          title: "Match report",
          messages: [{ content: "We won!", scheduledAt: soon() }]
        })
        await eventually(
          "the campaign fails",
          () => call.campaign.get.query({ id: failedId }),
          (c) => c.status === "FAILED" && c.messages.some((m) => m.status === "SENT")
        )
        await page.setViewportSize({ width: 1280, height: 900 })
        await page.goto(`${herald.url}/campaigns/${failedId}`)
        await page.getByText("This campaign failed in the channel Club news.").waitFor()
        const failure = page.getByRole("alert").filter({ hasText: "This campaign failed" })
        await failure
          .getByText(
            "WhatsApp could not post to the channel: this number is no longer an owner or admin of the channel, or the channel is gone."
          )
          .waitFor()
        await expect(failure.getByText(/member of the group/).count()).resolves.toBe(0)
        // the channel's copy is left out of the delivered figure
        await page.getByText("1 sent / 0 delivered in groups / 2 total").waitFor()
        const channelRow = page.getByRole("listitem").filter({ hasText: "to the channel Club news" })
        await channelRow.getByText(/no longer an owner or admin of the channel/).waitFor()
        await shoot(page, "channel-failed-desktop")
        // the list says it as the channel's too
        await page.goto(`${herald.url}/campaigns`)
        const card = page.getByRole("listitem").filter({ hasText: "Match report" })
        await card.getByText(/^WhatsApp could not post to the channel/).waitFor()
        await card.getByText("Group and channel:").waitFor()
        await card.getByText("1 sent / 0 delivered in groups / 2 total").waitFor()
        expect(errors).toEqual([])
      } finally {
        fake.acceptChat(NEWS.id)
        fake.setServerVersion({ version: "2026.7.1", engine: "WEBJS", tier: "CORE" })
        await context.close()
      }
    }, 90_000)
  }
)
