import type { Browser } from "playwright-core"
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
import { engineGroups } from "../support/wahaEngineFixtures.ts"

// A campaign to several groups, planned in the browser against the standalone process sending to
// the fake WAHA: each group gets its own copy of every message, and the campaign page says where
// each group stands.

const TIME_ZONE = "Asia/Kolkata"
/** The next whole minute at least `leadMs` ahead, in TIME_ZONE. */
const nextMinute = (leadMs: number) => nextWholeMinute(TIME_ZONE, leadMs)

const CLUBS = [
  { id: "120363000000000101@g.us", subject: "Club A" },
  { id: "120363000000000102@g.us", subject: "Club B" },
  { id: "120363000000000103@g.us", subject: "Club C" }
]

describe.skipIf(!chromiumAvailable)(
  `a campaign to several groups (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ GATEWAY_API_URL: fake.url, GATEWAY_API_KEY: FAKE_WAHA_API_KEY })
      ])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    it("two groups picked in the form each receive the message; the campaign page shows both groups' state", async () => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
      const { sessionName } = await call.user.initiateMessagingSession.mutate()
      fake.setGroups(sessionName, engineGroups("WEBJS", CLUBS))
      fake.setSessionStatus(sessionName, "WORKING")
      await eventually(
        "the session is WORKING",
        () => call.user.getSessionStatus.query({ sessionName }),
        (s) => s.status === "WORKING"
      )
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByRole("checkbox", { name: "Club A" }).check()
      // one group reads as before: the simple case
      await page.getByText("Chosen: Club A").waitFor()
      await page.getByRole("checkbox", { name: "Club C" }).check()
      await page.getByRole("checkbox", { name: "Club B" }).check()
      await page.getByText("Chosen: 3 groups").waitFor()
      // a chip takes one off again
      await page.getByRole("button", { name: "Remove Club C" }).click()
      await page.getByText("Chosen: 2 groups").waitFor()
      expect(await page.getByRole("checkbox", { name: "Club C" }).isChecked()).toBe(false)

      await page.getByRole("radio", { name: "Messages on dates I choose" }).check()
      const due = nextMinute(25_000)
      await page.getByLabel("Date of message 1").fill(due.date)
      await page.getByLabel("Time of message 1").fill(due.time)
      await page.getByLabel("Text of message 1").fill("Training moves to the big hall.")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      await expect(page.getByTestId("preview-targets").textContent()).resolves.toBe(
        "Each message goes to 2 groups (Club A and Club B): 2 sends in all."
      )
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/[^/]+$/)
      await page.getByRole("heading", { name: "Club A and 1 more" }).waitFor()
      await page.getByText("To 2 groups:").waitFor()

      await page.getByText("Status: Completed").waitFor({ timeout: Math.max(0, due.at - Date.now()) + 30_000 })
      const sent = fake.sent.filter((m) => m.text === "Training moves to the big hall.").map((m) => m.chatId)
      expect(sent.sort()).toEqual([CLUBS[0]?.id, CLUBS[1]?.id])
      const rows = page.getByTestId("target-row")
      await expect(rows.count()).resolves.toBe(2)
      for (const name of ["Club A", "Club B"]) {
        const row = rows.filter({ hasText: name })
        await row.getByText("State: Completed").waitFor()
        await expect(row.getByRole("cell").nth(1).textContent()).resolves.toBe("1 of 1")
      }
      // each message row says which group it went to; the filter shows one group's
      await expect(page.getByTestId("message-group").allTextContents()).resolves.toEqual(
        expect.arrayContaining(["to Club A", "to Club B"])
      )
      await page.getByLabel("Show the messages to").selectOption({ label: "Club B" })
      await expect(page.getByTestId("message-group").allTextContents()).resolves.toEqual(["to Club B"])
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click()
      await page.getByText("To Club A and Club B").waitFor()
      expect(errors).toEqual([])
      await context.close()
    }, 120_000)

    it("one group refusing: the campaign page says which group failed and why, in plain words", async () => {
      const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: "en-US" })
      const call = browserApi(context.request, herald.url)
      await call.auth.signIn.mutate({ email: "owner@example.org", password: "correct horse battery" })
      const { sessionName } = await call.user.initiateMessagingSession.mutate()
      fake.setSessionStatus(sessionName, "WORKING")
      const [clubA, , clubC] = CLUBS.map((c) => ({ groupId: c.id, groupName: c.subject }))
      fake.refuseChat(clubC!.groupId, 400, { statusCode: 400, message: "Chat not found", error: "Bad Request" })
      const { id } = await call.campaign.create.mutate({
        sessionName,
        targets: [clubA!, clubC!],
        messages: [{ content: "Training is off", scheduledAt: new Date(Date.now() + 2_000).toISOString() }]
      })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const alert = page.getByRole("alert").filter({ hasText: "This campaign failed" })
      await alert
        .getByText(
          "This campaign failed in the group Club C. WhatsApp could not deliver to the group: this number is no longer in it, or the group is gone.",
          { exact: true }
        )
        .waitFor({ timeout: 20_000 })
      await alert.getByText("Details", { exact: true }).click()
      await alert.getByText(/^group Club C: failed to send message: gateway answered 400: /).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      fake.acceptChat(clubC!.groupId)
      await context.close()
    }, 60_000)
  }
)
