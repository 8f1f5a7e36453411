import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Browser, BrowserContext, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import type { Standalone } from "../support/browser.ts"
import {
  BROWSER_SKIP_REASON,
  chromiumAvailable,
  launchChromium,
  newPage,
  seriousA11yViolations,
  startStandalone
} from "../support/browser.ts"
import { browserApi, connectSandboxSession } from "../support/browserApi.ts"
import { nextWholeMinute } from "../support/calendar.ts"

// A newcomer's whole first visit, in Chromium, on `npm start`'s standalone (SQLite, sandbox gateway,
// mail as files): sign up, connect WhatsApp, pick a group, plan a message due within the next
// minute or two, and watch it go out and the campaign complete without reloading the page. Then
// the same kind of visit with the keyboard alone, and every screen at a phone's width.
//
// Its pictures go to .cache/screenshots on every run, so a broken screen is seen; the ones in the
// README and docs/ come from tools/screenshots.ts (npm run screenshots).

const TIME_ZONE = "Europe/Paris"
const screenshotDir = fileURLToPath(new URL("../../.cache/screenshots/", import.meta.url))
mkdirSync(screenshotDir, { recursive: true })

/** The first whole minute at least `leadMs` from now, in TIME_ZONE. */
const nextMinute = (leadMs: number) => nextWholeMinute(TIME_ZONE, leadMs)

const noHorizontalScroll = async (page: Page) => {
  const width = page.viewportSize()?.width ?? 0
  expect(await page.evaluate<number>("document.documentElement.scrollWidth"), page.url()).toBeLessThanOrEqual(width)
}

/** Presses Tab until `target` has the focus (at most `max` times): the keyboard reaches it. */
const tabTo = async (page: Page, target: Locator, max = 60) => {
  for (let i = 0; i < max; i++) {
    if ((await target.and(page.locator(":focus")).count()) === 1) return
    await page.keyboard.press("Tab")
  }
  throw new Error(`Tab never reached ${target.toString()}`)
}

const PASSWORD = "a long enough password"

/** Set-up the test is not about: an account (REQUIRE_APPROVAL=false: active at once) whose sandbox WhatsApp session is WORKING. */
const connectedAccount = async (context: BrowserContext, url: string, email: string) => {
  const api = browserApi(context.request, url)
  await api.auth.signUp.mutate({ email, password: PASSWORD, name: email.split("@")[0] ?? email })
  return { api, sessionName: await connectSandboxSession(api) }
}

describe.skipIf(!chromiumAvailable)(
  `a newcomer's first visit (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone({ REQUIRE_APPROVAL: "false" })])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    it("signs up, connects WhatsApp, picks a group, plans a message and sees it sent and the campaign completed without reloading", async () => {
      const { page, errors, context } = await newPage(browser, {
        timezoneId: TIME_ZONE,
        locale: "en-GB",
        viewport: { width: 1100, height: 900 }
      })
      await page.goto(herald.url)
      await page.getByRole("heading", { name: "Sign in" }).waitFor()
      await page.getByRole("link", { name: "Create an account" }).click()
      await page.getByLabel("Your name").fill("Nora Newcomer")
      await page.getByLabel("E-mail address").fill("nora@example.org")
      await page.getByLabel("Password", { exact: true }).fill(PASSWORD)
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Create account" }).click()

      // first account on a fresh install: the admin, straight in, and the next step is WhatsApp
      await page.getByRole("heading", { name: "WhatsApp" }).waitFor()
      await page.getByRole("button", { name: "Connect WhatsApp" }).click()
      const qr = page.getByRole("img", { name: /QR code/i })
      await qr.waitFor()
      await page.screenshot({ path: `${screenshotDir}connect-whatsapp.png` })
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByText("Connected", { exact: false }).first().waitFor({ timeout: 20_000 })
      await page.getByRole("link", { name: /WhatsApp: connected/i }).waitFor()

      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New campaign" }).click()
      await page.getByRole("heading", { name: "New campaign" }).waitFor()
      await page.getByRole("checkbox", { name: "Choir" }).check()
      await page.getByLabel("Title (optional)").fill("Rehearsal reminder")
      await page.getByRole("radio", { name: "Messages on dates I choose" }).check()
      const due = nextMinute(25_000)
      await page.getByLabel("Date of message 1").fill(due.date)
      await page.getByLabel("Time of message 1").fill(due.time)
      await page.getByLabel("Text of message 1").fill("Rehearsal tonight at 7, see you there!")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      expect(await page.getByText(`${due.hour}:${due.minute}`).count()).toBeGreaterThan(0)
      await page.screenshot({ path: `${screenshotDir}plan-campaign.png`, fullPage: true })
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/[^/]+$/)
      await page.getByRole("heading", { name: "Rehearsal reminder" }).waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])

      // nothing reloads the page from here on: a mark set now must still be there at the end
      await page.evaluate("window.__stillTheSamePage = true")
      await page.getByText("Status: Completed").waitFor({ timeout: Math.max(0, due.at - Date.now()) + 30_000 })
      await page.getByText("State: Sent").first().waitFor()
      expect(await page.evaluate("window.__stillTheSamePage")).toBe(true)
      await page.screenshot({ path: `${screenshotDir}campaign-sent.png` })

      // the campaigns list shows it done
      await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Campaigns" }).click()
      await page.getByRole("link", { name: /Rehearsal reminder/ }).waitFor()
      await page.getByText("Status: Completed").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    }, 180_000)

    it("with the keyboard alone: signs in, plans a message in a group and cancels the campaign", async () => {
      const { page, errors, context } = await newPage(browser, { timezoneId: TIME_ZONE, locale: "en-GB" })
      await connectedAccount(await browser.newContext(), herald.url, "kim@example.org")
      await page.goto(`${herald.url}/sign-in`)
      await tabTo(page, page.getByLabel("E-mail address"))
      await page.keyboard.type("kim@example.org")
      await tabTo(page, page.getByLabel("Password"))
      await page.keyboard.type(PASSWORD)
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor()

      await tabTo(page, page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "New campaign" }))
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: "New campaign" }).waitFor()
      await tabTo(page, page.getByLabel("Search groups"))
      await page.keyboard.type("Book")
      const bookClub = page.getByRole("checkbox", { name: "Book club" })
      // the search is debounced: wait for its answer (Choir gone), or the list is redrawn under
      // the Tab key and the focus falls back to the page
      await page.getByRole("checkbox", { name: "Choir" }).waitFor({ state: "detached" })
      await bookClub.waitFor()
      await tabTo(page, bookClub)
      await page.keyboard.press("Space")
      expect(await bookClub.isChecked()).toBe(true)

      // the kind of campaign: a radio group, chosen with the arrow keys
      await tabTo(page, page.getByRole("radio", { name: "A repeating message" }))
      await page.keyboard.press("ArrowUp")
      expect(await page.getByRole("radio", { name: "Messages on dates I choose" }).isChecked()).toBe(true)
      // a date and a time typed segment by segment, as a keyboard user does (headless Chromium's
      // fields are in US order whatever the page's locale: mm/dd/yyyy, hh:mm AM/PM)
      const later = nextMinute(3 * 3_600_000)
      await tabTo(page, page.getByLabel("Date of message 1"))
      await page.keyboard.type(`${later.month}${later.day}${later.year}`)
      await tabTo(page, page.getByLabel("Time of message 1"))
      const hour = Number(later.hour)
      await page.keyboard.type(
        `${String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, "0")}${later.minute}${hour < 12 ? "A" : "P"}`
      )
      await tabTo(page, page.getByLabel("Text of message 1"))
      await page.keyboard.type("Book club moves to Thursday.")
      await tabTo(page, page.getByRole("button", { name: "Preview" }))
      await page.keyboard.press("Enter")
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      await tabTo(page, page.getByRole("button", { name: "Save campaign" }))
      await page.keyboard.press("Enter")
      await page.waitForURL(/\/campaigns\/[^/]+$/)
      await page.getByText("State: Scheduled").waitFor()
      expect(await page.getByText(`${later.hour}:${later.minute}`).count()).toBeGreaterThan(0)

      await tabTo(page, page.getByRole("button", { name: "Cancel campaign" }))
      await page.keyboard.press("Enter")
      const confirm = page.getByRole("button", { name: /Yes, cancel/ })
      await confirm.waitFor()
      await tabTo(page, confirm)
      await page.keyboard.press("Enter")
      await page.getByText("Status: Cancelled").waitFor()
      expect(errors).toEqual([])
      await context.close()
    }, 90_000)

    it("fits a phone: every screen at 390 × 844 without sideways scrolling, the menu reachable", async () => {
      const { page, errors, context } = await newPage(browser, {
        timezoneId: TIME_ZONE,
        viewport: { width: 390, height: 844 },
        isMobile: true,
        hasTouch: true
      })
      for (const path of ["/sign-in", "/sign-up", "/forgot-password", "/reset-password?token=x"]) {
        await page.goto(`${herald.url}${path}`)
        await page.getByRole("main").getByRole("heading").first().waitFor()
        await noHorizontalScroll(page)
      }
      const { api, sessionName } = await connectedAccount(await browser.newContext(), herald.url, "pat@example.org")
      await api.campaign.create.mutate({
        sessionName,
        groupId: "120363000000000012@g.us",
        groupName: "Choir",
        title: "Rehearsal reminder",
        messages: [
          { content: "Rehearsal moves to 8pm on Friday.", scheduledAt: new Date(Date.now() + 86_400_000).toISOString() }
        ]
      })
      await page.goto(`${herald.url}/sign-in`)
      await page.getByLabel("E-mail address").fill("pat@example.org")
      await page.getByLabel("Password").fill(PASSWORD)
      await page.getByRole("button", { name: "Sign in" }).click()
      await page.getByRole("heading", { name: "Campaigns", level: 1 }).waitFor()
      const nav = page.getByRole("navigation", { name: "Main" })
      for (const [link, heading] of [
        ["Campaigns", "Campaigns"],
        ["New campaign", "New campaign"],
        ["WhatsApp", "WhatsApp"]
      ] as const) {
        await nav.getByRole("link", { name: link }).tap()
        await page.getByRole("heading", { name: heading, level: 1 }).waitFor()
        await noHorizontalScroll(page)
      }
      await nav.getByRole("link", { name: "Campaigns" }).tap()
      await page.getByRole("link", { name: /Rehearsal reminder/ }).tap()
      await page.getByRole("heading", { name: "Rehearsal reminder" }).waitFor()
      await noHorizontalScroll(page)
      await page.screenshot({ path: `${screenshotDir}phone-campaign.png` })
      expect(errors).toEqual([])
      await context.close()
    }, 60_000)
  }
)
