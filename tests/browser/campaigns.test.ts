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
import { nextSpringForward, todayInParis } from "../support/calendar.ts"
import { eventually } from "../support/eventually.ts"
import type { FakeWaha } from "../support/FakeWahaServer.ts"
import { FAKE_WAHA_API_KEY, startFakeWaha } from "../support/FakeWahaServer.ts"

// The campaign list and campaign page in Chromium, against the standalone process. Campaigns are
// planned through the API (the planning form is tested on its own). The browser runs in
// Asia/Kolkata (UTC+05:30, no daylight saving) so that times shown and typed are visibly the
// viewer's, not the server's or UTC.

const TIME_ZONE = "Asia/Kolkata"
const LOCALE = "en-US"
const shown = new Intl.DateTimeFormat(LOCALE, { dateStyle: "medium", timeStyle: "short", timeZone: TIME_ZONE })
/** `yyyy-mm-dd` and `hh:mm` of an instant in TIME_ZONE (UTC+05:30), as the date and time inputs want them. */
const kolkata = (ms: number) => {
  const iso = new Date(ms + 5.5 * 3_600_000).toISOString()
  return { date: iso.slice(0, 10), time: iso.slice(11, 16) }
}
const minute = 60_000
const hour = 60 * minute

type Api = ReturnType<typeof browserApi>

interface Account {
  readonly context: BrowserContext
  readonly api: Api
  readonly sessionName: string
  readonly group: { readonly groupId: string; readonly groupName: string }
}

/**
 * The first account (ADMIN, ACTIVE) with its WhatsApp session WORKING: `connect` makes it so on
 * the gateway in use, `group` names the group its campaigns go to.
 */
const signUpAndConnect = async (
  browser: Browser,
  origin: string,
  gateway: {
    readonly connect: (sessionName: string, call: Api) => Promise<void>
    readonly group: (sessionName: string, call: Api) => Promise<Account["group"]>
  }
): Promise<Account> => {
  const context = await browser.newContext({ timezoneId: TIME_ZONE, locale: LOCALE })
  const call = browserApi(context.request, origin)
  await call.auth.signUp.mutate({ email: "owner@example.org", password: "correct horse battery", name: "Owner" })
  const { sessionName } = await call.user.initiateMessagingSession.mutate()
  await gateway.connect(sessionName, call)
  await eventually(
    "the session is WORKING",
    () => call.user.getSessionStatus.query({ sessionName }),
    (s) => s.status === "WORKING"
  )
  return { context, api: call, sessionName, group: await gateway.group(sessionName, call) }
}

const plan = async (account: Account, title: string, messages: ReadonlyArray<{ content: string; at: number }>) =>
  (
    await account.api.campaign.create.mutate({
      sessionName: account.sessionName,
      ...account.group,
      title,
      messages: messages.map((m) => ({ content: m.content, scheduledAt: new Date(m.at).toISOString() }))
    })
  ).id

const openPage = async (account: Account): Promise<{ page: Page; errors: Array<string> }> => {
  const page = await account.context.newPage()
  return { page, errors: watchForErrors(page) }
}

const messageRow = (page: Page, text: string) =>
  page.getByRole("list", { name: "Messages" }).getByRole("listitem").filter({ hasText: text })

describe.skipIf(!chromiumAvailable)(
  `campaign list and campaign page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    let account: Account
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
      // the sandbox gateway: the session connects 1.5 s after its QR code is first shown
      account = await signUpAndConnect(browser, herald.url, {
        connect: async (sessionName, call) => void (await call.user.getSessionQR.query({ sessionName })),
        group: async (sessionName, call) => (await call.user.getMessagingGroups.query({ sessionName })).items[0]!
      })
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("says there are no campaigns yet, with a link to plan one", async () => {
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns`)
      await page.getByRole("heading", { name: "No campaigns yet" }).waitFor()
      await page.getByRole("link", { name: "Plan your first campaign" }).click()
      await page.waitForURL(`${herald.url}/campaigns/new`)
      expect(errors).toEqual([])
      await page.close()
    })

    it("lists each campaign with its group, status in words, progress and next send in the viewer's zone; no serious a11y violation; fits 375 px", async () => {
      const first = Date.now() + 2 * hour
      await plan(account, "Weekly news", [
        { content: "Issue 1", at: first },
        { content: "Issue 2", at: first + hour }
      ])
      const { page, errors } = await openPage(account)
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${herald.url}/campaigns`)
      const card = page
        .getByRole("list", { name: "Your campaigns" })
        .getByRole("listitem")
        .filter({ hasText: "Weekly news" })
      await card.getByRole("link", { name: "Weekly news" }).waitFor()
      await expect(card.textContent()).resolves.toContain(account.group.groupName)
      await expect(card.textContent()).resolves.toContain("Scheduled")
      const bar = card.getByRole("progressbar", { name: "Progress of Weekly news" })
      await expect(bar.getAttribute("aria-valuetext")).resolves.toBe("0 sent / 0 delivered / 2 total")
      await expect(card.textContent()).resolves.toContain(`Next message: ${shown.format(first)}`)
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375)
      expect(await seriousA11yViolations(page)).toEqual([])
      await card.getByRole("link", { name: "Weekly news" }).click()
      await page.getByRole("heading", { name: "Weekly news" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })

    it("shows a message due in 3 s sent and the campaign COMPLETED without reloading", async () => {
      const id = await plan(account, "Right now", [{ content: "Hello in three seconds", at: Date.now() + 3_000 }])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const row = messageRow(page, "Hello in three seconds")
      await row.waitFor()
      await page.evaluate(() => Object.assign(globalThis, { notReloaded: true }))
      await row.getByText(/^Sent at /).waitFor({ timeout: 20_000 })
      await page.getByText("Status: Completed").waitFor({ timeout: 10_000 })
      await expect(page.getByRole("progressbar").getAttribute("aria-valuetext")).resolves.toMatch(
        /^1 sent \/ \d delivered \/ 1 total$/
      )
      expect(await page.evaluate(() => (globalThis as { notReloaded?: boolean }).notReloaded)).toBe(true)
      await expect(page.getByRole("button", { name: "Cancel campaign" }).count()).resolves.toBe(0)
      expect(errors).toEqual([])
      await page.close()
    })

    it("edits a message's text and time (typed in the viewer's zone)", async () => {
      const at = Date.now() + 3 * hour
      const id = await plan(account, "To edit", [
        { content: "First draft", at },
        { content: "Untouched", at: at + hour }
      ])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      await messageRow(page, "First draft").getByRole("button", { name: /^Edit/ }).click()
      const form = page.getByRole("form", { name: "Edit this message" })
      await form.getByLabel("Message text").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      // a time already past is refused at the field, before anything is sent
      const past = kolkata(Date.now() - hour)
      await form.getByLabel("Date").fill(past.date)
      await form.getByLabel("Time").fill(past.time)
      await form.getByRole("button", { name: "Save changes" }).click()
      // worded on the wall clock the form reads (the viewer's: this campaign has no zone of its own)
      // on the page's clock (en-US: 12 hours)
      await form.getByText(/, \d{1,2}:\d\d\s[AP]M Kolkata time has already passed\. Choose a later one\./).waitFor()
      const later = Math.floor((Date.now() + 5 * hour) / minute) * minute
      await form.getByLabel("Message text").fill("Final text")
      await form.getByLabel("Date").fill(kolkata(later).date)
      await form.getByLabel("Time").fill(kolkata(later).time)
      await form.getByRole("button", { name: "Save changes" }).click()
      // the form closes once the change is saved and shown
      await form.waitFor({ state: "detached" })
      const row = messageRow(page, "Final text")
      await expect(row.locator("time").first().textContent()).resolves.toBe(shown.format(later))
      // focus is back on the row's Edit button
      await expect(page.evaluate<string | undefined>("document.activeElement?.textContent")).resolves.toBe("Edit")
      const got = await account.api.campaign.get.query({ id })
      expect(got.messages.find((m) => m.content === "Final text")?.scheduledAt).toBe(new Date(later).toISOString())
      // the list is in time order: the edited message now comes after the untouched one
      await expect(
        page.getByRole("list", { name: "Messages" }).getByRole("listitem").first().textContent()
      ).resolves.toContain("Untouched")
      expect(errors).toEqual([])
      await page.close()
    })

    it("refuses a time the clocks skip in the viewer's zone (spring forward), at the field, instead of moving it", async () => {
      const at = Math.floor((Date.now() + 3 * hour) / minute) * minute
      const planned = new Date(at).toISOString()
      const id = await plan(account, "Gap", [{ content: "Before the change", at }])
      // the same account, seen from Paris
      const context = await browser.newContext({
        timezoneId: "Europe/Paris",
        locale: LOCALE,
        storageState: await account.context.storageState()
      })
      const page = await context.newPage()
      const errors = watchForErrors(page)
      await page.goto(`${herald.url}/campaigns/${id}`)
      await messageRow(page, "Before the change").getByRole("button", { name: /^Edit/ }).click()
      const form = page.getByRole("form", { name: "Edit this message" })
      await form.getByLabel("Date").fill(nextSpringForward(todayInParis()))
      await form.getByLabel("Time").fill("02:30")
      await form.getByRole("button", { name: "Save changes" }).click()
      await form.getByText("This time does not exist on that day in Europe/Paris: the clocks go forward.").waitFor()
      expect(await form.getByLabel("Date").getAttribute("aria-invalid")).toBe("true")
      // nothing was sent: the message keeps its time
      expect((await account.api.campaign.get.query({ id })).messages[0]!.scheduledAt).toBe(planned)
      expect(errors).toEqual([])
      await context.close()
    })

    it("an edit made elsewhere while the form is open is not overwritten: the form says so and reloads", async () => {
      // due within two minutes: the page asks every 2 s, so the other edit shows at once
      const id = await plan(account, "Shared", [{ content: "Original", at: Date.now() + 100_000 }])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      await messageRow(page, "Original").getByRole("button", { name: /^Edit/ }).click()
      const form = page.getByRole("form", { name: "Edit this message" })
      await form.getByLabel("Message text").fill("Mine")
      const messageId = (await account.api.campaign.get.query({ id })).messages[0]!.id
      await account.api.campaign.updateMessage.mutate({ campaignId: id, messageId, content: "Theirs" })
      await form.getByText("This message was changed elsewhere since you opened this form").waitFor()
      expect(await form.getByRole("button", { name: "Save changes" }).isDisabled()).toBe(true)
      // the typed text is still there until the user reloads
      expect(await form.getByLabel("Message text").inputValue()).toBe("Mine")
      expect((await account.api.campaign.get.query({ id })).messages[0]!.content).toBe("Theirs")
      await form.getByRole("button", { name: "Reload the form" }).click()
      expect(await form.getByLabel("Message text").inputValue()).toBe("Theirs")
      await form.getByLabel("Message text").fill("Theirs, and mine")
      await form.getByRole("button", { name: "Save changes" }).click()
      await form.waitFor({ state: "detached" })
      expect((await account.api.campaign.get.query({ id })).messages[0]!.content).toBe("Theirs, and mine")
      expect(errors).toEqual([])
      await page.close()
    })

    it("deletes a message after asking, and counts it out of the progress", async () => {
      const at = Date.now() + 3 * hour
      const long = `Keep me. ${"A long announcement line. ".repeat(30)}The very end.`
      const id = await plan(account, "To trim", [
        { content: long, at },
        { content: "Drop me", at: at + hour }
      ])
      const { page, errors } = await openPage(account)
      await page.setViewportSize({ width: 375, height: 800 })
      await page.goto(`${herald.url}/campaigns/${id}`)
      // a long text starts folded and opens on demand; the page fits a 375 px screen
      const unfold = messageRow(page, "Keep me").getByRole("button", { name: "Show the whole text" })
      await expect(unfold.getAttribute("aria-expanded")).resolves.toBe("false")
      await unfold.click()
      await expect(
        messageRow(page, "Keep me").getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")
      ).resolves.toBe("true")
      expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(375)
      const row = messageRow(page, "Drop me")
      await row.getByRole("button", { name: /^Delete/ }).click()
      await row.getByRole("button", { name: "No, keep it" }).click()
      await row.getByRole("button", { name: /^Delete/ }).click()
      await row.getByRole("button", { name: "Yes, delete it" }).click()
      await row.getByText("Deleted: it will not be sent.").waitFor()
      await expect(row.getByRole("button").count()).resolves.toBe(0)
      await expect(page.getByRole("progressbar").getAttribute("aria-valuetext")).resolves.toBe(
        "0 sent / 0 delivered / 1 total"
      )
      const got = await account.api.campaign.get.query({ id })
      expect(got.messages.map((m) => m.status).sort()).toEqual(["DELETED", "SCHEDULED"])
      expect(errors).toEqual([])
      await page.close()
    })

    it("cancels the campaign after asking: CANCELLED, and its messages can no longer be edited or deleted", async () => {
      const at = Date.now() + 3 * hour
      const id = await plan(account, "To cancel", [
        { content: "Never sent", at },
        { content: "Nor this", at: at + hour }
      ])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      await page.getByRole("button", { name: "Cancel campaign" }).click()
      await page.getByRole("button", { name: "Yes, cancel the campaign" }).click()
      await page.getByText("Status: Cancelled").first().waitFor()
      await expect(page.getByRole("button", { name: /^(Edit|Delete|Cancel campaign)/ }).count()).resolves.toBe(0)
      await messageRow(page, "Never sent").getByText("Cancelled with the campaign").waitFor()
      expect((await account.api.campaign.get.query({ id })).status).toBe("CANCELLED")
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })

    it("says so when a campaign does not exist", async () => {
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/no-such-campaign`)
      await page.getByText("This campaign does not exist, or it is not yours.").waitFor()
      // the 404 answer of campaign.get is logged by the browser as a failed resource
      expect(errors.filter((e) => !/Failed to load resource: .* 404/.test(e))).toEqual([])
      await page.close()
    })

    it("opens a 1,000-message campaign with every message listed", async () => {
      const start = Date.now() + 6 * hour
      const messages = Array.from({ length: 1_000 }, (_, i) => ({
        content: `Message number ${i + 1}`,
        at: start + i * minute
      }))
      await plan(account, "A thousand", messages)
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns`)
      await page.getByRole("link", { name: "A thousand" }).waitFor()
      // timed in the page: when campaign.get's answer is read, when the first row and the 1,000th are in the document
      await page.evaluate(`(() => {
      const t = globalThis.renderTimes = {}
      const fetch = globalThis.fetch
      globalThis.fetch = async (...args) => { const r = await fetch(...args); if (String(args[0]).includes("campaign.get")) { await r.clone().text(); t.answered = performance.now() } return r }
      new MutationObserver(() => {
        const rows = document.querySelectorAll('ol[aria-label="Messages"] > li').length
        if (rows > 0) t.first ??= performance.now()
        if (rows === 1000) t.all ??= performance.now()
      }).observe(document.body, { childList: true, subtree: true })
    })()`)
      await page.getByRole("link", { name: "A thousand" }).click()
      await messageRow(page, "Message number 1000").waitFor({ state: "attached" })
      const t = await page.evaluate<{ answered: number; first: number; all: number }>("globalThis.renderTimes")
      // for information (the bench measures it): React's development build, as vitest builds the app, is slower
      console.info(
        `[campaigns] 1,000-message campaign: first rows in the page ${Math.round(t.first - t.answered)} ms after campaign.get's answer was read, all ${Math.round(t.all - t.answered)} ms after`
      )
      await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem").count()).resolves.toBe(1_000)
      expect(errors).toEqual([])
      await page.close()
    })

    it("pages the list 20 at a time with Show more", async () => {
      const at = Date.now() + 8 * hour
      for (let i = 1; i <= 16; i++) await plan(account, `Filler ${i}`, [{ content: "x", at: at + i * minute }])
      const total = (await account.api.campaign.list.query({ limit: 100 })).items.length
      expect(total).toBeGreaterThan(20)
      const { page, errors } = await openPage(account)
      // newest first (the list's other order, kept in the address; next send first is the default)
      await page.goto(`${herald.url}/campaigns?sort=created`)
      const cards = page.getByRole("list", { name: "Your campaigns" }).getByRole("listitem")
      await page.getByRole("link", { name: "Filler 16" }).waitFor()
      await expect(cards.count()).resolves.toBe(20)
      // newest first: the first campaign planned is on the second page
      await expect(page.getByRole("link", { name: "Weekly news" }).count()).resolves.toBe(0)
      await page.getByRole("button", { name: "Show more" }).click()
      await page.getByRole("link", { name: "Weekly news" }).waitFor()
      await expect(cards.count()).resolves.toBe(total)
      await expect(page.getByRole("button", { name: "Show more" }).count()).resolves.toBe(0)
      expect(errors).toEqual([])
      await page.close()
    })
  }
)

describe.skipIf(!chromiumAvailable)(
  `a gateway failure on the campaign page (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let fake: FakeWaha
    let herald: Standalone
    let account: Account
    beforeAll(async () => {
      fake = await startFakeWaha()
      ;[browser, herald] = await Promise.all([
        launchChromium(),
        startStandalone({ GATEWAY_API_URL: fake.url, GATEWAY_API_KEY: FAKE_WAHA_API_KEY })
      ])
      account = await signUpAndConnect(browser, herald.url, {
        connect: async (sessionName) => fake.setSessionStatus(sessionName, "WORKING"),
        group: async () => ({ groupId: "1000@g.us", groupName: "Fake group" })
      })
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
      await fake?.close()
    })

    it("shows the FAILED campaign and the message's reason", async () => {
      fake.respondWith(500, { message: "boom" })
      const id = await plan(account, "Doomed", [
        { content: "Will fail", at: Date.now() + 2_000 },
        { content: "Later one", at: Date.now() + 3 * hour }
      ])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      await page.getByText("Status: Failed").first().waitFor({ timeout: 20_000 })
      const reason = (await account.api.campaign.get.query({ id })).messages.find(
        (m) => m.content === "Will fail"
      )?.failureReason
      expect(reason).toMatch(/gateway answered 500/)
      // in plain words; the stored reason only behind "Details"
      const row = messageRow(page, "Will fail")
      await row.getByText("Not sent. WhatsApp did not accept the message.", { exact: true }).waitFor()
      await row.getByText(/^What to do: Send it again; if it fails again, /).waitFor()
      await expect(row.getByText(reason ?? "", { exact: true }).isVisible()).resolves.toBe(false)
      await row.getByText("Details", { exact: true }).click()
      await row.getByText(reason ?? "", { exact: true }).waitFor()
      await expect(page.getByRole("alert").first().textContent()).resolves.toContain("This campaign failed")
      // its other message is still due: the campaign can still be cancelled
      await page.getByRole("button", { name: "Cancel campaign" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await page.close()
    })

    it("a group that refuses (WAHA's 400 Chat not found): the campaign and its message say so in plain words and what to do, the reason behind Details; by keyboard, on a phone, axe clean", async () => {
      const refusing = "1000@g.us"
      fake.latency(0)
      fake.refuseChat(refusing, 400, { statusCode: 400, message: "Chat not found", error: "Bad Request" })
      try {
        const id = await plan(account, "Choir news", [
          { content: "Rehearsal moves to 7 pm", at: Date.now() + 2_000 },
          { content: "Concert on Sunday", at: Date.now() + 26 * hour }
        ])
        const { page, errors } = await openPage(account)
        await page.setViewportSize({ width: 1280, height: 800 })
        await page.goto(`${herald.url}/campaigns/${id}`)
        await page.getByText("Status: Failed").first().waitFor({ timeout: 20_000 })
        const got = await account.api.campaign.get.query({ id })
        expect(got.failureKind).toBe("group")
        const reason = got.failureReason ?? ""
        expect(reason).toMatch(/gateway answered 400: .*Chat not found/)
        // the campaign: the sentence and the next step, never the gateway's words
        const alert = page.getByRole("alert").filter({ hasText: "This campaign failed." })
        await alert
          .getByText(
            "This campaign failed. WhatsApp could not deliver to the group: this number is no longer in it, or the group is gone.",
            { exact: true }
          )
          .waitFor()
        await alert
          .getByText(
            "What to do: Check on your phone that this number is still a member of the group, then send the message again.",
            { exact: true }
          )
          .waitFor()
        const sentence = (await alert.locator("p").allTextContents()).slice(0, 3).join(" ")
        expect(sentence).not.toMatch(/gateway|HTTP|WAHA|400|[{}"]|statusCode|\d{4}-\d\d-\d\dT/)
        const details = alert.locator("details")
        await expect(details.getAttribute("open")).resolves.toBeNull()
        // by keyboard: Tab to "Details", Enter opens it
        await alert.getByText("Details", { exact: true }).focus()
        await page.keyboard.press("Enter")
        await alert.getByText(reason, { exact: true }).waitFor()
        // the message: the same words, its own Details
        const row = messageRow(page, "Rehearsal moves to 7 pm")
        await row.getByText(/^Not sent\. WhatsApp could not deliver to the group: /).waitFor()
        await row.getByText(/^What to do: Check on your phone /).waitFor()
        await row.getByText("Details", { exact: true }).click()
        await row.getByText(reason, { exact: true }).waitFor()
        expect(await seriousA11yViolations(page)).toEqual([])
        const shots = process.env.FAILURE_SCREENSHOTS
        if (shots) await page.screenshot({ path: `${shots}/failure-plain-words.png`, fullPage: true })
        // on a phone: nothing wider than the screen, still axe clean
        await page.setViewportSize({ width: 390, height: 844 })
        await page.reload()
        await alert.getByText("Details", { exact: true }).click()
        await alert.getByText(reason, { exact: true }).waitFor()
        expect(await page.evaluate<number>("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390)
        expect(await seriousA11yViolations(page)).toEqual([])
        if (shots) await page.screenshot({ path: `${shots}/failure-plain-words-phone.png`, fullPage: true })
        // the list says it too, in one sentence
        await page.goto(`${herald.url}/campaigns`)
        await page
          .getByRole("listitem")
          .filter({ hasText: "Choir news" })
          .getByText("WhatsApp could not deliver to the group: this number is no longer in it, or the group is gone.")
          .waitFor()
        expect(await seriousA11yViolations(page)).toEqual([])
        expect(errors).toEqual([])
        await page.close()
      } finally {
        fake.acceptChat(refusing)
      }
    })

    it("a session WhatsApp logged out (WAHA's 422, not WORKING): says to connect again, with the way to the WhatsApp page", async () => {
      fake.respondWith(422, {
        error: "Session status is not as expected. Try again later or restart the session",
        session: account.sessionName,
        status: "SCAN_QR_CODE",
        expected: ["WORKING"]
      })
      const id = await plan(account, "Match day", [{ content: "Kick-off at 10", at: Date.now() + 2_000 }])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const alert = page.getByRole("alert").filter({ hasText: "This campaign failed." })
      await alert
        .getByText(
          "This campaign failed. WhatsApp was not connected when the message was due: the phone may have been logged out or unlinked.",
          { exact: true }
        )
        .waitFor({ timeout: 20_000 })
      expect(await seriousA11yViolations(page)).toEqual([])
      await alert.getByRole("link", { name: "Open the WhatsApp page" }).click()
      await page.waitForURL(`${herald.url}/whatsapp`)
      expect(errors).toEqual([])
      await page.close()
    })

    it("sends a failed message again from its row: a new message, due now, sent once; the first keeps its failure and links to it", async () => {
      fake.respondWith(500, { message: "boom" })
      const id = await plan(account, "Second chance", [{ content: "Try once more", at: Date.now() + 2_000 }])
      const { page, errors } = await openPage(account)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const rows = page.getByRole("list", { name: "Messages" }).getByRole("listitem")
      const first = rows.filter({ hasText: "Not sent." })
      await first.waitFor({ timeout: 20_000 })
      await page.getByText("Status: Failed").first().waitFor()
      fake.latency(0)
      // never by itself: only the button sends it again
      await first.getByRole("button", { name: /^Send again the message of / }).click()
      const question = first.getByRole("form", { name: "Send this message again" })
      await question.getByRole("button", { name: "Keep as is" }).click()
      await expect(question.count()).resolves.toBe(0)
      await first.getByRole("button", { name: /^Send again the message of / }).click()
      expect(await seriousA11yViolations(page)).toEqual([])
      await question.getByRole("button", { name: "Send it again now" }).click()
      // the first keeps its failure, says it was sent again, and offers it no more
      await first.getByText(/^Sent again as a new message, for /).waitFor()
      await expect(first.getByRole("button", { name: /^Send again/ }).count()).resolves.toBe(0)
      // the way to the new row says where it goes: its name is its words (axe: label-content-name-mismatch)
      expect(await seriousA11yViolations(page)).toEqual([])
      await first.getByRole("button", { name: "Go to the new message" }).click()
      const resend = rows.filter({ hasText: "Sends again the message of" })
      // followed closely: the resend shows Sent and the campaign Completed within seconds, and the
      // header never says nothing is waiting while the resend is still to go
      const sentAt = Date.now()
      const seen = await eventually(
        "the resend shows Sent and the campaign Completed",
        async () => {
          // read in this order: the page may draw between two reads, and a resend once sent stays
          // sent, so "nothing waiting" read first and "not sent" read after is a real contradiction
          const nothingWaiting = (await page.getByText("No message waiting").count()) > 0
          const resendSent = (await resend.getByText(/^Sent at /).count()) === 1
          const completed = (await page.getByText("Status: Completed").count()) === 1
          return { done: completed && resendSent, contradiction: !resendSent && nothingWaiting }
        },
        (state) => state.done || state.contradiction,
        12_000
      )
      expect(seen).toEqual({ done: true, contradiction: false })
      expect(Date.now() - sentAt).toBeLessThan(12_000)
      await expect(page.getByRole("progressbar").getAttribute("aria-valuetext")).resolves.toMatch(
        /^1 sent \/ \d delivered \/ 1 total$/
      )
      const got = await account.api.campaign.get.query({ id })
      const failed = got.messages.find((m) => m.status === "FAILED")
      const sent = got.messages.find((m) => m.status === "SENT")
      expect(failed).toMatchObject({ status: "FAILED", resentAs: sent?.id })
      expect(sent).toMatchObject({ status: "SENT", resendOf: failed?.id, content: "Try once more" })
      expect(fake.sent.filter((m) => m.text === "Try once more")).toHaveLength(1)
      expect(errors).toEqual([])
      await page.close()
    })
  }
)
