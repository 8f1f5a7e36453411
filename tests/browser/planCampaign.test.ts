import type { APIRequestContext, Browser, Locator, Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { alreadyPassed } from "../../src/domain/campaign/pastTime.ts"
import { wallClockInstant } from "../../src/domain/campaign/Recurrence.ts"
import { onViewerClock } from "../../src/interfaces/browser/ui/viewerClock.ts"
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
import { addDays, nextSpringForward, todayInParis } from "../support/calendar.ts"

// Planning a campaign in the browser against `npm start` (standalone, sandbox gateway): the
// account and the WhatsApp connection are made through the API, the plan through the page.

/** The sandbox's "Choir" group (SandboxGateway's sample groups). */
const CHOIR = { groupId: "120363000000000012@g.us", groupName: "Choir" }

/** `2027-03-27T08:00:00.000Z`: 09:00 on `date` in Paris, when Paris is at `offset`. */
const parisNineAm = (date: string, offset: "+01:00" | "+02:00"): string =>
  new Date(`${date}T09:00:00${offset}`).toISOString()

describe.skipIf(!chromiumAvailable)(
  `planning a campaign in the browser (${chromiumAvailable ? "Chromium" : BROWSER_SKIP_REASON})`,
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

    /** Signs up: the first account is ADMIN and ACTIVE, its cookie lands in the context. */
    const signUp = async (request: APIRequestContext) => {
      const trpc = browserApi(request, herald.url)
      await trpc.auth.signUp.mutate({
        email: "planner@example.com",
        password: "correct horse battery",
        name: "Planner"
      })
      return trpc
    }

    /** A page in Paris, signed in as the planner (signed up by the first test). */
    const signedInPage = async () => {
      const opened = await newPage(browser, { timezoneId: "Europe/Paris" })
      await browserApi(opened.context.request, herald.url).auth.signIn.mutate({
        email: "planner@example.com",
        password: "correct horse battery"
      })
      return opened
    }

    /** Opens the form and chooses the Choir group in the picker, as a user does: search, then its checkbox. */
    const openFormForChoir = async (page: Page) => {
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByLabel("Search groups").fill("Choir")
      await page.getByRole("checkbox", { name: "Choir" }).check()
      await page.getByText(`Chosen: ${CHOIR.groupName}`).waitFor()
    }

    /** The text a field's error or hint says (its aria-describedby). */
    const noteOf = async (page: Page, field: Locator): Promise<string> => {
      const id = await field.getAttribute("aria-describedby")
      return id === null ? "" : ((await page.locator(`[id="${id}"]`).textContent()) ?? "")
    }

    it("a DAILY plan across the spring DST change: previewed at 09:00 Paris every day, the change day marked, saved as previewed", {
      timeout: 90_000
    }, async () => {
      // the viewer is in New York: the preview shows both clocks
      const { context, page, errors } = await newPage(browser, {
        timezoneId: "America/New_York",
        viewport: { width: 375, height: 800 }
      })
      const trpc = await signUp(context.request)
      // no WhatsApp session yet: the page says so and leads to /whatsapp
      await page.goto(`${herald.url}/campaigns/new`)
      await page.getByText("You have no WhatsApp session yet").waitFor()
      expect(await page.getByRole("link", { name: "Connect WhatsApp" }).getAttribute("href")).toBe("/whatsapp")
      expect(await seriousA11yViolations(page)).toEqual([])
      await connectSandboxSession(trpc)
      await openFormForChoir(page)
      expect(await page.getByLabel("Time zone").inputValue()).toBe("America/New_York")

      await page.getByLabel("Title (optional)").fill("Spring concert")
      await page.getByLabel("A repeating message").check()
      await page.getByLabel("Time zone").selectOption("Europe/Paris")
      await page.getByLabel("How often").selectOption("DAILY")
      // from the eve of the next spring-forward day in Paris to five days after it
      const change = nextSpringForward(todayInParis())
      await page.getByLabel("Start date").fill(addDays(change, -1))
      await page.getByLabel("End date (included)").fill(addDays(change, 5))
      await page.getByLabel("Send time").fill("09:00")
      await page.getByLabel("Message template").fill("Concert in {days_left} days")
      expect(await page.getByRole("button", { name: "Save campaign" }).isDisabled()).toBe(true)
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 7 messages" }).waitFor()
      if (process.env.PLAN_SCREENSHOT) await page.screenshot({ path: process.env.PLAN_SCREENSHOT, fullPage: true })
      const items = page.getByTestId("preview-message")
      expect(await items.count()).toBe(7)
      const instants = await page
        .getByTestId("campaign-time")
        .evaluateAll((els) => els.map((e) => e.getAttribute("datetime")))
      // Paris is +01:00 until the change day (a Sunday), +02:00 from then on: the UTC instant moves an hour earlier
      expect(instants).toEqual([
        parisNineAm(addDays(change, -1), "+01:00"),
        ...[0, 1, 2, 3, 4, 5].map((n) => parisNineAm(addDays(change, n), "+02:00"))
      ])
      const parisTimes = await page.getByTestId("campaign-time").allTextContents()
      // the browser's locale (en-US) and its clock, as its time inputs show it: 12 hours
      expect(parisTimes.every((t) => t.endsWith("9:00 AM"))).toBe(true)
      // the DST mark is on the change day alone, in words
      expect(await page.getByTestId("dst-mark").count()).toBe(1)
      expect(await items.nth(1).getByTestId("dst-mark").textContent()).toContain(
        "Clocks change this day: UTC+01:00 → UTC+02:00"
      )
      // the viewer's own clock (New York is already on summer time: 04:00, then 03:00)
      expect(await items.nth(0).textContent()).toContain("Your time:")
      expect(
        await items
          .nth(0)
          .getByText(/^Your time:/)
          .textContent()
      ).toMatch(/4:00 AM$/)
      expect(
        await items
          .nth(1)
          .getByText(/^Your time:/)
          .textContent()
      ).toMatch(/3:00 AM$/)
      // the title header in bold, as the phone shows it; its length counts the asterisks WhatsApp is sent
      expect(await items.nth(0).getByRole("strong").allTextContents()).toEqual(["Spring concert"])
      expect(await items.nth(0).textContent()).toContain("Spring concert\nConcert in 6 days")
      expect(await items.nth(6).textContent()).toContain("Concert in 0 days")
      // the word after {days_left} agrees with it: never "1 days"
      expect(await items.nth(5).textContent()).toMatch(/Concert in 1 day(?!s)/)
      expect(await items.nth(0).textContent()).toContain(`${"*Spring concert*\nConcert in 6 days".length} / 4096`)
      expect(await seriousA11yViolations(page)).toEqual([])

      // editing invalidates the preview; previewing again allows saving
      await page.getByLabel("Message template").fill("Concert in {days_left} days!")
      await page.getByText("You changed the plan since the preview").waitFor()
      expect(await page.getByRole("button", { name: "Save campaign" }).isDisabled()).toBe(true)
      await page.getByLabel("Message template").fill("Concert in {days_left} days")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 7 messages" }).waitFor()

      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      const id = new URL(page.url()).pathname.split("/").at(-1)!
      const saved = await trpc.campaign.get.query({ id })
      expect(saved.title).toBe("Spring concert")
      expect(saved.group).toEqual(CHOIR)
      expect(saved.messages.map((m) => m.scheduledAt)).toEqual(instants)
      expect(saved.messages[0]!.content).toBe("*Spring concert*\nConcert in 6 days")
      expect(errors).toEqual([])
      await context.close()
    })

    it("a template's *bold* is one message, previewed in bold; a line holding only --- makes two messages", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, {
        timezoneId: "Europe/Paris",
        viewport: { width: 1280, height: 800 }
      })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signIn.mutate({ email: "planner@example.com", password: "correct horse battery" })
      await openFormForChoir(page)
      await page.getByLabel("Title (optional)").fill("Hike")
      await page.getByLabel("A repeating message").check()
      await page.getByLabel("How often").selectOption("ONCE")
      await page.getByLabel("Date", { exact: true }).fill(addDays(todayInParis(), 3))
      await page.getByLabel("Send time").fill("09:00")
      const template = page.getByLabel("Message template")
      // the field says how to make several messages, and that WhatsApp's formatting works
      const hint = await noteOf(page, template)
      expect(hint).toContain("a line holding only ---")
      expect(hint).toContain("*bold*, _italic_ and ~strike~ work as in WhatsApp")

      await template.fill("Remember: *bring your boots* and water.")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      const items = page.getByTestId("preview-message")
      expect(await items.count()).toBe(1)
      // the header and the phrase in bold, their asterisks gone, the rest plain
      expect(await items.getByRole("strong").allTextContents()).toEqual(["Hike", "bring your boots"])
      expect(await items.textContent()).toContain("Hike\nRemember: bring your boots and water.")
      expect(await seriousA11yViolations(page)).toEqual([])
      const shots = process.env.FORMAT_SCREENSHOTS
      if (shots) await page.screenshot({ path: `${shots}-bold-desktop.png`, fullPage: true })

      await template.fill("Remember: *bring your boots* and water.\n---\n_Meet_ at the ~church~ station, 08:00")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 2 messages" }).waitFor()
      expect(await items.count()).toBe(2)
      expect(await items.nth(0).getByRole("strong").allTextContents()).toEqual(["Hike", "bring your boots"])
      expect(await items.nth(1).getByRole("strong").count()).toBe(0)
      expect(await items.nth(1).getByRole("emphasis").allTextContents()).toEqual(["Meet"])
      expect(await items.nth(1).locator("s").allTextContents()).toEqual(["church"])
      // both read 09:00: the second says it goes right after the first
      expect(await items.nth(0).textContent()).not.toContain("after the message above")
      expect(await items.nth(1).textContent()).toContain("1 second after the message above")
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) {
        await page.getByRole("heading", { name: "Preview: 2 messages" }).scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${shots}-split-desktop.png` })
        await page.setViewportSize({ width: 390, height: 844 })
        await page.getByRole("heading", { name: "Preview: 2 messages" }).scrollIntoViewIfNeeded()
        await page.screenshot({ path: `${shots}-split-phone.png` })
      }

      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      const id = new URL(page.url()).pathname.split("/").at(-1)!
      expect((await trpc.campaign.get.query({ id })).messages.map((m) => m.content)).toEqual([
        "*Hike*\nRemember: *bring your boots* and water.",
        "_Meet_ at the ~church~ station, 08:00"
      ])
      // the campaign's page shows its messages as the phone will, too
      await page.getByRole("strong").filter({ hasText: "bring your boots" }).waitFor()
      expect(await page.getByText("*bring your boots*").count()).toBe(0)
      expect(await page.getByRole("emphasis").filter({ hasText: "Meet" }).count()).toBe(1)
      expect(await seriousA11yViolations(page)).toEqual([])
      if (shots) await page.screenshot({ path: `${shots}-campaign-phone.png`, fullPage: true })
      expect(errors).toEqual([])
      await context.close()
    })

    it("one-off messages: one in the past, then an empty text, each shows the server's error at its field", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await signedInPage()
      // a link cannot choose the recipient (nor the name shown for it): the query is ignored
      await page.goto(`${herald.url}/campaigns/new?groupId=${encodeURIComponent("123@c.us")}&groupName=Choir`)
      await page.getByRole("button", { name: "Preview" }).waitFor()
      await page.getByText("None chosen yet.").waitFor()
      await openFormForChoir(page)
      const today = todayInParis()
      const past = addDays(today, -3)
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Date of message 1").fill(past)
      await page.getByLabel("Time of message 1").fill("09:00")
      await page.getByLabel("Text of message 1").fill("Too late")
      await page.getByRole("button", { name: "Add a message" }).click()
      await page.getByLabel("Date of message 2").fill(addDays(today, 4))
      expect(await seriousA11yViolations(page)).toEqual([])

      await page.getByRole("button", { name: "Preview" }).click()
      const date1 = page.getByLabel("Date of message 1")
      await expect.poll(() => date1.getAttribute("aria-invalid")).toBe("true")
      const [year, month, day] = past.split("-").map(Number) as [number, number, number]
      const pastInstant = new Date(wallClockInstant({ year, month, day }, 9, 0, "Europe/Paris")!).toISOString()
      // in the campaign's zone, in words: no ISO instant, no field name
      // on the page's clock (en-US: 12 hours), as every other time it shows
      expect(await noteOf(page, date1)).toBe(
        onViewerClock(alreadyPassed(Date.parse(pastInstant), "Europe/Paris", Date.now()), "en-US")
      )
      expect(await noteOf(page, date1)).toMatch(/^\w+ \d+ \w+( \d{4})?, 9:00\sAM Paris time has already passed\.$/)
      await page.getByRole("alert").filter({ hasText: "The plan cannot be saved as it is" }).waitFor()
      expect(await page.getByRole("button", { name: "Save campaign" }).isDisabled()).toBe(true)

      await date1.fill(addDays(today, 3))
      await page.getByRole("button", { name: "Preview" }).click()
      const text2 = page.getByLabel("Text of message 2")
      await expect.poll(() => text2.getAttribute("aria-invalid")).toBe("true")
      expect(await noteOf(page, text2)).toBe("message content must not be empty")
      expect(await date1.getAttribute("aria-invalid")).toBeNull()
      expect(await seriousA11yViolations(page)).toEqual([])

      // errors name rows by position: removing a row above clears them rather than moving them onto another row
      await page.getByRole("button", { name: "Add a message" }).click()
      await page.getByLabel("Text of message 3").fill("A third one")
      await page.getByRole("button", { name: "Remove message 1" }).click()
      expect(await page.getByLabel("Text of message 2").inputValue()).toBe("A third one")
      expect(await page.getByLabel("Text of message 2").getAttribute("aria-invalid")).toBeNull()
      expect(await page.getByLabel("Text of message 1").getAttribute("aria-invalid")).toBeNull()
      expect(await page.getByText("message content must not be empty").count()).toBe(0)

      await page.getByLabel("Text of message 1").fill("Happy new year, a bit late")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 2 messages" }).waitFor()
      expect(errors).toEqual([])
      await context.close()
    })

    it("a new plan starts ahead of now: a repeating plan and a message at their defaults preview without an error", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await signedInPage()
      await openFormForChoir(page)
      const startDate = await page.getByLabel("Start date").inputValue()
      const sendTime = await page.getByLabel("Send time").inputValue()
      const [year, month, day] = startDate.split("-").map(Number) as [number, number, number]
      const [hour, minute] = sendTime.split(":").map(Number) as [number, number]
      const first = wallClockInstant({ year, month, day }, hour, minute, "Europe/Paris")!
      // the next whole hour at least 15 minutes away (less the seconds this test has taken)
      expect(minute).toBe(0)
      expect(first - Date.now()).toBeGreaterThan(10 * 60_000)
      expect(first - Date.now()).toBeLessThanOrEqual(75 * 60_000)
      await page.getByLabel("Message template").fill("Rehearsal tonight")
      expect(await seriousA11yViolations(page)).toEqual([])
      // the zone picker searches, by today's names, each zone with its offset now; the chosen one stays
      await page.getByLabel("Search zones").fill("kolkata")
      const options = await page.getByLabel("Time zone").locator("option").allTextContents()
      expect(options).toHaveLength(2)
      expect(options[0]).toBe("Asia/Kolkata (UTC+5:30)")
      expect(options[1]).toMatch(/^Europe\/Paris \(UTC\+[12]\), yours$/)
      expect(await page.getByLabel("Time zone").inputValue()).toBe("Europe/Paris")
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByLabel("Search zones").fill("")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()

      await page.getByLabel("Messages on dates I choose").check()
      expect(await page.getByLabel("Date of message 1").inputValue()).toBe(startDate)
      expect(await page.getByLabel("Time of message 1").inputValue()).toBe(sendTime)
      await page.getByLabel("Text of message 1").fill("Rehearsal tonight")
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      expect(await page.getByRole("alert").count()).toBe(0)
      expect(await seriousA11yViolations(page)).toEqual([])
      expect(errors).toEqual([])
      await context.close()
    })

    it("mention everyone: ticked in the form, saved on every message, shown on the campaign's page", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris" })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signIn.mutate({ email: "planner@example.com", password: "correct horse battery" })
      await openFormForChoir(page)
      await page.getByLabel("Title (optional)").fill("Everyone to the hall")
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Date of message 1").fill(addDays(todayInParis(), 3))
      await page.getByLabel("Time of message 1").fill("09:00")
      await page.getByLabel("Text of message 1").fill("Rehearsal moved to the hall")
      await page.getByLabel("Mention everyone").check()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      expect(await page.getByTestId("preview-message").textContent()).toContain("Mentions everyone in the group.")
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      const id = new URL(page.url()).pathname.split("/").at(-1)!
      const saved = await trpc.campaign.get.query({ id })
      expect(saved.messages.map((m) => [m.content, m.mentionAll])).toEqual([["Rehearsal moved to the hall", true]])
      await page.getByText("Mentions everyone in the group.").waitFor()
      expect(await seriousA11yViolations(page)).toEqual([])
      // and a message's edit form turns it off
      await page.getByRole("button", { name: /^Edit the message of / }).click()
      const box = page.getByRole("form", { name: "Edit this message" }).getByLabel("Mention everyone")
      expect(await box.isChecked()).toBe(true)
      await box.uncheck()
      await page.getByRole("button", { name: "Save changes" }).click()
      // the form closes once saved (the row shows its text again), without the mention
      await page.getByRole("form", { name: "Edit this message" }).waitFor({ state: "detached" })
      await page.getByText("Rehearsal moved to the hall").waitFor()
      expect(await page.getByText("Mentions everyone in the group.").count()).toBe(0)
      expect((await trpc.campaign.get.query({ id })).messages.map((m) => m.mentionAll)).toEqual([false])
      expect(errors).toEqual([])
      await context.close()
    })

    it("a poll: made in the form (question, options added and removed, several answers), saved, shown on the campaign's page", {
      timeout: 60_000
    }, async () => {
      const { context, page, errors } = await newPage(browser, { timezoneId: "Europe/Paris" })
      const trpc = browserApi(context.request, herald.url)
      await trpc.auth.signIn.mutate({ email: "planner@example.com", password: "correct horse battery" })
      await openFormForChoir(page)
      await page.getByLabel("Title (optional)").fill("Lunch vote")
      await page.getByLabel("Messages on dates I choose").check()
      await page.getByLabel("Date of message 1").fill(addDays(todayInParis(), 3))
      await page.getByLabel("Time of message 1").fill("09:00")
      await page.getByLabel("Make message 1 a poll").check()
      await page.getByLabel("Question of message 1").fill("Where shall we eat?")
      // two options to start with, neither removable
      expect(await page.getByRole("button", { name: "Remove option 1" }).isDisabled()).toBe(true)
      await page.getByLabel("Option 1 of message 1").fill("Pizza")
      await page.getByLabel("Option 2 of message 1").fill("Sushi")
      await page.getByRole("button", { name: "Add an option" }).click()
      await page.getByLabel("Option 3 of message 1").fill("Tacos")
      await page.getByRole("button", { name: "Add an option" }).click()
      await page.getByLabel("Option 4 of message 1").fill("Curry")
      await page.getByRole("button", { name: "Remove option 3" }).click()
      await page.getByLabel("Allow several answers in message 1").check()
      expect(await seriousA11yViolations(page)).toEqual([])
      await page.getByRole("button", { name: "Preview" }).click()
      await page.getByRole("heading", { name: "Preview: 1 message" }).waitFor()
      const previewed = await page.getByTestId("preview-message").textContent()
      expect(previewed).toContain("Poll · several answers allowed")
      expect(previewed).toContain("Curry")
      expect(previewed).not.toContain("Tacos")
      await page.getByRole("button", { name: "Save campaign" }).click()
      await page.waitForURL(/\/campaigns\/(?!new$)[^/?]+$/)
      const id = new URL(page.url()).pathname.split("/").at(-1)!
      const saved = await trpc.campaign.get.query({ id })
      expect(saved.messages.map((m) => [m.content, m.poll])).toEqual([
        ["Where shall we eat?", { options: ["Pizza", "Sushi", "Curry"], multipleAnswers: true }]
      ])
      const shown = page.getByTestId("poll")
      await shown.waitFor()
      expect(await shown.getByRole("listitem").allTextContents()).toEqual(["Pizza", "Sushi", "Curry"])
      expect(await shown.textContent()).toContain("several answers allowed")
      expect(await seriousA11yViolations(page)).toEqual([])
      // a message's edit form changes the options, and names a bad one at its field
      await page.getByRole("button", { name: /^Edit the message of / }).click()
      const form = page.getByRole("form", { name: "Edit this message" })
      expect(await form.getByLabel("Mention everyone").count()).toBe(0)
      await form.getByLabel("Option 2 of this poll").fill("pizza")
      await form.getByRole("button", { name: "Save changes" }).click()
      await form.getByText(/must differ/).waitFor()
      await form.getByLabel("Option 2 of this poll").fill("Ramen")
      await form.getByLabel("Allow several answers in this poll").uncheck()
      expect(await seriousA11yViolations(page)).toEqual([])
      await form.getByRole("button", { name: "Save changes" }).click()
      await form.waitFor({ state: "detached" })
      expect(await page.getByTestId("poll").getByRole("listitem").allTextContents()).toEqual([
        "Pizza",
        "Ramen",
        "Curry"
      ])
      expect((await trpc.campaign.get.query({ id })).messages.map((m) => m.poll)).toEqual([
        { options: ["Pizza", "Ramen", "Curry"], multipleAnswers: false }
      ])
      expect(errors).toEqual([])
      await context.close()
    })
  }
)
