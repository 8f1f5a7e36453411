import type { Browser, Page } from "playwright-core"
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
import { eventually } from "../support/eventually.ts"

// Issue 22 item 3 in the browser against `npm start`: a daily 08:30 Berlin campaign seen by a
// viewer in UTC says its plan in words, shows its times in Berlin with the viewer's in brackets,
// edits a message in Berlin time, and changes every future message's time at once.

const CHOIR = { groupId: "120363000000000031@g.us", groupName: "Choir" }
/** The next 1 December still ahead (the plan runs 1–14 December). */
const year = new Date().getUTCMonth() === 11 ? new Date().getUTCFullYear() + 1 : new Date().getUTCFullYear()
const SHOTS = process.env["PLAN_SHOTS"]

const dash = (s: string | null) => (s ?? "").replace(/\s*–\s*/g, "–")

describe.skipIf(!chromiumAvailable)(
  `a campaign's zone and rhythm in the browser (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
  () => {
    let browser: Browser
    let herald: Standalone
    beforeAll(async () => {
      ;[browser, herald] = await Promise.all([launchChromium(), startStandalone()])
    })
    afterAll(async () => {
      await browser?.close()
      await herald?.stop()
    })

    const rows = (page: Page) => page.getByRole("list", { name: "Messages" }).getByRole("listitem")

    it("shown as planned to a viewer in UTC, edited in Berlin time, every future message moved at once; phone too", {
      timeout: 120_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, {
        timezoneId: "UTC",
        locale: "en-GB",
        viewport: { width: 1280, height: 800 }
      })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signUp.mutate({ email: "plan@example.com", password: "correct horse battery", name: "Planner" })
      const sessionName = await connectSandboxSession(trpc)
      const { id } = await trpc.campaign.create.mutate({
        sessionName,
        ...CHOIR,
        title: "Advent",
        recurrence: {
          startDate: `${year}-12-01`,
          endDate: `${year}-12-14`,
          sendTime: "08:30",
          timeZone: "Europe/Berlin",
          frequency: "DAILY",
          template: "Only {days_left} days to go",
          isFreeForm: true,
          splitMarker: "---"
        }
      })
      // the list says each campaign's rhythm and zone too (issue 22 item 6)
      await page.goto(`${herald.url}/campaigns`)
      const listed = page.getByTestId("campaign-plan").first()
      await listed.waitFor()
      expect(dash(await listed.textContent())).toMatch(/^Plan: Daily at 08:30 Berlin time, 1–14 December( \d{4})?$/)
      await page.goto(`${herald.url}/campaigns/${id}`)
      const sentence = page.getByTestId("plan-sentence")
      await sentence.waitFor()
      expect(dash(await sentence.textContent())).toMatch(/^Plan: Daily at 08:30 Berlin time, 1–14 December( \d{4})?$/)
      // every time in Berlin, the viewer's own (UTC, an hour behind in December) in brackets
      expect(await rows(page).first().locator("time").textContent()).toMatch(
        /^\w{3},? 1 Dec( \d{4})?, 08:30 Berlin time \(07:30 your time\)$/
      )
      expect(await page.getByText("Times are in Berlin time, yours in brackets where it differs.").count()).toBe(1)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/campaign-plan-desktop.png`, fullPage: false })

      // the edit form reads and writes Berlin time, and says so
      await rows(page)
        .first()
        .getByRole("button", { name: /^Edit the message of / })
        .click()
      const form = page.getByRole("form", { name: "Edit this message" })
      const time = form.getByLabel("Time")
      expect(await time.inputValue()).toBe("08:30")
      expect(await form.getByText("In Berlin time (Europe/Berlin)").count()).toBe(1)
      await time.fill("09:00")
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SHOTS) await form.screenshot({ path: `${SHOTS}/campaign-plan-edit-form.png` })
      await form.getByRole("button", { name: "Save changes" }).click()
      await form.waitFor({ state: "detached" })
      expect((await trpc.campaign.get.query({ id })).messages[0]?.scheduledAt).toBe(`${year}-12-01T08:00:00.000Z`)
      expect(await rows(page).first().locator("time").textContent()).toMatch(/09:00 Berlin time \(08:00 your time\)$/)

      // every future message at 10:15 Berlin time, at once, after saying how many
      await page.getByRole("button", { name: "Change every future message" }).click()
      const change = page.getByRole("form", { name: "Change every future message" })
      const timeOfDay = change.getByLabel("Time of day")
      expect(await timeOfDay.inputValue()).toBe("08:30")
      expect(await change.getByLabel("Text of every future message").inputValue()).toBe("Only {days_left} days to go")
      await timeOfDay.fill("10:15")
      await change.getByRole("button", { name: "Review the change" }).click()
      const confirm = change.getByRole("group", { name: "Confirm the change" })
      await confirm.waitFor()
      expect(await confirm.textContent()).toContain("This changes all 14 messages still to be sent. Change them?")
      // the focus is on "no": the keyboard does not change 14 messages by accident
      expect(await confirm.getByRole("button", { name: "No, go back" }).and(page.locator(":focus")).count()).toBe(1)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (SHOTS) await page.screenshot({ path: `${SHOTS}/campaign-plan-change-confirm.png`, fullPage: false })
      await confirm.getByRole("button", { name: "Yes, change them" }).click()
      await page.getByText("14 messages changed.").first().waitFor()
      await eventually(
        "the plan sentence to say 10:15",
        () => sentence.textContent(),
        (text) => (text ?? "").includes("Daily at 10:15 Berlin time")
      )
      const moved = await trpc.campaign.get.query({ id })
      expect(moved.messages.map((m) => m.scheduledAt.slice(11))).toEqual(Array(14).fill("09:15:00.000Z"))
      expect(await rows(page).nth(13).locator("time").textContent()).toMatch(
        /14 Dec( \d{4})?, 10:15 Berlin time \(09:15 your time\)$/
      )
      expect(errors).toEqual([])
      await context.close()

      // a phone: the same words, nothing cut off, still clean for axe
      const phone = await newPage(browser, {
        timezoneId: "UTC",
        locale: "en-GB",
        viewport: { width: 390, height: 844 }
      })
      await browserApi(phone.context.request, herald.url).auth.signIn.mutate({
        email: "plan@example.com",
        password: "correct horse battery"
      })
      await phone.page.goto(`${herald.url}/campaigns/${id}`)
      const small = phone.page.getByTestId("plan-sentence")
      await small.waitFor()
      expect(dash(await small.textContent())).toMatch(/^Plan: Daily at 10:15 Berlin time, 1–14 December/)
      const width = Number(await phone.page.evaluate("document.documentElement.scrollWidth"))
      expect(width).toBeLessThanOrEqual(390)
      await phone.page.getByRole("button", { name: "Change every future message" }).click()
      expect(await seriousA11yViolations(phone.page)).toEqual([])
      if (SHOTS) await phone.page.screenshot({ path: `${SHOTS}/campaign-plan-phone.png`, fullPage: true })
      expect(phone.errors).toEqual([])
      await phone.context.close()
    })
  }
)
